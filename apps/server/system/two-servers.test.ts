import { randomBytes, randomUUID } from 'node:crypto';
import fs from 'node:fs';
import { setTimeout as sleep } from 'node:timers/promises';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loginThrottle } from '@ajar/shared/auth/auth.schemas';
import { migrationsFolder, openDatabase, type Database } from '../src/db/client';
import { defaultStudies } from '../src/db/reference-data';
import { assignTrainer, buildProgramWithTopics } from '../src/test/factories/activities';
import {
  collectEvents,
  connectSocket,
  nextEvent,
  type ChatSocket,
} from '../src/test/factories/chat';
import { multipartBody } from '../src/test/factories/media';
import { mp4Bytes } from '../src/test/factories/media-bytes';
import { buildVoucher } from '../src/test/factories/members';
import { authHeader, buildUser } from '../src/test/factories/users';
import { startS3Server, type S3TestServer } from '../src/test/s3-server';
import {
  assertRedisReachable,
  call,
  dataOf,
  errorLines,
  staffLogin,
  type Reply,
} from './support/http';
import {
  queueRows,
  seedCertificateProgram,
  startCertificateZip,
  unzipEntries,
  waitForJob,
} from './support/jobs';
import {
  clusterEnv,
  createPgDatabase,
  redisUrl,
  startServerProcess,
  systemAdmin,
  type PgDatabase,
  type ServerProcess,
} from './support/server-process';

/**
 * Two servers, one system: two real server processes (the compiled build) on one
 * PostgreSQL database, one Redis and one S3-compatible server behave as one system. One pair of
 * servers serves every case; they are started at the same instant on an empty database, so the
 * first case is the migrations' own.
 */
