import { configure } from '@testing-library/dom';
import { afterEach, beforeEach } from 'vitest';
import { loadCatalogue, loadConsoleStrings } from '../src/i18n';

// findBy* and waitFor wait up to 5 s (the default is 1 s): on a busy 2-core CI machine a screen's
// first render after a mock response can take longer than a second. Tests still fail on what
// never appears; the test timeout (15 s) bounds the whole test.
configure({ asyncUtilTimeout: 5000 });

// The app fetches the Spanish catalogue on first use, and the console's English strings with the
// first page beyond sign-in; screens under test (often rendered without the routes) have them at
// once. tests/unit/public-strings.test.ts checks that the sign-in page needs no more than enPublic.
await Promise.all([loadCatalogue('es'), loadConsoleStrings()]);

/**
 * A test that logs an unexpected console.error (or console.warn) fails. A test that expects one
 * declares it with `expectConsoleError(/pattern/)`.
 */
const expected: RegExp[] = [];
const unexpected: string[] = [];
const original = { error: console.error, warn: console.warn };

export function expectConsoleError(pattern: RegExp): void {
  expected.push(pattern);
}

beforeEach(() => {
  unexpected.length = 0;
  expected.length = 0;
  for (const level of ['error', 'warn'] as const) {
    console[level] = (...args: unknown[]) => {
      const text = args.map((a) => (a instanceof Error ? a.message : String(a))).join(' ');
      if (!expected.some((pattern) => pattern.test(text))) unexpected.push(`console.${level}: ${text}`);
    };
  }
});

afterEach(() => {
  console.error = original.error;
  console.warn = original.warn;
  if (unexpected.length > 0) {
    const messages = unexpected.splice(0);
    throw new Error(`Unexpected console output:\n${messages.join('\n')}`);
  }
});
