// `npm run bench -- cohort`: a whole cohort learning at once against the member API, closed loop,
// on three setups: one server on the embedded database (PGlite), one server on PostgreSQL, and two
// servers on PostgreSQL + Redis behind nginx (the README's example). Sizes from BENCH_COHORT
// (default 100,300,1000; 2000 and 5000 accepted).
//
// The participant mix (apps/server/system/support/cohort-participant.ts, shared with the failover
// system test): sign in once and keep a Socket.IO socket open; program list, program detail, then
// visits in turn (video: activity detail + `PUT video-progress` every 10 s for 60 s; practice quiz:
// detail, start, an answer every 5 s, submit; discussion: detail, thread, unread counts, a post
// every third visit; meeting: detail and one check-in; chat: room, messages, a line every second
// visit), the program detail after each visit, 5–15 s of thinking between visits, and a refetch
// of the unread counts on every `discussion.unread_changed` (BENCH_COHORT_REFETCH=0: none).
//
// Then the exam-start spike: every participant starts the same timed post-test within 5 s,
// answers its questions and submits within the minute; the database is checked after: one
// attempt per participant, submitted, with the score its answers are worth.
//
// Each figure stands beside the harness's own ceiling measured in the same run: the same
// participants through the same harness (and nginx) against bare Node http servers that replay
// one recorded answer per route (same sizes) and accept every socket. The load generator runs in
// worker threads (one per 500 participants, at most 4), one small record per participant.
import fs from 'node:fs';
import http from 'node:http';
import os from 'node:os';
import path from 'node:path';
import { Server as SocketServer } from 'socket.io';
import { realtimePath } from '@ajar/shared/realtime.constants';
import { openDatabase, type Database } from '../apps/server/src/db/client';
import { ensureReferenceData } from '../apps/server/src/db/reference-data';
import { seedIfEmpty } from '../apps/server/src/seed/seed';
import { postTestAttempts, seedCohort } from '../apps/server/system/support/cohort-data';
import { routeKey, type CohortPlan } from '../apps/server/system/support/cohort-participant';
import { nginxBinary, startNginx, type Nginx } from '../apps/server/system/support/nginx';
import { clusterEnv, startServerProcess } from '../apps/server/system/support/server-process';
import { createBenchPgDatabase, machineLine, percentile } from './bench-db';
import { drive, figures, type Figures } from './cohort-drive';

type SetupName = 'pglite' | 'postgres' | 'nginx2';
const setupLabels: Record<SetupName, string> = {
  pglite: 'one server, embedded database (PGlite)',
  postgres: 'one server, PostgreSQL',
  nginx2: 'two servers, PostgreSQL + Redis, behind nginx',
};

interface Servers {
  url: string;
  pids: number[];
  stop(): Promise<void>;
}

/** CPU seconds (user + system) a process has used, from /proc. */
function cpuSeconds(pid: number): number {
  try {
    const stat = fs.readFileSync(`/proc/${pid}/stat`, 'utf8');
    const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
    return (Number(fields[11]) + Number(fields[12])) / 100;
  } catch {
    return Number.NaN;
  }
}
const cpuOf = (pids: number[]) => pids.reduce((sum, pid) => sum + cpuSeconds(pid), 0);
const load1 = () => os.loadavg()[0]!.toFixed(1);

/** A database with the demo seed and the cohort's program, closed again. */
async function prepare(setup: SetupName, size: number, dataDir: string) {
  const created = setup === 'pglite' ? null : await createBenchPgDatabase('ajar_bench_cohort');
  const database: Database = await openDatabase(
    created
      ? { kind: 'postgres', url: created.url }
      : { kind: 'pglite', dataDir: path.join(dataDir, 'db') },
  );
  try {
    await database.migrate();
    await ensureReferenceData(database.db);
    await seedIfEmpty(database.db, () => {});
    const plan = await seedCohort(database.db, size);
    return { plan, dbUrl: created?.url, drop: created?.drop };
  } finally {
    await database.close();
  }
}

