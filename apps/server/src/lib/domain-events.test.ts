import { describe, expect, it } from 'vitest';
import { createDomainEvents, type DomainEventMap } from './domain-events';

const work: DomainEventMap['work.submitted'] = {
  programId: 'p1',
  topicId: 't1',
  activityId: 'a1',
  memberId: 'm1',
};

function recordingLog() {
  const errors: { obj: unknown; msg: unknown }[] = [];
  return { errors, log: { error: (obj: unknown, msg?: unknown) => errors.push({ obj, msg }) } };
}

describe('createDomainEvents', () => {
  it('runs the handlers of the event in the order they subscribed, and no others', async () => {
    const { log } = recordingLog();
    const events = createDomainEvents(log);
    const seen: string[] = [];
    events.subscribe('work.submitted', async (e) => {
      await Promise.resolve();
      seen.push(`first ${e.activityId}`);
    });
    events.subscribe('work.submitted', (e) => {
      seen.push(`second ${e.memberId}`);
    });
    events.subscribe('work.graded', () => {
      seen.push('graded');
    });
    await events.publish('work.submitted', work);
    expect(seen).toEqual(['first a1', 'second m1']);
  });

  it('logs a failing handler, runs the next one, and never rejects', async () => {
    const { errors, log } = recordingLog();
    const events = createDomainEvents(log);
    const seen: string[] = [];
    events.subscribe('work.submitted', () => {
      throw new Error('push service down');
    });
    events.subscribe('work.submitted', () => {
      seen.push('after');
    });
    await expect(events.publish('work.submitted', work)).resolves.toBeUndefined();
    expect(seen).toEqual(['after']);
    expect(errors).toHaveLength(1);
    expect(errors[0]?.obj).toMatchObject({ event: 'work.submitted' });
    expect((errors[0]?.obj as { err: Error }).err.message).toBe('push service down');
  });

  it('publishes an event nobody listens to without a word', async () => {
    const { errors, log } = recordingLog();
    await createDomainEvents(log).publish('work.submitted', work);
    expect(errors).toEqual([]);
  });
});
