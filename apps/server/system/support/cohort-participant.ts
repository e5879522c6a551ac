import { randomUUID } from 'node:crypto';
import http from 'node:http';
import { setTimeout as sleep } from 'node:timers/promises';
import { io, type Socket } from 'socket.io-client';
import { realtimePath } from '@ajar/shared/realtime.constants';

/**
 * One participant of a cohort, as Ajar Belajar drives the member API, for the cohort bench
 * (bench/cohort.ts) and the failover system test (cohort-failover.test.ts). Client code only (no
 * server module), so worker threads load it cheaply. The mix, with think times at scale 1:
 *
 * - sign in once (`POST /login`), open the Socket.IO connection (WebSocket) and keep it open;
 * - the program list, then the program's detail; after every visit the detail again (the app
 *   returns to the program page);
 * - a visit, chosen in turn: watching the video (its detail, then `PUT video-progress` every
 *   10 s for 60 s), the practice quiz (detail, start, an answer every 5 s, submit), the
 *   discussion (detail, the thread's first page, the unread counts; every third visit posts),
 *   the meeting (detail; check-in once), chat with the trainer (room id, the room; every second
 *   visit sends a line);
 * - 5–15 s of thinking between visits;
 * - on `discussion.unread_changed` the app refetches the program's unread counts (one refetch in
 *   flight at a time per participant; off with `refetch: false`).
 *
 * Closed loop: a participant sends its next call only after the previous one answered. A write
 * that fails (no answer, 5xx) is sent again after 0.5 s with the same idempotency key, up to four
 * times, as the app's offline queue does; each failure counts as an error.
 */

export interface CohortPlan {
  programId: string;
  videoId: string;
  meetingId: string;
  discussionId: string;
  quizId: string;
  postTestId: string;
  /** Questions of each quiz (one section, equal points). */
  questions: number;
  password: string;
}

export interface CallStats {
  latencies: number[];
  errors: number;
  /** The first few failures, to say what went wrong. */
  samples: string[];
  bytes: number;
}

/** A call's shape with ids replaced: the bare ceiling server answers by it. */
export const routeKey = (method: string, path: string) =>
  `${method} ${path.split('?')[0]!.replace(/[0-9a-f]{8}-[0-9a-f-]{27}/g, ':id')}`;

export class Recorder {
  byCall = new Map<string, CallStats>();
  /** One answer of each route (status, body): what the ceiling server replays. */
  replies = new Map<string, { status: number; body: string }>();

  stats(name: string): CallStats {
    let s = this.byCall.get(name);
    if (!s) this.byCall.set(name, (s = { latencies: [], errors: 0, samples: [], bytes: 0 }));
    return s;
  }

  reset() {
    this.byCall.clear();
  }
}

/** What the server acknowledged (answered 2xx), to compare with the database. */
export interface Acks {
  /** attempt id → question id → the answer acknowledged last. */
  answers: Map<string, Map<string, number>>;
  checkIns: Set<string>;
  /** email → the last position acknowledged, and the last one sent. */
  video: Map<string, { acked: number; sent: number }>;
  submits: Map<string, { attemptId: string; score: number | null; expected: number }>;
  /** email → the attempts a start answered with. */
  attempts: Map<string, Set<string>>;
}

export const newAcks = (): Acks => ({
  answers: new Map(),
  checkIns: new Set(),
  video: new Map(),
  submits: new Map(),
  attempts: new Map(),
});

export interface Participant {
  n: number;
  email: string;
  token: string | null;
  address: string;
  socket: Socket | null;
  /** Times the socket connected again after losing its server. */
  reconnects: number;
  refetching: boolean;
  step: number;
  videoPosition: number;
}

export interface Harness {
  baseUrl: string;
  plan: CohortPlan;
  agent: http.Agent;
  rec: Recorder;
  /** Think times are multiplied by this (1 = the mix above; the system test compresses time). */
  think: number;
  refetch: boolean;
  acks?: Acks;
  /** Keep one reply body per route for the ceiling run. */
  keepReplies?: boolean;
}

