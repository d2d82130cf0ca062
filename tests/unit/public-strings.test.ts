import { existsSync, readFileSync, statSync } from 'node:fs';
import { dirname, resolve } from 'node:path';
import { describe, expect, it } from 'vitest';
import { en } from '../../src/i18n/en';
import { enConsole } from '../../src/i18n/en-console';
import { enPublic } from '../../src/i18n/en-public';

/**
 * The sign-in page ships only the public English strings (src/i18n/en-public.ts, decision 015);
 * the rest come with the first page beyond it. So every message key the sign-in page's modules
 * can show must be public. The modules are found the way the bundler finds them: the static
 * imports from the entry and from the sign-in route's two lazy chunks (dynamic import() is
 * another chunk, loaded later, with the console's strings: src/app/routes.tsx).
 */
const ROOT = resolve(process.cwd());
const STARTS = ['src/main.tsx', 'src/screens/auth/login-screen.tsx', 'src/screens/auth/public-layout.tsx', 'mocks/index.tsx'];

function resolveModule(from: string, specifier: string): string | null {
  if (!specifier.startsWith('.')) return null;
  const base = resolve(dirname(from), specifier);
  const candidates = [base, `${base}.ts`, `${base}.tsx`, `${base}/index.ts`, `${base}/index.tsx`];
  return candidates.find((candidate) => existsSync(candidate) && statSync(candidate).isFile()) ?? null;
}

function signInModules(): string[] {
  const seen = new Set<string>();
  const queue = STARTS.map((file) => resolve(ROOT, file));
  while (queue.length > 0) {
    const file = queue.pop()!;
    if (seen.has(file)) continue;
    seen.add(file);
    const source = readFileSync(file, 'utf8');
    // Static imports and re-exports that carry code (not `import type`).
    for (const match of source.matchAll(/^(?:import|export)\s+(?!type\b)[^;]*?from\s+'([^']+)'/gms)) {
      const target = resolveModule(file, match[1]);
      if (target && !target.includes('/src/i18n/')) queue.push(target);
    }
  }
  return [...seen];
}

describe('the public English strings', () => {
  it('are every message key the sign-in page’s modules use', () => {
    const modules = signInModules();
    expect(modules.length).toBeGreaterThan(20);
    const keys = new Set(Object.keys(en));
    const missing: string[] = [];
    for (const file of modules) {
      const source = readFileSync(file, 'utf8');
      for (const [, literal] of source.matchAll(/'([a-zA-Z]+(?:\.[a-zA-Z0-9]+)+)'/g)) {
        if (keys.has(literal) && !(literal in enPublic)) missing.push(`${file.slice(ROOT.length + 1)}: ${literal}`);
      }
      // A key built from a prefix (`errors.${code}.title`) needs its whole family public.
      for (const [, prefix] of source.matchAll(/[`']([a-zA-Z]+(?:\.[a-zA-Z0-9]+)*\.)\$\{/g)) {
        for (const key of keys) if (key.startsWith(prefix) && !(key in enPublic)) missing.push(`${file.slice(ROOT.length + 1)}: ${key} (from ${prefix}…)`);
      }
    }
    expect(missing).toEqual([]);
  });

  it('and the console’s are the catalogue’s two halves, without overlap', () => {
    const overlap = Object.keys(enPublic).filter((key) => key in enConsole);
    expect(overlap).toEqual([]);
    expect(Object.keys(en).sort()).toEqual([...Object.keys(enPublic), ...Object.keys(enConsole)].sort());
  });
});
