import { defineConfig } from 'vitest/config';
import { srcAlias } from './apps/web/vite.config';

const serverProject = (name: string, env: Record<string, string>) => ({
  test: {
    name,
    include: ['apps/server/src/**/*.test.ts'],
    environment: 'node',
    globalSetup: ['apps/server/src/test/global-setup.ts'],
    env,
    testTimeout: 30_000,
    hookTimeout: 60_000,
  },
});

/**
 * Component tests render whole MUI screens in jsdom: a second on an idle machine, several on a
 * busy one, so they get the same margin as the API tests instead of vitest's 5 s.
 */
const componentTimeouts = { testTimeout: 30_000, hookTimeout: 60_000 };

/**
 * Unit, API (PGlite, and PostgreSQL when TEST_DATABASE_URL is set) and component tests. Two
 * workers on two cores: vitest's default (cores - 1) leaves one idle while a file spends most of
 * its time importing, and every API file has a database of its own, so files never share state.
 */
export default defineConfig({
  test: {
    maxWorkers: 2,
    projects: [
      {
        test: {
          name: 'shared',
          include: ['packages/shared/src/**/*.test.ts'],
          environment: 'node',
        },
      },
      serverProject('api-pglite', { TEST_DB: 'pglite' }),
      ...(process.env.TEST_DATABASE_URL
        ? [serverProject('api-postgres', { TEST_DB: 'postgres' })]
        : []),
      {
        test: {
          name: 'web',
          include: ['apps/web/src/**/*.test.{ts,tsx}'],
          environment: 'jsdom',
          ...componentTimeouts,
        },
        resolve: { alias: [srcAlias] },
      },
      {
        test: {
          name: 'player',
          include: ['packages/player/src/**/*.test.{ts,tsx}'],
          environment: 'jsdom',
          ...componentTimeouts,
        },
      },
      {
        test: {
          name: 'learner',
          include: ['apps/learner/src/**/*.test.{ts,tsx}'],
          environment: 'jsdom',
          ...componentTimeouts,
        },
      },
    ],
  },
});
