import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { randomUUID } from 'node:crypto';
import { eq, inArray, sql } from 'drizzle-orm';
import { deletionCoolingOffDays } from '@ajar/shared/privacy/privacy.constants';
import type {
  MemberDeletionRequest,
  StaffDeletionRequestList,
} from '@ajar/shared/privacy/privacy.schemas';
import type { Db } from '../../db/client';
import { auditEvents } from '../../db/schema';
import { buildMemberWithEverything } from '../../test/factories/privacy';
import { registerMember } from '../../test/factories/members';
import { signedIn } from '../../test/factories/users';
import { createTestApp, type TestApp } from '../../test/test-app';
import { eraseDueRequests } from './account-deletion.service';

const memberUrl = '/api/member/v1/privacy/delete-request';
const staffUrl = '/api/privacy/v1/deletion-requests';

type Rows<T> = { rows: T[] };

/**
 * Every text-like column of every table (text, varchar, jsonb as text) holding `needle`, as
 * `table.column`: the test's proof that nothing else keeps the person's identity.
 */
async function columnsHolding(db: Db, needle: string): Promise<string[]> {
  const columns = (await db.execute(sql`
    select table_name, column_name, data_type from information_schema.columns
    where table_schema = current_schema()
      and data_type in ('text', 'character varying', 'jsonb', 'json')`)) as unknown as Rows<{
    table_name: string;
    column_name: string;
  }>;
  const found: string[] = [];
  for (const c of columns.rows) {
    const res = (await db.execute(
      sql`select count(*)::int as n from ${sql.identifier(c.table_name)}
          where position(lower(${needle}) in lower(${sql.identifier(c.column_name)}::text)) > 0`,
    )) as unknown as Rows<{ n: number }>;
    if (res.rows[0]!.n > 0) found.push(`${c.table_name}.${c.column_name}`);
  }
  return found;
}

/** The query failed on the append-only trigger (drizzle wraps the database's error). */
async function refusedByTrigger(query: Promise<unknown>) {
  const error = await query.then(
    () => null,
    (e: unknown) => e,
  );
  const cause = (error as { cause?: unknown } | null)?.cause ?? error;
  expect(String(cause)).toMatch(/append only/);
}

