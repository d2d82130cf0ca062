import { existsSync } from 'node:fs';
import { resolve } from 'node:path';
import type { TestProject } from 'vitest/node';
import { serveStatic } from '../../scripts/static-server';

function requireBuild(folder: string, script: string): string {
  const root = resolve(folder);
  if (!existsSync(resolve(root, 'index.html'))) throw new Error(`${folder}/ is missing: run \`npm run ${script}\` first (npm run test:e2e does).`);
  return root;
}

/**
 * Serves the demo build for the journeys, and the live build (built without any live
 * configuration) for the boot-time configuration check.
 */
export default async function setup(project: TestProject) {
  const demo = await serveStatic(requireBuild('dist-demo', 'build:demo'));
  const live = await serveStatic(requireBuild('dist', 'build'));
  project.provide('baseUrl', demo.url);
  project.provide('liveUrl', live.url);
  return async () => {
    await Promise.all([demo, live].map(({ server }) => new Promise<void>((done) => server.close(() => done()))));
  };
}

declare module 'vitest' {
  export interface ProvidedContext {
    baseUrl: string;
    liveUrl: string;
  }
}
