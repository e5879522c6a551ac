import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { setTimeout as sleep } from 'node:timers/promises';
import { expect } from 'vitest';
import { buildApp } from '../../src/app';
import { loadConfig } from '../../src/config';
import { openDatabase } from '../../src/db/client';
import {
  buildChatProgram,
  connectSocket,
  nextEvent,
  tokenOf,
  type ChatSocket,
} from '../../src/test/factories/chat';
import { call, dataOf, note } from './fault-workload';
import {
  createPgDatabase,
  redisUrl,
  startServerProcess,
  type ServerProcess,
} from './server-process';
import { startTcpProxy } from './tcp-proxy';

/** The people of the scenario: a trainer of a program and a member of it, with one chat room. */
async function buildFixtures(dbUrl: string) {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'ajar-redis-fixtures-'));
  // An in-process app only to build the records with the API tests' factories; it is closed
  // before the scenario, which talks to the two server processes only.
  const database = await openDatabase({ kind: 'postgres', url: dbUrl });
  const app = await buildApp({
    config: loadConfig({
      NODE_ENV: 'test',
      LOG_LEVEL: 'silent',
      DATA_DIR: dataDir,
      WEB_DIST: path.join(dataDir, 'no-web'),
    }),
    database,
  });
  try {
    const chat = await buildChatProgram(app);
    const room = await app.inject({
      method: 'POST',
      url: '/api/member/v1/chat/get-room-id',
      headers: chat.member.headers,
      payload: { program_id: chat.program.id },
    });
    const roomId = room.json<{ data: { room_id: string } }>().data.room_id;
    return { trainerToken: tokenOf(chat.trainerHeaders), memberToken: chat.member.token, roomId };
  } finally {
    await app.close();
    fs.rmSync(dataDir, { recursive: true, force: true });
  }
}

/**
 * Two servers on one PostgreSQL database whose Redis (the Socket.IO adapter) goes through a TCP
 * proxy, so Redis can be taken from them without stopping the machine's Redis.
 */