/** Who sends a request: the session token (none before signing in) and the device address. */
export interface Who {
  token: string | null;
  address: string;
}

interface Reply {
  status: number;
  json: unknown;
}

const memberApi = '/api/member/v1';

/** One request, timed and counted under `name`; a status ≥ 400 or no answer is an error. */
export function request(
  h: Harness,
  name: string,
  method: string,
  path: string,
  who: Who,
  body?: unknown,
): Promise<Reply> {
  const url = new URL(`${memberApi}${path}`, h.baseUrl);
  const payload = body === undefined ? undefined : JSON.stringify(body);
  const s = h.rec.stats(name);
  const started = performance.now();
  return new Promise((resolve) => {
    const fail = (why: string, status: number) => {
      s.errors += 1;
      if (s.samples.length < 3) s.samples.push(why.slice(0, 200));
      resolve({ status, json: undefined });
    };
    const req = http.request(
      url,
      {
        agent: h.agent,
        method,
        timeout: 60_000,
        headers: {
          ...(who.token ? { authorization: `Bearer ${who.token}` } : {}),
          // Each participant its own device address (read by a server with TRUST_PROXY), as
          // a cohort signs in from many networks, not from the harness's one.
          'x-forwarded-for': who.address,
          ...(payload ? { 'content-type': 'application/json' } : {}),
        },
      },
      (res) => {
        const chunks: Buffer[] = [];
        res.on('data', (c: Buffer) => chunks.push(c));
        res.on('error', (err) => fail(err.message, 0));
        res.on('end', () => {
          s.latencies.push(performance.now() - started);
          const text = Buffer.concat(chunks).toString();
          s.bytes += text.length;
          const status = res.statusCode ?? 0;
          if (status >= 400) {
            fail(`${status} ${text}`, status);
            return;
          }
          const key = routeKey(method, url.pathname);
          if (h.keepReplies && !h.rec.replies.has(key))
            h.rec.replies.set(key, { status, body: text });
          let json: unknown;
          try {
            json = JSON.parse(text);
          } catch {
            json = undefined;
          }
          resolve({ status, json });
        });
      },
    );
    req.on('timeout', () => req.destroy(new Error('timeout after 60 s')));
    req.on('error', (err) => fail(err.message, 0));
    req.end(payload);
  });
}

const dataOf = <T>(reply: Reply) => (reply.json as { data?: T } | undefined)?.data;

/** A write sent again on failure (no answer or 5xx) with the same body, as the app's queue does. */
async function write(
  h: Harness,
  name: string,
  method: string,
  path: string,
  who: Who,
  body?: unknown,
): Promise<Reply> {
  let reply = await request(h, name, method, path, who, body);
  for (let retry = 0; retry < 4 && (reply.status === 0 || reply.status >= 500); retry += 1) {
    await sleep(500);
    reply = await request(h, name, method, path, who, body);
  }
  return reply;
}

const think = (h: Harness, seconds: number) => sleep(seconds * 1000 * h.think);

export const newParticipant = (n: number): Participant => ({
  n,
  email: `peserta${n}@ajar.test`,
  token: null,
  address: `10.${(n >> 16) & 255}.${(n >> 8) & 255}.${n & 255}`,
  socket: null,
  reconnects: 0,
  refetching: false,
  step: n,
  videoPosition: 0,
});