async function startAjar(setup: SetupName, dataDir: string, dbUrl?: string): Promise<Servers> {
  // The harness gives each participant its own address in X-Forwarded-For (a cohort signs in
  // from many networks): the servers trust the loopback proxy, nginx or the harness itself.
  const env: Record<string, string> = { DATA_DIR: dataDir, TRUST_PROXY: 'loopback' };
  if (dbUrl) env.DATABASE_URL = dbUrl;
  if (setup !== 'nginx2') {
    const server = await startServerProcess({ name: `bench-cohort-${setup}`, env });
    return { url: server.url, pids: [server.pid], stop: async () => void (await server.stop()) };
  }
  const shared = { ...env, ...clusterEnv(dbUrl!) };
  const a = await startServerProcess({
    name: 'bench-cohort-a',
    env: { ...shared, DATA_DIR: fs.mkdtempSync(`${dataDir}-a`) },
  });
  const b = await startServerProcess({
    name: 'bench-cohort-b',
    env: { ...shared, DATA_DIR: fs.mkdtempSync(`${dataDir}-b`) },
  });
  const proxy = await startNginx({
    upstreams: [`127.0.0.1:${a.port}`, `127.0.0.1:${b.port}`],
    workerProcesses: 'auto',
  });
  return {
    url: proxy.url,
    pids: [a.pid, b.pid],
    stop: async () => {
      await proxy.stop();
      await Promise.all([a.stop(), b.stop()]);
    },
  };
}

/** Bare Node servers replaying one recorded answer per route, behind nginx for that setup. */
async function startBare(
  setup: SetupName,
  replies: Map<string, { status: number; body: string }>,
): Promise<Servers> {
  const count = setup === 'nginx2' ? 2 : 1;
  const servers: http.Server[] = [];
  const ports: number[] = [];
  for (let i = 0; i < count; i += 1) {
    const server = http.createServer((req, res) => {
      const reply = replies.get(routeKey(req.method ?? 'GET', req.url ?? '/'));
      req.resume();
      req.on('end', () => {
        if (!reply) res.writeHead(404).end();
        else {
          res
            .writeHead(reply.status, { 'content-type': 'application/json; charset=utf-8' })
            .end(reply.body);
        }
      });
    });
    // Every socket is welcome: the ceiling of keeping them open, not of checking them.
    new SocketServer(server, { path: realtimePath, serveClient: false });
    await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
    servers.push(server);
    ports.push((server.address() as { port: number }).port);
  }
  let proxy: Nginx | null = null;
  if (setup === 'nginx2') {
    proxy = await startNginx({
      upstreams: ports.map((p) => `127.0.0.1:${p}`),
      workerProcesses: 'auto',
    });
  }
  return {
    url: proxy?.url ?? `http://127.0.0.1:${ports[0]}`,
    pids: [process.pid],
    stop: async () => {
      await proxy?.stop();
      for (const s of servers) s.closeAllConnections();
      await Promise.all(servers.map((s) => new Promise((r) => s.close(r))));
    },
  };
}

interface SizeResult {
  setup: SetupName;
  size: number;
  connected: number;
  mix: Figures;
  mixCpu: number;
  exam: Figures;
  examCpu: number;
  ceiling: Figures | null;
  loads: string;
  stored: { once: number; right: number; wrong: string[] };
}

async function runSize(
  setup: SetupName,
  size: number,
  options: { seconds: number; think: number; refetch: boolean },
): Promise<SizeResult> {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), `ajar-bench-cohort-${setup}-`));
  const previousDataDir = process.env.DATA_DIR;
  // The demo seed stores its uploads through the configured storage: in this run's directory.
  process.env.DATA_DIR = dataDir;
  const { plan, dbUrl, drop } = await prepare(setup, size, dataDir);
  const rampSeconds = Math.min(60, Math.max(5, size / 25));
  const loads = [load1()];
  try {
    const servers = await startAjar(setup, dataDir, dbUrl);
    let mix: Figures;
    let exam: Figures;
    let mixCpu: number;
    let examCpu: number;
    let replies: Map<string, { status: number; body: string }>;
    let connected: number;
    try {
      const cohort = await drive(servers.url, plan, size, {
        ...options,
        keepReplies: true,
        rampSeconds,
      });
      connected = (await cohort.ready()).connected;
      loads.push(load1());
      let cpu = cpuOf(servers.pids);
      let started = performance.now();
      const mixed = await cohort.run({ type: 'mix', seconds: options.seconds });
      mix = figures(mixed.byCall, (performance.now() - started) / 1000);
      mixCpu = cpuOf(servers.pids) - cpu;
      replies = mixed.replies;
      loads.push(load1());
      cpu = cpuOf(servers.pids);
      started = performance.now();
      const examined = await cohort.run({ type: 'exam', startAt: Date.now() + 1000 });
      exam = figures(examined.byCall, (performance.now() - started) / 1000);
      examCpu = cpuOf(servers.pids) - cpu;
      loads.push(load1());
      await cohort.close();
    } finally {
      await servers.stop();
    }
    const stored = await checkAttempts(setup, plan, dataDir, dbUrl);

    // The ceiling: the same participants and mix against bare servers replaying the answers.
    let ceiling: Figures | null = null;
    const bare = await startBare(setup, replies);
    try {
      const cohort = await drive(bare.url, plan, size, {
        ...options,
        keepReplies: false,
        rampSeconds,
      });
      await cohort.ready();
      const started = performance.now();
      const mixed = await cohort.run({ type: 'mix', seconds: options.seconds });
      ceiling = figures(mixed.byCall, (performance.now() - started) / 1000);
      await cohort.close();
    } finally {
      await bare.stop();
    }
    loads.push(load1());
    return {
      setup,
      size,
      connected,
      mix,
      mixCpu,
      exam,
      examCpu,
      ceiling,
      loads: loads.join(' → '),
      stored,
    };
  } finally {
    await drop?.();
    if (previousDataDir === undefined) delete process.env.DATA_DIR;
    else process.env.DATA_DIR = previousDataDir;
    fs.rmSync(dataDir, { recursive: true, force: true });
  }
}

