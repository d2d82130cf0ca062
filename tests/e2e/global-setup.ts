import { existsSync } from 'node:fs';
import { resolve } from 'node:path';
import type { TestProject } from 'vitest/node';
import { serveStatic } from './static-server';

/** Serves the demo build (npm run build:demo) for every journey. */
export default async function setup(project: TestProject) {
  const root = resolve('dist-demo');
  if (!existsSync(resolve(root, 'index.html'))) {
    throw new Error('dist-demo/ is missing: run `npm run build:demo` first (npm run test:e2e does).');
  }
  const { server, url } = await serveStatic(root);
  project.provide('baseUrl', url);
  return () => new Promise<void>((done) => server.close(() => done()));
}

declare module 'vitest' {
  export interface ProvidedContext {
    baseUrl: string;
  }
}
