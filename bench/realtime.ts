// The realtime bench: N member sockets and M trainer sockets on loopback, messages sent
// through the member and staff chat routes, delivery timed from the send request to the
// receiver's `chat.message` event. One server, PGlite; the Redis pair is not measured here.
import { sql } from 'drizzle-orm';
import { memberSessions } from '../apps/server/src/db/schema';
import { newToken } from '../apps/server/src/lib/tokens';
import { assignTrainer } from '../apps/server/src/test/factories/activities';
import { connectSocket, tokenOf, type ChatSocket } from '../apps/server/src/test/factories/chat';
import { authHeader, buildUser } from '../apps/server/src/test/factories/users';
import { listen } from './api';
import { machineLine, openSeededPglite, percentile, rows } from './bench-db';
import { seedLargeRedemptions } from './large-redemptions';

const within = (ok: boolean) => (ok ? 'met' : '**missed**');

interface Peer {
  headers: { authorization: string };
  socket: ChatSocket;
}

/** Runs `tasks` with at most `width` in flight. */
async function pool(tasks: (() => Promise<void>)[], width: number) {
  let next = 0;
  const lane = async () => {
    while (next < tasks.length) await tasks[next++]!();
  };
  await Promise.all(Array.from({ length: width }, lane));
}

/** One size: connects the sockets, then a paced run (1 request in flight) and a burst. */
async function measure(
  memberCount: number,
  trainerCount: number,
  rounds: number,
  inFlight: number,
): Promise<string[]> {
  const bench = await openSeededPglite('realtime');
  const sockets: ChatSocket[] = [];
  try {
    const { programId } = await seedLargeRedemptions(bench.db, memberCount);
    const trainers: Peer[] = [];
    const trainerIds: string[] = [];
    const app = await bench.app();
    const url = await listen(app);
    for (let i = 0; i < trainerCount; i += 1) {
      const user = await buildUser(bench.db, { role: 'trainer', fullname: `Trainer Beban ${i}` });
      await assignTrainer(bench.db, programId, user.id);
      trainerIds.push(user.id);
      const headers = await authHeader(bench.db, user);
      trainers.push({ headers, socket: await connectSocket(url, tokenOf(headers)) });
    }
    const memberIds = rows<{ id: string }>(
      await bench.db.execute(sql`select member_id as id from member_redeems
        where program_id = ${programId} order by created_at`),
    );
    const members: (Peer & { roomId: string; trainer: Peer })[] = [];
    for (const [i, { id }] of memberIds.entries()) {
      const { token, hash } = newToken();
      await bench.db.insert(memberSessions).values({
        member_id: id,
        token_hash: hash,
        expires_at: new Date(Date.now() + 60 * 60 * 1000),
      });
      const headers = { authorization: `Bearer ${token}` };
      const trainer = trainers[i % trainerCount]!;
      const trainerId = trainerIds[i % trainerCount]!;
      const room = await fetch(`${url}/api/member/v1/chat/get-room-id`, {
        method: 'POST',
        headers: { ...headers, 'content-type': 'application/json' },
        body: JSON.stringify({ program_id: programId, trainer_id: trainerId }),
      }).then((r) => r.json() as Promise<{ data: { room_id: string } }>);
      members.push({
        headers,
        socket: await connectSocket(url, token),
        roomId: room.data.room_id,
        trainer,
      });
    }
    sockets.push(...trainers.map((t) => t.socket), ...members.map((m) => m.socket));

    // text → [send start, the socket that must receive it]
    const pending = new Map<string, { at: number; to: ChatSocket }>();
    const delays: number[] = [];
    let failedSends = 0;
    for (const socket of sockets) {
      socket.on('chat.message', (m: { message: string }) => {
        const p = pending.get(m.message);
        if (!p || p.to !== socket) return;
        delays.push(performance.now() - p.at);
        pending.delete(m.message);
      });
    }
    const send = async (path: string, headers: Peer['headers'], text: string, to: ChatSocket) => {
      pending.set(text, { at: performance.now(), to });
      const r = await fetch(`${url}${path}`, {
        method: 'POST',
        headers: { ...headers, 'content-type': 'application/json' },
        body: JSON.stringify({ message: text }),
      });
      if (r.status !== 200) failedSends += 1;
      await r.arrayBuffer();
    };
    const runs: string[] = [];
    for (const width of [1, inFlight]) {
      let sent = 0;
      delays.length = 0;
      failedSends = 0;
      const started = performance.now();
      for (let round = 0; round < rounds; round += 1) {
        const tasks = members.flatMap((m, i) => [
          () =>
            send(
              `/api/member/v1/chat/room/${m.roomId}/send-message`,
              m.headers,
              `Pertanyaan ${width}-${round}-${i}`,
              m.trainer.socket,
            ),
          () =>
            send(
              `/api/discussion/v1/discussion-private/room/${m.roomId}/send-message`,
              m.trainer.headers,
              `Jawaban ${width}-${round}-${i}`,
              m.socket,
            ),
        ]);
        sent += tasks.length;
        await pool(tasks, width);
      }
      const sendSeconds = (performance.now() - started) / 1000;
      await new Promise((resolve) => setTimeout(resolve, 2000)); // late deliveries
      const lost = pending.size;
      pending.clear();
      const p95 = percentile(delays, 95);
      runs.push(
        `| ${memberCount} members + ${trainerCount} trainers, ${sent} messages, ${width === 1 ? 'paced: 1 request in flight' : `burst: ${width} requests in flight`} | p50 ${percentile(delays, 50).toFixed(1)} ms, p95 ${p95.toFixed(1)} ms, max ${Math.max(...delays).toFixed(1)} ms; ${(sent / sendSeconds).toFixed(0)} messages/s; ${lost} lost, ${failedSends} failed sends | p95 < 50 ms: ${within(p95 < 50)}; 0 lost: ${within(lost === 0)} |`,
      );
    }
    return runs;
  } finally {
    for (const socket of sockets) socket.close();
    await bench.close();
  }
}

