import { readFileSync } from 'node:fs';
import { resolve } from 'node:path';
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
