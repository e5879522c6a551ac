// The participants benches (export, import, participant list, quiz scoring) on one
// database: PGlite in a temporary directory, or a PostgreSQL database made for the run and dropped
// after. Each target gets the demo seed, then the 100,000 redemptions of bench/large-redemptions.ts.
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { Readable } from 'node:stream';
import { sql } from 'drizzle-orm';
import ExcelJS from 'exceljs';
import { exportJobThreshold } from '@ajar/shared/jobs/jobs.constants';
import pg from 'pg';
import { buildApp } from '../apps/server/src/app';
import { loadConfig } from '../apps/server/src/config';
import { openDatabase, type Database, type Db } from '../apps/server/src/db/client';
import { ensureReferenceData } from '../apps/server/src/db/reference-data';
import { seedIfEmpty } from '../apps/server/src/seed/seed';
import type { RequestUser } from '../apps/server/src/plugins/auth';
import type { RedeemExportFilter } from '../apps/server/src/modules/exports/exports.rows';
import {
  writeMemberRedeemExport,
  type ExportWriterMode,
} from '../apps/server/src/modules/exports/exports.writer';
import {
  runMemberRedeemExportJob,
  type ExportJobInput,
} from '../apps/server/src/modules/exports/exports.service';
import { importScores } from '../apps/server/src/modules/imports/imports.service';
import { authHeader } from '../apps/server/src/test/factories/users';
import { listen, loadInWorker } from './api';
import { benchJob } from './job-context';
import { largeActivityNumber, seedLargeRedemptions, vacuumLarge } from './large-redemptions';
import { benchQuizScoring, quizQuestionCount, setupQuizBench } from './quiz-scoring';
import { exposeGc, startRssSampler } from './rss-sampler';
import { load1 } from './browser-support';
import {
  importRowScore,
  measureParseAlone,
  measureWriteAlone,
  measureWriterAlone,
  ratio,
  ratioGoal,
  timeFileWrite,
} from './participants-limits';

const rows = <T>(r: unknown) => (r as { rows: T[] }).rows;
const secs = (ms: number) => `${(ms / 1000).toFixed(1)} s`;
const within = (ok: boolean) => (ok ? 'within' : '**over**');

export interface ParticipantsTarget {
  kind: 'pglite' | 'postgres';
  /** PostgreSQL only: a server URL whose user may create and drop databases. */
  adminUrl?: string;
}

interface Opened {
  database: Database;
  dataDir: string;
  label: string;
  drop: () => Promise<void>;
}

const benchDbName = 'ajar_bench';

async function open(target: ParticipantsTarget): Promise<Opened> {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'ajar-bench-participants-'));
  if (target.kind === 'pglite') {
    const database = await openDatabase({ kind: 'pglite', dataDir: path.join(dataDir, 'db') });
    return {
      database,
      dataDir,
      label: 'PGlite (embedded, data directory on disk)',
      drop: async () => fs.rmSync(dataDir, { recursive: true, force: true }),
    };
  }
  const admin = new URL(target.adminUrl!);
  const run = async (statement: string) => {
    const client = new pg.Client({ connectionString: admin.toString() });
    await client.connect();
    try {
      await client.query(statement);
    } finally {
      await client.end();
    }
  };
  await run(`drop database if exists ${benchDbName} with (force)`);
  await run(`create database ${benchDbName}`);
  const url = new URL(admin);
  url.pathname = `/${benchDbName}`;
  const database = await openDatabase({ kind: 'postgres', url: url.toString() });
  const [version] = rows<{ v: string }>(
    await database.db.execute(sql`select current_setting('server_version') as v`),
  );
  return {
    database,
    dataDir,
    label: `PostgreSQL ${version?.v ?? ''} on 127.0.0.1 (same machine)`,
    drop: async () => {
      await run(`drop database if exists ${benchDbName} with (force)`);
      fs.rmSync(dataDir, { recursive: true, force: true });
    },
  };
}

async function staffViewer(db: Db) {
  const [admin] = rows<{ id: string; role: RequestUser['role'] }>(
    await db.execute(sql`select id, role from users where email = 'admin@ajar.test'`),
  );
  return admin!;
}

