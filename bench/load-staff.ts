// Faults and load: 200 concurrent staff sessions (admins and trainers, each with its own
// session token) walking the main screens' calls, against the real server process (the compiled
// build when there is one) on PostgreSQL and on PGlite, one after the other on the same data set.
import fs from 'node:fs';
import http from 'node:http';
import os from 'node:os';
import path from 'node:path';
import { randomBytes } from 'node:crypto';
import { sql } from 'drizzle-orm';
import { openDatabase, type Db } from '../apps/server/src/db/client';
import { ensureReferenceData } from '../apps/server/src/db/reference-data';
import { seedIfEmpty } from '../apps/server/src/seed/seed';
import { hashPassword, newToken } from '../apps/server/src/lib/tokens';
import { startServerProcess } from '../apps/server/system/support/server-process';
import { createBenchPgDatabase, machineLine, percentile, rows } from './bench-db';
import { seedLargeCatalogue } from './large-catalogue';

/** One staff session of the run: its token and the programs its screens open. */
interface StaffSession {
  role: 'admin' | 'trainer';
  token: string;
  programIds: string[];
}

interface Call {
  name: string;
  path: string;
}

interface CallStats {
  latencies: number[];
  errors: number;
  /** The first few failures, to say what went wrong. */
  samples: string[];
}

interface RunResult {
  kind: 'postgres' | 'pglite';
  seconds: number;
  requests: number;
  errors: number;
  byCall: Map<string, CallStats>;
  seedSeconds: number;
}

/** The screens a staff user goes through, in order, as the web app calls them (features/{x}/api). */
function walk(session: StaffSession, step: number): Call[] {
  const programId = session.programIds[step % session.programIds.length]!;
  const list = 'page=1&limit=10';
  const calls: Call[] = [
    { name: 'me (every screen)', path: '/api/admin/v1/me' },
    { name: 'dashboard summary', path: '/api/dashboard/v1/summary' },
    {
      name: 'bell: unread count',
      path: '/api/notification/v1/trainer/list?reads=0&limit=1&page=1&sort_by=created_at&dir=desc',
    },
    {
      name: 'mail icon: chat unread',
      path: '/api/discussion/v1/discussion-private/get-total-unread',
    },
    {
      name: 'program list',
      path: `/api/program/v1/company/list?${list}&status=publish&sort=created_at&sort_type=desc`,
    },
    { name: 'program detail', path: `/api/program/v1/company/detail/${programId}` },
    {
      name: 'topics with activities',
      path: `/api/topic/v1/list?program_id=${programId}&sort=seq&sort_type=asc&limit=-1&with_activities=1`,
    },
    {
      name: 'participants list',
      path: `/api/program/v1/trainer/member-redeem/list/${programId}?${list}&sort=created_at&dir=desc`,
    },
    {
      name: 'kelola-nilai list',
      path: `/api/program/v1/company/list?${list}&sort=created_at&sort_type=desc`,
    },
    {
      name: 'discussions list',
      path: `/api/discussion/v1/list-program?${list}&sort=created_at&sort_type=desc`,
    },
    {
      name: 'private chat rooms',
      path: `/api/discussion/v1/discussion-private/list?${list}&sort_by=updated_at&sort_type=desc`,
    },
  ];
  // Sending notifications is an admin screen (notification.send).
  if (session.role === 'admin') {
    calls.push({ name: 'sent notifications', path: `/api/notification/v1/list?${list}` });
  }
  return calls;
}

/**
 * `admins` + `trainers` staff users with one session each (inserted straight into the tables: one
 * password hash for all, since hashing 200 passwords at the production cost would take minutes).
 * Each trainer is a facilitator of `perTrainer` programs; admins open programs across the catalogue.
 */
