import fs from 'node:fs';
import type { TestProject } from 'vitest/node';
import { startServer } from '@ajar/test-support';

declare module 'vitest' {
  export interface ProvidedContext {
    /** A data directory the real server migrated and seeded once, copied by each test file. */
    seededDataDir: string;
  }
}

/**
 * Seeds the demo data once for the whole run: a first start migrates and seeds (several seconds
 * on 2 cores), a start on a copy only opens the database. `durability.spec.ts` still starts on an
 * empty directory, so the first-start path stays tested.
 */
export default async function setup(project: TestProject) {
  const server = await startServer();
  await server.stop();
  project.provide('seededDataDir', server.dataDir);
  return () => fs.rmSync(server.dataDir, { recursive: true, force: true });
}
