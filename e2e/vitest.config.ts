import { defineConfig } from 'vitest/config';

/** Browser tests: each file starts its own server on a fresh embedded database. */
export default defineConfig({
  test: {
    name: 'e2e',
    root: import.meta.dirname,
    include: ['**/*.spec.ts'],
    globalSetup: ['./support/global-setup.ts'],
    environment: 'node',
    testTimeout: 60_000,
    hookTimeout: 120_000,
    maxWorkers: 2,
    fileParallelism: true,
    // expect.poll gives up after 1 s by default: too short for a screen on a loaded 2-core machine
    // (locators already wait up to 30 s).
    expect: { poll: { timeout: 10_000 } },
  },
});
