import { readdirSync, readFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { describe, expect, it } from 'vitest';

/**
 * Security (issue 9): no `dangerouslySetInnerHTML` anywhere. The linter enforces it; this test
 * makes sure nobody turns those rules off or down to a warning, in the base rules or in an override.
 */
interface OxlintConfig {
  rules?: Record<string, unknown>;
  overrides?: Array<{ files: string[]; rules?: Record<string, unknown> }>;
}

const config = JSON.parse(readFileSync(resolve(__dirname, '../../.oxlintrc.json'), 'utf8')) as OxlintConfig;

/** 'error', 2, or ['error', options]. */
const level = (setting: unknown) => (Array.isArray(setting) ? setting[0] : setting);

const SECURITY_RULES = ['react/no-danger', 'react/no-danger-with-children'] as const;

describe('security lint rules', () => {
  it('loads the react plugin', () => {
    expect((config as { plugins?: string[] }).plugins).toContain('react');
  });

  it.each(SECURITY_RULES)('%s is an error', (rule) => {
    expect(level(config.rules?.[rule])).toBe('error');
  });

  it.each(SECURITY_RULES)('no override weakens %s', (rule) => {
    const weakened = (config.overrides ?? []).filter((o) => o.rules && rule in o.rules && level(o.rules[rule]) !== 'error').map((o) => o.files.join(', '));
    expect(weakened).toEqual([]);
  });
});

/** Every source file under src/, as [path relative to src, text]. */
function sourcesUnder(folder: string): Array<[string, string]> {
  const root = resolve(__dirname, '../../src');
  return readdirSync(resolve(root, folder), { recursive: true, encoding: 'utf8' })
    .filter((file) => /\.tsx?$/.test(file))
    .map((file) => [join(folder, file).replaceAll('\\', '/'), readFileSync(resolve(root, folder, file), 'utf8')]);
}

const restrictedPatterns = (files: string) =>
  (config.overrides ?? [])
    .filter((o) => o.files.includes(files))
    .flatMap((o) => ((o.rules?.['no-restricted-imports'] as [string, { patterns: Array<{ group: string[] }> }] | undefined)?.[1].patterns ?? []))
    .flatMap((pattern) => pattern.group);

describe('layer lint rules', () => {
  it('screens and the app reach a flow only through its index', () => {
    expect(restrictedPatterns('src/screens/**')).toContain('**/machines/*/*');
  });

  it('ui imports no machine and no live wiring', () => {
    expect(restrictedPatterns('src/ui/**')).toEqual(expect.arrayContaining(['**/machines', '**/machines/**']));
  });

  it('only machines append to the journal', () => {
    const appending = ['app', 'screens', 'ui', 'api', 'lib', 'i18n']
      .flatMap(sourcesUnder)
      .filter(([, text]) => /\bjournal\??\.append\(|\.append\(\{\s*type:/.test(text))
      .map(([file]) => file);
    expect(appending).toEqual([]);
  });
});