/** One export of the program's participants to a file, timed, with the RSS peak over the run. */
const exportFilter = (programId: string): RedeemExportFilter => ({
  programIds: [programId],
  sort: 'created_at',
  rangeDateType: 'created_at',
  progressStart: 0,
  progressEnd: 100,
  limit: -1,
});

async function measureExport(db: Db, programId: string, mode: ExportWriterMode, dir: string) {
  const { result, ms, peakDeltaMb, bytes } = await timeFileWrite(
    dir,
    `export-${mode}.xlsx`,
    (out) =>
      writeMemberRedeemExport({ db }, exportFilter(programId), out, {
        kind: 'member_redeem',
        mode,
      }),
  );
  return { mode, count: result.rows, ms, peakDeltaMb, bytes, load: load1() };
}

/** The same export as a job: the job's work, its file stored through local storage. */
async function measureExportJob(db: Db, programId: string, viewer: { id: string }, dir: string) {
  const input: ExportJobInput = { filter: exportFilter(programId), kind: 'member_redeem' };
  const sampler = await startRssSampler();
  const job = benchJob(input, viewer.id, dir, 'export-job.xlsx');
  const started = performance.now();
  await runMemberRedeemExportJob(db, job.ctx);
  const ms = performance.now() - started;
  const { peakDeltaMb } = await sampler.stop();
  return { ms, peakDeltaMb, bytes: job.fileBytes(), firstMs: job.firstProgressMs() };
}

/** An .xlsx of UK scores for every license of the program (ExcelJS, shared strings). */
async function importFile(db: Db, programId: string): Promise<{ buffer: Buffer; rows: number }> {
  const licenses = rows<{ license: string }>(
    await db.execute(sql`select license from member_redeems where program_id = ${programId}
      order by license`),
  );
  const workbook = new ExcelJS.Workbook();
  const sheet = workbook.addWorksheet('Nilai');
  sheet.addRow(['license', 'activity_number', 'score', 'feedback']);
  for (const [i, { license }] of licenses.entries()) {
    const { score, feedback } = importRowScore(i);
    sheet.addRow([license, largeActivityNumber.uk, score, feedback]);
  }
  return { buffer: Buffer.from(await workbook.xlsx.writeBuffer()), rows: licenses.length };
}

async function measureImport(db: Db, viewer: Pick<RequestUser, 'id' | 'role'>, file: Buffer) {
  const sampler = await startRssSampler();
  const started = performance.now();
  const results = await importScores({ db }, viewer, 'uk', Readable.from([file]));
  const ms = performance.now() - started;
  const { peakDeltaMb } = await sampler.stop();
  const ok = results.filter((r) => r.status).length;
  return { ms, peakDeltaMb, ok, total: results.length, load: load1() };
}

/**
 * Runs the four benches on one target and appends a section to `lines`. The order keeps the
 * writes (import, quiz) after the reads they would disturb (list, export).
 */
