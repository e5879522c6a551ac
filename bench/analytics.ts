// The analytics screens' queries on one large program: 100,000 redemptions, 1,000,000 quiz
// answers (100,000 submitted attempts of a 10-question quiz), progress rows and learning events,
// generated in bulk SQL, on PGlite and PostgreSQL. Each screen's query is timed beside a count
// of the rows it reads (the floor of any query over them, measured in the same run).
// BENCH_ANALYTICS_REDEMPTIONS sets the size (answers are 10 per redemption).
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { sql } from 'drizzle-orm';
import { dueActivityIds } from '@ajar/shared/analytics/attention.rules';
import { openDatabase, type Database, type Db } from '../apps/server/src/db/client';
import { ensureReferenceData } from '../apps/server/src/db/reference-data';
import { attentionPage } from '../apps/server/src/modules/analytics/attention.repository';
import { programOutline } from '../apps/server/src/modules/analytics/attention.repository';
import { learningFigures } from '../apps/server/src/modules/dashboard/dashboard-learning.repository';
import { createBenchPgDatabase, machineLine, percentile, rows } from './bench-db';
import { seedLargeRedemptions, vacuumLarge } from './large-redemptions';

/** One analytics screen: its query, and the count of the rows that query reads. */
export interface AnalyticsScreen {
  name: string;
  run: (db: Db, programId: string) => Promise<unknown>;
  /** `select count(*)` over the same rows: what reading them costs at least. */
  baseline: (db: Db, programId: string) => Promise<unknown>;
}

const count = async (db: Db, query: ReturnType<typeof sql>) => rows(await db.execute(query));

/** The screens measured; the question statistics and program analytics add one line each. */
export const analyticsScreens: AnalyticsScreen[] = [
  {
    name: "'Perlu perhatian', first page (7 days)",
    run: async (db, programId) => {
      const outline = await programOutline(db, programId);
      const now = new Date();
      return attentionPage(
        db,
        {
          programId,
          inactiveBefore: new Date(now.getTime() - 7 * 86_400_000),
          dueActivityIds: dueActivityIds(
            outline.activities,
            outline.program?.end_test_at ?? null,
            now,
          ),
        },
        { offset: 0, limit: 20 },
      );
    },
    baseline: (db, programId) =>
      count(
        db,
        sql`select (select count(*) from member_redeems where program_id = ${programId}),
          (select count(*) from learning_events where program_id = ${programId}),
          (select count(*) from activity_progress where program_id = ${programId})`,
      ),
  },
  {
    name: 'dashboard learning figures (all programs)',
    run: (db) => learningFigures(db, undefined, 10),
    baseline: (db) =>
      count(
        db,
        sql`select (select count(*) from learning_events), (select count(*) from member_redeems),
          (select count(*) from activity_progress),
          (select sum(jsonb_array_length(question_ids)) from quiz_attempts
            where submitted_at is not null)`,
      ),
  },
];

/**
 * A 10-question packet on the program's quiz, one submitted attempt per redemption answering
 * all ten (1,000,000 answers at 100,000), best pre- and post-test scores on every started
 * redemption's progress, and two own learning events per redemption in the last 30 days.
 */
