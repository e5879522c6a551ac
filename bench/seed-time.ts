import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { openDatabase } from '../apps/server/src/db/client';
import { ensureReferenceData } from '../apps/server/src/db/reference-data';
import { seedIfEmpty } from '../apps/server/src/seed/seed';

/**
 * What a first start spends on the demo data: migrations, then `seedIfEmpty` (300 participants
 * included), on an in-memory PGlite and on PGlite in a data
 * directory as the server runs it. Wall time and CPU time: on a busy machine the CPU time is the
 * steadier figure (PGlite runs on the main thread).
 */
export async function seedTimeBench(lines: string[], runs = 2) {
  const previousDataDir = process.env.DATA_DIR;
  const results: { where: string; migrate: number; seed: number; cpu: number }[] = [];
  for (const where of ['memory', 'disk'] as const) {
    for (let i = 0; i < runs; i += 1) {
      const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'ajar-bench-seed-'));
      process.env.DATA_DIR = dataDir; // uploads of the demo seed go here
      try {
        const started = performance.now();
        const database = await openDatabase({
          kind: 'pglite',
          dataDir: where === 'disk' ? path.join(dataDir, 'db') : undefined,
        });
        await database.migrate();
        await ensureReferenceData(database.db);
        const migrated = performance.now();
        const cpu = process.cpuUsage();
        await seedIfEmpty(database.db, () => {});
        const used = process.cpuUsage(cpu);
        results.push({
          where,
          migrate: (migrated - started) / 1000,
          seed: (performance.now() - migrated) / 1000,
          cpu: (used.user + used.system) / 1e6,
        });
        await database.close();
      } finally {
        fs.rmSync(dataDir, { recursive: true, force: true });
      }
    }
  }
  if (previousDataDir === undefined) delete process.env.DATA_DIR;
  else process.env.DATA_DIR = previousDataDir;
  const load = os
    .loadavg()
    .map((n) => n.toFixed(1))
    .join(', ');
  lines.push(
    '## Demo seed on a first start',
    '',
    `Measured on ${new Date().toISOString().slice(0, 10)}, ${os.cpus().length} cores, ${runs} runs ` +
      `each, load average ${load} after the runs. The seed includes 300 participants: ` +
      'their redemptions, and the learning of those who started (quizzes, uploads, feedback) ' +
      "decided by the member API's rules and written in bulk. Goal: the seed ≤ 5 s.",
    '',
    '| database | open and migrate | seed (wall) | goal | seed (CPU) |',
    '|---|---|---|---|---|',
    ...results.map(
      (r) =>
        `| PGlite ${r.where === 'disk' ? 'in a data directory' : 'in memory'} | ${r.migrate.toFixed(1)} s | ${r.seed.toFixed(1)} s | ${r.seed <= 5 ? 'met' : '**missed**'} | ${r.cpu.toFixed(1)} s |`,
    ),
    '',
  );
}
