import { randomUUID } from 'node:crypto';
import fs from 'node:fs';
import { asc, eq, inArray, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { memberPushSubscriptions } from '../../db/schema';
import { sentNotifications } from '../../db/schema/notifications';
import { startJobQueue } from '../../lib/job-queue';
import { browserSubscription } from '../../test/factories/auth';
import { joinProgram } from '../../test/factories/members';
import { buildProgram } from '../../test/factories/programs';
import {
  fakePushServiceEnv,
  startPushService,
  type FakePushService,
} from '../../test/factories/push-service';
import { signedIn } from '../../test/factories/users';
import { createTestApp, type TestApp } from '../../test/test-app';
import { defineNotificationPush, memberPushQueue } from './notification-push.service';

/**
 * The participant push fan-out on the job queue (pg-boss, here on the embedded PGlite) when
 * several servers share one database: a job is worked by one server, and
 * a retried job resumes from the cursor its first attempt saved.
 */
describe('participant push jobs on the job queue', () => {
  let t: TestApp;
  let admin: { authorization: string };
  let pushService: FakePushService;
  let notificationId: string;
  /** The endpoint paths of the notification's recipients. */
  const paths: string[] = [];

  const job = async () => {
    const [row] = await t.db
      .select()
      .from(sentNotifications)
      .where(eq(sentNotifications.id, notificationId));
    return row!;
  };

  /** Puts the notification back as if nothing (or `delivered` pushes up to `cursor`) was sent. */
  const reset = async (
    from: { cursor: string | null; delivered: number } = { cursor: null, delivered: 0 },
  ) => {
    await t.db
      .update(sentNotifications)
      .set({ push_state: 'sending', push_cursor: from.cursor, delivered: from.delivered })
      .where(eq(sentNotifications.id, notificationId));
    pushService.received.length = 0;
  };

  /** How many pushes each recipient's endpoint received. */
  const counts = () => {
    const seen = new Map<string, number>();
    for (const r of pushService.received) seen.set(r.path, (seen.get(r.path) ?? 0) + 1);
    return paths.map((p) => seen.get(p) ?? 0);
  };

  beforeAll(async () => {
    t = await createTestApp(fakePushServiceEnv);
    admin = (await signedIn(t.db, 'admin')).headers;
    pushService = await startPushService(() => 201);
    const program = await buildProgram(t.db, { status: 'publish' });
    // 25 recipients: two slices of the worker (20 at a time), so progress is saved mid-job.
    for (let i = 0; i < 25; i += 1) {
      const { member } = await joinProgram(t.app, program.id);
      const path = `/ok-${i}-${randomUUID().slice(0, 8)}`;
      const res = await t.app.inject({
        method: 'PUT',
        url: '/api/member/v1/push/subscription',
        headers: member.headers,
        payload: { subscription: browserSubscription(`${pushService.origin}${path}`) },
      });
      expect(res.statusCode).toBe(200);
      paths.push(path);
    }
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/notification/v1/create',
      headers: admin,
      payload: { program_id: program.id, title: 'Dua server', message: 'Satu push saja' },
    });
    expect(res.statusCode, res.body).toBe(200);
    notificationId = res.json<{ data: { id: string } }>().data.id;
    // The app's own worker sends it once, as a pg-boss job on PGlite.
    await t.app.participantPush.idle();
    expect(await job()).toMatchObject({ push_state: 'done', delivered: 25 });
    expect(counts()).toEqual(paths.map(() => 1));
  }, 120_000);

  afterAll(async () => {
    await t.close();
    await pushService.close();
  });

  it('runs a job once when a second server works the same queue', async () => {
    await reset();
    // A second server: its own pg-boss instance and worker on the same database.
    const other = await startJobQueue(t.database.queue, t.app.log);
    try {
      await defineNotificationPush({ config: t.config, db: t.db, queue: other, log: t.app.log });
      await t.app.participantPush.enqueue(notificationId);
      await t.app.participantPush.idle();
    } finally {
      await other.stop({ graceful: true });
    }
    expect(counts()).toEqual(paths.map(() => 1));
    expect(await job()).toMatchObject({ push_state: 'done', delivered: 25 });
    const jobs = await t.app.queue.findJobs(memberPushQueue, {
      data: { sentNotificationId: notificationId },
    });
    expect(jobs.filter((j) => j.state === 'completed')).toHaveLength(2);
  });

  it('queues once, on the first servers to start, a push the old queue column left unsent', async () => {
    // As migration 0017 leaves a push that was pending in the old column: marked for adoption.
    await reset();
    await t.db
      .update(sentNotifications)
      .set({ push_state: 'adopt', push_cursor: null })
      .where(eq(sentNotifications.id, notificationId));
    // Two servers start at once; each adopts what is marked.
    const servers = await Promise.all([0, 1].map(() => startJobQueue(t.database.queue, t.app.log)));
    try {
      await Promise.all(
        servers.map((queue) =>
          defineNotificationPush({ config: t.config, db: t.db, queue, log: t.app.log }),
        ),
      );
      await expect.poll(async () => (await job()).push_state, { timeout: 30_000 }).toBe('done');
    } finally {
      await Promise.all(servers.map((queue) => queue.stop({ graceful: true })));
    }
    expect(counts()).toEqual(paths.map(() => 1));
    expect(await t.app.queue.getJobById(memberPushQueue, notificationId)).toMatchObject({
      state: 'completed',
    });
  });

  it('migration 0017 marks for adoption the recent pushes with no job, and closes old ones', async () => {
    const original = await job();
    const copy = async (createdAt: Date) => {
      const [row] = await t.db
        .insert(sentNotifications)
        .values({
          type: original.type,
          program_id: original.program_id,
          title: original.title,
          message: original.message,
          push_state: 'pending',
          created_at: createdAt,
        })
        .returning({ id: sentNotifications.id });
      return row!.id;
    };
    const now = new Date();
    const recent = await copy(now);
    const recentWithJob = await copy(now);
    const stale = await copy(new Date(now.getTime() - 25 * 3600_000));
    // A job of the new queue that has not run yet (as during a rolling upgrade from 0016).
    await t.app.queue.send(
      memberPushQueue,
      { sentNotificationId: recentWithJob },
      { startAfter: 3600 },
    );
    const ids = [recent, recentWithJob, stale];
    try {
      const migration = fs.readFileSync(
        new URL('../../../drizzle/0017_adopt_old_pushes.sql', import.meta.url),
        'utf8',
      );
      await t.db.execute(sql.raw(migration));
      const rows = await t.db
        .select({ id: sentNotifications.id, push_state: sentNotifications.push_state })
        .from(sentNotifications)
        .where(inArray(sentNotifications.id, ids));
      const state = new Map(rows.map((r) => [r.id, r.push_state]));
      expect(ids.map((id) => state.get(id))).toEqual(['adopt', 'pending', 'done']);
    } finally {
      await t.db.delete(sentNotifications).where(inArray(sentNotifications.id, ids));
    }
  });

  it('resumes a retried job from the cursor its first attempt saved', async () => {
    const subs = await t.db
      .select({ id: memberPushSubscriptions.id })
      .from(memberPushSubscriptions)
      .orderBy(asc(memberPushSubscriptions.id));
    // As a server that died after its first slice of 20 left it.
    await reset({ cursor: subs[19]!.id, delivered: 20 });
    await t.app.participantPush.enqueue(notificationId);
    await t.app.participantPush.idle();
    expect(pushService.received).toHaveLength(5);
    expect(counts().reduce((a, b) => a + b, 0)).toBe(5);
    expect(await job()).toMatchObject({ push_state: 'done', delivered: 25 });
  });
});
