import { importRememberedConsole } from './app/page-code';
import { readJson, storageKeys } from './lib/storage';

/**
 * index.html's first script, small and `async`: it runs as soon as it has arrived, while the
 * console's entry (main.tsx and what it imports) is still downloading and then evaluating, and
 * starts the downloads a page load needs next — in mock mode the kit's light entry, and for an
 * operator this browser remembers, their page's code: the shell, the strings, the session's calls,
 * and the route's own screen with Joy, found in the route table (src/app/page-code.ts). main.tsx
 * asks for the same modules at boot; by then they are on their way or in. On a slow phone the
 * page's largest paint comes sooner with these downloads started from the page rather than after
 * the entry's evaluation (decisions 027, 039).
 *
 * A failed download is not reported here: main.tsx's own import of the same module fails as well,
 * and the page reports it there.
 */
if (import.meta.env.VITE_BACKEND === 'mock') import('../mocks/index').catch(() => {});
if (readJson('local', storageKeys.user) !== undefined) importRememberedConsole(window.location.pathname).catch(() => {});
