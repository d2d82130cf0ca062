import { defineConfig } from 'vitest/config';

/** End-to-end journeys: Node drives Debian's Chromium (playwright-core) against the demo build. */
export default defineConfig({
  test: {
    environment: 'node',
    include: ['tests/e2e/**/*.e2e.ts'],
    globalSetup: ['tests/e2e/global-setup.ts'],
    // One browser at a time: the machine has 2 cores and Chromium wants both.
    fileParallelism: false,
    maxWorkers: 1,
    testTimeout: 60_000,
    hookTimeout: 60_000,
  },
});