describe('two servers, one system', () => {
  let pgDb: PgDatabase;
  let s3: S3TestServer;
  let a: ServerProcess;
  let b: ServerProcess;
  /** The shared database, opened by the test itself to build records no route makes. */
  let database: Database;
  let adminToken: string;
  const sockets: ChatSocket[] = [];

  beforeAll(async () => {
    await assertRedisReachable(redisUrl);
    pgDb = await createPgDatabase();
    s3 = await startS3Server();
    // Several servers must share the VAPID pair (see the Web Push case): clusterEnv sets one.
    const env = { ...clusterEnv(pgDb.url), ...s3.env };
    // Both spawned before either is waited on: they reach their migrations together.
    const started = await Promise.allSettled([
      startServerProcess({ env, name: 'server-a' }),
      startServerProcess({ env, name: 'server-b' }),
    ]);
    const failed = started.find((r) => r.status === 'rejected');
    if (failed) {
      // Stop the one that did start, or it would outlive the test.
      for (const r of started) if (r.status === 'fulfilled') await r.value.kill();
      throw failed.reason;
    }
    [a, b] = started.map((r) => (r as PromiseFulfilledResult<ServerProcess>).value) as [
      ServerProcess,
      ServerProcess,
    ];
    database = await openDatabase({ kind: 'postgres', url: pgDb.url });
    adminToken = await staffLogin(a.url, systemAdmin);
  });

  afterAll(async () => {
    for (const socket of sockets) socket.close();
    await Promise.allSettled([a?.stop(), b?.stop()]);
    await database?.close();
    await s3?.close();
    await pgDb?.drop();
  });

  it('migrates once when both start at the same moment on an empty database', async () => {
    const journal = JSON.parse(
      fs.readFileSync(`${migrationsFolder}/meta/_journal.json`, 'utf8'),
    ) as { entries: unknown[] };
    const client = new pg.Client({ connectionString: pgDb.url });
    await client.connect();
    try {
      const { rows } = await client.query<{ hash: string; n: number }>(
        'select hash, count(*)::int as n from drizzle.__drizzle_migrations group by hash',
      );
      expect(rows).toHaveLength(journal.entries.length);
      expect(rows.every((row) => row.n === 1)).toBe(true);
      // The first superadmin (ADMIN_EMAIL on both servers) exists once.
      const admins = await client.query<{ n: number }>(
        "select count(*)::int as n from users where role = 'superadmin'",
      );
      expect(admins.rows[0]?.n).toBe(1);
      // And the default study fields once, not once per server.
      const studies = await client.query<{ n: number }>('select count(*)::int as n from studies');
      expect(studies.rows[0]?.n).toBe(defaultStudies.length);
    } finally {
      await client.end();
    }
    for (const server of [a, b]) {
      expect((await call(server.url, 'GET', '/api/health')).status).toBe(200);
      expect(errorLines(server.logs()), `${server.name}:\n${server.logs()}`).toEqual([]);
    }
  });

  it('takes a session made on one server on the other, and a logout on one ends it on both', async () => {
    const token = await staffLogin(a.url, systemAdmin);
    const me = await call(b.url, 'GET', '/api/admin/v1/me', { token });
    expect(me.status).toBe(200);
    expect(dataOf<{ email: string }>(me).email).toBe(systemAdmin.email);

    const out = await call(b.url, 'POST', '/api/trainer/v1/logout', { token });
    expect(out.status).toBe(200);
    for (const server of [a, b]) {
      const after = await call(server.url, 'GET', '/api/admin/v1/me', { token });
      expect(after.status, server.name).toBe(401);
    }
    // Another session of the same account is untouched.
    expect((await call(a.url, 'GET', '/api/admin/v1/me', { token: adminToken })).status).toBe(200);
  });

  it('shares the failed-login limit: wrong passwords on A, and B throttles the next attempt', async () => {
    const target = await buildUser(database.db, { role: 'trainer' });
    const wrong = { email: target.email, password: 'BukanSandinya1' };
    // The free failures of one account from one address (every call comes from 127.0.0.1).
    for (let i = 0; i < loginThrottle.pair.freeFailures; i += 1) {
      const reply = await call(a.url, 'POST', '/api/admin/v1/login', { json: wrong });
      // The legacy API answers a wrong password with 400 "Email atau password salah".
      expect([400, 401], `attempt ${i + 1}: ${reply.text}`).toContain(reply.status);
    }
    // B refuses the next attempt, even with the right password, without checking it.
    const right = { email: target.email, password: target.password };
    const throttled = await call(b.url, 'POST', '/api/admin/v1/login', { json: right });
    expect(throttled.status, throttled.text).toBe(429);
    const retryAfter = Number(throttled.headers.get('retry-after'));
    expect(retryAfter).toBeGreaterThanOrEqual(1);
    expect(retryAfter).toBeLessThanOrEqual(loginThrottle.pair.firstDelaySeconds);
    expect(throttled.json).toMatchObject({
      validation: { email: expect.stringMatching(/^Terlalu banyak percobaan login/) as unknown },
    });
    // And A, which counted the failures, agrees.
    expect((await call(a.url, 'POST', '/api/admin/v1/login', { json: right })).status).toBe(429);
  });

  it('serves a file uploaded through A from B, whole and by range', async () => {
    // A video of ~1 MiB of random bytes behind a real MP4 header.
    const video = Buffer.concat([mp4Bytes(2048), randomBytes(1024 * 1024)]);
    const form = multipartBody([
      { name: 'source', value: 'upload' },
      { name: 'title', value: 'Video dua server' },
      { name: 'file', filename: 'kelas.mp4', contentType: 'video/mp4', data: video },
    ]);
    const uploaded = await call(a.url, 'POST', '/api/storage/v1/media/company/upload', {
      token: adminToken,
      body: form.payload,
      headers: form.headers,
    });
    expect(uploaded.status, uploaded.text).toBe(200);
    const { url: address, size } = dataOf<{ url: string; size: number }>(uploaded);
    // Absolute under A's PUBLIC_URL: B serves the same path.
    const url = new URL(address, a.url).pathname;
    expect(size).toBe(video.length);
    // Nothing of it on either server's own disk: the bytes live in S3.
    for (const server of [a, b]) expect(fs.readdirSync(server.dataDir)).not.toContain('media');

    const whole = await call(b.url, 'GET', url);
    expect(whole.status).toBe(200);
    expect(whole.bytes.equals(video)).toBe(true);

    const part = await call(b.url, 'GET', url, { headers: { range: 'bytes=100000-100099' } });
    expect(part.status).toBe(206);
    expect(part.headers.get('content-range')).toBe(`bytes 100000-100099/${video.length}`);
    expect(part.bytes.equals(video.subarray(100000, 100100))).toBe(true);

    const tail = await call(b.url, 'GET', url, { headers: { range: 'bytes=-16' } });
    expect(tail.status).toBe(206);
    expect(tail.bytes.equals(video.subarray(video.length - 16))).toBe(true);
  });

  it('delivers a realtime event emitted on one server to sockets on the other', async () => {
    const { program } = await buildProgramWithTopics(database.db, { topics: 1 });
    const trainer = await buildUser(database.db, { role: 'trainer', fullname: 'Trainer Dua' });
    await assignTrainer(database.db, program.id, trainer.id);
    const trainerToken = (await authHeader(database.db, trainer)).authorization.slice(7);
    const voucher = await buildVoucher(database.db, program.id);

    // The member registers on B and redeems on A: their session and records are shared.
    const registered = await call(b.url, 'POST', '/api/member/v1/register', {
      json: {
        fullname: 'Peserta Dua Server',
        email: `peserta-${randomUUID().slice(0, 8)}@contoh.id`,
        phone: `62813${String(Date.now()).slice(-8)}`,
        password: 'Rahasia123',
        consent: true,
      },
    });
    expect(registered.status, registered.text).toBe(200);
    const memberToken = dataOf<{ token: string }>(registered).token;
    const redeemed = await call(a.url, 'POST', '/api/member/v1/redeem', {
      token: memberToken,
      json: { license: voucher.code, pmo_code: `PMO${randomUUID().slice(0, 8).toUpperCase()}` },
    });
    expect(redeemed.status, redeemed.text).toBe(200);

    const trainerOnB = await connectSocket(b.url, trainerToken);
    const adminOnB = await connectSocket(b.url, adminToken);
    const memberOnA = await connectSocket(a.url, memberToken);
    sockets.push(trainerOnB, adminOnB, memberOnA);

    const room = await call(a.url, 'POST', '/api/member/v1/chat/get-room-id', {
      token: memberToken,
      json: { program_id: program.id },
    });
    const roomId = dataOf<{ room_id: string }>(room).room_id;

    // Member → trainer: emitted by A, received by the trainer's and the admin's sockets on B.
    const toTrainer = nextEvent(trainerOnB, 'chat.message', (m) => m.room_id === roomId);
    const toAdmin = nextEvent(adminOnB, 'chat.message', (m) => m.room_id === roomId);
    const unread = nextEvent(trainerOnB, 'chat.unread');
    const sent = await call(a.url, 'POST', `/api/member/v1/chat/room/${roomId}/send-message`, {
      token: memberToken,
      json: { message: 'Lewat server A' },
    });
    expect(sent.status, sent.text).toBe(200);
    expect(await toTrainer).toMatchObject({ message: 'Lewat server A' });
    expect(await toAdmin).toMatchObject({ message: 'Lewat server A' });
    expect((await unread).total_unread).toBe(1);

    // Trainer → member: emitted by B, received on A.
    const toMember = nextEvent(memberOnA, 'chat.message', (m) => m.room_id === roomId);
    const reply: Reply = await call(
      b.url,
      'POST',
      `/api/discussion/v1/discussion-private/room/${roomId}/send-message`,
      { token: trainerToken, json: { message: 'Balasan lewat server B' } },
    );
    expect(reply.status, reply.text).toBe(200);
    expect(await toMember).toMatchObject({ message: 'Balasan lewat server B' });
  });

  it('links an export made on A to a download that B serves', async () => {
    const { program } = await buildProgramWithTopics(database.db, { topics: 1 });
    const voucher = await buildVoucher(database.db, program.id);
    const exported = await call(
      a.url,
      'GET',
      `/api/program/v1/company/voucher/${program.id}/export`,
      { token: adminToken },
    );
    expect(exported.status, exported.text).toBe(200);
    const link = new URL(dataOf<{ public_url: string }>(exported).public_url, a.url);
    // Served by B (or redirected by B to a presigned S3 link, which fetch follows).
    const file = await call(b.url, 'GET', link.pathname);
    expect(file.status, file.text).toBe(200);
    expect(file.bytes.subarray(0, 2).toString('latin1')).toBe('PK'); // an .xlsx is a zip
    expect(file.bytes.includes(Buffer.from(voucher.code))).toBe(false); // compressed, not plain
    expect(file.bytes.length).toBeGreaterThan(1000);
  });

  // Without VAPID_* each server generates its own pair in its DATA_DIR: a browser subscribed
  // through one server could not be pushed to by the other (reported to the lead).
  it('gives browsers the same Web Push key on both servers', async () => {
    const keys = await Promise.all(
      [a, b].map(async (server) => {
        const reply = await call(server.url, 'GET', '/api/push/v1/public-key', {
          token: adminToken,
        });
        expect(reply.status, reply.text).toBe(200);
        return JSON.stringify(dataOf<unknown>(reply));
      }),
    );
    expect(keys[0]).toBe(keys[1]);
  });

  // Both servers run the zip worker on the shared pg-boss queue; one of them claims it.
  it('runs a job started on A once, on either server', async () => {
    const { program, entries } = await seedCertificateProgram(database.db, 12, 'dua');
    // The owner's sockets on both servers hear every change of the job (through Redis) once.
    const onA = await connectSocket(a.url, adminToken);
    const onB = await connectSocket(b.url, adminToken);
    sockets.push(onA, onB);
    const heard = [collectEvents(onA, 'job.progress'), collectEvents(onB, 'job.progress')];

    const jobId = await startCertificateZip(a.url, adminToken, program.id);
    const done = await waitForJob(b.url, adminToken, jobId, (job) => job.status === 'done', 30_000);
    // The last events may still be on their way through Redis.
    const deadline = Date.now() + 5000;
    while (
      !heard.every((events) => events.some((job) => job.id === jobId && job.status === 'done'))
    ) {
      if (Date.now() > deadline) break;
      await sleep(20);
    }

    // pg-boss ran it in one attempt, which completed.
    expect(await queueRows(pgDb.url, jobId)).toEqual([{ state: 'completed', retry_count: 0 }]);
    // The handler started once: one 'running' at 0 % (each run announces one), one 'done'.
    for (const events of heard) {
      const own = events.filter((job) => job.id === jobId);
      expect(own.filter((job) => job.status === 'running' && job.progress === 0)).toHaveLength(1);
      expect(own.filter((job) => job.status === 'done')).toHaveLength(1);
      const progress = own.map((job) => job.progress);
      expect(progress).toEqual([...progress].sort((x, y) => x - y));
    }
    // One file written to the shared storage: one upload of the job's key.
    const uploads = s3.requests.filter(
      (r) =>
        r.path.startsWith(`/${s3.bucket}/jobs/${jobId}/`) &&
        ((r.method === 'PUT' && !r.query.includes('partNumber')) ||
          (r.method === 'POST' && r.query.includes('uploads'))),
    );
    expect(uploads).toHaveLength(1);

    const link = new URL(done.public_url!, a.url);
    const file = await call(a.url, 'GET', link.pathname + link.search);
    expect(file.status, file.text.slice(0, 300)).toBe(200);
    expect([...unzipEntries(file.bytes).names].sort()).toEqual(entries);
  });

  it('logged no error on either server through all of it', () => {
    for (const server of [a, b]) {
      expect(errorLines(server.logs()), `${server.name}:\n${server.logs()}`).toEqual([]);
    }
  });
});