async function buildStaff(db: Db, admins: number, trainers: number, perTrainer = 5) {
  const hash = await hashPassword(randomBytes(12).toString('base64url'));
  for (const [role, count] of [
    ['admin', admins],
    ['trainer', trainers],
  ] as const) {
    await db.execute(sql`insert into users (email, fullname, role, phone, password_hash)
      select 'bench-' || ${role} || '-' || g || '@ajar.test', 'Staf Bench ' || g, ${role},
             '6281300' || lpad(g::text, 5, '0'), ${hash}
      from generate_series(1, ${count}) g`);
  }
  // Published programs that have participants, newest first: what the screens open.
  const programIds = rows<{ id: string }>(
    await db.execute(sql`select p.id from programs p
      where p.status = 'publish' and exists (select 1 from member_redeems r where r.program_id = p.id)
      order by p.created_at desc, p.id limit 1000`),
  ).map((r) => r.id);
  if (programIds.length === 0) throw new Error('no published program with participants');
  const staff = rows<{ id: string; role: 'admin' | 'trainer' }>(
    await db.execute(
      sql`select id, role from users where email like 'bench-%@ajar.test' order by role, email`,
    ),
  );
  const sessions: StaffSession[] = [];
  let trainerIndex = 0;
  for (const user of staff) {
    const { token, hash: tokenHash } = newToken();
    await db.execute(sql`insert into sessions (user_id, token_hash, expires_at)
      values (${user.id}, ${tokenHash}, now() + interval '1 day')`);
    if (user.role === 'trainer') {
      const mine = Array.from(
        { length: perTrainer },
        (_, k) => programIds[(trainerIndex * perTrainer + k) % programIds.length]!,
      );
      trainerIndex += 1;
      for (const programId of mine) {
        await db.execute(sql`insert into program_facilitators (program_id, name, user_id)
          values (${programId}, 'Fasilitator Bench', ${user.id})`);
      }
      sessions.push({ role: 'trainer', token, programIds: mine });
    } else {
      const start = sessions.length * 7;
      const picks = Array.from(
        { length: 5 },
        (_, k) => programIds[(start + k) % programIds.length]!,
      );
      sessions.push({ role: 'admin', token, programIds: picks });
    }
  }
  return sessions;
}

/** The demo seed, the large catalogue and the staff, on a database that is then closed. */
async function prepare(
  options: { kind: 'pglite'; dataDir: string } | { kind: 'postgres'; url: string },
  staff: { admins: number; trainers: number; programs: number },
) {
  const started = performance.now();
  const database = await openDatabase(
    options.kind === 'pglite'
      ? { kind: 'pglite', dataDir: path.join(options.dataDir, 'db') }
      : { kind: 'postgres', url: options.url },
  );
  try {
    await database.migrate();
    await ensureReferenceData(database.db);
    await seedIfEmpty(database.db, () => {});
    await seedLargeCatalogue(database.db, staff.programs);
    const sessions = await buildStaff(database.db, staff.admins, staff.trainers);
    await database.db.execute(sql`analyze`);
    return { sessions, seedSeconds: (performance.now() - started) / 1000 };
  } finally {
    await database.close();
  }
}

/**
 * Closed loop: every session sends its next call as soon as the previous one answered, for
 * `seconds`; each starts at another point of its walk so the calls are mixed from the start.
 */
async function drive(baseUrl: string, sessions: StaffSession[], seconds: number) {
  const url = new URL(baseUrl);
  if (url.hostname !== '127.0.0.1') throw new Error('bench load only targets loopback addresses');
  const agent = new http.Agent({ keepAlive: true, maxSockets: sessions.length });
  const byCall = new Map<string, CallStats>();
  const stats = (name: string) => {
    let s = byCall.get(name);
    if (!s) byCall.set(name, (s = { latencies: [], errors: 0, samples: [] }));
    return s;
  };
  const one = (call: Call, token: string) =>
    new Promise<void>((resolve) => {
      const started = performance.now();
      const s = stats(call.name);
      const fail = (why: string) => {
        s.errors += 1;
        if (s.samples.length < 3) s.samples.push(why);
      };
      const req = http.request(
        new URL(call.path, url),
        { agent, headers: { authorization: `Bearer ${token}` } },
        (res) => {
          const chunks: Buffer[] = [];
          res.on('data', (c: Buffer) => chunks.push(c));
          res.on('end', () => {
            s.latencies.push(performance.now() - started);
            if (res.statusCode !== 200) {
              fail(`${res.statusCode} ${Buffer.concat(chunks).toString().slice(0, 200)}`);
            }
            resolve();
          });
        },
      );
      req.on('error', (err) => {
        fail(err.message);
        resolve();
      });
      req.end();
    });
  const end = performance.now() + seconds * 1000;
  const started = performance.now();
  await Promise.all(
    sessions.map(async (session, n) => {
      for (let step = n; performance.now() < end; step += 1) {
        // Another of the session's programs every 16 calls.
        const calls = walk(session, Math.floor(step / 16));
        await one(calls[step % calls.length]!, session.token);
      }
    }),
  );
  const elapsed = (performance.now() - started) / 1000;
  agent.destroy();
  return { byCall, elapsed };
}

