import { randomUUID } from 'node:crypto';
import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sentNotifications } from '../../db/schema/notifications';
import { browserSubscription } from '../../test/factories/auth';
import { joinProgram } from '../../test/factories/members';
import { buildProgram } from '../../test/factories/programs';
import { startPushService, type FakePushService } from '../../test/factories/push-service';
import { signedIn } from '../../test/factories/users';
import { createTestApp, type TestApp } from '../../test/test-app';
import { createNotificationPushWorker } from './notification-push.service';
import { advancePushJob, claimPushJob, finishPushJob } from './push-jobs.repository';

/**
 * The participant push fan-out when several servers share one database: each of them runs a
 * worker on the same queue (DESIGN §11). A job must be worked by one server at a time, and one
 * whose server stalled is taken over without the first server writing to it again.
 */
describe('participant push jobs on several servers', () => {
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

  const waitForDone = async () => {
    for (let i = 0; i < 400; i += 1) {
      const row = await job();
      if (row.push_state === 'done') return row;
      await new Promise((r) => setTimeout(r, 25));
    }
    throw new Error('push job did not finish');
  };

  /** Puts the job back in the queue as if nothing had been sent. */
  const requeue = async (state: { push_state: string; claimedMinutesAgo?: number }) => {
    await t.db
      .update(sentNotifications)
      .set({
        push_state: state.push_state,
        push_cursor: null,
        delivered: 0,
        push_claimed_at:
          state.claimedMinutesAgo === undefined
            ? null
            : sql`now() - make_interval(mins => ${state.claimedMinutesAgo}::int)`,
      })
      .where(eq(sentNotifications.id, notificationId));
    pushService.received.length = 0;
  };

  const worker = (pollMs?: number) =>
    createNotificationPushWorker({ config: t.config, db: t.db, log: t.app.log, pollMs });

  /** How many pushes each recipient's endpoint received. */
  const counts = () => {
    const seen = new Map<string, number>();
    for (const r of pushService.received) seen.set(r.path, (seen.get(r.path) ?? 0) + 1);
    return paths.map((p) => seen.get(p) ?? 0);
  };

  beforeAll(async () => {
    t = await createTestApp();
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
    // The app's own worker sends it once; each case then puts it back in the queue.
    expect((await waitForDone()).delivered).toBe(25);
  }, 120_000);

  afterAll(async () => {
    await t.close();
    await pushService.close();
  });

  it('lets two servers kicked at once send each push exactly once', async () => {
    await requeue({ push_state: 'pending' });
    const [one, two] = [worker(), worker()];
    one.kick();
    two.kick();
    await Promise.all([one.idle(), two.idle()]);
    await Promise.all([one.close(), two.close()]);

    expect(counts()).toEqual(paths.map(() => 1));
    expect(await job()).toMatchObject({ push_state: 'done', delivered: 25 });
  });

  it('keeps a job taken over from its first server: the old claim writes nothing', async () => {
    await requeue({ push_state: 'pending' });
    const first = await claimPushJob(t.db);
    expect(first?.id).toBe(notificationId);
    // While the claim is fresh nobody else gets the job.
    expect(await claimPushJob(t.db)).toBeNull();

    // The first server stalls for longer than the lease; another one takes the job over.
    await t.db
      .update(sentNotifications)
      .set({ push_claimed_at: sql`now() - interval '10 minutes'` })
      .where(eq(sentNotifications.id, notificationId));
    const second = await claimPushJob(t.db);
    expect(second?.id).toBe(notificationId);
    expect(second!.claim).not.toBe(first!.claim);

    // The first server wakes up: its progress and its finish are refused.
    expect(await advancePushJob(t.db, first!, randomUUID(), 7)).toBeNull();
    expect(await job()).toMatchObject({ push_state: 'sending', push_cursor: null, delivered: 0 });
    expect(await finishPushJob(t.db, first!)).toBe(false);

    // The new owner's progress counts, and renews its claim.
    const cursor = randomUUID();
    const renewed = await advancePushJob(t.db, second!, cursor, 7);
    expect(renewed).not.toBeNull();
    expect(await job()).toMatchObject({ push_cursor: cursor, delivered: 7 });
    expect(await advancePushJob(t.db, second!, cursor, 1)).toBeNull(); // the old claim is spent
    expect(await finishPushJob(t.db, { id: notificationId, claim: renewed! })).toBe(true);
    expect((await job()).push_state).toBe('done');
  });

  it('resumes a job whose server died, on the next poll of a live server', async () => {
    const live = worker(50);
    live.start();
    await live.idle();
    // A job a dead server left half way: claimed long ago, never finished.
    await requeue({ push_state: 'sending', claimedMinutesAgo: 10 });
    const row = await waitForDone();
    await live.close();
    expect(row.delivered).toBe(25);
    expect(counts()).toEqual(paths.map(() => 1));
  });
});