export async function startRedisFaultScenario() {
  const cleanups: (() => Promise<unknown>)[] = [];
  const target = new URL(redisUrl);
  const proxy = await startTcpProxy({
    host: target.hostname,
    port: Number(target.port || 6379),
  });
  cleanups.push(() => proxy.close());
  const database = await createPgDatabase('ajar_redis');
  cleanups.push(() => database.drop());
  const env = { DATABASE_URL: database.url, REDIS_URL: proxy.urlFor(redisUrl) };
  const servers: ServerProcess[] = [];
  // One after the other: the first migrates the new database.
  for (const name of ['redis-a', 'redis-b']) {
    const server = await startServerProcess({ env, name });
    cleanups.push(() => server.kill());
    servers.push(server);
  }
  const [a, b] = servers as [ServerProcess, ServerProcess];
  const alive = new Map(servers.map((s) => [s, true]));
  for (const s of servers) void s.waitExit().then(() => alive.set(s, false));
  const logs = () => servers.map((s) => `--- ${s.name}\n${s.logs()}`).join('\n');
  const expectAlive = () => {
    for (const s of servers) expect(alive.get(s), `${s.name} exited\n${logs()}`).toBe(true);
  };

  const fx = await buildFixtures(database.url);
  const sockets: ChatSocket[] = [];
  const connect = async (server: ServerProcess, token: string) => {
    const socket = await connectSocket(server.url, token);
    sockets.push(socket);
    return socket;
  };
  cleanups.push(async () => sockets.forEach((s) => s.close()));

  let counter = 0;
  const nextText = (who: string) => {
    counter += 1;
    return `${who} ${counter}`;
  };
  /** A chat message as the member (or the trainer) through `server`: the text, once answered 200. */
  const say = async (server: ServerProcess, who: 'member' | 'trainer', message: string) => {
    const answer = await call(
      server.url,
      'POST',
      who === 'member'
        ? `/api/member/v1/chat/room/${fx.roomId}/send-message`
        : `/api/discussion/v1/discussion-private/room/${fx.roomId}/send-message`,
      { token: who === 'member' ? fx.memberToken : fx.trainerToken, body: { message } },
    );
    expect(answer.status, `${answer.text}\n${logs()}`).toBe(200);
    return message;
  };
  const memberSays = (server: ServerProcess) => (text: string) => say(server, 'member', text);
  const trainerSays = (server: ServerProcess) => (text: string) => say(server, 'trainer', text);
  /**
   * Sends a new message through `send` every second until `socket` receives one of them, within
   * `ms`; the time it took.
   */
  const deliveredWithin = async (
    socket: ChatSocket,
    send: (text: string) => Promise<string>,
    ms: number,
  ): Promise<number> => {
    const started = Date.now();
    const sent = new Set<string>();
    const received = nextEvent(socket, 'chat.message', (m) => sent.has(m.message), ms);
    let done = false;
    received.then(
      () => (done = true),
      () => (done = true),
    );
    while (!done && Date.now() - started < ms) {
      const text = nextText('Pesan uji');
      sent.add(text); // before sending: the event may arrive before the HTTP answer
      await send(text);
      await Promise.race([received.catch(() => undefined), sleep(1_000)]);
    }
    await received;
    return Date.now() - started;
  };

  return {
    async run() {
      const trainerOnA = await connect(a, fx.trainerToken);
      const trainerOnB = await connect(b, fx.trainerToken);
      const memberOnA = await connect(a, fx.memberToken);

      // Together: a message sent through A reaches the trainer on A and on B.
      const onA = nextEvent(trainerOnA, 'chat.message');
      const onB = nextEvent(trainerOnB, 'chat.message');
      const first = await memberSays(a)(nextText('Halo'));
      expect((await onA).message).toBe(first);
      expect((await onB).message).toBe(first);

      // Redis goes away while messages are being published (a publish in flight is cut).
      const burst = Promise.allSettled(
        Array.from({ length: 10 }, () => memberSays(a)(nextText('Beruntun'))),
      );
      await proxy.cut();
      for (const sent of await burst) {
        expect(
          sent.status,
          sent.status === 'rejected' ? `${String(sent.reason)}\n${logs()}` : '',
        ).toBe('fulfilled');
      }
      await sleep(1_000);
      expectAlive();

      // Alone: HTTP answers on both, and sockets on the same server still talk.
      for (const server of servers) {
        const me = await call(server.url, 'GET', '/api/admin/v1/me', { token: fx.trainerToken });
        expect(me.status, me.text).toBe(200);
      }
      await deliveredWithin(trainerOnA, memberSays(a), 5_000);
      await deliveredWithin(memberOnA, trainerSays(a), 5_000);
      const memberOnB = await connect(b, fx.memberToken);
      await deliveredWithin(memberOnB, trainerSays(b), 5_000);
      await sleep(2_000);
      expectAlive();

      // Redis is back: without a restart, events cross between the servers again.
      await proxy.restore();
      const aToB = await deliveredWithin(trainerOnB, memberSays(a), 30_000);
      const bToA = await deliveredWithin(memberOnA, trainerSays(b), 30_000);
      expectAlive();
      const list = await call(b.url, 'GET', '/api/admin/v1/me', { token: fx.trainerToken });
      expect(dataOf<{ id: string }>(list).id).toBeTruthy();
      note(`Redis back: A→B delivered after ${aToB} ms, B→A after ${bToA} ms`);

      // A graceful stop does not wait for an absent Redis (its clients would wait to reconnect).
      await proxy.cut();
      await sleep(500);
      const stopping = Date.now();
      const code = await a.stop();
      const stoppedInMs = Date.now() - stopping;
      expect(code, a.logs()).toBe(0);
      expect(stoppedInMs, a.logs()).toBeLessThan(10_000);
      note(`SIGTERM with Redis away: exited 0 in ${stoppedInMs} ms`);
    },
    async close() {
      for (const cleanup of cleanups.reverse()) await cleanup().catch(() => undefined);
    },
  };
}