/** One submitted post-test attempt per participant, scored what its answers are worth. */
async function checkAttempts(setup: SetupName, plan: CohortPlan, dataDir: string, dbUrl?: string) {
  const database = await openDatabase(
    dbUrl
      ? { kind: 'postgres', url: dbUrl }
      : { kind: 'pglite', dataDir: path.join(dataDir, 'db') },
  );
  try {
    const found = await postTestAttempts(database.db, plan);
    const wrong: string[] = [];
    let once = 0;
    let right = 0;
    for (const row of found) {
      const n = Number(/^peserta(\d+)@/.exec(row.email)?.[1]);
      const expected = Math.round(((n % (plan.questions + 1)) / plan.questions) * 10000) / 100;
      if (row.attempts === 1 && row.submitted === 1) once += 1;
      else if (wrong.length < 3) wrong.push(`${row.email}: ${row.attempts} attempts`);
      if (row.score !== null && Math.abs(row.score - expected) < 0.01) right += 1;
      else if (wrong.length < 3) wrong.push(`${row.email}: ${row.score} ≠ ${expected}`);
    }
    void setup;
    return { once, right, wrong };
  } finally {
    await database.close();
  }
}

const ms = (n: number) =>
  Number.isFinite(n) ? (n >= 1000 ? `${(n / 1000).toFixed(1)} s` : `${n.toFixed(0)} ms`) : '–';
const q = (f: Figures, p: number) => ms(percentile(f.all, p));
const callQ = (f: Figures, names: string[], p: number) =>
  ms(
    percentile(
      names.flatMap((n) => f.byCall.get(n)?.latencies ?? []),
      p,
    ),
  );
const callErrors = (f: Figures, names: string[]) =>
  names.reduce((sum, n) => sum + (f.byCall.get(n)?.errors ?? 0), 0);

