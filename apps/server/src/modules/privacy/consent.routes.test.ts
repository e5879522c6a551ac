import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { and, eq } from 'drizzle-orm';
import { consentRequiredCode } from '@ajar/shared/privacy/consent-code';
import { privacyNoticeMessages } from '@ajar/shared/privacy/privacy.constants';
import { auditEvents, memberConsents, privacyNotices } from '../../db/schema';
import { uniqueAddress } from '../../test/factories/auth';
import { registerMember } from '../../test/factories/members';
import { signedIn } from '../../test/factories/users';
import { createTestApp, type TestApp } from '../../test/test-app';
import { defaultPrivacyNotice, ensurePrivacyNotice } from './default-notice';

const noticeUrl = '/api/privacy/v1/notice';
const consentUrl = '/api/member/v1/privacy/consent';

describe('consent to the versioned privacy notice', () => {
  let t: TestApp;
  let admin: { authorization: string };
  beforeAll(async () => {
    t = await createTestApp();
    await ensurePrivacyNotice(t.db);
    admin = (await signedIn(t.db, 'superadmin')).headers;
  });
  afterAll(async () => {
    await t.close();
  });

  const publish = (content: string, headers = admin) =>
    t.app.inject({ method: 'PUT', url: noticeUrl, headers, payload: { content } });
  const latestVersion = async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/member/v1/privacy/notice' });
    return res.json().data.version as number;
  };

  describe('registration', () => {
    it('refuses a registration without the ticked consent, in Indonesian', async () => {
      for (const consent of [undefined, false, 'ya']) {
        const res = await t.app.inject({
          method: 'POST',
          url: '/api/member/v1/register',
          remoteAddress: uniqueAddress(),
          payload: {
            fullname: 'Tanpa Setuju',
            email: 'tanpa-setuju@contoh.id',
            phone: '6281234560001',
            password: 'Rahasia123',
            ...(consent === undefined ? {} : { consent }),
          },
        });
        expect(res.statusCode).toBe(400);
        expect(res.json().validation).toEqual({ consent: privacyNoticeMessages.consentMissing });
      }
    });

    it('stores the version in force, the time and the address with the new account', async () => {
      const before = Date.now();
      const member = await registerMember(t.app);
      const rows = await t.db
        .select()
        .from(memberConsents)
        .where(eq(memberConsents.member_id, member.id));
      expect(rows).toHaveLength(1);
      expect(rows[0]!.notice_version).toBe(await latestVersion());
      expect(rows[0]!.ip).toMatch(/^10\./);
      expect(rows[0]!.created_at.getTime()).toBeGreaterThanOrEqual(before - 1000);
      const status = await t.app.inject({
        method: 'GET',
        url: consentUrl,
        headers: member.headers,
      });
      expect(status.json().data).toMatchObject({ required: false });
    });
  });

  it('keeps each changed save as a new version, audited; the same text adds none', async () => {
    const start = await latestVersion();
    const first = await publish('Kebijakan Privasi versi uji A');
    expect(first.statusCode, first.body).toBe(200);
    expect(first.json().message).toBe(privacyNoticeMessages.saved(start + 1));
    expect(first.json().data.current).toMatchObject({
      version: start + 1,
      content: 'Kebijakan Privasi versi uji A',
    });
    const same = await publish('  Kebijakan Privasi versi uji A  ');
    expect(same.json().message).toBe(privacyNoticeMessages.unchanged);
    expect(same.json().data.current.version).toBe(start + 1);

    const listed = await t.app.inject({ method: 'GET', url: noticeUrl, headers: admin });
    expect(listed.json().data.versions.map((v: { version: number }) => v.version)).toEqual(
      Array.from({ length: start + 1 }, (_, i) => start + 1 - i),
    );
    const old = await t.app.inject({
      method: 'GET',
      url: `${noticeUrl}/versions/${start}`,
      headers: admin,
    });
    expect(old.json().data.version).toBe(start);
    expect(
      (await t.app.inject({ method: 'GET', url: `${noticeUrl}/versions/9999`, headers: admin }))
        .statusCode,
    ).toBe(404);

    const [row] = await t.db
      .select({ id: privacyNotices.id })
      .from(privacyNotices)
      .where(eq(privacyNotices.version, start + 1));
    const audit = await t.db
      .select()
      .from(auditEvents)
      .where(
        and(
          eq(auditEvents.action, 'privacy_notice.published'),
          eq(auditEvents.subject_id, row!.id),
        ),
      );
    expect(audit).toHaveLength(1);
    expect(audit[0]).toMatchObject({
      actor_role: 'superadmin',
      before: { version: start },
      after: { version: start + 1 },
    });

    const empty = await publish('   ');
    expect(empty.statusCode).toBe(400);
    expect(empty.json().validation).toEqual({ content: privacyNoticeMessages.contentRequired });
  });

  it('lets only the superadmin read and edit the notice', async () => {
    for (const role of ['trainer', 'admin'] as const) {
      const staff = (await signedIn(t.db, role)).headers;
      expect((await publish('Bukan superadmin', staff)).statusCode).toBe(403);
      const read = await t.app.inject({ method: 'GET', url: noticeUrl, headers: staff });
      expect(read.statusCode).toBe(403);
    }
    const member = await registerMember(t.app);
    expect((await publish('Peserta', member.headers as never)).statusCode).toBe(401);
    const current = await t.app.inject({ method: 'GET', url: '/api/member/v1/privacy/notice' });
    expect(current.json().data.content).not.toBe('Bukan superadmin');
  });

  it('asks again after a new version: other routes refuse until the member agrees', async () => {
    const member = await registerMember(t.app);
    const programs = () =>
      t.app.inject({ method: 'GET', url: '/api/member/v1/program/list', headers: member.headers });
    expect((await programs()).statusCode).toBe(200);

    const saved = await publish(`${defaultPrivacyNotice}\n\nPerubahan ${Date.now()}`);
    const version = saved.json().data.current.version as number;

    const refused = await programs();
    expect(refused.statusCode).toBe(403);
    expect(refused.json()).toMatchObject({
      code: consentRequiredCode,
      message: privacyNoticeMessages.consentRequired,
    });
    // What leads to the consent screen, and the member's rights, still answer.
    const me = await t.app.inject({
      method: 'GET',
      url: '/api/member/v1/me',
      headers: member.headers,
    });
    expect(me.statusCode).toBe(200);
    const status = await t.app.inject({ method: 'GET', url: consentUrl, headers: member.headers });
    expect(status.json().data).toMatchObject({ required: true, notice: { version } });
    const exportStatus = await t.app.inject({
      method: 'GET',
      url: '/api/member/v1/privacy/export',
      headers: member.headers,
    });
    expect(exportStatus.statusCode).toBe(200);

    // Agreeing to an older version than the one in force is refused: read the new one first.
    const stale = await t.app.inject({
      method: 'POST',
      url: consentUrl,
      headers: member.headers,
      payload: { version: version - 1 },
    });
    expect(stale.statusCode).toBe(409);
    expect(stale.json().message).toBe(privacyNoticeMessages.consentOutdated);

    const agreed = await t.app.inject({
      method: 'POST',
      url: consentUrl,
      headers: member.headers,
      payload: { version },
    });
    expect(agreed.statusCode, agreed.body).toBe(200);
    expect(agreed.json().message).toBe(privacyNoticeMessages.agreed);
    expect((await programs()).statusCode).toBe(200);
    const rows = await t.db
      .select({ version: memberConsents.notice_version })
      .from(memberConsents)
      .where(eq(memberConsents.member_id, member.id));
    expect(rows.map((r) => r.version).sort((a, b) => a - b)).toEqual([version - 1, version]);
  });

  it('serves the notice in force to anyone signed out', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/member/v1/privacy/notice' });
    expect(res.statusCode).toBe(200);
    expect(res.json().data).toMatchObject({ version: await latestVersion() });
    expect(typeof res.json().data.content).toBe('string');
  });
});
