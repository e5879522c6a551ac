import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { setTimeout as sleep } from 'node:timers/promises';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  call,
  createProgram,
  dataOf,
  firstStudy,
  login,
  note,
  sha256,
  startWorkload,
  type Answer,
} from './support/fault-workload';
import {
  createPgDatabase,
  startServerProcess,
  testDatabaseUrl,
  type PgDatabase,
  type ServerProcess,
} from './support/server-process';
import { startTcpProxy, type TcpProxy } from './support/tcp-proxy';

/**
 * Faults and load: a crash (SIGKILL) in the middle of writes and uploads, PostgreSQL
 * taken away under a running server (a TCP proxy cut, `pg_terminate_backend`), Redis taken away
 * under two servers. The machine's own PostgreSQL and Redis are never restarted: other tests use
 * them at the same time, so the outages are made in a proxy between one server and the service.
 */

const cleanups: (() => Promise<unknown>)[] = [];
afterAll(async () => {
  for (const cleanup of cleanups.reverse()) await cleanup().catch(() => undefined);
});

/** True while the process runs; a crash during an outage fails the test that follows. */
function watchAlive(server: ServerProcess): () => boolean {
  let alive = true;
  void server.waitExit().then(() => (alive = false));
  return () => alive;
}

/** A call that got no HTTP answer at all (the connection broke: the server crashed?). */
const noAnswer = (error: unknown): Answer => ({
  status: 0,
  headers: new Headers(),
  text: `no answer: ${String(error)} ${String((error as Error).cause)}`,
  json: undefined,
});

/** A failure during an outage is the envelope with a status, never SQL, a stack or a driver code. */
function expectCleanFailure(answer: Answer, logs: () => string) {
  expect([503], `${answer.status} ${answer.text}\n${logs()}`).toContain(answer.status);
  expect(answer.json).toEqual({ status: answer.status, message: expect.any(String) });
  expect(answer.text).not.toMatch(
    /select|insert|update |from "|\bat .*\.(js|ts)|ECONN|57P0|terminat|postgres/i,
  );
  expect(answer.headers.get('retry-after')).toMatch(/^\d+$/);
}

