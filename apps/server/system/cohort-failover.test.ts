import http from 'node:http';
import { setTimeout as sleep } from 'node:timers/promises';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openDatabase, type Database } from '../src/db/client';
import { memberSessions } from '../src/db/schema';
import { newToken } from '../src/lib/tokens';
import { seedCohort } from './support/cohort-data';
import {
  arrive,
  checkIn,
  leave,
  newAcks,
  newParticipant,
  Recorder,
  reportVideo,
  takeQuiz,
  type CohortPlan,
  type Harness,
  type Participant,
} from './support/cohort-participant';
import { assertRedisReachable, errorLines } from './support/http';
import { nginxBinary, startNginx, type Nginx } from './support/nginx';
import {
  clusterEnv,
  createPgDatabase,
  redisUrl,
  startServerProcess,
  type PgDatabase,
  type ServerProcess,
} from './support/server-process';

const rows = <T>(r: unknown) => (r as { rows: T[] }).rows;

/** Participants of the run, and how long they learn (the kill lands in the middle). */
const cohort = 60;
const runSeconds = 20;
const killAfterSeconds = 8;
/**
 * The bound on failed requests during the switch: a closed-loop participant has at most one
 * request in flight, so the kill can fail at most one request each; nginx sends every request
 * not yet passed to the dead server (connection refused) to the other one, and a resend goes
 * through it.
 */
const errorBound = cohort;

const nginx = nginxBinary();

/**
 * A cohort on two servers behind nginx (the README's example) on PostgreSQL + Redis, one server
 * killed with SIGKILL while participants answer, check in and report video progress: requests
 * move to the other server, sockets reconnect, and the database holds exactly what the
 * participants were told was saved, once.
 */
