import react from '@vitejs/plugin-react';
import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { fileURLToPath } from 'node:url';
import { defineConfig, type Plugin } from 'vite';
import { bundleGraph } from './scripts/bundle-graph.ts';
import { cspPlugin } from './scripts/csp-plugin.ts';
import { earlyFetch } from './scripts/early-fetch-plugin.ts';
import { firstPaintChunks } from './scripts/first-paint-chunks.ts';
import { themeCss } from './scripts/theme-css-plugin.ts';

const require = createRequire(import.meta.url);

/**
 * Put before MSW's own fetch listener: the console's own files (same origin, loaded by the
 * document as a script, stylesheet, image or font rather than by fetch()) go straight to the
 * network, as in the live build. Without it every chunk of a page load went through the worker,
 * and once the page's mock backend was running, through a message to the page's main thread that
 * matched it against every handler (decision 025). Calls the mock answers are cross-origin or
 * fetch() calls, so they still reach MSW.
 */
const OWN_FILES_BYPASS = `// Added by vite.config.ts (mockServiceWorker): the page's own files skip the mock backend.
addEventListener('fetch', function (event) {
  const request = event.request
  if (request.destination !== '' && new URL(request.url).origin === self.location.origin) {
    event.stopImmediatePropagation()
  }
})

`;

/**
 * MSW's worker script, served (dev) and emitted (build) only in mock mode. It is not in public/,
 * because everything there is copied into every build, the live one included.
 */
function mockServiceWorker(mode: string): Plugin {
  const source = () => OWN_FILES_BYPASS + readFileSync(require.resolve('msw/mockServiceWorker.js'), 'utf8');
  return {
    name: 'mock-service-worker',
    apply: () => mode === 'mock',
    configureServer(server) {
      server.middlewares.use('/mockServiceWorker.js', (_req, res) => {
        res.setHeader('Content-Type', 'text/javascript');
        res.setHeader('Service-Worker-Allowed', '/');
        res.end(source());
      });
    },
    configurePreviewServer(server) {
      server.middlewares.use('/mockServiceWorker.js', (_req, res) => {
        res.setHeader('Content-Type', 'text/javascript');
        res.end(source());
      });
    },
    generateBundle() {
      this.emitFile({ type: 'asset', fileName: 'mockServiceWorker.js', source: source() });
    },
  };
}

/** React, on every page: a chunk of its own. */
const REACT_MODULES = /node_modules[\\/](react|react-dom|scheduler)[\\/]/;
/** zod is on the first signed-in page and on the public forms, not on the sign-in page: a chunk of its own. */
const ZOD_MODULES = /node_modules[\\/]zod[\\/]|src[\\/]lib[\\/]zod-jitless\.ts$/;

export default defineConfig(({ mode }) => {
  const firstPaint = firstPaintChunks([REACT_MODULES, ZOD_MODULES]);
  return {
    plugins: [themeCss(), react(), mockServiceWorker(mode), bundleGraph(mode), cspPlugin(), earlyFetch(), firstPaint.plugin],
    resolve: {
      alias: [
        // zod without its `new Function` probe, which the CSP reports (see the file).
        { find: /^zod$/, replacement: fileURLToPath(new URL('./src/lib/zod-jitless.ts', import.meta.url)) },
        // MSW's cookie store in the browser: a stand-in without the public suffix list (see the file).
        ...(mode === 'mock' ? [{ find: 'tough-cookie', replacement: fileURLToPath(new URL('./mocks/tough-cookie-shim.ts', import.meta.url)) }] : []),
      ],
    },
    server: { port: 5173, strictPort: false, host: '127.0.0.1' },
    preview: { port: 4173, host: '127.0.0.1' },
    build: {
      target: 'es2022',
      sourcemap: false,
      chunkSizeWarningLimit: 900,
      modulePreload: {
        // The mock kit comes after the first paint; preloading its ~20 chunks cost the page 80 ms of
        // main thread at 4× CPU (a <link> each), and the browser finds them one round trip later
        // by itself (decision 028). The same for every import of mock mode's entry (the `mocks`
        // chunk): the kit's steps (mocks/index.tsx importMockModeKit, decision 030) and the console's
        // strings for the Demo menu; in a phone's Lighthouse run each <link> costs 5–10 ms.
        resolveDependencies: (filename, deps, { hostId }) => (/mock-mode-kit/.test(filename) || /(^|\/)mocks-[\w-]+\.js$/.test(hostId) ? [] : deps),
      },
      rolldownOptions: {
        output: {
          codeSplitting: {
            groups: [
              // Joy UI and its styling engine as one chunk: left to the default splitting, a signed-in
              // page fetched them as ~60 small shared chunks, a round trip each on a phone. None of
              // it is on the sign-in page (decision 019; check:bundle fails if it were).
              // React first: the Joy group takes what it imports along, and React belongs to every page.
              { name: 'react', test: REACT_MODULES, priority: 8 },
              { name: 'zod', test: ZOD_MODULES, priority: 7 },
              // A page's first paint in a few files, not ~40 (scripts/first-paint-chunks.ts, decision 028).
              ...firstPaint.groups,
              { name: 'joy', test: /node_modules[\\/](@mui|@emotion|stylis|hoist-non-react-statics)[\\/]/, priority: 1 },
            ],
          },
        },
      },
    },
  };
});