async function seedAnswers(db: Db, programId: string) {
  await db.transaction(async (tx) => {
    const [quiz] = rows<{ id: string }>(
      await tx.execute(sql`select id from activities where program_id = ${programId}
        and type = 'quiz' limit 1`),
    );
    await tx.execute(sql`create temp table bench_q on commit drop as
      with p as (insert into question_packets (activity_id) values (${quiz!.id}) returning id),
      s as (insert into quiz_sections (activity_id, packet_id, name)
            select ${quiz!.id}, id, 'Bagian' from p returning id, packet_id),
      g as (insert into question_groups (packet_id, section_id)
            select packet_id, id from s returning id)
      select gen_random_uuid() as id, n, (select id from g) as group_id
      from generate_series(1, 10) n`);
    await tx.execute(sql`insert into questions (id, activity_id, group_id, seq, type, question,
        options, correct_answer)
      select id, ${quiz!.id}, group_id, n, 'multiple_choice',
        jsonb_build_object('text', 'Soal ' || n, 'media', null),
        '[{"text":"A","media":null,"point":0},{"text":"B","media":null,"point":0},
          {"text":"C","media":null,"point":0},{"text":"D","media":null,"point":0}]'::jsonb,
        '["A"]'::jsonb
      from bench_q`);
    await tx.execute(sql`insert into quiz_attempts (member_redeem_id, activity_id, attempt_no,
        question_ids, answers, started_at, submitted_at, score, passed)
      select r.id, ${quiz!.id}, 1,
        (select jsonb_agg(q.id order by q.n) from bench_q q),
        (select jsonb_object_agg(q.id, case when (hashtext(r.id::text) + q.n * 7) % 10 < 6 + q.n % 4
           then 0 else 1 + q.n % 3 end) from bench_q q),
        r.created_at + interval '1 day', r.created_at + interval '1 day 20 minutes',
        (abs(hashtext(r.id::text)) % 101), abs(hashtext(r.id::text)) % 101 >= 60
      from member_redeems r where r.program_id = ${programId}`);
    await tx.execute(sql`insert into activity_progress (member_redeem_id, program_id, topic_id,
        activity_id, is_complete, completed_at, score, attempts)
      select r.id, r.program_id, a.topic_id, a.id, true, r.created_at + interval '2 days',
        case when a.type = 'pre_test' then abs(hashtext(r.id::text)) % 81
          else 20 + abs(hashtext(r.id::text)) % 81 end, 1
      from member_redeems r join activities a on a.program_id = r.program_id
        and a.type in ('pre_test', 'post_test')
      where r.program_id = ${programId} and r.progress > 0
      on conflict (member_redeem_id, activity_id) do update set score = excluded.score`);
    await tx.execute(sql`insert into learning_events (member_id, program_id, kind, created_at)
      select r.member_id, r.program_id, 'activity_opened',
        now() - ((abs(hashtext(r.id::text)) + k * 13) % 30) * interval '1 day'
      from member_redeems r cross join generate_series(1, 2) k
      where r.program_id = ${programId}`);
  });
  await vacuumLarge(db);
  await db.execute(sql`vacuum (analyze) quiz_attempts, questions, learning_events`);
}

async function timed(fn: () => Promise<unknown>, times: number): Promise<number> {
  await fn();
  const ms: number[] = [];
  for (let i = 0; i < times; i += 1) {
    const started = performance.now();
    await fn();
    ms.push(performance.now() - started);
  }
  return percentile(ms, 50);
}

async function measure(
  lines: string[],
  label: string,
  database: Database,
  size: number,
  goalMs: number,
) {
  const started = performance.now();
  await database.migrate();
  await ensureReferenceData(database.db);
  const large = await seedLargeRedemptions(database.db, size, { vacuum: false });
  await seedAnswers(database.db, large.programId);
  const [answers] = rows<{ n: number }>(
    await database.db.execute(sql`select sum(jsonb_array_length(question_ids))::int as n
      from quiz_attempts`),
  );
  lines.push(
    '',
    `${label}: ${large.redemptions.toLocaleString('en')} redemptions, ` +
      `${Number(answers?.n ?? 0).toLocaleString('en')} quiz answers, generated in ` +
      `${((performance.now() - started) / 1000).toFixed(1)} s (bulk SQL). Median of 3 after one warm-up.`,
    '',
    '| screen | query | reading the same rows (count) | goal |',
    '|---|---|---|---|',
  );
  for (const screen of analyticsScreens) {
    const ms = await timed(() => screen.run(database.db, large.programId), 3);
    const floor = await timed(() => screen.baseline(database.db, large.programId), 3);
    lines.push(
      `| ${screen.name} | ${ms.toFixed(0)} ms | ${floor.toFixed(0)} ms | ≤ ${goalMs / 1000} s: ${
        ms <= goalMs ? 'met' : '**missed**'
      } |`,
    );
  }
}

export async function analyticsBench(lines: string[]) {
  const size = Number(process.env.BENCH_ANALYTICS_REDEMPTIONS ?? 100_000);
  lines.push('## Analytics screens on a large program', '', machineLine());
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'ajar-bench-analytics-'));
  const pglite = await openDatabase({ kind: 'pglite', dataDir: path.join(dataDir, 'db') });
  try {
    await measure(lines, 'PGlite (embedded)', pglite, size, 3000);
  } finally {
    await pglite.close();
    fs.rmSync(dataDir, { recursive: true, force: true });
  }
  const pg = await createBenchPgDatabase('ajar_bench_analytics');
  const database = await openDatabase({ kind: 'postgres', url: pg.url });
  try {
    const [version] = rows<{ v: string }>(
      await database.db.execute(sql`select current_setting('server_version') as v`),
    );
    await measure(lines, `PostgreSQL ${version?.v ?? ''} (same machine)`, database, size, 1500);
  } finally {
    await database.close();
    await pg.drop();
  }
  lines.push('');
}
