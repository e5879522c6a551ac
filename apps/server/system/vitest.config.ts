import { defineConfig } from 'vitest/config';

/**
 * System tests: real server processes (the compiled build) on the local PostgreSQL, Redis and an
 * S3-compatible server started on loopback. Run by `npm test` after `npm run build`, when
 * TEST_DATABASE_URL is set.
 */
export default defineConfig({
  test: {
    name: 'system',
    root: import.meta.dirname,
    include: ['**/*.test.ts'],
    environment: 'node',
    testTimeout: 120_000,
    hookTimeout: 120_000,
    maxWorkers: 1,
    fileParallelism: false,
  },
});
