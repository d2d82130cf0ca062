import type { OutputChunk } from 'rolldown';
import type { Plugin } from 'vite';

/** src/early-fetch.ts: a second entry of the build, next to index.html's. */
export const EARLY_FETCH_ENTRY = 'src/early-fetch.ts';

/**
 * Builds src/early-fetch.ts as an entry of its own and names it in the built index.html as an
 * `async` module script ahead of the console's entry, so it runs as soon as it has arrived
 * rather than after the entry's graph has been downloaded and evaluated (decision 027). Vite
 * would merge a second module script written in index.html into its one entry; a script added
 * here after the build is left alone. The dev server does without it.
 */
export function earlyFetch(): Plugin {
  return {
    name: 'early-fetch',
    apply: 'build',
    config: () => ({ build: { rolldownOptions: { input: { index: 'index.html', 'early-fetch': EARLY_FETCH_ENTRY } } } }),
    transformIndexHtml: {
      order: 'post',
      handler(_html, { bundle }) {
        const chunk = Object.values(bundle ?? {}).find((output): output is OutputChunk => output.type === 'chunk' && output.isEntry && output.name === 'early-fetch');
        if (!chunk) throw new Error(`early-fetch: no chunk for ${EARLY_FETCH_ENTRY} in the build`);
        return [{ tag: 'script', attrs: { type: 'module', async: true, crossorigin: true, src: `/${chunk.fileName}` }, injectTo: 'head-prepend' }];
      },
    },
  };
}
