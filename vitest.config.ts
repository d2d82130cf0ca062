import { defineConfig } from 'vitest/config';

export default defineConfig({
  test: {
    environment: 'happy-dom',
    include: ['tests/{unit,machines,screens,mocks}/**/*.test.{ts,tsx}'],
    setupFiles: ['tests/setup.ts'],
    // The machine has 2 cores.
    maxWorkers: 2,
    testTimeout: 15_000,
  },
});