async function runOn(
  kind: 'postgres' | 'pglite',
  staff: { admins: number; trainers: number; programs: number },
  seconds: number,
): Promise<RunResult> {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), `ajar-bench-staff-${kind}-`));
  const previousDataDir = process.env.DATA_DIR;
  // The demo seed stores its uploads through the configured storage: keep them in this run's dir.
  process.env.DATA_DIR = dataDir;
  const created = kind === 'postgres' ? await createBenchPgDatabase('ajar_bench_staff') : null;
  const dbUrl = created?.url;
  try {
    const { sessions, seedSeconds } = await prepare(
      dbUrl ? { kind: 'postgres', url: dbUrl } : { kind: 'pglite', dataDir },
      staff,
    );
    const server = await startServerProcess({
      name: `bench-staff-${kind}`,
      env: { DATA_DIR: dataDir, ...(dbUrl ? { DATABASE_URL: dbUrl } : {}) },
    });
    try {
      await drive(server.url, sessions, Math.min(2, seconds)); // warm-up, not counted
      const { byCall, elapsed } = await drive(server.url, sessions, seconds);
      let requests = 0;
      let errors = 0;
      for (const s of byCall.values()) {
        requests += s.latencies.length;
        errors += s.errors;
      }
      return { kind, seconds: elapsed, requests, errors, byCall, seedSeconds };
    } finally {
      await server.stop();
    }
  } finally {
    if (previousDataDir === undefined) delete process.env.DATA_DIR;
    else process.env.DATA_DIR = previousDataDir;
    fs.rmSync(dataDir, { recursive: true, force: true });
    await created?.drop();
  }
}

const ms = (n: number) => (Number.isFinite(n) ? n.toFixed(1) : '–');

export async function loadStaffBench(lines: string[]) {
  const seconds = Number(process.env.BENCH_STAFF_SECONDS ?? process.env.BENCH_SECONDS ?? 10);
  const total = Number(process.env.BENCH_STAFF_SESSIONS ?? 200);
  const admins = Math.round(total / 4);
  const staff = {
    admins,
    trainers: total - admins,
    programs: Number(process.env.BENCH_STAFF_PROGRAMS ?? 2000),
  };
  const intro = machineLine();
  const results: RunResult[] = [];
  for (const kind of ['postgres', 'pglite'] as const) {
    try {
      results.push(await runOn(kind, staff, seconds));
    } catch (error) {
      lines.push(`${kind} not measured: ${(error as Error).message}`, '');
    }
  }
  const names = [...new Set(results.flatMap((r) => [...r.byCall.keys()]))];
  lines.push(
    `## Load: ${total} concurrent staff sessions over the main screens' calls`,
    '',
    intro,
    '',
    `${staff.admins} admins and ${staff.trainers} trainers, each with its own session token ` +
      '(trainers are facilitators of 5 programs each and see only those), on the demo seed plus ' +
      `the large catalogue (${staff.programs} programs × 20 topics × 10 activities, 60,000 ` +
      'redemptions). Each session walks the calls the screens make (features/*/api), one request ' +
      `at a time (closed loop, keep-alive), for ${seconds} s after a 2 s warm-up, against one ` +
      'server process (the compiled build in production mode, default pool of 10 PostgreSQL ' +
      'connections; PGlite is one connection in the server process). The load runs in the bench ' +
      'process on the same machine. Latency is per request, from send to the last byte.',
    '',
    `| call | ${results.map((r) => `${r.kind} p50 ms | p99 ms | requests | errors`).join(' | ')} |`,
    `|---|${results.map(() => '---|---|---|---|').join('')}`,
  );
  for (const name of names) {
    const cells = results.map((r) => {
      const s = r.byCall.get(name);
      if (!s) return '– | – | – | –';
      return `${ms(percentile(s.latencies, 50))} | ${ms(percentile(s.latencies, 99))} | ${s.latencies.length} | ${s.errors}`;
    });
    lines.push(`| ${name} | ${cells.join(' | ')} |`);
  }
  lines.push('');
  for (const r of results) {
    const all = [...r.byCall.values()].flatMap((s) => s.latencies);
    lines.push(
      `- ${r.kind}: ${r.requests} requests in ${r.seconds.toFixed(1)} s ` +
        `(${(r.requests / r.seconds).toFixed(0)} req/s), **${r.errors} errors**, all calls p50 ` +
        `${ms(percentile(all, 50))} ms, p99 ${ms(percentile(all, 99))} ms; data set built in ` +
        `${r.seedSeconds.toFixed(1)} s.`,
    );
    for (const [name, s] of r.byCall) {
      for (const sample of s.samples) lines.push(`  - ${name}: ${sample}`);
    }
  }
  lines.push(
    '',
    'Reading: every session waits for its answer before the next call, so the server is saturated ' +
      'and latency is sessions ÷ throughput (200 sessions at 242 req/s ≈ 0.8 s): the figures to ' +
      'compare are requests per second and errors.',
    '',
    'Reproduce: `npm run bench -- staff` (BENCH_STAFF_SESSIONS, BENCH_STAFF_SECONDS, ' +
      'BENCH_STAFF_PROGRAMS, BENCH_PG_URL).',
    '',
  );
}
