import { eq } from 'drizzle-orm';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { certificateMessages } from '@ajar/shared/certificates/certificates.constants';
import type {
  CertificateRedeemDetail,
  CertificateVerification,
} from '@ajar/shared/certificates/certificates.schemas';
import type { MemberCertificateData } from '@ajar/shared/members/member-learning.schemas';
import { memberRedeems, programs } from '../../db/schema';
import { setServerClock } from '../../lib/clock';
import { uniqueAddress } from '../../test/factories/auth';
import { joinProgram } from '../../test/factories/members';
import { buildMember, buildRedeem } from '../../test/factories/participants';
import { buildProgram, buildStudy, programBody } from '../../test/factories/programs';
import { signedIn } from '../../test/factories/users';
import { pdfText } from '../../test/factories/pdf-text';
import { createTestApp, type TestApp } from '../../test/test-app';

type Headers = { authorization: string };

/** 10:00 WIB on 28 November 2026: a participation certificate issued now is dated that day. */
const issueDay = new Date('2026-11-28T03:00:00Z');
/** The last instant of 28 November 2027 in Jakarta. */
const lastValidInstant = '2027-11-28T16:59:59.999Z';

describe('certificate validity', () => {
  let t: TestApp;
  let admin: Headers;

  beforeAll(async () => {
    t = await createTestApp({ PUBLIC_URL: 'https://ajar.contoh.id' });
    admin = (await signedIn(t.db, 'admin')).headers;
  });
  afterEach(() => setServerClock(null));
  afterAll(() => t.close());

  const verify = async (number: string) => {
    const res = await t.app.inject({
      method: 'GET',
      url: `/api/certificate/v1/verify/${number}`,
      remoteAddress: uniqueAddress(),
    });
    expect(res.statusCode).toBe(200);
    return res.json<{ data: CertificateVerification }>().data;
  };
  const detail = async (redeemId: string) => {
    const res = await t.app.inject({
      method: 'GET',
      url: `/api/users/v1/member_redeem/detail/${redeemId}`,
      headers: admin,
    });
    expect(res.statusCode).toBe(200);
    return res.json<{ data: CertificateRedeemDetail }>().data;
  };
  const setValidity = (programId: string, validity: 'none' | 'one_year') =>
    t.db.update(programs).set({ certificate_validity: validity }).where(eq(programs.id, programId));
  /** A started participant's participation certificate, issued by staff at the server's time. */
  async function participantCertificate(validity: 'none' | 'one_year') {
    const program = await buildProgram(t.db, { status: 'publish', title: 'Kelas Berlaku' });
    await setValidity(program.id, validity);
    const member = await buildMember(t.db, { fullname: 'Wulan Berlaku' });
    const redeem = await buildRedeem(t.db, program.id, {
      memberId: member.id,
      progress: 40,
      start_test_at: new Date('2026-11-02T02:00:00Z'),
    });
    const res = await t.app.inject({
      method: 'GET',
      url: `/api/certificate/v1/participant/${redeem.id}`,
      headers: admin,
    });
    expect(res.statusCode).toBe(200);
    return {
      program,
      redeemId: redeem.id,
      number: String(res.headers['x-certificate-number']),
      pdf: res.rawPayload,
    };
  }

  it('is a program setting: none by default, one year when chosen, kept when a body leaves it out, refused otherwise', async () => {
    const study = await buildStudy(t.db);
    const created = await t.app.inject({
      method: 'POST',
      url: '/api/program/v1/company/create',
      headers: admin,
      payload: programBody(study),
    });
    expect(created.statusCode).toBe(200);
    const id = created.json<{ data: { id: string } }>().data.id;
    const read = async () => {
      const res = await t.app.inject({
        method: 'GET',
        url: `/api/program/v1/company/detail/${id}`,
        headers: admin,
      });
      return res.json<{ data: { certificate_validity: string } }>().data.certificate_validity;
    };
    const update = (body: object) =>
      t.app.inject({
        method: 'PUT',
        url: `/api/program/v1/company/update/${id}`,
        headers: admin,
        payload: body,
      });
    expect(await read()).toBe('none');
    expect(
      (await update(programBody(study, { certificate_validity: 'one_year' }))).statusCode,
    ).toBe(200);
    expect(await read()).toBe('one_year');
    // A client that does not know the setting leaves it as it is.
    expect((await update(programBody(study))).statusCode).toBe(200);
    expect(await read()).toBe('one_year');
    const bad = await update({ ...programBody(study), certificate_validity: 'dua_tahun' });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().validation).toEqual({
      certificate_validity: certificateMessages.invalidValidity,
    });
    expect(await read()).toBe('one_year');
  });

  it('fixes one year at issue: printed on the PDF, shown by the verification and the staff detail, then expired', async () => {
    setServerClock(() => issueDay);
    const c = await participantCertificate('one_year');
    expect(pdfText(c.pdf)).toContain('Berlaku hingga 28 November 2027');

    const fresh = await verify(c.number);
    expect(fresh).toMatchObject({
      valid: true,
      status: 'valid',
      issued_at: issueDay.toISOString(),
      valid_until: lastValidInstant,
      expired: false,
    });
    const [staffView] = (await detail(c.redeemId)).certificates;
    expect(staffView).toMatchObject({ valid_until: lastValidInstant, expired: false });

    // The validity was fixed at issue: the program's setting changed later changes nothing.
    await setValidity(c.program.id, 'none');
    setServerClock(() => new Date(lastValidInstant));
    expect(await verify(c.number)).toMatchObject({ valid: true, valid_until: lastValidInstant });
    const again = await t.app.inject({
      method: 'GET',
      url: `/api/certificate/v1/participant/${c.redeemId}`,
      headers: admin,
    });
    expect(pdfText(again.rawPayload)).toContain('Berlaku hingga 28 November 2027');

    // One millisecond later, 29 November 2027 in Jakarta: expired, no longer valid.
    setServerClock(() => new Date(Date.parse(lastValidInstant) + 1));
    expect(await verify(c.number)).toMatchObject({
      valid: false,
      status: 'valid',
      valid_until: lastValidInstant,
      expired: true,
    });
    expect((await detail(c.redeemId)).certificates[0]).toMatchObject({ expired: true });
  });

  it('prints no end and never expires without the setting (programs made before it)', async () => {
    setServerClock(() => issueDay);
    const c = await participantCertificate('none');
    expect(pdfText(c.pdf)).not.toContain('Berlaku hingga');
    setServerClock(() => new Date('2099-01-01T00:00:00Z'));
    expect(await verify(c.number)).toMatchObject({
      valid: true,
      valid_until: null,
      expired: false,
    });
  });

  it("counts a graduation certificate from its completion date, for the participant's certificate page too", async () => {
    setServerClock(() => issueDay);
    const program = await buildProgram(t.db, { status: 'publish', title: 'Kelas Lulus' });
    await setValidity(program.id, 'one_year');
    const { member, redeem } = await joinProgram(t.app, program.id);
    await t.db
      .update(memberRedeems)
      .set({
        progress: 100,
        start_test_at: new Date('2026-11-02T02:00:00Z'),
        end_test_at: new Date('2026-11-20T03:00:00Z'),
      })
      .where(eq(memberRedeems.id, redeem.id as string));
    const res = await t.app.inject({
      method: 'GET',
      url: `/api/member/v1/program/${program.id}/certificate`,
      headers: member.headers,
    });
    expect(res.statusCode).toBe(200);
    const cert = res.json<{ data: MemberCertificateData }>().data;
    expect(cert).toMatchObject({ valid_until: '2027-11-20T16:59:59.999Z', expired: false });
    const pdf = await t.app.inject({
      method: 'GET',
      url: `/api/member/v1/program/${program.id}/certificate/pdf`,
      headers: member.headers,
    });
    expect(pdf.statusCode).toBe(200);
    expect(pdfText(pdf.rawPayload)).toContain('Berlaku hingga 20 November 2027');

    // A correction of the date counts the year from the corrected date.
    const [issued] = (await detail(redeem.id as string)).certificates;
    const corrected = await t.app.inject({
      method: 'POST',
      url: `/api/certificate/v1/correct/${issued!.id}`,
      headers: admin,
      payload: {
        fullname: issued!.fullname,
        program_title: issued!.program_title,
        program_minutes: issued!.program_minutes,
        certificate_date: '2026-11-25',
        reason: 'Tanggal kelulusan salah',
      },
    });
    expect(corrected.statusCode).toBe(200);
    expect(corrected.json().data).toMatchObject({ valid_until: '2027-11-25T16:59:59.999Z' });

    setServerClock(() => new Date('2027-11-26T00:00:00Z'));
    const later = await t.app.inject({
      method: 'GET',
      url: `/api/member/v1/program/${program.id}/certificate`,
      headers: member.headers,
    });
    expect(later.json<{ data: MemberCertificateData }>().data.expired).toBe(true);
  });
});
