import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { excelDateTimeFormat } from '@ajar/shared/common/datetime';
import {
  exportMessages,
  memberRedeemEpmHeaders,
  memberRedeemHeaders,
} from '@ajar/shared/exports/exports.constants';
import { downloads, members } from '../../db/schema';
import {
  buildFeedback,
  buildTypedActivity,
  dateCellFormats,
  downloadSheet,
  setRedeemReseller,
  type SheetValue,
} from '../../test/factories/exports';
import { buildReseller, joinProgram } from '../../test/factories/members';
import { buildRedeem } from '../../test/factories/participants';
import { buildProgram, buildTopics } from '../../test/factories/programs';
import { signedIn } from '../../test/factories/users';
import { createTestApp, type TestApp } from '../../test/test-app';

type Headers = { authorization: string };

/** The instant `iso` (UTC) as the file shows it: WIB wall-clock time. */
const wib = (iso: string) => new Date(Date.parse(iso) + 7 * 60 * 60 * 1000);

describe('exports API', () => {
  let t: TestApp;
  let admin: Headers;

  beforeAll(async () => {
    t = await createTestApp();
    admin = (await signedIn(t.db, 'admin')).headers;
  });
  afterAll(() => t.close());

  const post = (
    kind: 'member_redeem' | 'member_redeem_epm',
    ids: unknown,
    query = '',
    headers: Headers = admin,
  ) =>
    t.app.inject({
      method: 'POST',
      // limit=-1 as the dialog sends it, unless the case sets its own.
      url: `/api/users/v1/export/${kind}?${query.includes('limit=') ? '' : 'limit=-1'}${query}`,
      headers,
      payload: ids === undefined ? {} : { id: ids },
    });

  async function exported(
    kind: 'member_redeem' | 'member_redeem_epm',
    ids: string[],
    query = '',
  ): Promise<SheetValue[][]> {
    const res = await post(kind, ids, query);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().message).toBe('Successfully export data');
    return (await downloadSheet(t.app, res.json().data.public_url)).rows;
  }

  /** License column of the data rows. */
  const licenses = (rows: SheetValue[][]) => rows.slice(1).map((r) => r[1]);

  it('exports every participant with the Indonesian headers and their data', async () => {
    const program = await buildProgram(t.db, {
      status: 'publish',
      title: 'Digital Marketing UMKM',
    });
    // One participant made by the real member flow (register → redeem)…
    const joined = await joinProgram(t.app, program.id);
    // …and one with scores, dates and a reseller set as grading would leave them.
    const reseller = await buildReseller(t.db, { fullname: 'Mitra Sejahtera' });
    const graded = await buildRedeem(t.db, program.id, {
      license: 'AJR-GRADED01',
      pmo_code: 'PMO-777',
      progress: 100,
      scores: { pre_test: { score: 40 }, post_test: { score: 80, final_score: 85.5 } },
      created_at: new Date('2025-03-01T03:00:00Z'),
      start_test_at: new Date('2025-03-01T04:15:00Z'),
      end_test_at: new Date('2025-03-05T10:30:00Z'),
    });
    await setRedeemReseller(t.db, graded.id, reseller.id);
    // The education level the participant gave in their profile; the joined one gave none.
    await t.db
      .update(members)
      .set({ education_level: 'tk' })
      .where(eq(members.id, graded.member_id));

    const res = await post('member_redeem', [program.id]);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toEqual({
      status: 200,
      message: 'Successfully export data',
      data: { public_url: expect.stringMatching(/^\/api\/download\/[A-Za-z0-9_-]{43}$/) },
    });
    const { res: file, rows } = await downloadSheet(t.app, res.json().data.public_url);
    expect(file.headers['content-type']).toBe(
      'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
    );
    expect(file.headers['content-disposition']).toMatch(/filename="peserta-\d{8}-\d{4}\.xlsx"/);
    expect(rows[0]).toEqual([...memberRedeemHeaders]);
    expect(rows).toHaveLength(3);
    // Sorted by redeem date: the 2025 row comes before the one made just now.
    expect(rows[1]).toEqual([
      1,
      'AJR-GRADED01',
      'PMO-777',
      expect.any(String),
      expect.stringContaining('@contoh.id'),
      expect.stringMatching(/^62/),
      'Taman Kanak-Kanak',
      'Digital Marketing UMKM',
      100,
      40,
      85.5,
      wib('2025-03-01T03:00:00Z'),
      wib('2025-03-01T04:15:00Z'),
      wib('2025-03-05T10:30:00Z'),
      'Mitra Sejahtera',
      reseller.referral_code,
    ]);
    const live = rows[2]!;
    expect(live.slice(0, 9)).toEqual([
      2,
      joined.voucher.code,
      expect.any(String),
      joined.member.fullname,
      joined.member.email,
      joined.member.phone,
      null,
      'Digital Marketing UMKM',
      0,
    ]);
    expect(live.slice(9, 11)).toEqual([null, null]);
    expect(
      Math.abs((live[11] as Date).getTime() - wib(new Date().toISOString()).getTime()),
    ).toBeLessThan(60_000);
    expect(live.slice(12)).toEqual([null, null, null, null]);
    // Shown as the screens show them: '1 Mar 2025 10:00 WIB'.
    expect(await dateCellFormats(file.rawPayload)).toEqual(new Set([excelDateTimeFormat]));
  });

  it('filters by progress and by a WIB date range on the redeem or the end date', async () => {
    const program = await buildProgram(t.db, { status: 'publish' });
    const at = (license: string, created: string, progress: number, end: string | null) =>
      buildRedeem(t.db, program.id, {
        license,
        progress,
        created_at: new Date(created),
        end_test_at: end ? new Date(end) : null,
      });
    // 23:59 WIB on 1 March, 00:30 WIB on 2 March, 3 March, 10 March.
    await at('R-0301', '2025-03-01T16:59:00Z', 100, '2025-03-20T02:00:00Z');
    await at('R-0302', '2025-03-01T17:30:00Z', 50, null);
    await at('R-0303', '2025-03-03T02:00:00Z', 100, '2025-03-04T02:00:00Z');
    await at('R-0310', '2025-03-10T02:00:00Z', 100, '2025-03-11T02:00:00Z');

    expect(licenses(await exported('member_redeem', [program.id]))).toEqual([
      'R-0301',
      'R-0302',
      'R-0303',
      'R-0310',
    ]);
    expect(
      licenses(
        await exported('member_redeem', [program.id], '&progress_start=100&progress_end=100'),
      ),
    ).toEqual(['R-0301', 'R-0303', 'R-0310']);
    expect(
      licenses(
        await exported(
          'member_redeem',
          [program.id],
          '&sort=created_at&range_date_type=created_at&start_date=2025-03-02&end_date=2025-03-03',
        ),
      ),
    ).toEqual(['R-0302', 'R-0303']);
    // By end date: only finished participants in range, ordered by their end date.
    expect(
      licenses(
        await exported(
          'member_redeem',
          [program.id],
          '&sort=end_test_at&range_date_type=end_test_at&start_date=2025-03-04&end_date=2025-03-20',
        ),
      ),
    ).toEqual(['R-0303', 'R-0310', 'R-0301']);
    // Sorted by end date without a range: the unfinished follow, by redeem date.
    expect(licenses(await exported('member_redeem', [program.id], '&sort=end_test_at'))).toEqual([
      'R-0303',
      'R-0310',
      'R-0301',
      'R-0302',
    ]);
  });

  it('merges several programs in one date order and numbers the rows', async () => {
    const a = await buildProgram(t.db, { status: 'publish', title: 'Program A' });
    const b = await buildProgram(t.db, { status: 'publish', title: 'Program B' });
    await buildRedeem(t.db, a.id, { license: 'A-1', created_at: new Date('2024-01-01T00:00:00Z') });
    await buildRedeem(t.db, b.id, { license: 'B-1', created_at: new Date('2024-01-02T00:00:00Z') });
    await buildRedeem(t.db, a.id, { license: 'A-2', created_at: new Date('2024-01-03T00:00:00Z') });
    await buildRedeem(t.db, b.id, { license: 'B-2', created_at: new Date('2024-01-04T00:00:00Z') });
    const rows = await exported('member_redeem', [b.id, a.id, b.id]);
    expect(rows.slice(1).map((r) => [r[0], r[1], r[7]])).toEqual([
      [1, 'A-1', 'Program A'],
      [2, 'B-1', 'Program B'],
      [3, 'A-2', 'Program A'],
      [4, 'B-2', 'Program B'],
    ]);
    // limit caps the rows.
    expect(licenses(await exported('member_redeem', [a.id, b.id], '&limit=2'))).toEqual([
      'A-1',
      'B-1',
    ]);
  });

  it('exports one program with GET member_redeem/{programId}, named after the program', async () => {
    const program = await buildProgram(t.db, {
      status: 'draft',
      title: 'Kuliner Nusantara: Dasar',
    });
    const other = await buildProgram(t.db, { status: 'publish' });
    await buildRedeem(t.db, program.id, { license: 'ONE-1' });
    await buildRedeem(t.db, other.id, { license: 'OTHER-1' });
    const res = await t.app.inject({
      method: 'GET',
      url: `/api/users/v1/export/member_redeem/${program.id}?limit=-1`,
      headers: admin,
    });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().message).toBe('Successfully export data');
    const { res: file, rows } = await downloadSheet(t.app, res.json().data.public_url);
    expect(file.headers['content-disposition']).toMatch(
      /filename="peserta-kuliner-nusantara-dasar-\d{8}-\d{4}\.xlsx"/,
    );
    expect(rows[0]).toEqual([...memberRedeemHeaders]);
    expect(licenses(rows)).toEqual(['ONE-1']);

    const missing = await t.app.inject({
      method: 'GET',
      url: '/api/users/v1/export/member_redeem/00000000-0000-4000-8000-000000000000',
      headers: admin,
    });
    expect(missing.statusCode).toBe(404);
  });

  it("puts each participant's TPM and UK feedback in 'Export TPM & UK'", async () => {
    const a = await buildProgram(t.db, { status: 'publish', title: 'Prakerja A' });
    const [topic1, topic2] = await buildTopics(t.db, a.id, 2);
    // Course order: topic 1 (video, TPM), topic 2 (TPM, UK).
    // Activity numbers (the score import's): 1 video, 2 TPM, 3 TPM, 4 UK.
    await buildTypedActivity(t.db, topic1!, 'menonton_video', 1);
    const tpm1 = await buildTypedActivity(t.db, topic1!, 'praktek_mandiri', 2, 'Menata Meja');
    const uk1 = await buildTypedActivity(t.db, topic2!, 'evaluasi_praktek_mandiri', 2, 'Uji Saji');
    const tpm2 = await buildTypedActivity(t.db, topic2!, 'praktek_mandiri', 1, 'Menyeduh');
    const b = await buildProgram(t.db, { status: 'publish', title: 'Prakerja B' });
    const [topicB] = await buildTopics(t.db, b.id, 1);
    const tpmB = await buildTypedActivity(t.db, topicB!, 'praktek_mandiri', 1, 'Tugas Awal');

    const r1 = await buildRedeem(t.db, a.id, {
      license: 'EPM-1',
      progress: 100,
      created_at: new Date('2024-05-01T00:00:00Z'),
      end_test_at: new Date('2024-05-02T00:00:00Z'),
    });
    await t.db.update(members).set({ education_level: 'sma' }).where(eq(members.id, r1.member_id));
    await buildFeedback(t.db, r1, tpm1, { score: 80, text: 'Tugas rapi' });
    await buildFeedback(t.db, r1, tpm2, { score: 70, text: null });
    await buildFeedback(t.db, r1, uk1, { score: 90, text: 'Lulus uji keterampilan' });
    const r2 = await buildRedeem(t.db, b.id, {
      license: 'EPM-2',
      progress: 50,
      created_at: new Date('2024-05-03T00:00:00Z'),
    });
    await buildFeedback(t.db, r2, tpmB, { score: 65, text: 'Perlu perbaikan' });
    await buildRedeem(t.db, b.id, {
      license: 'EPM-3',
      created_at: new Date('2024-05-04T00:00:00Z'),
    });

    const rows = await exported('member_redeem_epm', [a.id, b.id]);
    expect(rows[0]).toEqual([
      ...memberRedeemEpmHeaders,
      // Each column names its activity number and title.
      'Nilai TPM 1 - Tugas Awal',
      'Feedback TPM 1 - Tugas Awal',
      'Nilai TPM 2 - Menata Meja',
      'Feedback TPM 2 - Menata Meja',
      'Nilai TPM 3 - Menyeduh',
      'Feedback TPM 3 - Menyeduh',
      'Nilai UK 4 - Uji Saji',
      'Feedback UK 4 - Uji Saji',
    ]);
    expect(rows.slice(1).map((r) => [r[1], r[7], r[8], ...r.slice(11)])).toEqual([
      [
        'EPM-1',
        'Prakerja A',
        100,
        null,
        null,
        80,
        'Tugas rapi',
        70,
        null,
        90,
        'Lulus uji keterampilan',
      ],
      ['EPM-2', 'Prakerja B', 50, 65, 'Perlu perbaikan', null, null, null, null, null, null],
      ['EPM-3', 'Prakerja B', 0, null, null, null, null, null, null, null, null],
    ]);
    // 'Jenjang Pendidikan' as the profile names it, empty when not given.
    expect(rows.slice(1).map((r) => r[6])).toEqual(['SMA', null, null]);
    expect(rows[1]!.slice(9, 11)).toEqual([
      wib('2024-05-01T00:00:00Z'),
      wib('2024-05-02T00:00:00Z'),
    ]);

    // A program without graded work: the leading columns only.
    const plain = await buildProgram(t.db, { status: 'publish' });
    await buildRedeem(t.db, plain.id, { license: 'EPM-PLAIN' });
    const plainRows = await exported('member_redeem_epm', [plain.id]);
    expect(plainRows[0]).toEqual([...memberRedeemEpmHeaders]);
    expect(licenses(plainRows)).toEqual(['EPM-PLAIN']);
  });

  it('answers a clear message instead of an empty file when no participant matches', async () => {
    const empty = await buildProgram(t.db, { status: 'publish', title: 'Belum Ada Peserta' });
    for (const kind of ['member_redeem', 'member_redeem_epm'] as const) {
      const res = await post(kind, [empty.id]);
      expect(res.statusCode, kind).toBe(404);
      expect(res.json().message).toBe(exportMessages.empty);
    }
    const one = await t.app.inject({
      method: 'GET',
      url: `/api/users/v1/export/member_redeem/${empty.id}?limit=-1`,
      headers: admin,
    });
    expect(one.statusCode).toBe(404);
    expect(one.json().message).toBe(
      'Tidak ada data untuk diekspor. Ubah pilihan atau filter, lalu coba lagi.',
    );
  });

  it('lets a trainer export only assigned programs (others answer 404)', async () => {
    const trainer = await signedIn(t.db, 'trainer');
    const mine = await buildProgram(t.db, { status: 'publish', trainerIds: [trainer.user.id] });
    const foreign = await buildProgram(t.db, { status: 'publish' });
    await buildRedeem(t.db, mine.id, { license: 'MINE-1' });
    await buildRedeem(t.db, foreign.id, { license: 'FOREIGN-1' });

    const ok = await post('member_redeem', [mine.id], '', trainer.headers);
    expect(ok.statusCode, ok.body).toBe(200);
    expect(licenses((await downloadSheet(t.app, ok.json().data.public_url)).rows)).toEqual([
      'MINE-1',
    ]);
    for (const kind of ['member_redeem', 'member_redeem_epm'] as const) {
      const mixed = await post(kind, [mine.id, foreign.id], '', trainer.headers);
      expect(mixed.statusCode).toBe(404);
      expect(mixed.json().message).toBe('Data tidak ditemukan');
    }
    const single = await t.app.inject({
      method: 'GET',
      url: `/api/users/v1/export/member_redeem/${foreign.id}?limit=-1`,
      headers: trainer.headers,
    });
    expect(single.statusCode).toBe(404);
  });

  it('serves the file while the link lives; an unknown or expired link is 404', async () => {
    const program = await buildProgram(t.db, { status: 'publish' });
    await buildRedeem(t.db, program.id, { license: 'LINK-1' });
    const res = await post('member_redeem', [program.id]);
    const url: string = res.json().data.public_url;
    // The link is the credential: a browser opens it without the bearer token.
    expect((await t.app.inject({ method: 'GET', url })).statusCode).toBe(200);
    expect((await t.app.inject({ method: 'GET', url: `${url.slice(0, -4)}AAAA` })).statusCode).toBe(
      404,
    );
    expect((await t.app.inject({ method: 'GET', url: '/api/download/x' })).statusCode).toBe(404);
    await t.db
      .update(downloads)
      .set({ expires_at: sql`now() - interval '1 second'` })
      .where(eq(downloads.filename, (await latestFilename()) ?? ''));
    const expired = await t.app.inject({ method: 'GET', url });
    expect(expired.statusCode).toBe(404);
  });

  async function latestFilename() {
    const rows = await t.db
      .select({ filename: downloads.filename })
      .from(downloads)
      .orderBy(sql`${downloads.created_at} desc`)
      .limit(1);
    return rows[0]?.filename;
  }

  it('needs a staff session with the grading right', async () => {
    const program = await buildProgram(t.db, { status: 'publish' });
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/users/v1/export/member_redeem?limit=-1',
      payload: { id: [program.id] },
    });
    expect(res.statusCode).toBe(401);
  });

  it('refuses bad input with Indonesian field messages', async () => {
    const program = await buildProgram(t.db, { status: 'publish' });
    const id = [program.id];
    const cases: [unknown, string, Record<string, string>][] = [
      [undefined, '', { id: 'Program tidak boleh kosong' }],
      [[], '', { id: 'Program tidak boleh kosong' }],
      [['bukan-uuid'], '', { 'id.0': 'Program tidak valid' }],
      [
        id,
        '&start_date=2025-02-30',
        { start_date: 'Tanggal Mulai tidak valid, gunakan format YYYY-MM-DD' },
      ],
      [
        id,
        '&start_date=1949-12-31',
        { start_date: 'Tanggal Mulai tidak boleh sebelum 01-01-1950' },
      ],
      [id, '&end_date=2999-01-01', { end_date: 'Tanggal Akhir tidak boleh melebihi hari ini' }],
      [
        id,
        '&start_date=2025-03-02&end_date=2025-03-01',
        { start_date: 'Tanggal Mulai tidak boleh setelah Tanggal Akhir' },
      ],
      [
        id,
        '&progress_start=101',
        { progress_start: 'Progress Awal harus berada diantara 0 dan 100' },
      ],
      [id, '&progress_end=abc', { progress_end: 'Progress Akhir harus berada diantara 0 dan 100' }],
      [
        id,
        '&progress_start=100&progress_end=0',
        { progress_start: 'Progress Awal tidak boleh lebih besar dari Progress Akhir' },
      ],
      [id, '&sort=progress', { sort: 'Urutan harus created_at atau end_test_at' }],
      [id, '&range_date_type=x', { range_date_type: 'Urutan harus created_at atau end_test_at' }],
    ];
    for (const [ids, query, validation] of cases) {
      const res = await post('member_redeem', ids, query);
      expect(res.statusCode, `${query} ${JSON.stringify(ids)}`).toBe(400);
      expect(res.json()).toEqual({ status: 400, message: 'error validation', validation });
    }
    const zero = await t.app.inject({
      method: 'POST',
      url: '/api/users/v1/export/member_redeem?limit=0',
      headers: admin,
      payload: { id },
    });
    expect(zero.json().validation).toEqual({
      limit: 'limit harus -1 (semua) atau angka lebih dari 0',
    });
  });
});