describe.each(['pglite', 'postgres'] as const)('kill -9 during writes and uploads (%s)', (kind) => {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), `ajar-crash-${kind}-`));
  let database: PgDatabase | undefined;
  let env: Record<string, string>;

  beforeAll(async () => {
    cleanups.push(async () => fs.rmSync(dataDir, { recursive: true, force: true }));
    env = { DATA_DIR: dataDir };
    if (kind === 'postgres') {
      database = await createPgDatabase('ajar_crash');
      cleanups.push(() => database!.drop());
      env.DATABASE_URL = database.url;
    }
  });

  it('keeps every write answered 2xx, serves only whole files, and opens again', async () => {
    const first = await startServerProcess({ env, name: `crash-${kind}` });
    cleanups.push(() => first.kill());
    const token = await login(first.url);
    const study = await firstStudy(first.url, token);
    const holder = await createProgram(first.url, token, study, 'Program wadah topik');
    expect(holder.status, holder.text).toBe(200);
    const programId = dataOf<{ id: string }>(holder).id;

    const workload = startWorkload(first.url, token, { study, programId });
    // Crash once enough is acknowledged and an upload is half-way through its body.
    const deadline = Date.now() + 60_000;
    const { acknowledged } = workload;
    while (
      acknowledged.programs.length + acknowledged.topics.length < 30 ||
      acknowledged.uploads.length < 3 ||
      !workload.inFlightUploads().some((sent) => sent > 512 * 1024)
    ) {
      if (Date.now() > deadline) throw new Error(`workload too slow:\n${first.logs()}`);
      await sleep(5);
    }
    await first.kill();
    await workload.stop();

    // Temp files the killed uploads left behind (timing decides how many).
    const tempDir = path.join(dataDir, 'media', '.tmp');
    const leftovers = fs.existsSync(tempDir) ? fs.readdirSync(tempDir) : [];

    const second = await startServerProcess({ env, name: `crash-${kind}-again` });
    cleanups.push(() => second.stop());
    // The session was a committed write too.
    expect((await call(second.url, 'GET', '/api/admin/v1/me', { token })).status).toBe(200);

    for (const program of acknowledged.programs) {
      const answer = await call(second.url, 'GET', `/api/program/v1/company/detail/${program.id}`, {
        token,
      });
      expect(answer.status, answer.text).toBe(200);
      expect(dataOf<{ title: string }>(answer).title).toBe(program.title);
    }
    for (const topic of acknowledged.topics) {
      const answer = await call(second.url, 'GET', `/api/topic/v1/detail/${topic.id}`, { token });
      expect(answer.status, answer.text).toBe(200);
      expect(dataOf<{ name: string }>(answer).name).toBe(topic.name);
    }

    // Every media row the database lists is served whole: its size, and bytes that were sent.
    const list = await call(second.url, 'GET', '/api/storage/v1/media/company/list?limit=-1', {
      token,
    });
    const items = dataOf<{ list: { id: string; url: string; size: number }[] }>(list).list;
    const served = new Map<string, string>();
    for (const item of items) {
      expect(item.url).not.toContain('.tmp');
      const res = await fetch(new URL(item.url, second.url));
      expect(res.status, item.url).toBe(200);
      const bytes = Buffer.from(await res.arrayBuffer());
      expect(bytes.length).toBe(item.size);
      const hash = sha256(bytes);
      expect(acknowledged.sentHashes.has(hash), `${item.url} is not a file that was sent`).toBe(
        true,
      );
      served.set(item.id, hash);
    }
    for (const upload of acknowledged.uploads) {
      expect(served.get(upload.id), `acknowledged upload ${upload.id}`).toBe(upload.hash);
    }
    // Files on disk outside the temp folder are whole too (a rename, never a partial write), so
    // not even a guessed /media URL of a file without a row serves a half-written one.
    const mediaRoot = path.join(dataDir, 'media');
    for (const file of fs.readdirSync(mediaRoot, { recursive: true, encoding: 'utf8' })) {
      const full = path.join(mediaRoot, file);
      if (file.startsWith('.tmp') || !fs.statSync(full).isFile()) continue;
      expect(acknowledged.sentHashes.has(sha256(fs.readFileSync(full))), file).toBe(true);
    }
    for (const name of leftovers) {
      const res = await fetch(`${second.url}/media/.tmp/${name}`);
      expect(res.status, name).toBe(404);
    }

    // And the database takes new writes.
    const after = await createProgram(second.url, token, study, 'Program setelah crash');
    expect(after.status, after.text).toBe(200);
    note(
      `${kind}: ${acknowledged.programs.length} programs, ${acknowledged.topics.length} ` +
        `topics, ${acknowledged.uploads.length} uploads acknowledged before the kill; ` +
        `${items.length} media rows after; ${leftovers.length} temp files left`,
    );
    await second.stop();
  });
});

