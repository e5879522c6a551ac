import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { jobMessages } from '@ajar/shared/jobs/jobs.constants';
import { certificateMessages } from '@ajar/shared/certificates/certificates.constants';
import type {
  CertificateRedeemDetail,
  CertificateVerification,
} from '@ajar/shared/certificates/certificates.schemas';
import { certificates, memberRedeems } from '../../db/schema';
import { buildActivity } from '../../test/factories/activities';
import { buildMember, buildRedeem } from '../../test/factories/participants';
import { buildProgram, buildTopics } from '../../test/factories/programs';
import { signedIn } from '../../test/factories/users';
import { finishedJob, jobFile } from '../../test/factories/jobs';
import { createTestApp, type TestApp } from '../../test/test-app';

type Headers = { authorization: string };

const publicUrl = 'https://ajar.contoh.id';
const passed = { post_test: { score: 80, final_score: 90, passed: true } };
const failed = { post_test: { score: 40, final_score: 40, passed: false } };

/** Runs a poppler / zbar / unzip tool on a file written to a scratch folder. */
function withFile<T>(bytes: Buffer, name: string, read: (file: string, dir: string) => T): T {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'ajar-cert-'));
  try {
    const file = path.join(dir, name);
    fs.writeFileSync(file, bytes);
    return read(file, dir);
  } finally {
    fs.rmSync(dir, { recursive: true, force: true });
  }
}

// stderr is dropped: zbarimg complains about a missing D-Bus on headless machines.
const run = (cmd: string, args: string[]) =>
  execFileSync(cmd, args, { encoding: 'utf8', stdio: ['ignore', 'pipe', 'ignore'] });

/** What a real PDF reader finds in the certificate: page size, text and the QR code's content. */
function readPdf(pdf: Buffer) {
  return withFile(pdf, 'sertifikat.pdf', (file, dir) => {
    const info = run('pdfinfo', [file]);
    const [, width, height] = /Page size:\s+([\d.]+) x ([\d.]+) pts/.exec(info) ?? [];
    const text = run('pdftotext', ['-layout', file, '-']);
    run('pdftoppm', ['-png', '-r', '150', '-singlefile', file, path.join(dir, 'page')]);
    const qr = run('zbarimg', ['--raw', '-q', path.join(dir, 'page.png')]).trim();
    return {
      pages: Number(/Pages:\s+(\d+)/.exec(info)?.[1]),
      width: Number(width),
      height: Number(height),
      text,
      qr,
    };
  });
}

