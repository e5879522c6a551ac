import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { auditEvents, members } from '../../db/schema';
import { joinProgram } from '../../test/factories/members';
import { buildProgram } from '../../test/factories/programs';
import {
  decodeQuotedPrintable,
  nextMailMatching,
  startSmtpSink,
  type SmtpSink,
} from '../../test/factories/smtp-sink';
import { signedIn } from '../../test/factories/users';
import { createTestApp, type TestApp } from '../../test/test-app';

// A participant's login e-mail decides who can reset their password: a trainer of one of their
// programs cannot change it; an admin can, and the participant is signed out everywhere, told at
// the old address, and the change is recorded (docs/decisions.md, 'A participant's login e-mail').
describe("changing a participant's login e-mail", () => {
  let t: TestApp;
  let smtp: SmtpSink;
  beforeAll(async () => {
    smtp = await startSmtpSink();
    t = await createTestApp({ SMTP_URL: smtp.url });
  });
  afterAll(async () => {
    await t.close();
    await smtp.close();
  });

  const update = (id: string, email: string, headers: { authorization: string }) =>
    t.app.inject({
      method: 'PUT',
      url: `/api/users/v1/member/update_by_id/${id}`,
      headers,
      payload: { fullname: 'Dewi Lestari', email },
    });
  const me = (headers: { authorization: string }) =>
    t.app.inject({ method: 'GET', url: '/api/member/v1/me', headers });

  it("is refused to the participant's trainer, who cannot then take the account over", async () => {
    const trainer = await signedIn(t.db, 'trainer');
    const program = await buildProgram(t.db, { trainerIds: [trainer.user.id], status: 'publish' });
    const { member } = await joinProgram(t.app, program.id);

    const res = await update(member.id, 'trainer.punya@contoh.id', trainer.headers);
    expect(res.statusCode).toBe(400);
    expect(res.json().validation).toEqual({
      email: 'Email login peserta hanya dapat diubah oleh Admin',
    });
    const [row] = await t.db.select().from(members).where(eq(members.id, member.id));
    expect(row!.email).toBe(member.email);
    expect((await me(member.headers)).statusCode).toBe(200);
    // A reset asked for the address the trainer wanted sends nothing there (the member's own
    // verification mail of the registration may still be on its way, to the member's address).
    const before = smtp.messages.length;
    await t.app.inject({
      method: 'POST',
      url: '/api/member/v1/forgot-password',
      payload: { email: 'trainer.punya@contoh.id' },
    });
    const sent = smtp.messages.slice(before).flatMap((m) => m.to);
    expect(sent.filter((to) => to !== member.email)).toEqual([]);
  });

  it('by an admin ends every session, tells the old address and is recorded', async () => {
    const admin = await signedIn(t.db, 'admin');
    const program = await buildProgram(t.db, { status: 'publish' });
    const { member } = await joinProgram(t.app, program.id);

    const res = await update(member.id, 'dewi.baru@contoh.id', admin.headers);
    expect(res.statusCode).toBe(200);
    expect(res.json().data.email).toBe('dewi.baru@contoh.id');
    expect((await me(member.headers)).statusCode).toBe(401);

    const notice = await nextMailMatching(smtp, /Email login akun Ajar Belajar Anda telah diubah/);
    expect(notice.to).toEqual([member.email]);
    expect(decodeQuotedPrintable(notice.raw)).toContain('dewi.baru@contoh.id');

    const audit = await t.db
      .select()
      .from(auditEvents)
      .where(
        and(eq(auditEvents.subject_id, member.id), eq(auditEvents.action, 'member.email_changed')),
      );
    expect(audit).toEqual([
      expect.objectContaining({
        actor_user_id: admin.user.id,
        action: 'member.email_changed',
        subject_type: 'member',
        before: { email: member.email },
        after: { email: 'dewi.baru@contoh.id' },
      }),
    ]);
    // The record cannot be rewritten afterwards.
    await expect(
      t.db
        .update(auditEvents)
        .set({ after: { email: 'lain@contoh.id' } })
        .where(eq(auditEvents.subject_id, member.id)),
    ).rejects.toThrow();

    // The old password still works at the new address only.
    const login = (email: string) =>
      t.app.inject({
        method: 'POST',
        url: '/api/member/v1/login',
        payload: { email, password: member.password },
      });
    expect((await login('dewi.baru@contoh.id')).statusCode).toBe(200);
    expect((await login(member.email)).statusCode).toBe(400);
  });
});