describe('PostgreSQL away under the server', () => {
  let proxy: TcpProxy;
  let database: PgDatabase;
  let server: ServerProcess;
  let alive: () => boolean;
  let token: string;
  let study: { id: string; title: string };

  beforeAll(async () => {
    const target = new URL(testDatabaseUrl());
    proxy = await startTcpProxy({ host: target.hostname, port: Number(target.port || 5432) });
    cleanups.push(() => proxy.close());
    database = await createPgDatabase('ajar_outage');
    cleanups.push(() => database.drop());
    server = await startServerProcess({
      env: { DATABASE_URL: proxy.urlFor(database.url) },
      name: 'pg-outage',
    });
    cleanups.push(() => server.kill());
    alive = watchAlive(server);
    token = await login(server.url);
    study = await firstStudy(server.url, token);
  });

  /** The calls the test repeats: a read, a session check and a write (status 0: no answer). */
  const probe = (n: number) =>
    Promise.all(
      [
        call(server.url, 'GET', '/api/program/v1/company/list?page=1&limit=10', { token }),
        call(server.url, 'GET', '/api/admin/v1/me', { token }),
        createProgram(server.url, token, study, `Program uji ${n}`),
      ].map((answer) => answer.catch(noAnswer)),
    );

  async function waitUntilWorking(ms: number) {
    const deadline = Date.now() + ms;
    for (let n = 0; ; n += 1) {
      const answers = await probe(n);
      if (answers.every((a) => a.status === 200)) return Date.now() - (deadline - ms);
      for (const answer of answers) expectCleanFailure(answer, server.logs);
      if (Date.now() > deadline) throw new Error(`still failing:\n${server.logs()}`);
      await sleep(100);
    }
  }

  it('answers 503 during an outage, stays up, and works again after it', async () => {
    for (const answer of await probe(0)) expect(answer.status, answer.text).toBe(200);

    await proxy.cut();
    const outageEnds = Date.now() + 3_000;
    let failures = 0;
    for (let n = 1; Date.now() < outageEnds; n += 1) {
      for (const answer of await probe(n)) {
        expectCleanFailure(answer, server.logs);
        failures += 1;
      }
      await sleep(50);
    }
    expect(failures).toBeGreaterThan(10);
    expect(alive(), server.logs()).toBe(true);

    await proxy.restore();
    const recoveredInMs = await waitUntilWorking(10_000);
    for (let n = 0; n < 5; n += 1) {
      for (const answer of await probe(100 + n)) expect(answer.status, answer.text).toBe(200);
    }
    note(`PostgreSQL outage: working again ${recoveredInMs} ms after it ended`);
  });

  it('survives pg_terminate_backend of its connections, idle or busy, without a restart', async () => {
    const admin = new pg.Client({ connectionString: database.url });
    await admin.connect();
    cleanups.push(() => admin.end());
    const terminate = async () => {
      const result = await admin.query<{ n: number }>(
        `select count(pg_terminate_backend(pid))::int as n from pg_stat_activity
          where datname = current_database() and pid <> pg_backend_pid()`,
      );
      return result.rows[0]?.n ?? 0;
    };

    // Idle: the pool holds connections between requests; each dies with an 'error' event.
    await Promise.all(Array.from({ length: 8 }, (_, n) => probe(200 + n)));
    expect(await terminate()).toBeGreaterThan(0);
    await sleep(300);
    expect(alive(), server.logs()).toBe(true);
    await waitUntilWorking(5_000);

    // Busy: connections are cut while requests run on them.
    let running = true;
    const answers: Answer[] = [];
    const loops = Array.from({ length: 6 }, async (_, loop) => {
      for (let n = 0; running; n += 1) answers.push(...(await probe(300 + loop * 1000 + n)));
    });
    await sleep(500);
    expect(await terminate()).toBeGreaterThan(0);
    await sleep(500);
    running = false;
    await Promise.all(loops);
    for (const answer of answers) {
      if (answer.status !== 200) expectCleanFailure(answer, server.logs);
    }
    expect(alive(), server.logs()).toBe(true);
    await waitUntilWorking(5_000);
    const failed = answers.filter((a) => a.status !== 200).length;
    note(`pg_terminate_backend under load: ${failed} of ${answers.length} failed`);
  });
});

describe('Redis away under two servers', () => {
  it('each server keeps working alone and rejoins when Redis is back', async () => {
    // Loaded here: it builds records through an in-process app, which the other cases do not need.
    const { startRedisFaultScenario } = await import('./support/redis-fault');
    const scenario = await startRedisFaultScenario();
    cleanups.push(() => scenario.close());
    await scenario.run();
  });
});