describe('certificates API', () => {
  let t: TestApp;
  let admin: Headers;
  let trainer: { user: { id: string }; headers: Headers };

  beforeAll(async () => {
    t = await createTestApp({ PUBLIC_URL: publicUrl });
    admin = (await signedIn(t.db, 'admin')).headers;
    trainer = await signedIn(t.db, 'trainer');
  });
  afterAll(() => t.close());

  const get = (url: string, headers: Headers | Record<string, never> = admin) =>
    t.app.inject({ method: 'GET', url, headers });
  const certificate = (kind: 'participant' | 'graduation', id: string, headers?: Headers) =>
    get(`/api/certificate/v1/${kind}/${id}`, headers);

  /** A program with a published post-test, as most graduation rules need. */
  async function programWithPostTest(overrides: Parameters<typeof buildProgram>[1] = {}) {
    const program = await buildProgram(t.db, { status: 'publish', ...overrides });
    const [topic] = await buildTopics(t.db, program.id, 1);
    await buildActivity(t.db, topic!, { type: 'post_test', name: 'Post Test' });
    return program;
  }

  describe('graduation', () => {
    it('is refused until the program is finished, then until the post-test is passed', async () => {
      const program = await programWithPostTest();
      const halfway = await buildRedeem(t.db, program.id, {
        progress: 60,
        scores: passed,
        start_test_at: new Date(),
      });
      let res = await certificate('graduation', halfway.id);
      expect(res.statusCode).toBe(400);
      expect(res.json()).toMatchObject({ status: 400, message: certificateMessages.notFinished });

      const notPassed = await buildRedeem(t.db, program.id, {
        progress: 100,
        scores: failed,
        start_test_at: new Date(),
        end_test_at: new Date(),
      });
      res = await certificate('graduation', notPassed.id);
      expect(res.statusCode).toBe(400);
      expect(res.json().message).toBe(certificateMessages.postTestNotPassed);

      // Never attempted counts as not passed.
      const noAttempt = await buildRedeem(t.db, program.id, { progress: 100, scores: {} });
      res = await certificate('graduation', noAttempt.id);
      expect(res.json().message).toBe(certificateMessages.postTestNotPassed);
      // Nothing was issued for refusals.
      const rows = await t.db.select().from(certificates);
      expect(rows.filter((r) => [halfway.id, notPassed.id].includes(r.member_redeem_id))).toEqual(
        [],
      );
    });

    it('is issued for a finished program without a post-test on progress alone', async () => {
      const program = await buildProgram(t.db, { status: 'publish' });
      const redeem = await buildRedeem(t.db, program.id, {
        progress: 100,
        start_test_at: new Date(),
        end_test_at: new Date(),
      });
      const res = await certificate('graduation', redeem.id);
      expect(res.statusCode).toBe(200);
    });

    it('answers a landscape PDF named sertifikat with the name, number, date and QR code', async () => {
      const program = await programWithPostTest({
        title: 'Pemasaran Digital untuk UMKM',
        is_prakerja: true,
      });
      const member = await buildMember(t.db, { fullname: 'Siti Nurhaliza' });
      const redeem = await buildRedeem(t.db, program.id, {
        memberId: member.id,
        progress: 100,
        scores: passed,
        start_test_at: new Date('2026-11-01T02:00:00Z'),
        // 23:30 UTC is already the next day in Jakarta.
        end_test_at: new Date('2026-11-23T23:30:00Z'),
      });
      const res = await certificate('graduation', redeem.id);
      expect(res.statusCode).toBe(200);
      expect(res.headers['content-type']).toBe('application/pdf');
      expect(res.headers['content-disposition']).toContain('attachment; filename="sertifikat.pdf"');
      const number = String(res.headers['x-certificate-number']);
      expect(number).toMatch(/^AJR-\d{4}-\d{2}-[0-9A-HJKMNP-TV-Z]{8}$/);

      const pdf = readPdf(res.rawPayload);
      expect(pdf.pages).toBe(1);
      expect(pdf.width).toBeGreaterThan(pdf.height);
      expect(pdf.text).toContain('Siti Nurhaliza');
      expect(pdf.text).toContain(number);
      expect(pdf.text).toContain('Pemasaran Digital untuk UMKM');
      expect(pdf.text).toContain('Kompetensi satu');
      expect(pdf.text).toContain('Jakarta, 24 November 2026');
      expect(pdf.text).toContain('SERTIFIKAT KELULUSAN');
      expect(pdf.text).toContain('PRAKERJA'); // the verification mark of the Prakerja template
      expect(pdf.qr).toBe(`${publicUrl}/verifikasi/${number}`);
      // Printed too, for a reader without a scanner.
      expect(pdf.text).toContain(`${publicUrl}/verifikasi/${number}`);
    });
  });

  describe('participant certificate', () => {
    it('needs the program started (start_test_at), then prints the Umum template', async () => {
      const program = await buildProgram(t.db, { status: 'publish' });
      const fresh = await buildRedeem(t.db, program.id);
      let res = await certificate('participant', fresh.id);
      expect(res.statusCode).toBe(400);
      expect(res.json().message).toBe(certificateMessages.notStarted);

      const member = await buildMember(t.db, { fullname: 'Budi Santoso' });
      const started = await buildRedeem(t.db, program.id, {
        memberId: member.id,
        progress: 10,
        start_test_at: new Date(),
      });
      res = await certificate('participant', started.id);
      expect(res.statusCode).toBe(200);
      const pdf = readPdf(res.rawPayload);
      expect(pdf.text).toContain('Budi Santoso');
      expect(pdf.text).toContain('SERTIFIKAT PESERTA');
      expect(pdf.text).not.toContain('PRAKERJA');
    });

    it('keeps the same number on every download, one per kind', async () => {
      const program = await buildProgram(t.db, { status: 'publish' });
      const redeem = await buildRedeem(t.db, program.id, {
        progress: 100,
        start_test_at: new Date(),
        end_test_at: new Date(),
      });
      const first = await certificate('participant', redeem.id);
      const second = await certificate('participant', redeem.id);
      const graduation = await certificate('graduation', redeem.id);
      expect(first.headers['x-certificate-number']).toBe(second.headers['x-certificate-number']);
      expect(graduation.headers['x-certificate-number']).not.toBe(
        first.headers['x-certificate-number'],
      );
      const rows = await t.db
        .select()
        .from(certificates)
        .where(eq(certificates.member_redeem_id, redeem.id));
      expect(rows).toHaveLength(2);
    });
  });

  describe('access', () => {
    it('needs a session and grade.manage; a trainer reaches assigned programs only (404)', async () => {
      const program = await buildProgram(t.db, { status: 'publish' });
      const redeem = await buildRedeem(t.db, program.id, { start_test_at: new Date() });
      expect((await get(`/api/certificate/v1/participant/${redeem.id}`, {})).statusCode).toBe(401);

      let res = await certificate('participant', redeem.id, trainer.headers);
      expect(res.statusCode).toBe(404);
      res = await get(`/api/users/v1/member_redeem/detail/${redeem.id}`, trainer.headers);
      expect(res.statusCode).toBe(404);
      res = await get(`/api/certificate/v1/program/${program.id}/zip`, trainer.headers);
      expect(res.statusCode).toBe(404);

      const assigned = await buildProgram(t.db, {
        status: 'publish',
        trainerIds: [trainer.user.id],
      });
      const mine = await buildRedeem(t.db, assigned.id, { start_test_at: new Date() });
      res = await certificate('participant', mine.id, trainer.headers);
      expect(res.statusCode).toBe(200);
    });

    it('answers 404 for an unknown redemption and 400 for a malformed id', async () => {
      let res = await certificate('participant', '00000000-0000-4000-8000-000000000000');
      expect(res.statusCode).toBe(404);
      expect(res.json().message).toBe(certificateMessages.redeemNotFound);
      res = await certificate('participant', 'bukan-id');
      expect(res.statusCode).toBe(400);
    });
  });

  describe('redemption detail', () => {
    it('answers member, program with competences, results, certificates and refusals', async () => {
      const program = await programWithPostTest({ is_prakerja: true });
      const redeem = await buildRedeem(t.db, program.id, {
        progress: 100,
        scores: failed,
        start_test_at: new Date(),
        end_test_at: new Date('2026-11-24T03:00:00Z'),
      });
      await certificate('participant', redeem.id);
      const res = await get(`/api/users/v1/member_redeem/detail/${redeem.id}`);
      expect(res.statusCode).toBe(200);
      const data = res.json().data as CertificateRedeemDetail;
      expect(data.program).toEqual({
        id: program.id,
        title: program.title,
        is_prakerja: true,
        learning_targets: { competence: ['Kompetensi satu'] },
      });
      expect(data.results).toEqual({ progress: 100, scores: failed });
      expect(data.refusals).toEqual({
        participant: null,
        graduation: certificateMessages.postTestNotPassed,
      });
      expect(data.certificates).toHaveLength(1);
      expect(data.certificates[0]!.kind).toBe('participant');
      expect(data.sertificate_id).toBeNull();
    });
  });

  describe('verification (public)', () => {
    it('says genuine, whose and for which program, and nothing more', async () => {
      const program = await buildProgram(t.db, { status: 'publish', title: 'Kelas Verifikasi' });
      const member = await buildMember(t.db, { fullname: 'Dewi Lestari' });
      const redeem = await buildRedeem(t.db, program.id, {
        memberId: member.id,
        progress: 100,
        start_test_at: new Date(),
        end_test_at: new Date('2026-11-24T03:00:00Z'),
      });
      const issued = await certificate('graduation', redeem.id);
      const number = String(issued.headers['x-certificate-number']);

      const res = await t.app.inject({
        method: 'GET',
        url: `/api/certificate/v1/verify/${number.toLowerCase()}`,
      });
      expect(res.statusCode).toBe(200);
      const data = res.json().data as CertificateVerification;
      expect(data).toEqual({
        valid: true,
        status: 'valid',
        number,
        kind: 'graduation',
        member: { fullname: 'Dewi Lestari' },
        program: { title: 'Kelas Verifikasi', minutes: 0 },
        issued_at: '2026-11-24T03:00:00.000Z',
        valid_until: null,
        expired: false,
        replaced_by: null,
        revoked: null,
      });
      expect(res.body).not.toContain(member.email);
      expect(res.body).not.toContain(redeem.id);
    });

    it("answers 404 'Sertifikat tidak ditemukan' for an unknown number", async () => {
      for (const number of ['AJR-2026-11-ZZZZZZZZ', 'apa-saja']) {
        const res = await t.app.inject({
          method: 'GET',
          url: `/api/certificate/v1/verify/${number}`,
        });
        expect(res.statusCode).toBe(404);
        expect(res.json()).toMatchObject({ status: 404, message: 'Sertifikat tidak ditemukan' });
      }
    });
  });

  describe('bulk zip', () => {
    it("zips every eligible participant's certificate as a job, named by name and license", async () => {
      const program = await programWithPostTest({ title: 'Kelas Massal' });
      const names = ['Andi Wijaya', 'Rina Sari', 'Joko Susilo'];
      for (const [i, fullname] of names.entries()) {
        const member = await buildMember(t.db, { fullname });
        await buildRedeem(t.db, program.id, {
          memberId: member.id,
          license: `AJR-ZIP-000${i}`,
          progress: 100,
          scores: i === 2 ? failed : passed,
          start_test_at: new Date(),
          end_test_at: new Date(),
        });
      }
      await buildRedeem(t.db, program.id, { license: 'AJR-ZIP-NEW' });

      const started = await get(`/api/certificate/v1/program/${program.id}/zip?kind=graduation`);
      expect(started.json().message).toBe(jobMessages.started);
      const job = await finishedJob(t.app, admin, started);
      expect(job).toMatchObject({
        kind: 'certificate_zip',
        status: 'done',
        progress: 100,
        name: 'sertifikat-kelas-massal.zip',
        message: null,
      });
      const res = await jobFile(t.app, job);
      expect(res.headers['content-type']).toBe('application/zip');
      expect(res.headers['content-disposition']).toContain('sertifikat-kelas-massal.zip');
      const entries = withFile(res.rawPayload, 'all.zip', (file) => run('unzip', ['-Z1', file]))
        .trim()
        .split('\n')
        .sort();
      expect(entries).toEqual([
        'sertifikat-andi-wijaya-AJR-ZIP-0000.pdf',
        'sertifikat-rina-sari-AJR-ZIP-0001.pdf',
      ]);
      // Each entry is a readable certificate whose number was issued (and is reused).
      const text = withFile(res.rawPayload, 'all.zip', (file) =>
        run('unzip', ['-p', file, 'sertifikat-rina-sari-AJR-ZIP-0001.pdf']),
      );
      expect(text.startsWith('%PDF')).toBe(true);

      const participants = await jobFile(
        t.app,
        await finishedJob(
          t.app,
          admin,
          await get(`/api/certificate/v1/program/${program.id}/zip?kind=participant`),
        ),
      );
      const listed = withFile(participants.rawPayload, 'p.zip', (file) =>
        run('unzip', ['-Z1', file]),
      );
      expect(listed.trim().split('\n')).toHaveLength(3);
    });

    it('answers 400 when nobody qualifies and rejects an unknown kind', async () => {
      const program = await buildProgram(t.db, { status: 'publish' });
      await buildRedeem(t.db, program.id);
      let res = await get(`/api/certificate/v1/program/${program.id}/zip?kind=graduation`);
      expect(res.statusCode).toBe(400);
      expect(res.json().message).toBe(certificateMessages.noneEligible);
      res = await get(`/api/certificate/v1/program/${program.id}/zip?kind=lainnya`);
      expect(res.statusCode).toBe(400);
    });
  });

  describe('update-sertificate', () => {
    it('links an external certificate id to the redemption', async () => {
      const program = await buildProgram(t.db, { status: 'publish' });
      const redeem = await buildRedeem(t.db, program.id);
      const put = (payload: object, headers: Headers = admin) =>
        t.app.inject({
          method: 'PUT',
          url: '/api/users/v1/member/order/update-sertificate',
          headers,
          payload,
        });
      let res = await put({ order_id: redeem.id, sertificate_id: ' PKJ-123 ' });
      expect(res.statusCode).toBe(200);
      expect(res.json()).toMatchObject({
        message: certificateMessages.sertificateUpdated,
        data: { order_id: redeem.id, sertificate_id: 'PKJ-123' },
      });
      const [row] = await t.db
        .select({ meta: memberRedeems.meta })
        .from(memberRedeems)
        .where(eq(memberRedeems.id, redeem.id));
      expect(row!.meta.sertificate_id).toBe('PKJ-123');

      res = await put({ order_id: redeem.id, sertificate_id: '' });
      expect(res.statusCode).toBe(400);
      expect(res.json().validation).toEqual({
        sertificate_id: 'sertificate_id tidak boleh kosong',
      });
      res = await put({ order_id: redeem.id, sertificate_id: 'X' }, trainer.headers);
      expect(res.statusCode).toBe(404);
    });
  });
});