export async function realtimeBench(
  lines: string[],
  options: { sizes?: [number, number][]; rounds?: number; inFlight?: number } = {},
) {
  const sizes = options.sizes ?? [[100, 10]];
  const rounds = options.rounds ?? 3;
  const inFlight = options.inFlight ?? 20;
  lines.push(
    '## Realtime chat: member and trainer sockets on one server',
    '',
    machineLine(),
    '',
    'PGlite (embedded), one server; members and trainers connected with socket.io-client',
    '(websocket, loopback), each member in a room with one of the trainers. In each round every',
    'member sends a message through `POST /api/member/v1/chat/room/{id}/send-message` and its',
    'trainer one through `POST /api/discussion/v1/discussion-private/room/{id}/send-message`;',
    `${rounds} rounds paced (one request at a time), then ${rounds} as a burst.`,
    '',
    '| bench | result | goal |',
    '|---|---|---|',
  );
  for (const [members, trainers] of sizes) {
    lines.push(...(await measure(members, trainers, rounds, inFlight)));
  }
  lines.push('', ...realtimeNotes, '');
}

const realtimeNotes = [
  '#### Reading the realtime figures',
  '',
  "- Delivery is from the start of the send request to the receiver's `chat.message` event, in",
  "  one process (the clients share the server's process and cores): HTTP, validation, the",
  '  room check, the message insert and unread update, then the Socket.IO emit. The paced run is',
  '  the latency of one message on an otherwise idle server; in the burst, requests queue behind',
  '  each other on the one database connection, so its p95 is mostly waiting (about the number',
  '  in flight divided by the messages per second).',
  '- Lost is a message whose request answered 200 but which never reached its receiver within',
  '  2 s after the last send.',
  '- Two servers with the Redis adapter were not measured.',
];
