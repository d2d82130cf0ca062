import { defineConfig } from 'vitest/config';

/** End-to-end journeys: Node drives Debian's Chromium (playwright-core) against the demo build. */
export default defineConfig({
  test: {
    environment: 'node',
    include: ['tests/e2e/**/*.e2e.ts'],
    globalSetup: ['tests/e2e/global-setup.ts'],
    // Two files at a time, each with its own Chromium: the journeys spend most of their time
    // waiting on the page, and the 2-core CI machine finishes them in 7½ minutes instead of 11
    // (measured 2026-11-22: 443 s against 680 s, all 108 passing), inside its 20-minute budget.
    fileParallelism: true,
    maxWorkers: 2,
    testTimeout: 60_000,
    hookTimeout: 60_000,
  },
});
