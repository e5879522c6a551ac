// `npm run bench -- paging`: the participant list (Kelola Nilai) and the program list at
// 100,000 rows, page 1 beside the last page (goal: last ≤ 1.5× first) and the middle page, through
// the repositories the routes use, on PGlite (in memory) and on a PostgreSQL database made for the
// run and dropped after.
import { randomUUID } from 'node:crypto';
import { sql } from 'drizzle-orm';
import { openDatabase, type Database, type Db } from '../apps/server/src/db/client';
import { ensureReferenceData } from '../apps/server/src/db/reference-data';
import { listParticipants } from '../apps/server/src/modules/participants/participants.repository';
import { listPrograms } from '../apps/server/src/modules/programs/programs.repository';
import { createBenchPgDatabase, machineLine, percentile, rows } from './bench-db';
import { load1 } from './browser-support';
import { seedLargeRedemptions } from './large-redemptions';

const count = 100_000;
const limit = 10;
const lastPage = count / limit;
const middlePage = lastPage / 2;
const warmUps = 3;
const rounds = 15;
const goal = 1.5;

interface Target {
  label: string;
  database: Database;
  drop: () => Promise<void>;
}

async function openTarget(kind: 'pglite' | 'postgres'): Promise<Target> {
  if (kind === 'pglite') {
    const database = await openDatabase({ kind: 'pglite' });
    return { label: 'PGlite (in memory)', database, drop: async () => undefined };
  }
  const created = await createBenchPgDatabase('ajar_bench_paging');
  const database = await openDatabase({ kind: 'postgres', url: created.url });
  const [version] = rows<{ v: string }>(
    await database.db.execute(sql`select current_setting('server_version') as v`),
  );
  return {
    label: `PostgreSQL ${version?.v.split(' ')[0] ?? ''}`,
    database,
    drop: created.drop,
  };
}

/** 100,000 programs (99,999 generated beside the large one) and the large one's redemptions. */
async function fill(db: Db) {
  const started = performance.now();
  await db.execute(sql`insert into programs (title, type, program_benefits, competence,
      selling_price, status, is_free, participants_count, created_at)
    select 'Program Uji ' || g, 'online', '<p>Uji.</p>', '[]'::jsonb, 100000, 'publish', false,
      g % 500, now() - (g || ' minutes')::interval
    from generate_series(1, ${count - 1}) g`);
  const { programId } = await seedLargeRedemptions(db, count, { vacuum: true });
  await db.execute(sql`vacuum analyze programs`);
  return { programId, seconds: (performance.now() - started) / 1000 };
}

/**
 * Medians of the three pages, read in turns (1, middle, last, 1, …) so a change of the machine's
 * load during the run falls on all three alike.
 */
async function pages(run: (page: number) => Promise<unknown>) {
  const at = [1, middlePage, lastPage];
  const times = at.map((): number[] => []);
  for (let round = 0; round < warmUps + rounds; round += 1) {
    for (const [i, page] of at.entries()) {
      const started = performance.now();
      await run(page);
      if (round >= warmUps) times[i]!.push(performance.now() - started);
    }
  }
  const [first, middle, last] = times.map((t) => percentile(t, 50)) as [number, number, number];
  return { first, middle, last };
}

async function measureTarget(lines: string[], kind: 'pglite' | 'postgres') {
  const target = await openTarget(kind);
  try {
    const { db } = target.database;
    await target.database.migrate();
    await ensureReferenceData(db);
    const filled = await fill(db);
    const viewerId = randomUUID();
    const programs = (sort: 'created_at' | 'total_participants') => (page: number) =>
      listPrograms(db, { viewerId, sort, sortType: 'desc', page, limit });
    const participants = (sort: 'created_at' | 'results.progress') => (page: number) =>
      listParticipants(db, { programId: filled.programId, sort, dir: 'desc', page, limit });
    const cases = [
      ['program list, newest first', programs('created_at')],
      ['program list, by participants', programs('total_participants')],
      ['participant list (Kelola Nilai), newest first', participants('created_at')],
      ['participant list (Kelola Nilai), by progress', participants('results.progress')],
    ] as const;
    for (const [name, run] of cases) {
      const { first, middle, last } = await pages(run);
      const ratio = last / first;
      lines.push(
        `| ${target.label} | ${name} | ${first.toFixed(1)} ms | ${last.toFixed(1)} ms | ${middle.toFixed(1)} ms | ${ratio.toFixed(2)}× | ${ratio <= goal ? 'met' : '**missed**'} | ${load1()} |`,
      );
    }
    return `${target.label}: 100,000 programs and 100,000 redemptions made and vacuumed in ${filled.seconds.toFixed(1)} s`;
  } finally {
    await target.database.close();
    await target.drop();
  }
}

export async function listPagingBench(lines: string[]) {
  lines.push(
    `## List paging: first page against last page at ${count.toLocaleString('en')} rows`,
    '',
    machineLine(),
    '',
    `Through the repositories the list routes call (\`listPrograms\`, \`listParticipants\`: the total, then the page's ids from the nearer end, then the page's columns), ${limit} rows a page; the median of ${rounds} reads of each page after ${warmUps} warm-ups, the three pages read in turns. Load average (1 min) beside each row, read when its row finished.`,
    '',
    `| database | list | page 1 | page ${lastPage.toLocaleString('en')} (last) | page ${middlePage.toLocaleString('en')} (middle, for information) | last / first | goal ≤ ${goal}× | load avg |`,
    '|---|---|---|---|---|---|---|---|',
  );
  const notes: string[] = [];
  notes.push(await measureTarget(lines, 'pglite'));
  try {
    notes.push(await measureTarget(lines, 'postgres'));
  } catch (error) {
    notes.push(`PostgreSQL not measured: ${(error as Error).message}`);
  }
  lines.push(
    '',
    ...notes.map((n) => `- ${n}.`),
    '- The data: 99,999 generated programs beside the one large program of',
    '  `bench/large-redemptions.ts` (100,000 redemptions), all vacuumed and analyzed. The middle',
    '  page is the dearest by design: it is read from either end, skipping half the list',
    '  (`pageWindow` in `apps/server/src/lib/paging.ts`).',
    '',
  );
}
