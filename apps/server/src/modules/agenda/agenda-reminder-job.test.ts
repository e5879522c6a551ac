import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../test/test-app';
import { defineReminderJob } from './agenda.service';

const queue = 'agenda-reminders';
/** Milliseconds until a queued run may start (its `startAfter` is a string on PGlite). */
const startsIn = (job: { startAfter: Date | string }) =>
  new Date(job.startAfter).getTime() - Date.now();

/**
 * The reminder job on the job queue (pg-boss, here on the embedded PGlite): a server with a
 * shorter period than the run already waiting (queued by a server with the default period, as in
 * a data directory copied from one) runs at its own period, not after the waiting one.
 */
describe('agenda reminder job', () => {
  let t: TestApp;

  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(async () => {
    await t.close();
  });

  it('replaces a run waiting past its period, and runs within it', async () => {
    const waiting = await t.app.queue.findJobs(queue, { queued: true });
    // The app started with the default period: its next run is minutes away.
    expect(waiting.map(startsIn)).toEqual([expect.toSatisfy((ms: number) => ms > 60_000)]);

    await defineReminderJob({
      db: t.app.db,
      events: t.app.events,
      queue: t.app.queue,
      log: t.app.log,
      everySeconds: 1,
    });
    const completed = async () =>
      (await t.app.queue.findJobs(queue)).filter((j) => j.state === 'completed').length;
    // (The app's own worker may take a run too, and queue the next at its period.)
    await expect.poll(completed, { timeout: 15_000, interval: 200 }).toBeGreaterThan(0);
  });
});
