import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { members } from '../../db/schema';
import { registerMember } from '../../test/factories/members';
import { createTestApp, type TestApp } from '../../test/test-app';
import { forgetMemberSeen } from './last-seen';

describe('last seen of a member', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(() => t.close());

  const longAgo = new Date('2026-01-01T00:00:00Z');
  const seenAt = async (id: string) =>
    (await t.db.select().from(members).where(eq(members.id, id)))[0]!.last_seen_at;
  const setSeen = (id: string) =>
    t.db.update(members).set({ last_seen_at: longAgo }).where(eq(members.id, id));
  const me = (headers: Record<string, string>) =>
    t.app.inject({ method: 'GET', url: '/api/member/v1/me', headers });

  it('is written at most once a minute by a server, and at once after going offline', async () => {
    const member = await registerMember(t.app);
    await setSeen(member.id);
    expect((await me(member.headers)).statusCode).toBe(200);
    expect((await seenAt(member.id))!.getTime()).toBeGreaterThan(longAgo.getTime());

    // Within the minute the request writes nothing (the old value stays).
    await setSeen(member.id);
    expect((await me(member.headers)).statusCode).toBe(200);
    expect(await seenAt(member.id)).toEqual(longAgo);

    // Their last socket closed: the next request marks them seen again.
    forgetMemberSeen(member.id);
    expect((await me(member.headers)).statusCode).toBe(200);
    expect((await seenAt(member.id))!.getTime()).toBeGreaterThan(longAgo.getTime());
  });
});
