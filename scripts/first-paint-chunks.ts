import { resolve } from 'node:path';
import type { Plugin } from 'vite';
import { EARLY_FETCH_ENTRY } from './early-fetch-plugin.ts';

/** What every page runs first: the console's entry (src/main.tsx) and all it imports statically. */
const BOOT_ENTRY = 'src/main.tsx';
/** A remembered operator's first page (src/app/page-code.ts importRememberedConsole): the shell, the overview, their strings, the session's calls. */
const CONSOLE_ROOTS = ['src/app/shell/shell.tsx', 'src/screens/overview/overview-screen.tsx', 'src/i18n/en-console.ts', 'src/machines/session/session-calls.ts'];
/** The sign-in page's own modules (its size is issue #9's budget, scripts/check-bundle-budget.ts). */
export const SIGN_IN_ROUTE = ['src/screens/auth/login-screen.tsx', 'src/screens/auth/public-layout.tsx'];
/** The chunks compiled eagerly, off the main thread (generateBundle below): React and the two groups of every first paint. */
export const EAGER_COMPILE = ['react', 'boot', 'console'];
/** V8's explicit compile hint, the first line of each EAGER_COMPILE chunk. */
export const EAGER_COMPILE_HINT = '//# allFunctionsCalledOnLoad\n';

/**
 * The chunks of a page's first paint, merged by what loads them rather than left to the default
 * splitting, which gave a remembered operator's overview ~40 files before it could paint (every
 * module shared by a different set of lazy routes in a chunk of its own). On HTTP/1.1 (the
 * preview server, many hosts) a browser fetches 6 at a time, each a round trip; Lighthouse's
 * phone simulates 150 ms each. Groups, each one file (decision 028):
 *
 * - `early-fetch-code`: what src/early-fetch.ts imports (it must stay small: it runs before the entry);
 * - `boot`: everything else the entry imports statically (loaded by every page, sign-in included);
 * - `first-paint-shared`: modules both the sign-in page and the remembered operator's console use;
 * - `console`: the rest of the console's first page (shell, overview, strings, session calls),
 *   which every signed-in page loads anyway.
 *
 * The sets are static import closures taken from the module graph once it is built (buildEnd),
 * before the chunks are made. `ownChunks`: the tests of vite.config.ts's groups that keep modules
 * in chunks of their own (React, zod); those modules stay out of these groups.
 */
export function firstPaintChunks(ownChunks: RegExp[]) {
  const sets = { earlyFetch: new Set<string>(), boot: new Set<string>(), shared: new Set<string>(), console: new Set<string>() };
  const plugin: Plugin = {
    name: 'first-paint-chunks',
    apply: 'build',
    enforce: 'post',
    // V8's explicit compile hint (Chrome 136+): a file that starts with this comment is compiled
    // whole on a background thread while it streams in, instead of function by function on the
    // main thread when first called. For the chunks whose code nearly all runs before the first
    // paint (decision 029). It must be the file's first line, so it goes on after Vite's own
    // additions (its preload map).
    generateBundle: {
      order: 'post',
      handler(_options, bundle) {
        for (const output of Object.values(bundle)) {
          if (output.type === 'chunk' && EAGER_COMPILE.includes(output.name)) output.code = EAGER_COMPILE_HINT + output.code;
        }
      },
    },
    buildEnd() {
      const closure = (roots: string[]) => {
        const seen = new Set<string>();
        const queue = roots.map((root) => resolve(root));
        while (queue.length > 0) {
          const id = queue.pop()!;
          if (seen.has(id)) continue;
          const info = this.getModuleInfo(id);
          if (!info) continue;
          seen.add(id);
          queue.push(...info.importedIds);
        }
        return seen;
      };
      const earlyFetch = closure([EARLY_FETCH_ENTRY]);
      earlyFetch.delete(resolve(EARLY_FETCH_ENTRY));
      const boot = difference(closure([BOOT_ENTRY]), earlyFetch);
      boot.delete(resolve(BOOT_ENTRY));
      const taken = new Set([...earlyFetch, ...boot]);
      const signIn = difference(closure(SIGN_IN_ROUTE), taken);
      const firstPage = difference(closure(CONSOLE_ROOTS), taken);
      sets.earlyFetch = earlyFetch;
      sets.boot = boot;
      sets.shared = new Set([...firstPage].filter((id) => signIn.has(id)));
      sets.console = difference(firstPage, signIn);
    },
  };
  const member = (set: keyof typeof sets) => (id: string) => sets[set].has(id) && !ownChunks.some((test) => test.test(id));
  const groups = [
    { name: 'early-fetch-code', test: member('earlyFetch'), priority: 6 },
    { name: 'boot', test: member('boot'), priority: 5 },
    { name: 'first-paint-shared', test: member('shared'), priority: 4 },
    { name: 'console', test: member('console'), priority: 3 },
  ];
  return { plugin, groups };
}

function difference(set: Set<string>, minus: Set<string>): Set<string> {
  return new Set([...set].filter((id) => !minus.has(id)));
}