describe("'Hapus akun': erasing a participant's account", () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(async () => {
    await t.close();
  });

  it('lets the erasure rewrite only the before/after values of its member’s audit entries', async () => {
    const subject = randomUUID();
    const other = randomUUID();
    await t.db.insert(auditEvents).values([
      { action: 'member.viewed', subject_type: 'member', subject_id: subject, after: { a: 1 } },
      { action: 'member.viewed', subject_type: 'member', subject_id: other, after: { a: 1 } },
    ]);
    const setAfter = (tx: Db, id: string) =>
      tx
        .update(auditEvents)
        .set({ after: { a: 2 } })
        .where(eq(auditEvents.subject_id, id));
    // Outside an erasure: refused, as always.
    await refusedByTrigger(setAfter(t.db, subject));
    await t.db.transaction(async (tx) => {
      await tx.execute(sql`select set_config('ajar.erasure', ${subject}, true)`);
      await setAfter(tx, subject);
    });
    // Another member's entry, or any other column, stays refused during the erasure.
    const inErasure = (change: (tx: Db) => Promise<unknown>) =>
      t.db.transaction(async (tx) => {
        await tx.execute(sql`select set_config('ajar.erasure', ${subject}, true)`);
        await change(tx);
      });
    await refusedByTrigger(inErasure((tx) => setAfter(tx, other)));
    await refusedByTrigger(
      inErasure((tx) =>
        tx.update(auditEvents).set({ action: 'x' }).where(eq(auditEvents.subject_id, subject)),
      ),
    );
    await refusedByTrigger(
      inErasure((tx) => tx.delete(auditEvents).where(eq(auditEvents.subject_id, subject))),
    );
    const rows = await t.db
      .select({ subject: auditEvents.subject_id, after: auditEvents.after })
      .from(auditEvents)
      .where(inArray(auditEvents.subject_id, [subject, other]));
    expect(rows).toEqual(
      expect.arrayContaining([
        { subject, after: { a: 2 } },
        { subject: other, after: { a: 1 } },
      ]),
    );
  });

  it('asks with the password, lists for staff, and erases on confirmation', async () => {
    const world = await buildMemberWithEverything(t.app);
    const { member } = world;
    const wrong = await t.app.inject({
      method: 'POST',
      url: memberUrl,
      headers: member.headers,
      payload: { password: 'salah-sekali' },
    });
    expect(wrong.statusCode).toBe(400);
    expect(wrong.json<{ validation: Record<string, string> }>().validation.password).toBe(
      'Password salah',
    );

    const asked = await t.app.inject({
      method: 'POST',
      url: memberUrl,
      headers: member.headers,
      payload: { password: member.password },
    });
    expect(asked.statusCode).toBe(200);
    const request = asked.json<{ data: MemberDeletionRequest }>().data;
    const days = (Date.parse(request.due_at) - Date.now()) / 86_400_000;
    expect(days).toBeGreaterThan(deletionCoolingOffDays - 0.01);

    // A trainer may not see or confirm; an admin sees it in the list.
    const trainer = await signedIn(t.db, 'trainer');
    const refused = await t.app.inject({ method: 'GET', url: staffUrl, headers: trainer.headers });
    expect(refused.statusCode).toBe(403);
    const admin = await signedIn(t.db, 'admin');
    const list = await t.app.inject({ method: 'GET', url: staffUrl, headers: admin.headers });
    expect(list.statusCode).toBe(200);
    expect(list.json<{ data: StaffDeletionRequestList }>().data.list).toContainEqual(
      expect.objectContaining({ id: request.id, fullname: member.fullname, email: member.email }),
    );

    // Staff corrected the participant's e-mail meanwhile: the audit entry holds the old one.
    const newEmail = `baru-${member.email}`;
    const corrected = await t.app.inject({
      method: 'PUT',
      url: `/api/users/v1/member/update_by_id/${member.id}`,
      headers: admin.headers,
      payload: { fullname: member.fullname, email: newEmail, phone: member.phone },
    });
    expect(corrected.statusCode, corrected.body).toBe(200);
    expect(await columnsHolding(t.db, member.email)).toContain('audit_events.before');

    const confirmed = await t.app.inject({
      method: 'POST',
      url: `${staffUrl}/${request.id}/confirm`,
      headers: admin.headers,
    });
    expect(confirmed.statusCode).toBe(200);
    const twice = await t.app.inject({
      method: 'POST',
      url: `${staffUrl}/${request.id}/confirm`,
      headers: admin.headers,
    });
    expect(twice.statusCode).toBe(400);

    // Only the certificate keeps its own printed copy of the name (it must stay verifiable).
    expect(await columnsHolding(t.db, member.fullname)).toEqual(['certificates.fullname']);
    expect(await columnsHolding(t.db, member.email)).toEqual([]);
    expect(await columnsHolding(t.db, newEmail)).toEqual([]);
    expect(await columnsHolding(t.db, member.phone)).toEqual([]);
    // The audit entries stay (what happened, by whom), naming no one.
    const trail = (await t.db.execute(sql`
      select action, before, after from audit_events
      where subject_type = 'member' and subject_id = ${member.id} order by created_at`)) as unknown as Rows<{
      action: string;
      before: unknown;
      after: unknown;
    }>;
    expect(trail.rows).toContainEqual({
      action: 'member.email_changed',
      before: { email: `terhapus-${member.id}@terhapus.invalid` },
      after: { email: `terhapus-${member.id}@terhapus.invalid` },
    });
    expect(trail.rows.map((r) => r.action)).toContain('member.erased');
    expect(await t.app.storage.stat(world.work.key)).toBeNull();
    expect(await t.app.storage.stat(world.photoKey)).toBeNull();

    const verified = await t.app.inject({
      method: 'GET',
      url: `/api/certificate/v1/verify/${world.certificateNumber}`,
    });
    expect(verified.statusCode).toBe(200);
    expect(verified.body).toContain(member.fullname);

    // What the provider must keep stays, without identity: the redemption, the check-in, the
    // texts replaced.
    const kept = (await t.db.execute(sql`
      select m.fullname, m.email, m.phone,
        (select count(*)::int from member_redeems where member_id = m.id) as redeems,
        (select count(*)::int from attendances where member_id = m.id) as checkins,
        (select min(content) from discussions where member_id = m.id) as post,
        (select min(message) from chat_messages where member_id = m.id) as chat,
        (select count(*)::int from member_sessions where member_id = m.id) as sessions
      from members m where m.id = ${member.id}`)) as unknown as Rows<Record<string, unknown>>;
    expect(kept.rows[0]).toEqual({
      fullname: 'Peserta Terhapus',
      email: `terhapus-${member.id}@terhapus.invalid`,
      phone: null,
      redeems: 1,
      checkins: 1,
      post: '[dihapus]',
      chat: '[dihapus]',
      sessions: 0,
    });

    // Signed out, and the e-mail is free to register again.
    const me = await t.app.inject({ method: 'GET', url: memberUrl, headers: member.headers });
    expect(me.statusCode).toBe(401);
    const again = await registerMember(t.app, { email: member.email });
    expect(again.email).toBe(member.email);
  });

  it('completes by itself after the cooling-off, unless cancelled', async () => {
    const kept = await registerMember(t.app);
    const leaving = await registerMember(t.app);
    for (const m of [kept, leaving]) {
      const res = await t.app.inject({
        method: 'POST',
        url: memberUrl,
        headers: m.headers,
        payload: { password: m.password },
      });
      expect(res.statusCode).toBe(200);
    }
    const cancelled = await t.app.inject({
      method: 'DELETE',
      url: memberUrl,
      headers: kept.headers,
    });
    expect(cancelled.statusCode).toBe(200);

    const deps = { db: t.db, storage: t.app.storage, realtime: t.app.realtime, log: t.app.log };
    // Not yet due: nothing happens.
    expect(await eraseDueRequests(deps)).toBe(0);
    const later = new Date(Date.now() + (deletionCoolingOffDays * 24 + 1) * 3_600_000);
    expect(await eraseDueRequests(deps, later)).toBe(1);

    const names = (await t.db.execute(sql`
      select id, fullname from members where id in (${kept.id}, ${leaving.id})`)) as unknown as Rows<{
      id: string;
      fullname: string;
    }>;
    const byId = new Map(names.rows.map((r) => [r.id, r.fullname]));
    expect(byId.get(leaving.id)).toBe('Peserta Terhapus');
    expect(byId.get(kept.id)).toBe(kept.fullname);
  });
});