export async function participantsBench(
  lines: string[],
  target: ParticipantsTarget,
  options: { count?: number; seconds?: number } = {},
) {
  const count = options.count ?? Number(process.env.BENCH_REDEMPTIONS ?? 100_000);
  const seconds = options.seconds ?? 5;
  await exposeGc();
  const opened = await open(target);
  const { database, dataDir } = opened;
  const previousDataDir = process.env.DATA_DIR;
  // The app closes the database when it closes, so it stays open until the end.
  let app: Awaited<ReturnType<typeof buildApp>> | undefined;
  // The demo seed stores its uploads through the configured storage: keep them in this run's dir.
  process.env.DATA_DIR = dataDir;
  try {
    const db = database.db;
    await database.migrate();
    await ensureReferenceData(db);
    const seedStart = performance.now();
    await seedIfEmpty(db, () => {});
    const demoSeedMs = performance.now() - seedStart;
    // Without vacuum first: the list is measured as the bulk load leaves it, then vacuumed.
    const large = await seedLargeRedemptions(db, count, { vacuum: false });
    const viewer = await staffViewer(db);

    const config = loadConfig({
      NODE_ENV: 'production',
      PUBLIC_URL: 'http://127.0.0.1',
      LOG_LEVEL: 'silent',
      DATA_DIR: dataDir,
    });
    app = await buildApp({ config, database });
    const url = await listen(app);
    const headers = await authHeader(db, { id: viewer.id });
    const listUrl =
      `${url}/api/program/v1/trainer/member-redeem/list/${large.programId}` +
      '?sort=results.progress&dir=desc&page=500&limit=10';
    const check = await fetch(listUrl, { headers });
    const checkBody = (await check.json()) as { data?: { list?: unknown[]; total?: number } };
    await loadInWorker({ url: listUrl, headers, connections: 1, seconds: 1 }); // warm-up
    const listFresh = await loadInWorker({ url: listUrl, headers, connections: 1, seconds });
    const listFreshLoad = load1();
    const vacuumStart = performance.now();
    await vacuumLarge(db);
    const vacuumMs = performance.now() - vacuumStart;
    await loadInWorker({ url: listUrl, headers, connections: 1, seconds: 1 }); // warm-up
    const list = await loadInWorker({ url: listUrl, headers, connections: 1, seconds });
    const listLoad = load1();

    const exports = [];
    for (const mode of ['stream', 'memory'] as const) {
      exports.push(await measureExport(db, large.programId, mode, dataDir));
    }
    // Right after the streaming export, so both see the machine alike.
    const writerAlone = await measureWriterAlone(db, exportFilter(large.programId), dataDir);
    const writerLoad = load1();
    const streamed = exports[0]!;
    const exportJob = await measureExportJob(db, large.programId, viewer, dataDir);
    const jobLoad = load1();

    const made = performance.now();
    const file = await importFile(db, large.programId);
    const fileMs = performance.now() - made;
    const parseAlone = await measureParseAlone(file.buffer);
    const parseLoad = load1();
    const firstImport = await measureImport(db, viewer, file.buffer);
    const secondImport = await measureImport(db, viewer, file.buffer);
    const writeAlone = await measureWriteAlone(
      db,
      large.programId,
      largeActivityNumber.uk,
      viewer.id,
    );
    const writeLoad = load1();

    const quizSetup = await setupQuizBench(db);
    const quiz = await benchQuizScoring(db, quizSetup, seconds * 2);
    const quizLoad = load1();

    lines.push(
      `### ${opened.label}`,
      '',
      `Demo seed ${secs(demoSeedMs)}; ${large.redemptions.toLocaleString('en')} redemptions and ` +
        `${large.activityRows.toLocaleString('en')} activity rows generated in ` +
        `${large.seconds.toFixed(1)} s (bulk SQL, \`npm run seed:large\`).`,
      '',
      '| bench | result | goal | load avg (1 min) |',
      '|---|---|---|---|',
      `| participant list, sorted by progress, page 500 (\`GET …/member-redeem/list/{id}?sort=results.progress&dir=desc&page=500&limit=10\`), 1 client, ${seconds} s, after \`vacuumLarge\` (${secs(vacuumMs)}) | p50 ${list.p50.toFixed(2)} ms, p99 ${list.p99.toFixed(2)} ms, ${list.rps.toFixed(0)} req/s (${list.requests} requests, ${list.errors} errors; HTTP ${check.status}, ${checkBody.data?.list?.length ?? 0} rows of ${checkBody.data?.total ?? '?'}) | p50 ≤ 20 ms: ${within(list.p50 <= 20)} | ${listLoad} |`,
      `| the same, right after the bulk load (analyzed, not vacuumed) | p50 ${listFresh.p50.toFixed(2)} ms, p99 ${listFresh.p99.toFixed(2)} ms, ${listFresh.rps.toFixed(0)} req/s | — | ${listFreshLoad} |`,
      ...exports.map(
        (e) =>
          `| export ${e.count.toLocaleString('en')} participants, ${e.mode === 'stream' ? 'streaming writer (what the API uses)' : 'in-memory writer (for comparison)'} | ${secs(e.ms)}, +${e.peakDeltaMb} MB RSS peak, file ${(e.bytes / 1024 / 1024).toFixed(1)} MB | ${e.mode === 'stream' ? `≤ 10 s: ${within(e.ms <= 10_000)}; ≤ 256 MB: ${within(e.peakDeltaMb <= 256)}` : '—'} | ${e.load} |`,
      ),
      `| ExcelJS's streaming writer alone writing the same ${writerAlone.result.toLocaleString('en')} rows (same columns and values, read into memory first, not timed; \`openWorkbook\`, the export's setup) | ${secs(writerAlone.ms)}, +${writerAlone.peakDeltaMb} MB RSS peak, file ${(writerAlone.bytes / 1024 / 1024).toFixed(1)} MB | — (the limit) | ${writerLoad} |`,
      `| **export / writer alone** (streaming export ÷ the row above) | ${ratio(streamed.ms, writerAlone.ms)} | ≤ ${ratioGoal}× | — |`,
      `| the same export as a job (\`runMemberRedeemExportJob\`, what an export past ${exportJobThreshold.toLocaleString('en')} rows starts), its file stored through local storage | ${secs(exportJob.ms)}, +${exportJob.peakDeltaMb} MB RSS peak, file ${(exportJob.bytes / 1024 / 1024).toFixed(1)} MB, first progress ${exportJob.firstMs === null ? '—' : secs(exportJob.firstMs)} after the start | — (figures asked for) | ${jobLoad} |`,
      `| parsing the same import file alone (the import's reader: \`openZip\` + \`openFirstSheet\` of \`lib/xlsx-read.ts\`, every row read, ${parseAlone.rows.toLocaleString('en')} rows) | ${secs(parseAlone.parseMs)}; with the import's row checks (\`readScoreSheet\`, no database): ${secs(parseAlone.checkMs)} | — (the limit) | ${parseLoad} |`,
      `| import ${file.rows.toLocaleString('en')} UK score rows (\`importScores\`, file ${(file.buffer.length / 1024 / 1024).toFixed(1)} MB made by ExcelJS in ${secs(fileMs)}, not counted) | ${secs(firstImport.ms)}, +${firstImport.peakDeltaMb} MB RSS peak, ${firstImport.ok}/${firstImport.total} rows imported | ≤ 15 s: ${within(firstImport.ms <= 15_000)} | ${firstImport.load} |`,
      `| **import / parse alone** (the import above ÷ the parse alone) | ${ratio(firstImport.ms, parseAlone.parseMs)} | ≤ ${ratioGoal}× | — |`,
      `| the same file again (every row an update) | ${secs(secondImport.ms)}, +${secondImport.peakDeltaMb} MB RSS peak, ${secondImport.ok}/${secondImport.total} rows; ${ratio(secondImport.ms, parseAlone.parseMs)} of the parse alone | — | ${secondImport.load} |`,
      `| the import's write alone, the same ${writeAlone.rows.toLocaleString('en')} rows (\`writeFeedback\` as the import calls it, rows resolved beforehand, every row an update, rolled back): no parse, no lookups | ${secs(writeAlone.ms)}; ${(writeAlone.ms / parseAlone.parseMs).toFixed(2)}× the parse alone | — (what the database alone takes) | ${writeLoad} |`,
      `| quiz submissions, ${quizQuestionCount}-question packet in 2 sections: \`startQuiz\` + \`submitQuiz\` (the member API's services, database included), one after another, ${seconds * 2} s | ${quiz.service.perSecond.toFixed(1)} submissions/s (p50 ${quiz.service.p50Ms.toFixed(1)} ms per start + submit, ${quiz.service.submissions} submissions) | — | ${quizLoad} |`,
      `| quiz scoring alone: shared \`scorePacket\` on the same packet, in a loop | ${Math.round(quiz.scoring.perSecond).toLocaleString('en')} submissions/s | — | ${quizLoad} |`,
      '',
    );
  } finally {
    if (previousDataDir === undefined) delete process.env.DATA_DIR;
    else process.env.DATA_DIR = previousDataDir;
    if (app) await app.close();
    else await database.close();
    await opened.drop();
  }
}
