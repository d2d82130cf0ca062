import { configure } from '@testing-library/dom';
import { cleanup } from '@testing-library/react';
import { afterEach, beforeEach, vi } from 'vitest';
import { importOverviewScreen, importShell } from '../src/app/page-code';
import { loadCatalogue, loadConsoleStrings } from '../src/i18n';
import { createJournal, journal as appJournal } from '../src/machines/journal/journal';

// The test files of a worker share one module graph and one page (vitest.config.ts, isolate:
// false; decision 024). This file runs at the start of every test file: whatever the previous
// file left behind goes, so every file starts as if it were the first — nothing rendered, empty
// storage and cookies, the document at /, the app's journal empty, real timers, no stubbed
// globals or spies.
vi.useRealTimers();
vi.unstubAllGlobals();
vi.unstubAllEnvs();
vi.restoreAllMocks();
appJournal.load(createJournal().export());
// A file may run in Node's environment (`@vitest-environment node`): no page to reset there.
if (typeof window !== 'undefined') {
  cleanup();
  localStorage.clear();
  sessionStorage.clear();
  for (const cookie of document.cookie.split(';')) {
    const name = cookie.split('=')[0]?.trim();
    if (name) document.cookie = `${name}=; expires=Thu, 01 Jan 1970 00:00:00 GMT; path=/`;
  }
  // The head keeps emotion's style elements: its cache remembers what it inserted, once per module graph.
  document.body.innerHTML = '';
  for (const attribute of ['style', 'lang', 'data-joy-color-scheme']) document.documentElement.removeAttribute(attribute);
  window.history.replaceState(null, '', '/');
}

// findBy* and waitFor wait up to 5 s (the default is 1 s): on a busy 2-core CI machine a screen's
// first render after a mock response can take longer than a second. Tests still fail on what
// never appears; the test timeout (15 s) bounds the whole test.
configure({ asyncUtilTimeout: 5000 });

// The app fetches the Spanish catalogue on first use, and the console's English strings with the
// first page beyond sign-in; screens under test (often rendered without the routes) have them at
// once. tests/unit/public-strings.test.ts checks that the sign-in page needs no more than enPublic.
await Promise.all([loadCatalogue('es'), loadConsoleStrings()]);

// The identity SDK's Node build keeps the `fetch` it finds when it is first evaluated
// (FetchProvider.initialize(fetch) in @firebase/auth), and msw/node intercepts by replacing
// globalThis.fetch while a file's server listens. Evaluated in the gap between two files (a
// sign-in page's prefetch still in flight when its file ended), it kept Node's own fetch, and
// every later file's sign-ins went to the real network. So it is evaluated here, once a worker,
// holding a fetch that always calls whatever globalThis.fetch is at the time of the call.
const nodeFetch = globalThis.fetch;
const currentFetch: typeof fetch = (...args) => (globalThis.fetch === currentFetch ? nodeFetch : globalThis.fetch)(...args);
globalThis.fetch = currentFetch;
try {
  await import('firebase/auth');
} finally {
  globalThis.fetch = nodeFetch;
}

// The sign-in page prefetches what follows a sign-in once the operator starts typing (the shell
// and the overview, src/screens/auth/login-screen.tsx). A prefetch still loading when its file
// ends fails ("Cannot load … after the environment was torn down"), and the worker's module
// loader keeps that failed load for every later file: a later file's overview then crashed on a
// fresh cache. Evaluated here, once a worker, those modules are always loaded before a file starts.
if (typeof window !== 'undefined') await Promise.all([importShell(), importOverviewScreen()]);

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
