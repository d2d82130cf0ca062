import { resolve } from 'node:path';
import type { TestProject } from 'vitest/node';
import { buildLiveConsole, startAuthEmulator, type AuthEmulator } from '../../../scripts/live-stack';
import { serveStatic } from '../../../scripts/static-server';
import { LIVE_PORTS, LIVE_SHAPES, type LiveShape, type LiveTarget } from './targets';

/**
 * The live journeys' servers that outlive a test file: per answer shape, the production build
 * pointed at its own platform port and its own Firebase Auth emulator, served like a static host.
 * Each shape's journeys file starts the platform mock itself (tests/e2e/live/live.ts), so it can
 * reseed it between journeys without touching the other shape's data.
 */
export default async function setup(project: TestProject) {
  const roots = {} as Record<LiveShape, string>;
  for (const shape of LIVE_SHAPES) {
    roots[shape] = resolve(`dist-live-${shape}`);
    await buildLiveConsole(roots[shape], { ...LIVE_PORTS[shape], console: 0 }, 'emulator');
  }
  const emulators: AuthEmulator[] = [];
  const closers: Array<() => Promise<void>> = [];
  const stop = async () => {
    for (const close of closers.splice(0).toReversed()) await close().catch((error: unknown) => console.error(error));
  };
  try {
    // Both emulators at once: each takes ~15 s to come up.
    const started = await Promise.allSettled(LIVE_SHAPES.map((shape) => startAuthEmulator(LIVE_PORTS[shape].identity)));
    for (const result of started) if (result.status === 'fulfilled') closers.push(result.value.close);
    for (const result of started) if (result.status === 'rejected') throw result.reason;
    emulators.push(...started.map((result) => (result as PromiseFulfilledResult<AuthEmulator>).value));
    const targets = {} as Record<LiveShape, LiveTarget>;
    for (const [index, shape] of LIVE_SHAPES.entries()) {
      const host = await serveStatic(roots[shape]);
      closers.push(() => new Promise<void>((done) => host.server.close(() => done())));
      targets[shape] = { shape, consoleUrl: host.url, apiPort: LIVE_PORTS[shape].api, emulatorUrl: emulators[index].url, projectId: emulators[index].projectId };
    }
    project.provide('liveTargets', targets);
  } catch (error) {
    await stop();
    throw error;
  }
  return stop;
}

declare module 'vitest' {
  export interface ProvidedContext {
    liveTargets: Record<LiveShape, LiveTarget>;
  }
}
