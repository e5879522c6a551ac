import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type {
  Participant,
  ParticipantDetail,
} from '@ajar/shared/participants/participants.schemas';
import {
  activities as activitiesTable,
  activityProgress,
  memberRedeems,
  members,
  topics as topicsTable,
  voucherBatches,
  vouchers,
} from '../../db/schema';
import { buildActivity } from '../../test/factories/activities';
import { multipartBody } from '../../test/factories/media';
import { pdfBytes } from '../../test/factories/media-bytes';
import { joinProgram } from '../../test/factories/members';
import { buildProgram, buildTopics } from '../../test/factories/programs';
import {
  buildMember,
  buildRedeem,
  buildWork,
  completeActivity,
} from '../../test/factories/participants';
import { signedIn } from '../../test/factories/users';
import { countQueries } from '../../test/count-queries';
import { createTestApp, type TestApp } from '../../test/test-app';

type Headers = { authorization: string };

describe('participants API', () => {
  let t: TestApp;
  let admin: Headers;
  let trainer: { user: { id: string }; headers: Headers };

  beforeAll(async () => {
    t = await createTestApp();
    admin = (await signedIn(t.db, 'admin')).headers;
    trainer = await signedIn(t.db, 'trainer');
  });
  afterAll(() => t.close());

  const get = (url: string, headers: Headers = admin) =>
    t.app.inject({ method: 'GET', url, headers });
  const list = (programId: string, query = '', headers: Headers = admin) =>
    get(`/api/program/v1/trainer/member-redeem/list/${programId}?${query}`, headers);
  const feedback = (payload: object, headers: Headers = admin) =>
    t.app.inject({ method: 'PUT', url: '/api/users/v1/trainer/feedback-mr', headers, payload });
  const updateMember = (id: string, payload: object, headers: Headers = admin) =>
    t.app.inject({
      method: 'PUT',
      url: `/api/users/v1/member/update_by_id/${id}`,
      headers,
      payload,
    });

  describe('list', () => {
    let programId: string;
    const progresses = [40, 100, 0, 75, 40, 10, 90];

    beforeAll(async () => {
      const program = await buildProgram(t.db, { status: 'publish' });
      programId = program.id;
      for (const [i, progress] of progresses.entries()) {
        const member = await buildMember(t.db, {
          fullname: i === 3 ? 'Siti Nurhaliza' : `Peserta Daftar ${i}`,
          phone: `6281200000${i}`,
          meta: { code: `PST000${i}`, city: 'Bandung' },
        });
        await buildRedeem(t.db, programId, {
          memberId: member.id,
          license: `AJR-LIST-000${i}`,
          pmo_code: `PMOLIST${i}`,
          progress,
          created_at: new Date(Date.UTC(2025, 0, 1 + i)),
        });
      }
      // Another program's participant never shows.
      await buildRedeem(t.db, (await buildProgram(t.db)).id, { license: 'AJR-LIST-OTHER' });
    });

    it('answers a page with the total, newest first by default', async () => {
      const res = await list(programId, 'page=1&limit=3');
      expect(res.statusCode).toBe(200);
      const data = res.json().data as { list: Participant[]; total: number };
      expect(data).toMatchObject({ page: 1, limit: 3, total: 7 });
      expect(data.list.map((p) => p.license)).toEqual([
        'AJR-LIST-0006',
        'AJR-LIST-0005',
        'AJR-LIST-0004',
      ]);
      expect(data.list[0]).toEqual({
        id: expect.any(String),
        license: 'AJR-LIST-0006',
        pmo_code: 'PMOLIST6',
        member: {
          id: expect.any(String),
          fullname: 'Peserta Daftar 6',
          phone: '62812000006',
          email: expect.stringContaining('@contoh.id'),
          date_of_birth: '1990-05-17',
          education_level: null,
          meta: { code: 'PST0006' },
        },
        results: { progress: 90, scores: {} },
        start_test_at: null,
        end_test_at: null,
        created_at: '2025-01-07T00:00:00.000Z',
      });
      const last = (await list(programId, 'page=3&limit=3')).json().data;
      expect(last.list.map((p: Participant) => p.license)).toEqual(['AJR-LIST-0000']);
      expect(last.total).toBe(7);
      const beyond = (await list(programId, 'page=9&limit=3')).json().data;
      expect(beyond).toMatchObject({ list: [], total: 7 });
    });

    it('sorts by progress both ways, ties by id, and pages through all of them once', async () => {
      const asc = (await list(programId, 'sort=results.progress&dir=asc&limit=50')).json().data;
      expect(asc.list.map((p: Participant) => p.results.progress)).toEqual(
        [...progresses].sort((a, b) => a - b),
      );
      const desc = (await list(programId, 'sort=results.progress&dir=desc&limit=50')).json().data;
      expect(desc.list.map((p: Participant) => p.id)).toEqual(
        asc.list.map((p: Participant) => p.id).reverse(),
      );
      const paged: string[] = [];
      for (let page = 1; page <= 4; page += 1) {
        const data = (
          await list(programId, `sort=results.progress&dir=asc&limit=2&page=${page}`)
        ).json().data;
        paged.push(...data.list.map((p: Participant) => p.id));
      }
      expect(paged).toEqual(asc.list.map((p: Participant) => p.id));
    });

    it('searches voucher code, redeem code, name and phone', async () => {
      const licenses = async (q: string) =>
        (await list(programId, `q=${encodeURIComponent(q)}&limit=50`))
          .json()
          .data.list.map((p: Participant) => p.license);
      expect(await licenses('ajr-list-0002')).toEqual(['AJR-LIST-0002']);
      expect(await licenses('pmolist5')).toEqual(['AJR-LIST-0005']);
      expect(await licenses('siti')).toEqual(['AJR-LIST-0003']);
      expect(await licenses('62812000001')).toEqual(['AJR-LIST-0001']);
      expect(await licenses('tidak-ada')).toEqual([]);
      // `%` and `_` are plain characters in a search.
      expect(await licenses('%')).toEqual([]);
      const searched = (await list(programId, 'q=Peserta Daftar&limit=2')).json().data;
      expect(searched.total).toBe(6);
    });

    it('takes two statements whatever the page', async () => {
      const n = await countQueries(t.db, () =>
        list(programId, 'sort=results.progress&dir=desc&page=2&limit=2'),
      );
      // Session lookup + program visibility + the page + the count.
      expect(n).toBeLessThanOrEqual(4);
    });

    it('refuses bad paging and sort values with a message', async () => {
      for (const query of ['limit=0', 'limit=101', 'page=0', 'sort=fullname', 'dir=up']) {
        const res = await list(programId, query);
        expect(res.statusCode, query).toBe(400);
        expect(res.json().message).toBe('error validation');
      }
      expect((await list('bukan-uuid')).statusCode).toBe(400);
    });

    it('scopes trainers to assigned programs (404 elsewhere)', async () => {
      expect((await list(programId, '', trainer.headers)).statusCode).toBe(404);
      const assigned = await buildProgram(t.db, { trainerIds: [trainer.user.id] });
      await buildRedeem(t.db, assigned.id);
      const res = await list(assigned.id, '', trainer.headers);
      expect(res.statusCode).toBe(200);
      expect(res.json().data.total).toBe(1);
      expect((await list(crypto.randomUUID())).statusCode).toBe(404);
      expect(
        (
          await t.app.inject({
            method: 'GET',
            url: `/api/program/v1/trainer/member-redeem/list/${programId}`,
          })
        ).statusCode,
      ).toBe(401);
    });
  });

  describe('detail, work and feedback', () => {
    let program: { id: string };
    let topicIds: string[];
    let activities: { id: string; topic_id: string; name: string }[];
    let redeem: { id: string; program_id: string };
    let workBody: Buffer;

    beforeAll(async () => {
      program = await buildProgram(t.db, { status: 'publish', trainerIds: [trainer.user.id] });
      const topics = await buildTopics(t.db, program.id, 3);
      topicIds = topics.map((x) => x.id);
      // Topic 2 first, so seq order (not insert order) is what the answer follows.
      const a3 = await buildActivity(t.db, topics[1]!, { name: 'Evaluasi', type: 'evaluasi' });
      const a1 = await buildActivity(t.db, topics[0]!, {
        name: 'Video Pengantar',
        type: 'menonton_video',
      });
      const a2 = await buildActivity(t.db, topics[0]!, {
        name: 'Praktek Konten',
        type: 'praktek_mandiri',
      });
      activities = [a1, a2, a3];
      redeem = await buildRedeem(t.db, program.id, {
        progress: 66,
        start_test_at: new Date('2025-02-01T03:00:00Z'),
      });
      await completeActivity(t.db, redeem, a1);
      workBody = (await buildWork(t.db, t.app.storage, redeem, a2, { name: 'Tugas Rina.pdf' }))
        .body;
    });

    it('answers topics and activities in seq order with completion, work and feedback', async () => {
      const res = await get(`/api/program/v1/trainer/member-redeem/detail/${redeem.id}`);
      expect(res.statusCode).toBe(200);
      const data = res.json().data as ParticipantDetail;
      expect(data.program.id).toBe(program.id);
      expect(data.topics.map((x) => x.id)).toEqual(topicIds);
      expect(data.topics.map((x) => x.activities.map((a) => a.name))).toEqual([
        ['Video Pengantar', 'Praktek Konten'],
        ['Evaluasi'],
        [],
      ]);
      const [video, work] = data.topics[0]!.activities;
      expect(video).toMatchObject({
        is_complete: true,
        upload: { file: null, note: null, member_note: null },
      });
      expect(work).toMatchObject({
        type: 'praktek_mandiri',
        is_complete: true,
        upload: {
          file: {
            url: `/api/program/v1/trainer/member-redeem/${redeem.id}/work/${activities[1]!.id}`,
            name: 'Tugas Rina.pdf',
            size: workBody.length,
            type: 'application/pdf',
          },
          member_note: 'Berikut tugas saya',
          note: null,
        },
      });
      expect(data.topics[1]!.activities[0]!.is_complete).toBe(false);
      expect(data.results.progress).toBe(66);
    });

    it('streams the work only to staff who may see the participant', async () => {
      const url = `/api/program/v1/trainer/member-redeem/${redeem.id}/work/${activities[1]!.id}`;
      const res = await get(url, trainer.headers);
      expect(res.statusCode).toBe(200);
      expect(res.rawPayload.equals(workBody)).toBe(true);
      expect(res.headers['content-type']).toBe('application/pdf');
      expect(res.headers['content-disposition']).toContain("filename*=UTF-8''Tugas%20Rina.pdf");
      expect(res.headers['cache-control']).toBe('private, no-store');
      expect((await t.app.inject({ method: 'GET', url })).statusCode).toBe(401);
      const other = await signedIn(t.db, 'trainer');
      expect((await get(url, other.headers)).statusCode).toBe(404);
      const none = await get(
        `/api/program/v1/trainer/member-redeem/${redeem.id}/work/${activities[0]!.id}`,
      );
      expect(none.statusCode).toBe(404);
      expect(none.json().message).toBe('File tugas tidak ditemukan');
    });

    it('stores feedback, replaces it on a second send, and shows it in the detail', async () => {
      const body = {
        member_redeem_id: redeem.id,
        topic_id: topicIds[0],
        activity_id: activities[1]!.id,
        score: 80,
        text: 'Konten sudah baik, perbaiki judul.',
      };
      const first = await feedback(body, trainer.headers);
      expect(first.statusCode).toBe(200);
      expect(first.json()).toMatchObject({
        message: 'Feedback berhasil dikirim',
        data: { score: 80, text: 'Konten sudah baik, perbaiki judul.' },
      });
      const second = await feedback({ ...body, score: '95', text: 'Sangat baik' });
      expect(second.statusCode).toBe(200);
      const rows = await t.db
        .select()
        .from(activityProgress)
        .where(eq(activityProgress.member_redeem_id, redeem.id));
      const row = rows.find((r) => r.activity_id === activities[1]!.id)!;
      expect(row).toMatchObject({ feedback_score: 95, feedback_text: 'Sangat baik' });
      expect(row.work_file_key).not.toBeNull(); // the work stays

      // Feedback on an activity without a progress row creates one (not complete).
      const fresh = await feedback({
        ...body,
        topic_id: topicIds[1],
        activity_id: activities[2]!.id,
        score: 0,
        text: '',
      });
      expect(fresh.statusCode).toBe(200);

      const detail = (await get(`/api/program/v1/trainer/member-redeem/detail/${redeem.id}`)).json()
        .data as ParticipantDetail;
      expect(detail.topics[0]!.activities[1]!.upload.note).toMatchObject({
        score: 95,
        text: 'Sangat baik',
        by: expect.any(String),
        at: expect.any(String),
      });
      expect(detail.topics[1]!.activities[0]).toMatchObject({
        is_complete: false,
        upload: { file: null, note: { score: 0, text: '' } },
      });
    });

    it('keeps the first grader and time when the same response is sent again', async () => {
      const body = {
        member_redeem_id: redeem.id,
        topic_id: topicIds[0],
        activity_id: activities[1]!.id,
        score: 70,
        text: 'Sama persis',
      };
      const first = await feedback(body, trainer.headers);
      expect(first.statusCode).toBe(200);
      const stored = async () =>
        (
          await t.db
            .select()
            .from(activityProgress)
            .where(eq(activityProgress.member_redeem_id, redeem.id))
        ).find((r) => r.activity_id === activities[1]!.id)!;
      const before = await stored();
      expect(before.feedback_by).toBe(trainer.user.id);

      const again = await feedback(body);
      expect(again.statusCode).toBe(200);
      expect(again.json().data.at).toBe(before.feedback_at!.toISOString());
      const after = await stored();
      expect(after.feedback_by).toBe(trainer.user.id);
      expect(after.feedback_at).toEqual(before.feedback_at);

      // A changed response is a new one, by whoever sent it.
      await feedback({ ...body, text: 'Berubah' });
      expect((await stored()).feedback_by).not.toBe(trainer.user.id);
    });

    it('checks the score, the text and where the activity belongs', async () => {
      const body = {
        member_redeem_id: redeem.id,
        topic_id: topicIds[0],
        activity_id: activities[1]!.id,
        score: 50,
        text: 'ok',
      };
      for (const score of [101, -1, 12.5, 'abc', '']) {
        const res = await feedback({ ...body, score });
        expect(res.statusCode, String(score)).toBe(400);
        expect(res.json().validation.score).toBeTruthy();
      }
      const long = await feedback({ ...body, text: 'x'.repeat(251) });
      expect(long.statusCode).toBe(400);
      expect(long.json().validation.text).toBe(
        'Respon harus kurang dari atau sama dengan 250 karakter.',
      );
      expect((await feedback({ ...body, text: 'x'.repeat(250) })).statusCode).toBe(200);

      const wrongTopic = await feedback({ ...body, topic_id: topicIds[1] });
      expect(wrongTopic.statusCode).toBe(404);
      expect(wrongTopic.json().message).toBe('Aktivitas tidak ditemukan pada program peserta');
      const elsewhere = await buildProgram(t.db);
      const [otherTopic] = await buildTopics(t.db, elsewhere.id, 1);
      const foreign = await buildActivity(t.db, otherTopic!, { type: 'praktek_mandiri' });
      expect(
        (await feedback({ ...body, topic_id: otherTopic!.id, activity_id: foreign.id })).statusCode,
      ).toBe(404);
      expect((await feedback({ ...body, member_redeem_id: crypto.randomUUID() })).statusCode).toBe(
        404,
      );
      const other = await signedIn(t.db, 'trainer');
      expect((await feedback(body, other.headers)).statusCode).toBe(404);
    });

    it('answers Detail Voucher with the program title and dates', async () => {
      const res = await get(
        `/api/program/v1/company/detail-member-redeem/${redeem.id}`,
        trainer.headers,
      );
      expect(res.statusCode).toBe(200);
      expect(res.json().data).toMatchObject({
        id: redeem.id,
        license: expect.any(String),
        program: { id: program.id, title: expect.any(String) },
        results: { progress: 66 },
        start_test_at: '2025-02-01T03:00:00.000Z',
        end_test_at: null,
      });
      const other = await signedIn(t.db, 'trainer');
      expect(
        (await get(`/api/program/v1/company/detail-member-redeem/${redeem.id}`, other.headers))
          .statusCode,
      ).toBe(404);
      expect(
        (await get(`/api/program/v1/trainer/member-redeem/detail/${redeem.id}`, other.headers))
          .statusCode,
      ).toBe(404);
    });
  });

  describe('through the member API', () => {
    it('shows work a member uploaded, lets staff download and grade it', async () => {
      const program = await buildProgram(t.db, {
        status: 'publish',
        trainerIds: [trainer.user.id],
      });
      const [t1, t2] = await buildTopics(t.db, program.id, 2);
      const video = await buildActivity(t.db, t1!, { type: 'menonton_video', name: 'Video' });
      const practice = await buildActivity(t.db, t1!, { type: 'praktek_mandiri', name: 'Praktek' });
      const draft = await buildActivity(t.db, t1!, { type: 'general', name: 'Draf' });
      await t.db
        .update(activitiesTable)
        .set({ status: 'draft' })
        .where(eq(activitiesTable.id, draft.id));
      await t.db.update(topicsTable).set({ status: 'draft' }).where(eq(topicsTable.id, t2!.id));
      const { member } = await joinProgram(t.app, program.id);

      const file = pdfBytes();
      const body = multipartBody([
        {
          name: 'file',
          filename: 'laporan praktik.pdf',
          contentType: 'application/pdf',
          data: file,
        },
        { name: 'note', value: 'Mohon dinilai' },
      ]);
      const up = await t.app.inject({
        method: 'POST',
        url: `/api/member/v1/program/${program.id}/activity/${practice.id}/upload`,
        headers: { ...member.headers, ...body.headers },
        payload: body.payload,
      });
      expect(up.statusCode, up.body).toBe(200);

      const listed = (await list(program.id, '', trainer.headers)).json().data;
      expect(listed.total).toBe(1);
      const redeemId = listed.list[0].id as string;
      const detail = (
        await get(`/api/program/v1/trainer/member-redeem/detail/${redeemId}`, trainer.headers)
      ).json().data as ParticipantDetail;
      // Draft topics and activities the member never saw are left out.
      expect(detail.topics.map((x) => x.activities.map((a) => a.name))).toEqual([
        ['Video', 'Praktek'],
      ]);
      const work = detail.topics[0]!.activities[1]!;
      expect(work).toMatchObject({
        is_complete: true,
        upload: { file: { name: 'laporan praktik.pdf' }, member_note: 'Mohon dinilai', note: null },
      });
      expect(detail.topics[0]!.activities[0]!.id).toBe(video.id);
      const download = await get(work.upload.file!.url, trainer.headers);
      expect(download.statusCode).toBe(200);
      expect(download.rawPayload.equals(file)).toBe(true);

      const graded = await feedback(
        {
          member_redeem_id: redeemId,
          topic_id: t1!.id,
          activity_id: practice.id,
          score: 88,
          text: 'Bagus',
        },
        trainer.headers,
      );
      expect(graded.statusCode).toBe(200);
      const again = (
        await get(`/api/program/v1/trainer/member-redeem/detail/${redeemId}`, trainer.headers)
      ).json().data as ParticipantDetail;
      expect(again.topics[0]!.activities[1]!.upload).toMatchObject({
        file: { name: 'laporan praktik.pdf' },
        note: { score: 88, text: 'Bagus' },
      });
    });
  });

  describe('member data', () => {
    it('reads and updates a member, keeping the phone and other meta', async () => {
      const program = await buildProgram(t.db, { trainerIds: [trainer.user.id] });
      const member = await buildMember(t.db, {
        phone: '6281299990001',
        meta: { code: 'PST0001', city: 'Medan' },
      });
      await buildRedeem(t.db, program.id, { memberId: member.id });

      const detail = await get(`/api/users/v1/member/detail_by_id/${member.id}`, trainer.headers);
      expect(detail.statusCode).toBe(200);
      expect(detail.json().data).toEqual({
        id: member.id,
        fullname: member.fullname,
        phone: '6281299990001',
        email: member.email,
        date_of_birth: '1990-05-17',
        education_level: null,
        meta: { code: 'PST0001' },
      });

      // The education level (members.constants.ts): one of the list, in Indonesian when it is not.
      const badLevel = await updateMember(
        member.id,
        { fullname: 'Rina', email: member.email, education_level: 'doktor' },
        trainer.headers,
      );
      expect(badLevel.statusCode).toBe(400);
      expect(badLevel.json().validation.education_level).toMatch(/^Jenjang Pendidikan harus/);

      const res = await updateMember(
        member.id,
        {
          fullname: '  Rina Wulandari ',
          email: member.email.toUpperCase(),
          date_of_birth: '1950-01-01',
          education_level: 'mahasiswa',
          phone: '6281299990001',
          meta: { code: 'PST0099' },
        },
        trainer.headers,
      );
      expect(res.statusCode).toBe(200);
      expect(res.json()).toMatchObject({
        message: 'Data Peserta berhasil diubah',
        data: {
          fullname: 'Rina Wulandari',
          email: member.email.toUpperCase(),
          date_of_birth: '1950-01-01',
          education_level: 'mahasiswa',
          phone: '6281299990001',
          meta: { code: 'PST0099' },
        },
      });
      const [row] = await t.db.select().from(members).where(eq(members.id, member.id));
      expect(row!.meta).toEqual({ code: 'PST0099', city: 'Medan' });
      expect(row!.phone).toBe('6281299990001');

      // Without a phone in the body the stored one stays.
      expect(
        (await updateMember(member.id, { fullname: 'Rina', email: 'rina.w@contoh.id' })).statusCode,
      ).toBe(200);
      // A trainer never changes the login e-mail (docs/decisions.md).
      const byTrainer = await updateMember(
        member.id,
        { fullname: 'Rina', email: 'rina.lain@contoh.id' },
        trainer.headers,
      );
      expect(byTrainer.statusCode).toBe(400);
      expect(byTrainer.json().validation).toEqual({
        email: 'Email login peserta hanya dapat diubah oleh Admin',
      });
      const [after] = await t.db.select().from(members).where(eq(members.id, member.id));
      expect(after!.email).toBe('rina.w@contoh.id');
      expect(
        (
          await updateMember(
            member.id,
            { fullname: 'Rina', email: 'RINA.W@contoh.id' },
            trainer.headers,
          )
        ).statusCode,
      ).toBe(200);
    });

    it('refuses a changed phone, a taken email, a bad email and out-of-range birth dates', async () => {
      const member = await buildMember(t.db, { phone: '6281299990002' });
      const taken = await buildMember(t.db, { email: 'dipakai@contoh.id' });
      const base = { fullname: 'Budi', email: 'budi.baru@contoh.id' };
      const cases: [object, string, string][] = [
        [{ phone: '6289999999999' }, 'phone', 'Nomor Whatsapp tidak dapat diubah'],
        [{ email: 'DIPAKAI@contoh.id' }, 'email', 'Email sudah digunakan oleh peserta lain'],
        [{ email: 'bukan-email' }, 'email', 'Email bukan email yang valid.'],
        [{ fullname: '   ' }, 'fullname', 'Nama Lengkap tidak boleh kosong'],
        [
          { date_of_birth: '1949-12-31' },
          'date_of_birth',
          'Tanggal Lahir tidak boleh sebelum 01-01-1950',
        ],
        [
          { date_of_birth: '2999-01-01' },
          'date_of_birth',
          'Tanggal Lahir tidak boleh melebihi hari ini',
        ],
        [{ date_of_birth: '17-05-1990' }, 'date_of_birth', 'Tanggal Lahir tidak valid'],
      ];
      for (const [change, field, message] of cases) {
        const res = await updateMember(member.id, { ...base, ...change });
        expect(res.statusCode, JSON.stringify(change)).toBe(400);
        expect(res.json().validation[field]).toBe(message);
      }
      // The member's own email in another case is not "taken".
      expect(
        (await updateMember(taken.id, { ...base, email: 'Dipakai@Contoh.id' })).statusCode,
      ).toBe(200);
    });

    it('scopes trainers to members of their programs', async () => {
      const member = await buildMember(t.db);
      await buildRedeem(t.db, (await buildProgram(t.db)).id, { memberId: member.id });
      const other = { fullname: 'X', email: 'x@contoh.id' };
      expect(
        (await get(`/api/users/v1/member/detail_by_id/${member.id}`, trainer.headers)).statusCode,
      ).toBe(404);
      expect((await updateMember(member.id, other, trainer.headers)).statusCode).toBe(404);
      expect(
        (await get(`/api/users/v1/member/detail_by_id/${crypto.randomUUID()}`)).statusCode,
      ).toBe(404);
    });
  });

  describe('remove from program', () => {
    it('needs program.manage, deletes progress and work, and frees the voucher', async () => {
      const program = await buildProgram(t.db, {
        trainerIds: [trainer.user.id],
        status: 'publish',
      });
      const [topic] = await buildTopics(t.db, program.id, 1);
      const activity = await buildActivity(t.db, topic!, { type: 'praktek_mandiri' });
      const redeem = await buildRedeem(t.db, program.id, { license: 'AJR-HAPUS-0001' });
      const [batch] = await t.db
        .insert(voucherBatches)
        .values({ program_id: program.id, count: 1 })
        .returning();
      await t.db.insert(vouchers).values({
        batch_id: batch!.id,
        program_id: program.id,
        code: 'AJR-HAPUS-0001',
        member_redeem_id: redeem.id,
        redeemed_at: new Date(),
      });
      const { key } = await buildWork(t.db, t.app.storage, redeem, activity);
      const url = `/api/users/v1/company/program/delete/${redeem.id}`;

      expect(
        (await t.app.inject({ method: 'DELETE', url, headers: trainer.headers })).statusCode,
      ).toBe(403);
      const res = await t.app.inject({ method: 'DELETE', url, headers: admin });
      expect(res.statusCode).toBe(200);
      expect(res.json().message).toBe('Peserta berhasil dihapus dari program');

      expect(
        await t.db.select().from(memberRedeems).where(eq(memberRedeems.id, redeem.id)),
      ).toEqual([]);
      expect(
        await t.db
          .select()
          .from(activityProgress)
          .where(eq(activityProgress.member_redeem_id, redeem.id)),
      ).toEqual([]);
      expect(await t.app.storage.stat(key)).toBeNull();
      const [voucher] = await t.db
        .select()
        .from(vouchers)
        .where(eq(vouchers.code, 'AJR-HAPUS-0001'));
      expect(voucher!.member_redeem_id).toBeNull();
      expect(voucher!.redeemed_at).toBeNull();
      expect((await t.app.inject({ method: 'DELETE', url, headers: admin })).statusCode).toBe(404);

      // The freed code can be redeemed again (here by another member).
      const other = await t.app.inject({
        method: 'POST',
        url: '/api/member/v1/register',
        payload: {
          fullname: 'Peserta Pengganti',
          email: 'pengganti@contoh.id',
          phone: '6281298765432',
          password: 'Rahasia123',
          consent: true,
        },
      });
      expect(other.statusCode, other.body).toBe(200);
      const redeemed = await t.app.inject({
        method: 'POST',
        url: '/api/member/v1/redeem',
        payload: { license: 'ajr-hapus-0001', pmo_code: 'PMO-PENGGANTI' },
        headers: { authorization: `Bearer ${other.json().data.token}` },
      });
      expect(redeemed.statusCode, redeemed.body).toBe(200);
    });
  });
});
