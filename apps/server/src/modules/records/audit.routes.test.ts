import { and, eq, sql, type SQL } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { auditEvents } from '../../db/schema';
import { importPaths } from '@ajar/shared/imports/imports.constants';
import { buildImportProgram, importUpload, xlsxOf } from '../../test/factories/imports';
import { buildReseller, joinProgram, registerMember } from '../../test/factories/members';
import {
  buildActivities,
  buildProgram,
  buildStudy,
  buildTopics,
  programBody,
} from '../../test/factories/programs';
import { buildUser, signedIn } from '../../test/factories/users';
import { createTestApp, type TestApp } from '../../test/test-app';
import { runAuditRetention } from './audit.service';

// The audit trail (docs/decisions.md, 'The audit trail'): each audited action leaves one entry
// with who (id, role, address) and before/after; superadmins read it; nobody rewrites it.
describe('the audit trail', () => {
  let t: TestApp;
  let superadmin: Awaited<ReturnType<typeof signedIn>>;
  beforeAll(async () => {
    t = await createTestApp();
    superadmin = await signedIn(t.db, 'superadmin');
  });
  afterAll(() => t.close());

  const entries = (subjectId: string, action: string) =>
    t.db
      .select()
      .from(auditEvents)
      .where(and(eq(auditEvents.subject_id, subjectId), eq(auditEvents.action, action)));
  const rowsOf = async <R>(query: SQL) =>
    ((await t.db.execute(query)) as unknown as { rows: R[] }).rows;
  const inject = (
    method: 'GET' | 'POST' | 'PUT' | 'DELETE',
    url: string,
    headers: { authorization: string } | undefined,
    payload?: object,
  ) => t.app.inject({ method, url, headers, payload, remoteAddress: '203.0.113.7' });

  it('records a program created, published, archived and deleted, with role and address', async () => {
    const admin = await signedIn(t.db, 'admin');
    const study = await buildStudy(t.db);
    const created = await inject(
      'POST',
      '/api/program/v1/company/create',
      admin.headers,
      programBody(study, { title: 'Program Audit' }),
    );
    expect(created.statusCode, created.body).toBe(200);
    const id = (created.json() as { data: { id: string } }).data.id;
    expect(await entries(id, 'program.created')).toEqual([
      expect.objectContaining({
        actor_user_id: admin.user.id,
        actor_role: 'admin',
        actor_ip: '203.0.113.7',
        subject_type: 'program',
        before: null,
        after: { title: 'Program Audit', status: 'draft' },
      }),
    ]);

    const status = (to: string) =>
      inject('PUT', `/api/program/v1/company/update-status/${id}`, admin.headers, { status: to });
    expect((await status('publish')).statusCode).toBe(200);
    expect((await status('archive')).statusCode).toBe(200);
    expect(await entries(id, 'program.published')).toEqual([
      expect.objectContaining({ before: { status: 'draft' }, after: { status: 'publish' } }),
    ]);
    expect(await entries(id, 'program.archived')).toEqual([
      expect.objectContaining({ before: { status: 'publish' }, after: { status: 'archive' } }),
    ]);

    const updated = await inject(
      'PUT',
      `/api/program/v1/company/update/${id}`,
      admin.headers,
      programBody(study, { title: 'Program Audit 2' }),
    );
    expect(updated.statusCode, updated.body).toBe(200);
    expect(await entries(id, 'program.updated')).toEqual([
      expect.objectContaining({
        before: { title: 'Program Audit', status: 'archive' },
        after: { title: 'Program Audit 2', status: 'archive' },
      }),
    ]);

    expect(
      (await inject('DELETE', `/api/program/v1/company/delete/${id}`, admin.headers)).statusCode,
    ).toBe(200);
    expect(await entries(id, 'program.deleted')).toEqual([
      expect.objectContaining({
        before: { title: 'Program Audit 2', status: 'archive' },
        after: null,
      }),
    ]);
  });

  it('records staff accounts created, their role changed and deactivated', async () => {
    const created = await inject('POST', '/api/users/v1/staff/create', superadmin.headers, {
      fullname: 'Trainer Baru',
      email: 'trainer.audit@contoh.id',
      phone: '6281234500001',
      role: 'trainer',
      password: 'Rahasia-Kuat-123',
    });
    expect(created.statusCode, created.body).toBe(200);
    const id = (created.json() as { data: { id: string } }).data.id;
    expect(await entries(id, 'user.created')).toEqual([
      expect.objectContaining({
        actor_user_id: superadmin.user.id,
        actor_role: 'superadmin',
        after: { fullname: 'Trainer Baru', email: 'trainer.audit@contoh.id', role: 'trainer' },
      }),
    ]);
    const update = await inject('PUT', `/api/users/v1/staff/update/${id}`, superadmin.headers, {
      fullname: 'Trainer Baru',
      email: 'trainer.audit@contoh.id',
      phone: '6281234500001',
      role: 'admin',
    });
    expect(update.statusCode, update.body).toBe(200);
    expect(await entries(id, 'user.role_changed')).toEqual([
      expect.objectContaining({ before: { role: 'trainer' }, after: { role: 'admin' } }),
    ]);
    const off = await inject('PUT', `/api/users/v1/staff/status/${id}`, superadmin.headers, {
      is_active: false,
    });
    expect(off.statusCode, off.body).toBe(200);
    expect(await entries(id, 'user.deactivated')).toEqual([
      expect.objectContaining({ before: { is_active: true }, after: { is_active: false } }),
    ]);
  });

  it('records staff sign-ins, failures, password changes and sign-outs', async () => {
    const user = await buildUser(t.db, { role: 'trainer' });
    const login = (password: string) =>
      inject('POST', '/api/admin/v1/login', undefined, { email: user.email, password });
    expect((await login('SalahSekali1')).statusCode).toBe(400);
    expect(await entries(user.id, 'user.sign_in_failed')).toEqual([
      expect.objectContaining({
        actor_user_id: null,
        actor_ip: '203.0.113.7',
        after: { reason: 'wrong_password' },
      }),
    ]);
    const ok = await login(user.password);
    expect(ok.statusCode, ok.body).toBe(200);
    expect(await entries(user.id, 'user.signed_in')).toEqual([
      expect.objectContaining({ actor_user_id: user.id, actor_role: 'trainer' }),
    ]);
    const headers = {
      authorization: `Bearer ${(ok.json() as { data: { token: string } }).data.token}`,
    };
    const changed = await inject('PUT', '/api/admin/v1/update-password', headers, {
      current_password: user.password,
      new_password: 'Kata-Sandi-Baru-77',
      conf_new_password: 'Kata-Sandi-Baru-77',
    });
    expect(changed.statusCode, changed.body).toBe(200);
    expect(await entries(user.id, 'user.password_changed')).toEqual([
      expect.objectContaining({ actor_user_id: user.id, after: { via: 'profile' } }),
    ]);
    expect((await inject('POST', '/api/trainer/v1/logout', headers)).statusCode).toBe(200);
    expect(await entries(user.id, 'user.session_revoked')).toEqual([
      expect.objectContaining({ actor_user_id: user.id, after: { reason: 'logout' } }),
    ]);
  });

  it("records a participant's sign-in and a staff reading their personal data", async () => {
    const member = await registerMember(t.app);
    const signedInRows = await entries(member.id, 'member.signed_in');
    expect(signedInRows).toEqual([
      expect.objectContaining({
        actor_user_id: null,
        actor_role: 'participant',
        subject_type: 'member',
      }),
    ]);
    const admin = await signedIn(t.db, 'admin');
    const read = await inject(
      'GET',
      `/api/users/v1/member/detail_by_id/${member.id}`,
      admin.headers,
    );
    expect(read.statusCode).toBe(200);
    expect(await entries(member.id, 'member.viewed')).toEqual([
      expect.objectContaining({ actor_user_id: admin.user.id, actor_role: 'admin' }),
    ]);
  });

  it('records feedback given, then rewritten with the previous values, and a removal', async () => {
    const trainer = await signedIn(t.db, 'trainer');
    const program = await buildProgram(t.db, { status: 'publish', trainerIds: [trainer.user.id] });
    const [topic] = await buildTopics(t.db, program.id, 1);
    const [activity] = await buildActivities(t.db, topic!, 1);
    const { member, redeem } = await joinProgram(t.app, program.id);
    const give = (score: number, text: string) =>
      inject('PUT', '/api/users/v1/trainer/feedback-mr', trainer.headers, {
        member_redeem_id: redeem.id,
        topic_id: topic!.id,
        activity_id: activity!.id,
        score,
        text,
      });
    expect((await give(70, 'Cukup')).statusCode).toBe(200);
    expect((await give(90, 'Bagus')).statusCode).toBe(200);
    expect(await entries(member.id, 'feedback.given')).toEqual([
      expect.objectContaining({
        before: null,
        after: expect.objectContaining({ score: 70, text: 'Cukup' }),
      }),
    ]);
    expect(await entries(member.id, 'feedback.rewritten')).toEqual([
      expect.objectContaining({
        actor_user_id: trainer.user.id,
        before: { score: 70, text: 'Cukup' },
        after: expect.objectContaining({ score: 90, text: 'Bagus' }),
      }),
    ]);
    const admin = await signedIn(t.db, 'admin');
    const removed = await inject(
      'DELETE',
      `/api/users/v1/company/program/delete/${redeem.id}`,
      admin.headers,
    );
    expect(removed.statusCode).toBe(200);
    expect(await entries(member.id, 'program.member_removed')).toEqual([
      expect.objectContaining({ before: { redeem_id: redeem.id, program_id: program.id } }),
    ]);
  });

  it('records one entry per score import, with counts', async () => {
    const staff = await signedIn(t.db, 'admin');
    const fx = await buildImportProgram(t.db, { redeems: 1 });
    const [a] = fx.redeems;
    const file = await xlsxOf([
      ['license', 'activity_number', 'score', 'feedback'],
      [a!.license, 2, 70, 'Rapi'],
      [a!.license, 3, 70, ''],
    ]);
    const body = importUpload(file, 'nilai.xlsx');
    const res = await t.app.inject({
      method: 'PUT',
      url: importPaths.tpm,
      payload: body.payload,
      headers: { ...staff.headers, ...body.headers },
    });
    expect(res.statusCode, res.body).toBe(200);
    expect(await entries(a!.program_id, 'score.imported')).toEqual([
      expect.objectContaining({
        actor_user_id: staff.user.id,
        subject_type: 'program',
        after: { kind: 'tpm', rows: 2, saved: 1, failed: 1, programs: [a!.program_id] },
      }),
    ]);
  });

  it("records the gift flag of a reseller's redemption, before and after", async () => {
    const admin = await signedIn(t.db, 'admin');
    const reseller = await buildReseller(t.db);
    const program = await buildProgram(t.db, { status: 'publish' });
    const { redeem } = await joinProgram(t.app, program.id, { resellerId: reseller.id });
    const res = await inject('PUT', '/api/users/v1/company/update_redeem_meta', admin.headers, {
      member_redeem_id: redeem.id,
      field: 'gift',
      value: 'true',
    });
    expect(res.statusCode, res.body).toBe(200);
    expect(await entries(redeem.id, 'redeem.gift_changed')).toEqual([
      expect.objectContaining({
        actor_user_id: admin.user.id,
        subject_type: 'redeem',
        after: { gift: 'true' },
      }),
    ]);
  });

  it('is read by superadmins only: admin and trainer 403, a participant 401', async () => {
    const url = '/api/users/v1/audit-log';
    expect((await inject('GET', url, (await signedIn(t.db, 'admin')).headers)).statusCode).toBe(
      403,
    );
    expect((await inject('GET', url, (await signedIn(t.db, 'trainer')).headers)).statusCode).toBe(
      403,
    );
    const member = await registerMember(t.app);
    expect((await inject('GET', url, member.headers)).statusCode).toBe(401);
    expect((await inject('GET', `${url}/export`, member.headers)).statusCode).toBe(401);
    expect((await inject('GET', url, undefined)).statusCode).toBe(401);
  });

  it('filters by person, subject, action and day, newest first, paged', async () => {
    const actor = await signedIn(t.db, 'admin');
    const program = await buildProgram(t.db);
    await inject('PUT', `/api/program/v1/company/update-status/${program.id}`, actor.headers, {
      status: 'publish',
    });
    const today = new Date().toISOString().slice(0, 10);
    const res = await inject(
      'GET',
      `/api/users/v1/audit-log?actor_user_id=${actor.user.id}&subject_type=program&action=program.published&from=${today}&to=${today}&limit=5`,
      superadmin.headers,
    );
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().data).toMatchObject({
      total: 1,
      page: 1,
      limit: 5,
      list: [
        {
          actor_user_id: actor.user.id,
          actor_name: actor.user.fullname,
          actor_role: 'admin',
          action: 'program.published',
          subject_id: program.id,
          after: { status: 'publish' },
        },
      ],
    });
    const bad = await inject(
      'GET',
      '/api/users/v1/audit-log?action=apa&from=2025-02-01&to=2025-01-01',
      superadmin.headers,
    );
    expect(bad.statusCode).toBe(400);
  });

  it('exports a filter as .xlsx, and the download itself is recorded', async () => {
    const res = await inject(
      'GET',
      '/api/users/v1/audit-log/export?subject_type=program',
      superadmin.headers,
    );
    expect(res.statusCode, res.body).toBe(200);
    const url = (res.json() as { data: { public_url: string } }).data.public_url;
    const path = new URL(url, 'http://localhost').pathname;
    const file = await inject('GET', path, superadmin.headers);
    expect(file.statusCode).toBe(200);
    expect(file.rawPayload.subarray(0, 2).toString()).toBe('PK');
    const downloadId = (
      await rowsOf<{ id: string }>(sql`select id from downloads order by created_at desc limit 1`)
    )[0]!.id;
    expect(await entries(downloadId, 'export.downloaded')).toEqual([
      expect.objectContaining({
        actor_user_id: superadmin.user.id,
        actor_role: 'superadmin',
        subject_type: 'export',
        after: { filename: expect.stringMatching(/^log-aktivitas-.*\.xlsx$/) },
      }),
    ]);
    const none = await inject(
      'GET',
      '/api/users/v1/audit-log/export?from=1990-01-01&to=1990-01-02',
      superadmin.headers,
    );
    expect(none.statusCode).toBe(404);
  });

  it('refuses UPDATE and DELETE; the retention job removes only entries past the period', async () => {
    const subject = crypto.randomUUID();
    const old = new Date(Date.now() - 1830 * 24 * 60 * 60 * 1000);
    await t.db.insert(auditEvents).values([
      { action: 'member.viewed', subject_type: 'member', subject_id: subject, created_at: old },
      { action: 'member.viewed', subject_type: 'member', subject_id: subject },
    ]);
    await expect(
      t.db.update(auditEvents).set({ action: 'x' }).where(eq(auditEvents.subject_id, subject)),
    ).rejects.toThrow();
    await expect(
      t.db.delete(auditEvents).where(eq(auditEvents.subject_id, subject)),
    ).rejects.toThrow();
    await expect(t.db.execute(sql`truncate audit_events`)).rejects.toThrow();
    expect(await entries(subject, 'member.viewed')).toHaveLength(2);

    const removed = await runAuditRetention(t.db, { AUDIT_RETENTION_DAYS: 1826 });
    expect(removed).toBeGreaterThanOrEqual(1);
    const left = await entries(subject, 'member.viewed');
    expect(left).toHaveLength(1);
    expect(left[0]!.created_at.getTime()).toBeGreaterThan(old.getTime());
    // The setting lasted only for the retention's transaction.
    await expect(
      t.db.delete(auditEvents).where(eq(auditEvents.subject_id, subject)),
    ).rejects.toThrow();
  });

  it('queues the daily retention run', async () => {
    const queued = await rowsOf<{ n: number }>(
      sql`select count(*)::int as n from pgboss.job where name = 'audit-retention' and state = 'created'`,
    );
    expect(queued[0]!.n).toBe(1);
  });
});
