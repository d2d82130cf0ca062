import { defineConfig } from 'vitest/config';

/** End-to-end journeys: Node drives Debian's Chromium (playwright-core) against the demo build. */
export default defineConfig({
  test: {
    environment: 'node',
    include: ['tests/e2e/**/*.e2e.ts'],
    // The live journeys' builds and Firebase Auth emulators start beside the demo build's host.
    globalSetup: ['tests/e2e/global-setup.ts', 'tests/e2e/live/live-setup.ts'],
    // Two files at a time, each with its own Chromium: the journeys spend most of their time
    // waiting on the page, and the 2-core CI machine finishes them in 7½ minutes instead of 11
    // (measured 2026-11-22: 443 s against 680 s, all 108 passing), inside its 20-minute budget.
    fileParallelism: true,
    maxWorkers: 2,
    // The long journeys (axe on every screen of an area, two maps drawn) take ~60 s when the
    // machine is busy (2026-11-26: orders journey 7 at 60.5 s, logistics journey 5 at 60.2 s, the
    // whole suite 2.7 times slower than in the previous CI run): twice that before one is failed.
    testTimeout: 120_000,
    hookTimeout: 60_000,
  },
});