/** Signs in (unless the participant holds a session already) and opens the socket; resolves once the socket is connected (or failed to). */
export async function arrive(h: Harness, p: Participant): Promise<boolean> {
  if (!p.token) {
    const login = await write(h, 'sign in', 'POST', '/login', p, {
      email: p.email,
      password: h.plan.password,
    });
    p.token = dataOf<{ token: string }>(login)?.token ?? null;
  }
  if (!p.token) return false;
  const socket = io(h.baseUrl, {
    path: realtimePath,
    auth: { token: p.token },
    transports: ['websocket'],
    reconnectionDelay: 500,
    reconnectionDelayMax: 2000,
    forceNew: true,
  });
  p.socket = socket;
  socket.io.on('reconnect', () => {
    p.reconnects += 1;
  });
  socket.on('discussion.unread_changed', () => {
    if (!h.refetch || p.refetching) return;
    p.refetching = true;
    void request(
      h,
      'refetch: discussion unread',
      'GET',
      `/program/${h.plan.programId}/discussion/unread`,
      p,
    ).finally(() => {
      p.refetching = false;
    });
  });
  return new Promise((resolve) => {
    const timer = setTimeout(() => resolve(false), 30_000);
    socket.once('connect', () => {
      clearTimeout(timer);
      resolve(true);
    });
  });
}

const activityPath = (h: Harness, id: string) => `/program/${h.plan.programId}/activity/${id}`;

interface StartData {
  attempt: { id: string };
  sections: { questions: { id: string; options: { text: string }[] }[] }[];
}

/**
 * One attempt: start, an answer per question (`gap` seconds apart, unscaled when `exact`),
 * submit. Participant n answers its first n mod (questions + 1) questions right.
 */
export async function takeQuiz(
  h: Harness,
  p: Participant,
  activityId: string,
  label: string,
  gap: () => number,
) {
  const base = activityPath(h, activityId);
  const started = await write(h, `${label}: start`, 'POST', `${base}/quiz/start`, p);
  const data = dataOf<StartData>(started);
  if (!data) return;
  if (h.acks) {
    const seen = h.acks.attempts.get(p.email) ?? new Set<string>();
    seen.add(data.attempt.id);
    h.acks.attempts.set(p.email, seen);
  }
  const questions = data.sections.flatMap((s) => s.questions);
  const right = p.n % (questions.length + 1);
  const answers: Record<string, number> = {};
  for (const [i, q] of questions.entries()) {
    await sleep(gap() * 1000);
    const wanted = i < right ? 'Benar' : 'Salah 1';
    const answer = Math.max(
      0,
      q.options.findIndex((o) => o.text === wanted),
    );
    answers[q.id] = answer;
    const saved = await write(
      h,
      `${label}: answer`,
      'PUT',
      `${base}/quiz/${data.attempt.id}/answer`,
      p,
      {
        question_id: q.id,
        answer,
        idempotency_key: randomUUID(),
      },
    );
    if (h.acks && saved.status === 200) {
      const held = h.acks.answers.get(data.attempt.id) ?? new Map<string, number>();
      held.set(q.id, answer);
      h.acks.answers.set(data.attempt.id, held);
    }
  }
  const submitted = await write(
    h,
    `${label}: submit`,
    'POST',
    `${base}/quiz/${data.attempt.id}/submit`,
    p,
    { answers, idempotency_key: randomUUID() },
  );
  const result = dataOf<{ score: number | null }>(submitted);
  if (h.acks && result && activityId === h.plan.postTestId) {
    h.acks.submits.set(p.email, {
      attemptId: data.attempt.id,
      score: result.score,
      expected: questions.length === 0 ? 0 : Math.round((right / questions.length) * 10000) / 100,
    });
  }
}

export async function reportVideo(h: Harness, p: Participant) {
  p.videoPosition += 10;
  const sent = p.videoPosition;
  const held = h.acks?.video.get(p.email) ?? { acked: 0, sent: 0 };
  held.sent = sent;
  h.acks?.video.set(p.email, held);
  const reply = await write(
    h,
    'video progress',
    'PUT',
    `${activityPath(h, h.plan.videoId)}/video-progress`,
    p,
    {
      position_seconds: sent,
      duration_seconds: 3600,
    },
  );
  if (reply.status === 200) held.acked = sent;
}

