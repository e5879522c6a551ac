import fs from 'node:fs';
import path from 'node:path';
import { and, eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { certificateMessages } from '@ajar/shared/certificates/certificates.constants';
import type {
  CertificateRedeemDetail,
  CertificateVerification,
  IssuedCertificate,
} from '@ajar/shared/certificates/certificates.schemas';
import type { MemberCertificateData } from '@ajar/shared/members/member-learning.schemas';
import {
  auditEvents,
  certificates,
  learningEvents,
  memberRedeems,
  programs,
} from '../../db/schema';
import { migrationsFolder } from '../../db/client';
import { buildActivity } from '../../test/factories/activities';
import { joinProgram } from '../../test/factories/members';
import { buildMember, buildRedeem } from '../../test/factories/participants';
import { buildProgram, buildTopics } from '../../test/factories/programs';
import { signedIn } from '../../test/factories/users';
import { pdfText } from '../../test/factories/pdf-text';
import { createTestApp, type TestApp } from '../../test/test-app';

type Headers = { authorization: string };

/** Names of 150 characters (Javanese and Arabic-derived Indonesian names, accented letters). */
const longNames = [
  'Raden Mas Muhammad Abdurrahman Wahyudi Kusumawardhana Prawirodirdjo Hadiningrat Suryo Atmojo Notonegoro Kertanegara Mangkubumi Wiryodiningrat Sastrowi',
  "Siti Nur'aini Çahyaningtyas Élisabeth Nurul Ḥusnā Zulaikha Fatimatuzzahra Ayu Kusumaningrum Rahmawati Dewi Sekar Ayu Wijayakusuma Nguyễn Thị Ánh Tuyết",
];

describe('certificates are documents', () => {
  let t: TestApp;
  let admin: Headers;
  let trainer: { user: { id: string }; headers: Headers };

  beforeAll(async () => {
    t = await createTestApp({ PUBLIC_URL: 'https://ajar.contoh.id' });
    admin = (await signedIn(t.db, 'admin')).headers;
    trainer = await signedIn(t.db, 'trainer');
  });
  afterAll(() => t.close());

  const inject = (
    method: 'GET' | 'POST' | 'PUT',
    url: string,
    headers: Headers | Record<string, never> = admin,
    payload?: object,
  ) => t.app.inject({ method, url, headers, ...(payload ? { payload } : {}) });
  const verify = async (number: string) => {
    const res = await inject('GET', `/api/certificate/v1/verify/${number}`, {});
    expect(res.statusCode).toBe(200);
    return res.json<{ data: CertificateVerification }>().data;
  };
  const detail = async (redeemId: string, headers: Headers = admin) => {
    const res = await inject('GET', `/api/users/v1/member_redeem/detail/${redeemId}`, headers);
    expect(res.statusCode).toBe(200);
    return res.json<{ data: CertificateRedeemDetail }>().data;
  };
  const correct = (id: string, body: object, headers: Headers = admin) =>
    inject('POST', `/api/certificate/v1/correct/${id}`, headers, body);
  const revoke = (id: string, body: object, headers: Headers = admin) =>
    inject('POST', `/api/certificate/v1/revoke/${id}`, headers, body);

  /**
   * A finished participant of a program of 2 h 30 min (two activities), joined through the
   * member API, the graduation certificate issued from the participant app.
   */
  async function graduate(options: { trainerIds?: string[]; fullname?: string } = {}) {
    const program = await buildProgram(t.db, {
      status: 'publish',
      title: 'Akuntansi Dasar UMKM',
      trainerIds: options.trainerIds ?? [],
    });
    const [topic] = await buildTopics(t.db, program.id, 1);
    await buildActivity(t.db, topic!, { settings: { estimated_duration: 90 } });
    await buildActivity(t.db, topic!, { settings: { estimated_duration: 60 } });
    const { member, redeem } = await joinProgram(t.app, program.id);
    if (options.fullname) {
      const res = await inject('PUT', '/api/member/v1/profile', member.headers, {
        fullname: options.fullname,
        phone: member.phone,
      });
      expect(res.statusCode).toBe(200);
    }
    const redeemId = redeem.id as string;
    await t.db
      .update(memberRedeems)
      .set({
        progress: 100,
        start_test_at: new Date('2026-11-02T02:00:00Z'),
        end_test_at: new Date('2026-11-20T03:00:00Z'),
      })
      .where(eq(memberRedeems.id, redeemId));
    const res = await inject(
      'GET',
      `/api/member/v1/program/${program.id}/certificate`,
      member.headers,
    );
    expect(res.statusCode).toBe(200);
    const cert = res.json<{ data: MemberCertificateData }>().data;
    const [row] = await t.db
      .select({ id: certificates.id })
      .from(certificates)
      .where(eq(certificates.number, cert.number));
    return { program, member, redeemId, number: cert.number, certificateId: row!.id };
  }

  const memberPdf = (programId: string, headers: Headers) =>
    inject('GET', `/api/member/v1/program/${programId}/certificate/pdf`, headers);

  it('keeps what it stated at issue: renaming the profile or the program changes neither the PDF nor the verification', async () => {
    const g = await graduate({ fullname: 'Ratna Sari Dewi' });
    const first = await memberPdf(g.program.id, g.member.headers);
    expect(first.statusCode).toBe(200);
    const before = pdfText(first.rawPayload);
    expect(before).toContain('Ratna Sari Dewi');
    expect(before).toContain('Akuntansi Dasar UMKM');
    expect(before).toContain('Durasi belajar: 2 jam 30 menit');
    expect(before).toContain('Jakarta, 20 November 2026');
    const verifiedBefore = await verify(g.number);

    // The participant renames themself; staff rename and lengthen the program, move its dates.
    const renamed = await inject('PUT', '/api/member/v1/profile', g.member.headers, {
      fullname: 'Ratna Sari Dewi Kusuma',
      phone: g.member.phone,
    });
    expect(renamed.statusCode).toBe(200);
    await t.db
      .update(programs)
      .set({ title: 'Akuntansi Lanjutan', is_prakerja: true, competence: ['Baru'] })
      .where(eq(programs.id, g.program.id));
    const [topic] = await buildTopics(t.db, g.program.id, 1);
    await buildActivity(t.db, topic!, { settings: { estimated_duration: 600 } });
    await t.db
      .update(memberRedeems)
      .set({ end_test_at: new Date('2026-11-27T03:00:00Z') })
      .where(eq(memberRedeems.id, g.redeemId));

    const again = await memberPdf(g.program.id, g.member.headers);
    expect(again.headers['x-certificate-number']).toBe(g.number);
    expect(pdfText(again.rawPayload)).toBe(before);
    const staffPdf = await inject('GET', `/api/certificate/v1/graduation/${g.redeemId}`);
    expect(pdfText(staffPdf.rawPayload)).toBe(before);
    expect(await verify(g.number)).toEqual(verifiedBefore);
    expect(verifiedBefore).toMatchObject({
      valid: true,
      member: { fullname: 'Ratna Sari Dewi' },
      program: { title: 'Akuntansi Dasar UMKM', minutes: 150 },
      issued_at: '2026-11-20T03:00:00.000Z',
    });

    // The issue is in the participant's learning record, by nobody on staff.
    const events = await t.db
      .select()
      .from(learningEvents)
      .where(
        and(
          eq(learningEvents.member_id, g.member.id),
          eq(learningEvents.kind, 'certificate_issued'),
        ),
      );
    expect(events).toHaveLength(1);
    expect(events[0]).toMatchObject({
      program_id: g.program.id,
      actor_user_id: null,
      data: { number: g.number, kind: 'graduation' },
    });
  });

  it('prints names of 150 characters whole, accents included, never cut with an ellipsis', async () => {
    const program = await buildProgram(t.db, { status: 'publish', title: 'Kelas Nama Panjang' });
    for (const fullname of longNames) {
      expect(fullname).toHaveLength(150);
      const member = await buildMember(t.db, { fullname });
      const redeem = await buildRedeem(t.db, program.id, {
        memberId: member.id,
        progress: 100,
        start_test_at: new Date(),
        end_test_at: new Date(),
      });
      for (const kind of ['participant', 'graduation'] as const) {
        const res = await inject('GET', `/api/certificate/v1/${kind}/${redeem.id}`);
        expect(res.statusCode).toBe(200);
        const text = pdfText(res.rawPayload);
        expect(text).toContain(fullname);
        expect(text).not.toContain('…');
      }
    }
  });

  it('corrects a certificate: a new number with the corrected name, the old one replaced and linked, recorded', async () => {
    const g = await graduate({ fullname: 'Budi Santosa' });
    const res = await correct(g.certificateId, {
      fullname: 'Budi Santoso',
      program_title: 'Akuntansi Dasar UMKM',
      program_minutes: 150,
      certificate_date: '2026-11-20',
      reason: 'Salah ketik nama peserta',
    });
    expect(res.statusCode).toBe(200);
    expect(res.json().message).toBe(certificateMessages.corrected);
    const created = res.json<{ data: IssuedCertificate }>().data;
    expect(created).toMatchObject({
      status: 'valid',
      fullname: 'Budi Santoso',
      replaces: g.number,
      replaced_by: null,
      // The date is kept as it was (only the name changed).
      issued_at: '2026-11-20T03:00:00.000Z',
    });
    expect(created.number).not.toBe(g.number);

    const old = await verify(g.number);
    expect(old).toMatchObject({
      valid: false,
      status: 'replaced',
      member: { fullname: 'Budi Santosa' },
      replaced_by: { number: created.number },
      revoked: null,
    });
    expect(await verify(created.number)).toMatchObject({
      valid: true,
      status: 'valid',
      member: { fullname: 'Budi Santoso' },
    });

    // The participant now gets the new certificate, which names the one it replaced.
    const mine = await inject(
      'GET',
      `/api/member/v1/program/${g.program.id}/certificate`,
      g.member.headers,
    );
    expect(mine.json<{ data: MemberCertificateData }>().data).toMatchObject({
      number: created.number,
      status: 'valid',
      replaces: g.number,
    });
    const pdf = await memberPdf(g.program.id, g.member.headers);
    expect(pdf.headers['x-certificate-number']).toBe(created.number);
    expect(pdfText(pdf.rawPayload)).toContain('Budi Santoso');

    // Staff see both, with who, when and why.
    const list = (await detail(g.redeemId)).certificates;
    expect(list.map((c) => [c.number, c.status])).toEqual([
      [created.number, 'valid'],
      [g.number, 'replaced'],
    ]);
    expect(list[1]!.change).toMatchObject({ reason: 'Salah ketik nama peserta' });
    expect(list[1]!.change!.by).toBeTruthy();
    expect(list[1]!.replaced_by).toBe(created.number);

    const [audit] = await t.db
      .select()
      .from(auditEvents)
      .where(
        and(
          eq(auditEvents.subject_id, g.certificateId),
          eq(auditEvents.action, 'certificate.corrected'),
        ),
      );
    expect(audit).toMatchObject({
      subject_type: 'certificate',
      before: { number: g.number, fullname: 'Budi Santosa' },
      after: { number: created.number, fullname: 'Budi Santoso' },
    });
    expect(audit!.actor_user_id).toBeTruthy();
    const [event] = await t.db
      .select()
      .from(learningEvents)
      .where(
        and(
          eq(learningEvents.member_id, g.member.id),
          eq(learningEvents.kind, 'certificate_corrected'),
        ),
      );
    expect(event).toMatchObject({
      actor_user_id: audit!.actor_user_id,
      data: { number: g.number, replaced_by: created.number, changed: ['fullname'] },
    });

    // A replaced certificate is not corrected or revoked again: the one in force is.
    const twice = await correct(g.certificateId, {
      fullname: 'Budi Santoso Lagi',
      program_title: 'Akuntansi Dasar UMKM',
      program_minutes: 150,
      certificate_date: '2026-11-20',
      reason: 'Koreksi kedua',
    });
    expect(twice.statusCode).toBe(409);
    expect(twice.json().message).toBe(certificateMessages.notValidAnyMore);

    // A second correction: the first number now points to the one in force.
    const second = await correct(created.id, {
      fullname: 'Budi Santoso',
      program_title: 'Akuntansi Dasar UMKM',
      program_minutes: 150,
      certificate_date: '2026-11-21',
      reason: 'Tanggal kelulusan salah',
    });
    expect(second.statusCode).toBe(200);
    const latest = second.json<{ data: IssuedCertificate }>().data;
    expect(latest.issued_at).toBe('2026-11-20T17:00:00.000Z');
    expect((await verify(g.number)).replaced_by!.number).toBe(latest.number);
  });

  it("revokes a certificate with a reason: 'dicabut' on its verification, no download, none issued again", async () => {
    const g = await graduate();
    const res = await revoke(g.certificateId, { reason: 'Peserta terbukti memalsukan tugas' });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({
      message: certificateMessages.revoked,
      data: { status: 'revoked', change: { reason: 'Peserta terbukti memalsukan tugas' } },
    });

    const verified = await verify(g.number);
    expect(verified).toMatchObject({
      valid: false,
      status: 'revoked',
      replaced_by: null,
      revoked: { reason: 'Peserta terbukti memalsukan tugas' },
    });
    expect(Date.now() - new Date(verified.revoked!.at).getTime()).toBeLessThan(60_000);

    // The participant sees it revoked, with the reason, and gets no PDF.
    const mine = await inject(
      'GET',
      `/api/member/v1/program/${g.program.id}/certificate`,
      g.member.headers,
    );
    expect(mine.statusCode).toBe(200);
    expect(mine.json<{ data: MemberCertificateData }>().data).toMatchObject({
      number: g.number,
      status: 'revoked',
      download_url: null,
      revoked: { reason: 'Peserta terbukti memalsukan tugas' },
    });
    const pdf = await memberPdf(g.program.id, g.member.headers);
    expect(pdf.statusCode).toBe(400);
    expect(pdf.json().message).toBe(certificateMessages.revokedDownload);
    const staffPdf = await inject('GET', `/api/certificate/v1/graduation/${g.redeemId}`);
    expect(staffPdf.statusCode).toBe(400);
    expect(staffPdf.json().message).toBe(certificateMessages.revokedDownload);

    // No new number for the same redemption, and it is left out of the program's zip.
    const rows = await t.db
      .select()
      .from(certificates)
      .where(eq(certificates.member_redeem_id, g.redeemId));
    expect(rows).toHaveLength(1);
    const zip = await inject(
      'GET',
      `/api/certificate/v1/program/${g.program.id}/zip?kind=graduation`,
    );
    expect(zip.statusCode).toBe(400);
    expect(zip.json().message).toBe(certificateMessages.noneEligible);

    const again = await revoke(g.certificateId, { reason: 'Dicabut sekali lagi' });
    expect(again.statusCode).toBe(409);
    const [event] = await t.db
      .select()
      .from(learningEvents)
      .where(
        and(
          eq(learningEvents.member_id, g.member.id),
          eq(learningEvents.kind, 'certificate_revoked'),
        ),
      );
    expect(event!.data).toMatchObject({
      number: g.number,
      reason: 'Peserta terbukti memalsukan tugas',
    });
    expect(event!.actor_user_id).toBeTruthy();
    const [audit] = await t.db
      .select()
      .from(auditEvents)
      .where(
        and(
          eq(auditEvents.subject_id, g.certificateId),
          eq(auditEvents.action, 'certificate.revoked'),
        ),
      );
    expect(audit!.after).toMatchObject({ status: 'revoked' });
  });

  it('lets a trainer change certificates of their programs only (404 elsewhere); needs a session', async () => {
    const elsewhere = await graduate();
    const body = { reason: 'Alasan pencabutan' };
    expect((await revoke(elsewhere.certificateId, body, trainer.headers)).statusCode).toBe(404);
    expect(
      (
        await correct(
          elsewhere.certificateId,
          {
            fullname: 'Nama Lain',
            program_title: 'Akuntansi Dasar UMKM',
            program_minutes: 150,
            certificate_date: '2026-11-20',
            reason: 'Alasan koreksi',
          },
          trainer.headers,
        )
      ).statusCode,
    ).toBe(404);
    expect(
      (await inject('POST', `/api/certificate/v1/revoke/${elsewhere.certificateId}`, {}, body))
        .statusCode,
    ).toBe(401);
    expect((await verify(elsewhere.number)).status).toBe('valid');

    const mine = await graduate({ trainerIds: [trainer.user.id] });
    const res = await revoke(mine.certificateId, body, trainer.headers);
    expect(res.statusCode).toBe(200);
  });

  it('refuses bad input with Indonesian messages (400), an unknown certificate with 404', async () => {
    const g = await graduate({ fullname: 'Wulan Sari' });
    const valid = {
      fullname: 'Wulan Sari',
      program_title: 'Akuntansi Dasar UMKM',
      program_minutes: 150,
      certificate_date: '2026-11-20',
      reason: 'Perbaikan data',
    };
    const cases: [object, Record<string, string>][] = [
      [{ ...valid, fullname: 'Wulan Sarii', reason: '' }, { reason: 'Alasan tidak boleh kosong' }],
      [
        { ...valid, fullname: 'Wulan Sarii', reason: 'abc' },
        { reason: 'Alasan harus lebih dari atau sama dengan 5 karakter.' },
      ],
      [
        { ...valid, fullname: 'W'.repeat(151) },
        { fullname: 'Nama pada Sertifikat harus kurang dari atau sama dengan 150 karakter.' },
      ],
      [{ ...valid, fullname: '   ' }, { fullname: 'Nama pada Sertifikat tidak boleh kosong' }],
      [
        { ...valid, certificate_date: '2999-01-01' },
        { certificate_date: certificateMessages.dateInFuture },
      ],
      [
        { ...valid, certificate_date: '2026-02-30' },
        { certificate_date: certificateMessages.dateInvalid },
      ],
      [
        { ...valid, program_minutes: -5 },
        { program_minutes: 'Durasi Belajar (menit) harus lebih dari atau sama dengan 0' },
      ],
    ];
    for (const [body, validation] of cases) {
      const res = await correct(g.certificateId, body);
      expect(res.statusCode, JSON.stringify(body)).toBe(400);
      expect(res.json().validation).toEqual(validation);
    }
    const unchanged = await correct(g.certificateId, valid);
    expect(unchanged.statusCode).toBe(400);
    expect(unchanged.json().message).toBe(certificateMessages.nothingCorrected);

    const noReason = await revoke(g.certificateId, {});
    expect(noReason.statusCode).toBe(400);
    expect(noReason.json().validation).toEqual({ reason: 'Alasan tidak boleh kosong' });
    expect((await revoke('bukan-id', { reason: 'Alasan sah' })).statusCode).toBe(400);
    const unknown = await revoke('00000000-0000-4000-8000-000000000000', { reason: 'Alasan sah' });
    expect(unknown.statusCode).toBe(404);
    expect(unknown.json().message).toBe(certificateMessages.notFound);
    // Nothing was changed by the refusals.
    expect((await verify(g.number)).status).toBe('valid');
  });

  it("the migration gives certificates issued before it a copy of today's data", async () => {
    const g = await graduate({ fullname: 'Agus Salim' });
    // As a row issued before the copy existed: the columns hold nothing of their own.
    await t.db
      .update(certificates)
      .set({
        fullname: '',
        program_title: '',
        program_minutes: 0,
        competences: [],
        template: 'prakerja',
      })
      .where(eq(certificates.id, g.certificateId));
    const file = fs
      .readdirSync(migrationsFolder)
      .find((name) => name.endsWith('_certificate_snapshots.sql'))!;
    const statement = fs
      .readFileSync(path.join(migrationsFolder, file), 'utf8')
      .split('--> statement-breakpoint')
      .find((part) => part.includes('UPDATE "certificates"'))!;
    await t.db.execute(sql.raw(statement));
    const [row] = await t.db
      .select()
      .from(certificates)
      .where(eq(certificates.id, g.certificateId));
    expect(row).toMatchObject({
      fullname: 'Agus Salim',
      program_title: 'Akuntansi Dasar UMKM',
      program_minutes: 150,
      competences: ['Kompetensi satu'],
      template: 'umum',
      certificate_date: new Date('2026-11-20T03:00:00Z'),
    });
  });
});