describe.skipIf(!nginx)('a cohort on two servers behind nginx, one killed', () => {
  let pgDb: PgDatabase;
  let a: ServerProcess;
  let b: ServerProcess;
  let proxy: Nginx;
  let database: Database;
  let plan: CohortPlan;
  const agent = new http.Agent({ keepAlive: true, maxSockets: cohort * 2 });
  const participants: Participant[] = [];

  beforeAll(async () => {
    await assertRedisReachable(redisUrl);
    pgDb = await createPgDatabase();
    // The participants' addresses come in X-Forwarded-For through nginx (cohort-participant.ts).
    const env = { ...clusterEnv(pgDb.url), TRUST_PROXY: '127.0.0.1' };
    // One first (it migrates), then the other on the migrated database.
    a = await startServerProcess({ env, name: 'cohort-a' });
    b = await startServerProcess({ env, name: 'cohort-b' });
    database = await openDatabase({ kind: 'postgres', url: pgDb.url });
    plan = await seedCohort(database.db, cohort, { questions: 5 });
    proxy = await startNginx({ upstreams: [`127.0.0.1:${a.port}`, `127.0.0.1:${b.port}`] });
  });

  afterAll(async () => {
    for (const p of participants) leave(p);
    agent.destroy();
    await proxy?.stop();
    await Promise.allSettled([a?.stop(), b?.stop()]);
    await database?.close();
    await pgDb?.drop();
  });

  it('moves the participants to the other server with bounded errors, losing and doubling nothing', async () => {
    const acks = newAcks();
    const h: Harness = {
      baseUrl: proxy.url,
      plan,
      agent,
      rec: new Recorder(),
      think: 0.1,
      refetch: true,
      acks,
    };
    // Sessions made in the database: signing in (a password hash at the production cost each)
    // is not what this test is about, and 60 at once would take most of its time.
    const members = rows<{ id: string; email: string }>(
      await database.db.execute(sql`select id, lower(email) as email from members`),
    );
    for (let n = 1; n <= cohort; n += 1) {
      const p = newParticipant(n);
      const member = members.find((m) => m.email === p.email)!;
      const { token, hash } = newToken();
      await database.db.insert(memberSessions).values({
        member_id: member.id,
        token_hash: hash,
        expires_at: new Date(Date.now() + 3_600_000),
      });
      p.token = token;
      participants.push(p);
    }
    const arrived = await Promise.all(participants.map((p) => arrive(h, p)));
    expect(arrived.every(Boolean), 'every participant signed in with a socket').toBe(true);
    h.rec.reset();

    let running = true;
    const loops = participants.map(async (p) => {
      await checkIn(h, p);
      while (running) {
        await reportVideo(h, p);
        await takeQuiz(h, p, plan.quizId, 'quiz', () => 0.15 + Math.random() * 0.2);
        await reportVideo(h, p);
        // A resend of the check-in after a lost answer is the app's own outcome (see checkIn).
        if (!acks.checkIns.has(p.email)) await checkIn(h, p);
      }
    });
    await sleep(killAfterSeconds * 1000);
    const before = [...h.rec.byCall.values()].reduce((n, s) => n + s.latencies.length, 0);
    await a.kill();
    await sleep((runSeconds - killAfterSeconds) * 1000);
    running = false;
    await Promise.all(loops);

    const calls = [...h.rec.byCall.entries()];
    const requests = calls.reduce((n, [, s]) => n + s.latencies.length, 0);
    const errors = calls.reduce((n, [, s]) => n + s.errors, 0);
    process.stdout.write(
      `[cohort failover] ${requests} requests (${before} before the kill), ${errors} errors ` +
        `(bound ${errorBound}): ${calls
          .filter(([, s]) => s.errors > 0)
          .map(([name, s]) => `${name} ${s.errors} (${s.samples[0] ?? ''})`)
          .join('; ')}\n`,
    );
    expect(requests - before, 'requests went on after the kill').toBeGreaterThan(cohort * 3);
    expect(errors).toBeLessThanOrEqual(errorBound);

    // Sockets: those on the killed server came back through nginx to the other one.
    const deadline = Date.now() + 15_000;
    while (participants.some((p) => !p.socket?.connected) && Date.now() < deadline) {
      await sleep(200);
    }
    expect(participants.filter((p) => !p.socket?.connected).map((p) => p.email)).toEqual([]);
    expect(participants.reduce((n, p) => n + p.reconnects, 0)).toBeGreaterThan(0);

    const db = database.db;
    // Answers: every acknowledged answer is in its attempt; no attempt a start did not answer.
    const attempts = rows<{ id: string; email: string; answers: Record<string, number> }>(
      await db.execute(sql`select a.id, lower(m.email) as email, a.answers
        from quiz_attempts a join member_redeems r on r.id = a.member_redeem_id
        join members m on m.id = r.member_id where a.activity_id = ${plan.quizId}`),
    );
    const byId = new Map(attempts.map((row) => [row.id, row]));
    let answersChecked = 0;
    for (const [attemptId, answers] of acks.answers) {
      const stored = byId.get(attemptId);
      expect(stored, `attempt ${attemptId}`).toBeDefined();
      for (const [questionId, answer] of answers) {
        expect(stored!.answers[questionId], `${attemptId}/${questionId}`).toBe(answer);
        answersChecked += 1;
      }
    }
    expect(answersChecked).toBeGreaterThan(cohort * 5);
    for (const p of participants) {
      const mine = attempts.filter((row) => row.email === p.email).map((row) => row.id);
      expect(new Set(mine), p.email).toEqual(acks.attempts.get(p.email) ?? new Set());
    }

    // Check-ins: one row and one learning event per participant told it was saved, none doubled.
    const checkIns = rows<{ email: string; n: number; events: number }>(
      await db.execute(sql`select lower(m.email) as email, count(t.id)::int as n,
          (select count(*)::int from learning_events e where e.member_id = m.id
            and e.activity_id = ${plan.meetingId} and e.kind = 'checked_in') as events
        from members m join attendances t on t.member_id = m.id
        where t.activity_id = ${plan.meetingId} group by m.id, m.email`),
    );
    for (const email of acks.checkIns) {
      expect(
        checkIns.find((row) => row.email === email),
        email,
      ).toMatchObject({ n: 1, events: 1 });
    }
    expect(checkIns.every((row) => row.n === 1 && row.events === 1)).toBe(true);
    expect(acks.checkIns.size).toBe(cohort);

    // Video: the stored position is the last acknowledged one (or the one sent after it whose
    // answer was lost), and the watched record counts no stretch twice.
    const video = rows<{ email: string; position: number; watched: number }>(
      await db.execute(sql`select lower(m.email) as email, p.video_position::float as position,
          coalesce((select sum((e.data->>'to')::float - (e.data->>'from')::float)
            from learning_events e where e.member_id = m.id and e.activity_id = ${plan.videoId}
              and e.kind = 'video_watched'), 0)::float as watched
        from activity_progress p join member_redeems r on r.id = p.member_redeem_id
        join members m on m.id = r.member_id where p.activity_id = ${plan.videoId}`),
    );
    for (const [email, held] of acks.video) {
      const stored = video.find((row) => row.email === email);
      expect(stored, email).toBeDefined();
      expect([held.acked, held.sent], email).toContain(stored!.position);
      expect(stored!.watched, email).toBeLessThanOrEqual(held.sent + 0.1);
    }
    expect(acks.video.size).toBe(cohort);

    expect(errorLines(b.logs()), b.logs()).toEqual([]);
  });
});

if (!nginx) {
  describe('a cohort on two servers behind nginx, one killed', () => {
    it.skip('skipped: nginx is not installed here (.ci/run installs Debian’s nginx-light)', () => {});
  });
}
