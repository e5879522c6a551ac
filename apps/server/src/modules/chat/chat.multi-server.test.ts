import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { randomUUID } from 'node:crypto';
import type { FastifyInstance } from 'fastify';
import pg from 'pg';
import { createClient } from 'redis';
import { afterAll, describe, expect, it } from 'vitest';
import { buildApp } from '../../app';
import { loadConfig } from '../../config';
import { openDatabase } from '../../db/client';
import { buildChatProgram, connectSocket, nextEvent, tokenOf } from '../../test/factories/chat';
import { pgTemplateDb } from '../../test/global-setup';

const redisUrl = process.env.REDIS_URL ?? 'redis://127.0.0.1:6379';

async function redisReachable(): Promise<boolean> {
  const client = createClient({
    url: redisUrl,
    socket: { connectTimeout: 1000, reconnectStrategy: false },
  });
  client.on('error', () => undefined);
  try {
    await client.connect();
    await client.ping();
    await client.quit();
    return true;
  } catch {
    return false;
  }
}

const cleanups: (() => Promise<unknown>)[] = [];
afterAll(async () => {
  for (const cleanup of cleanups.reverse()) await cleanup().catch(() => undefined);
});

/** One server of the pair: its own Socket.IO server and Redis clients, the shared database. */
async function startServer(dbUrl: string): Promise<{ app: FastifyInstance; url: string }> {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'ajar-chat-'));
  const database = await openDatabase({ kind: 'postgres', url: dbUrl });
  const config = loadConfig({
    NODE_ENV: 'test',
    LOG_LEVEL: 'silent',
    DATA_DIR: dataDir,
    WEB_DIST: path.join(dataDir, 'no-web'),
    REDIS_URL: redisUrl,
  });
  const app = await buildApp({ config, database });
  const url = await app.listen({ port: 0, host: '127.0.0.1' });
  cleanups.push(async () => {
    await app.close();
    fs.rmSync(dataDir, { recursive: true, force: true });
  });
  return { app, url };
}

/**
 * DESIGN §1 scale-out: two servers on one PostgreSQL database and one Redis. Runs in the
 * PostgreSQL project of the API suite (CI sets TEST_DATABASE_URL); PGlite is one process's
 * database, so the PGlite project skips it.
 */
describe('two servers with the Redis adapter', () => {
  it('delivers a message sent through server A to a socket connected to server B', async (ctx) => {
    if (process.env.TEST_DB !== 'postgres' || !process.env.TEST_DATABASE_URL) {
      ctx.skip('needs PostgreSQL: runs in the api-postgres project (set TEST_DATABASE_URL)');
      return;
    }
    if (!(await redisReachable())) {
      ctx.skip(`Redis not reachable at ${redisUrl} (set REDIS_URL)`);
      return;
    }
    const adminUrl = new URL(process.env.TEST_DATABASE_URL);
    const name = `ajar_chat_${randomUUID().replaceAll('-', '').slice(0, 12)}`;
    const admin = new pg.Client({ connectionString: adminUrl.toString() });
    await admin.connect();
    await admin.query(`create database ${name} template ${pgTemplateDb}`);
    await admin.end();
    cleanups.push(async () => {
      const c = new pg.Client({ connectionString: adminUrl.toString() });
      await c.connect();
      await c.query(`drop database if exists ${name} with (force)`);
      await c.end();
    });
    const dbUrl = new URL(adminUrl);
    dbUrl.pathname = `/${name}`;

    const a = await startServer(dbUrl.toString());
    const b = await startServer(dbUrl.toString());
    const chat = await buildChatProgram(a.app);

    const trainerOnB = await connectSocket(b.url, tokenOf(chat.trainerHeaders));
    const memberOnA = await connectSocket(a.url, chat.member.token);
    cleanups.push(async () => {
      trainerOnB.close();
      memberOnA.close();
    });

    const room = await a.app.inject({
      method: 'POST',
      url: '/api/member/v1/chat/get-room-id',
      headers: chat.member.headers,
      payload: { program_id: chat.program.id },
    });
    const roomId = room.json<{ data: { room_id: string } }>().data.room_id;

    // Member → trainer: sent through A, received on B.
    const onB = nextEvent(trainerOnB, 'chat.message', (m) => m.room_id === roomId);
    const unreadOnB = nextEvent(trainerOnB, 'chat.unread');
    const sent = await a.app.inject({
      method: 'POST',
      url: `/api/member/v1/chat/room/${roomId}/send-message`,
      headers: chat.member.headers,
      payload: { message: 'Lewat server A' },
    });
    expect(sent.statusCode, sent.body).toBe(200);
    expect(await onB).toMatchObject({ type: 1, message: 'Lewat server A' });
    expect((await unreadOnB).total_unread).toBe(1);

    // Trainer → member: sent through B, received on A.
    const onA = nextEvent(memberOnA, 'chat.message', (m) => m.room_id === roomId);
    const reply = await b.app.inject({
      method: 'POST',
      url: `/api/discussion/v1/discussion-private/room/${roomId}/send-message`,
      headers: chat.trainerHeaders,
      payload: { message: 'Balasan lewat server B' },
    });
    expect(reply.statusCode, reply.body).toBe(200);
    expect(await onA).toMatchObject({ type: 2, message: 'Balasan lewat server B' });
  });
});