export async function cohortBench(lines: string[]) {
  const sizes = (process.env.BENCH_COHORT ?? '100,300,1000').split(',').map(Number);
  const bad = sizes.filter(
    (s) => ![100, 300, 1000, 2000, 5000].includes(s) && !(s > 0 && s <= 5000),
  );
  if (bad.length > 0) throw new Error(`BENCH_COHORT: sizes from 1 to 5000 (${bad.join(', ')})`);
  const setups = (process.env.BENCH_COHORT_SETUPS ?? 'pglite,postgres,nginx2').split(
    ',',
  ) as SetupName[];
  const seconds = Number(process.env.BENCH_COHORT_SECONDS ?? 120);
  const think = Number(process.env.BENCH_COHORT_THINK ?? 1);
  const refetch = process.env.BENCH_COHORT_REFETCH !== '0';
  const intro = machineLine();
  const results: SizeResult[] = [];
  const skipped: string[] = [];
  for (const setup of setups) {
    if (setup === 'nginx2' && !nginxBinary()) {
      skipped.push(`${setupLabels[setup]}: not measured, nginx is not installed`);
      continue;
    }
    for (const size of sizes) {
      try {
        results.push(await runSize(setup, size, { seconds, think, refetch }));
      } catch (error) {
        skipped.push(`${setupLabels[setup]}, ${size}: not measured: ${(error as Error).message}`);
      }
    }
  }
  lines.push(
    '## Cohort: a whole cohort learning at once',
    '',
    intro,
    '',
    ...(Math.max(...sizes) < 1000 || os.loadavg()[0]! > os.cpus().length
      ? [
          '**A validation run of the harness** (small cohort, or a machine busy with other work: ' +
            'see the load average), not the figures the goals are judged on.',
          '',
        ]
      : []),
    `The mix (apps/server/system/support/cohort-participant.ts), closed loop for ${seconds} s ` +
      `after every participant signed in (sign-ins ramped over size ÷ 25 s, 5–60 s), think times ×${think}, ` +
      `refetch on live events ${refetch ? 'on' : 'off'}: sign in once, a Socket.IO socket open ` +
      'throughout; program list; program detail before each visit; visits in turn: video (detail, ' +
      '`PUT video-progress` every 10 s for 60 s), practice quiz (detail, start, an answer every 5 s, ' +
      'submit), discussion (detail, thread, unread counts, a post every third visit), meeting ' +
      '(detail, one check-in), chat (room, messages, a line every second visit); 5–15 s between ' +
      'visits; `discussion.unread_changed` refetches the unread counts. Servers are the compiled ' +
      'build in production mode; the load comes from worker threads of the bench process on the ' +
      'same machine. CPU per request is the Ajar server processes’ user + system time over the ' +
      'window ÷ requests (PostgreSQL, Redis and nginx not counted). The ceiling is the same ' +
      'harness, participants and proxy against bare Node http servers replaying one recorded ' +
      'answer per route (the same sizes) and accepting every socket: when Ajar’s figures are ' +
      'close to it, the server kept up with the offered load. The longest statement on PGlite is ' +
      'not measured (the server logs no statement times).',
    '',
    '| setup | participants | sockets | req/s | p50 | p95 | p99 | errors | CPU ms/req | ceiling req/s | ceiling p95 | load avg (start → signed in → mix → spike → ceiling) |',
    '|---|---|---|---|---|---|---|---|---|---|---|---|',
  );
  for (const r of results) {
    const m = r.mix;
    const c = r.ceiling;
    lines.push(
      `| ${setupLabels[r.setup]} | ${r.size} | ${r.connected} | ${(m.requests / m.seconds).toFixed(1)} | ${q(m, 50)} | ${q(m, 95)} | ${q(m, 99)} | ${m.errors} | ${((r.mixCpu * 1000) / Math.max(1, m.requests)).toFixed(1)} | ${c ? (c.requests / c.seconds).toFixed(1) : '–'} | ${c ? q(c, 95) : '–'} | ${r.loads} |`,
    );
  }
  lines.push(
    '',
    '### The exam-start spike',
    '',
    'Every participant (signed in, socket open) starts the same timed post-test at a random moment ' +
      'of the same 5 s, answers its questions (about 45 s) and submits within the minute. Then the ' +
      'database: one attempt per participant, submitted, its score what its answers are worth ' +
      '(participant n answers n mod 11 of the 10 questions right).',
    '',
    '| setup | participants | start p50 | start p95 | start p99 | answer p95 | submit p95 | errors | CPU ms/req | stored once | right score | load avg (1 min) |',
    '|---|---|---|---|---|---|---|---|---|---|---|---|',
  );
  for (const r of results) {
    const e = r.exam;
    const start = ['exam: start'];
    lines.push(
      `| ${setupLabels[r.setup]} | ${r.size} | ${callQ(e, start, 50)} | ${callQ(e, start, 95)} | ${callQ(e, start, 99)} | ${callQ(e, ['exam: answer'], 95)} | ${callQ(e, ['exam: submit'], 95)} | ${e.errors} | ${((r.examCpu * 1000) / Math.max(1, e.requests)).toFixed(1)} | ${r.stored.once}/${r.size} | ${r.stored.right}/${r.size} | ${r.loads.split(' → ')[3] ?? '–'} |`,
    );
  }
  lines.push('', '### Per call (p95, errors)', '');
  const names = [...new Set(results.flatMap((r) => [...r.mix.byCall.keys()]))].sort();
  lines.push(
    `| call | ${results.map((r) => `${r.setup} ${r.size}`).join(' | ')} |`,
    `|---|${results.map(() => '---|').join('')}`,
  );
  for (const name of names) {
    lines.push(
      `| ${name} | ${results.map((r) => `${callQ(r.mix, [name], 95)}, ${callErrors(r.mix, [name])}`).join(' | ')} |`,
    );
  }
  lines.push('');
  for (const r of results) {
    for (const [name, s] of [...r.mix.byCall, ...r.exam.byCall]) {
      for (const sample of s.samples.slice(0, 1)) {
        lines.push(`- ${r.setup} ${r.size}, ${name}: ${sample.replace(/\s+/g, ' ')}`);
      }
    }
    for (const w of r.stored.wrong) lines.push(`- ${r.setup} ${r.size}, post-test: ${w}`);
  }
  for (const s of skipped) lines.push(`- ${s}`);
  lines.push(
    '',
    'Reproduce: `npm run bench -- cohort` (BENCH_COHORT=100,300,1000,2000,5000, ' +
      'BENCH_COHORT_SETUPS=pglite,postgres,nginx2, BENCH_COHORT_SECONDS, BENCH_COHORT_THINK, ' +
      'BENCH_COHORT_REFETCH=0, BENCH_PG_URL, TEST_REDIS_URL).',
    '',
  );
}
