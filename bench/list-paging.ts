// The participant list (Kelola Nilai) and the program list at 100,000 rows: the first page beside
// the last, through the repositories the routes use (issue 20; goal: last ≤ 1.5× first).
//
//   node --import tsx bench/list-paging.ts [--postgres postgres://…/db_to_fill]
//
// On an in-memory PGlite by default (migrated, no demo seed); with --postgres, on that (empty,
// disposable) database. Not part of `npm run bench`.
import { randomUUID } from 'node:crypto';
import fs from 'node:fs';
import { parseArgs } from 'node:util';
import { sql } from 'drizzle-orm';
import { openDatabase } from '../apps/server/src/db/client';
import { ensureReferenceData } from '../apps/server/src/db/reference-data';
import { listParticipants } from '../apps/server/src/modules/participants/participants.repository';
import { listPrograms } from '../apps/server/src/modules/programs/programs.repository';
import { percentile } from './bench-db';
import { seedLargeRedemptions } from './large-redemptions';

const { values } = parseArgs({ options: { postgres: { type: 'string' } } });
const count = 100_000;
const limit = 10;
const lastPage = count / limit;

const database = await openDatabase(
  values.postgres ? { kind: 'postgres', url: values.postgres } : { kind: 'pglite' },
);
await database.migrate();
await ensureReferenceData(database.db);
const { db } = database;
await db.execute(sql`insert into programs (title, type, program_benefits, competence,
    selling_price, status, is_free, participants_count, created_at)
  select 'Program Uji ' || g, 'online', '<p>Uji.</p>', '[]'::jsonb, 100000, 'publish', false,
    g % 500, now() - (g || ' minutes')::interval
  from generate_series(1, ${count - 1}) g`);
const { programId } = await seedLargeRedemptions(db, count, { vacuum: true });
await db.execute(sql`vacuum analyze programs`);

async function median(run: () => Promise<unknown>): Promise<number> {
  for (let i = 0; i < 3; i += 1) await run();
  const times: number[] = [];
  for (let i = 0; i < 15; i += 1) {
    const started = performance.now();
    await run();
    times.push(performance.now() - started);
  }
  return percentile(times, 50);
}

const viewerId = randomUUID();
const programs = (sort: 'created_at' | 'total_participants') => (page: number) =>
  listPrograms(db, { viewerId, sort, sortType: 'desc', page, limit });
const participants = (sort: 'created_at' | 'results.progress') => (page: number) =>
  listParticipants(db, { programId, sort, dir: 'desc', page, limit });
const cases = [
  { name: 'program list, newest first', run: programs('created_at') },
  { name: 'program list, by participants', run: programs('total_participants') },
  { name: 'participant list, newest first', run: participants('created_at') },
  { name: 'participant list, by progress', run: participants('results.progress') },
];
console.log(`${values.postgres ? 'PostgreSQL' : 'PGlite'}, ${count} rows, ${limit} a page`);
for (const c of cases) {
  const first = await median(() => c.run(1));
  const last = await median(() => c.run(lastPage));
  const load = fs.readFileSync('/proc/loadavg', 'utf8').split(' ').slice(0, 3).join(' ');
  console.log(
    `${c.name}: page 1 ${first.toFixed(1)} ms, page ${lastPage} ${last.toFixed(1)} ms, ` +
      `${(last / first).toFixed(2)}× (load ${load})`,
  );
}
await database.close();