/** One visit of the mix (which one goes by the participant's step). */
export async function visit(h: Harness, p: Participant, running: () => boolean) {
  const { plan } = h;
  const kind = p.step % 6;
  p.step += 1;
  if (kind === 0 || kind === 3) {
    await request(h, 'activity detail', 'GET', activityPath(h, plan.videoId), p);
    for (let t = 0; t < 6 && running(); t += 1) {
      await think(h, 10);
      await reportVideo(h, p);
    }
  } else if (kind === 1) {
    await request(h, 'activity detail', 'GET', activityPath(h, plan.quizId), p);
    await takeQuiz(h, p, plan.quizId, 'quiz', () => 5 * h.think);
  } else if (kind === 2) {
    const base = activityPath(h, plan.discussionId);
    await request(h, 'activity detail', 'GET', base, p);
    await request(h, 'discussion thread', 'GET', `${base}/discussion/thread?page=1&limit=20`, p);
    await request(h, 'discussion unread', 'GET', `/program/${plan.programId}/discussion/unread`, p);
    if (p.step % 3 === 0) {
      await think(h, 5);
      await write(h, 'discussion post', 'POST', `${base}/discussion`, p, {
        content: `Pendapat peserta ${p.n} tentang studi kasus.`,
        parent_id: null,
      });
    }
  } else if (kind === 4) {
    const base = activityPath(h, plan.meetingId);
    await request(h, 'activity detail', 'GET', base, p);
    await checkIn(h, p);
  } else {
    const room = await request(h, 'chat room', 'POST', '/chat/get-room-id', p, {
      program_id: plan.programId,
    });
    const roomId = dataOf<{ room_id: string }>(room)?.room_id;
    if (roomId) {
      await request(h, 'chat room', 'GET', `/chat/detail-room/${roomId}`, p);
      if (p.step % 2 === 0) {
        await think(h, 5);
        await write(h, 'chat send', 'POST', `/chat/room/${roomId}/send-message`, p, {
          message: `Pertanyaan peserta ${p.n} untuk fasilitator.`,
        });
      }
    }
  }
}

/** The meeting's check-in, once per participant (one idempotency key for its resends). */
export async function checkIn(h: Harness, p: Participant) {
  if (h.acks?.checkIns.has(p.email)) return;
  const reply = await write(
    h,
    'check-in',
    'POST',
    `${activityPath(h, h.plan.meetingId)}/attendance`,
    p,
    {
      idempotency_key: randomUUID(),
    },
  );
  // 400 'sudah presensi': an earlier send that lost its answer was stored (the key differs
  // per visit in the app too, so this is the app's own outcome).
  if (reply.status === 200) h.acks?.checkIns.add(p.email);
}

/** The mix in a closed loop until `running()` turns false. */
export async function learn(h: Harness, p: Participant, running: () => boolean) {
  if (!p.token) return;
  await request(h, 'program list', 'GET', '/program/list?limit=-1', p);
  while (running()) {
    await request(h, 'program detail', 'GET', `/program/detail/${h.plan.programId}`, p);
    if (!running()) break;
    await visit(h, p, running);
    await think(h, 5 + ((p.n * 7 + p.step * 3) % 11));
  }
}

/**
 * The exam-start spike: start the post-test at a random moment of the 5 s after `startAt`
 * (epoch ms), answer every question and submit within the minute (the answers spread over
 * 45 s whatever the think scale: the minute is the exam's, not the participant's pace).
 */
export async function sitExam(h: Harness, p: Participant, startAt: number) {
  if (!p.token) return;
  await sleep(Math.max(0, startAt - Date.now()) + Math.random() * 5000);
  const gap = 45 / Math.max(1, h.plan.questions);
  await takeQuiz(h, p, h.plan.postTestId, 'exam', () => gap * (0.5 + Math.random()));
}

export function leave(p: Participant) {
  p.socket?.close();
  p.socket = null;
}
