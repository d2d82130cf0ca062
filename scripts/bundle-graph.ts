import { mkdirSync, writeFileSync } from 'node:fs';
import { relative, resolve } from 'node:path';
import type { Plugin } from 'vite';

/** One output chunk: which chunks it loads, and which source modules it carries. */
export interface GraphChunk {
  file: string;
  isEntry: boolean;
  isDynamicEntry: boolean;
  /** The module the chunk stands for (a lazy route's screen), relative to the project. */
  facade: string | null;
  imports: string[];
  dynamicImports: string[];
  /** Source modules (relative to the project, node_modules included) and their rendered bytes. */
  modules: Record<string, number>;
}

export interface BundleGraph {
  mode: string;
  outDir: string;
  chunks: GraphChunk[];
}

/** A module of the mock backend (mocks/, scenarios/, MSW): what the live build must never carry. */
export const MOCK_MODULE = /^(mocks|scenarios)\/|node_modules\/(msw|@msw|@mswjs)\//;

export const bundleGraphPath = (outDir: string) => resolve('node_modules/.bundle-graph', `${outDir.replace(/[^\w-]/g, '_')}.json`);

/**
 * Writes the build's chunk graph beside node_modules (not into the output, which is deployed), so
 * scripts/check-bundle-budget.ts can tell what the sign-in route loads and where each module went
 * without rebuilding.
 */
export function bundleGraph(mode: string): Plugin {
  let outDir = 'dist';
  const root = process.cwd();
  const rel = (id: string) => relative(root, id.replace(/^\0/, '')).split('\\').join('/');
  return {
    name: 'bundle-graph',
    apply: 'build',
    configResolved(config) {
      outDir = relative(config.root, config.build.outDir) || 'dist';
    },
    writeBundle(_options, bundle) {
      const chunks: GraphChunk[] = [];
      for (const output of Object.values(bundle)) {
        if (output.type !== 'chunk') continue;
        chunks.push({
          file: output.fileName,
          isEntry: output.isEntry,
          isDynamicEntry: output.isDynamicEntry,
          facade: output.facadeModuleId ? rel(output.facadeModuleId) : null,
          imports: output.imports,
          dynamicImports: output.dynamicImports,
          modules: Object.fromEntries(Object.entries(output.modules).map(([id, info]) => [rel(id), info.renderedLength])),
        });
      }
      const path = bundleGraphPath(outDir);
      mkdirSync(resolve(path, '..'), { recursive: true });
      writeFileSync(path, JSON.stringify({ mode, outDir, chunks } satisfies BundleGraph, null, 1));
    },
  };
}
