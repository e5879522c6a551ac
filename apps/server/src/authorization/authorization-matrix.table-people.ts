import { randomUUID } from 'node:crypto';
import { certificates } from '../db/schema';
import { importUpload, xlsxOf } from '../test/factories/imports';
import { joinProgram } from '../test/factories/members';
import { buildActivity } from '../test/factories/activities';
import { buildRedeem } from '../test/factories/participants';
import { meetingNow, type MatrixWorld } from '../test/matrix-world';
import { row, S, type MatrixRow } from './authorization-matrix.types';

// Participants, vouchers, exports, imports, resellers, attendance, public discussion and
// certificates. Statuses: anonymous, member, trainer B, trainer A, admin, superadmin.

const voucher = (w: MatrixWorld) => `/api/program/v1/company/voucher/${w.program.id}`;
const memberActivity = (w: MatrixWorld, id: string) => `${w.memberBase}/${id}`;
/** A disposable participant of program A with a certificate (a row, no PDF rendered): its id. */
const freshCertificate = async (w: MatrixWorld) => {
  const redeem = await buildRedeem(w.app.db, w.program.id, { start_test_at: new Date() });
  const [row] = await w.app.db
    .insert(certificates)
    .values({
      member_redeem_id: redeem.id,
      kind: 'participant',
      number: `AJR-MATRIX-${randomUUID().slice(0, 8).toUpperCase()}`,
      fullname: 'Peserta Matriks',
      program_title: w.program.title,
      template: 'umum',
      certificate_date: new Date(),
    })
    .returning({ id: certificates.id });
  return row!.id;
};
const importFile = async (w: MatrixWorld, activityNumber: number) => {
  const xlsx = await xlsxOf([
    ['license', 'activity_number', 'score', 'feedback'],
    [w.voucherCode, activityNumber, 80, 'Bagus'],
  ]);
  return { ...importUpload(xlsx), echoes: [w.voucherCode] };
};

export const peopleRows: MatrixRow[] = [
  // ---- participants ----
  row(
    'GET /api/program/v1/trainer/member-redeem/list/:programId',
    S.scoped,
    'grade.manage, scoped to assigned programs (404 elsewhere)',
    ({ w }) => ({ url: `/api/program/v1/trainer/member-redeem/list/${w.program.id}` }),
  ),
  row(
    'GET /api/program/v1/trainer/member-redeem/detail/:id',
    S.scoped,
    'grade.manage, scoped through the redemption',
    ({ w }) => ({ url: `/api/program/v1/trainer/member-redeem/detail/${w.redeemId}` }),
  ),
  row(
    'GET /api/program/v1/company/detail-member-redeem/:id',
    S.scoped,
    'grade.manage, scoped',
    ({ w }) => ({ url: `/api/program/v1/company/detail-member-redeem/${w.redeemId}` }),
  ),
  row(
    'GET /api/users/v1/member/detail_by_id/:id',
    S.scoped,
    "grade.manage; a member is visible through a redemption in the caller's programs",
    ({ w }) => ({ url: `/api/users/v1/member/detail_by_id/${w.member.id}` }),
  ),
  row(
    'PUT /api/users/v1/member/update_by_id/:id',
    S.scoped,
    'grade.manage, scoped (same data written back)',
    ({ w }) => ({
      url: `/api/users/v1/member/update_by_id/${w.member.id}`,
      payload: { fullname: w.member.fullname, email: w.member.email, date_of_birth: null },
    }),
  ),
  row(
    'PUT /api/users/v1/trainer/feedback-mr',
    S.scoped,
    'grade.manage, scoped through the redemption',
    ({ w }) => ({
      url: '/api/users/v1/trainer/feedback-mr',
      payload: {
        member_redeem_id: w.redeemId,
        topic_id: w.topic.id,
        activity_id: w.activity.work.id,
        score: 80,
        feedback: 'Bagus',
      },
    }),
  ),
  row(
    'DELETE /api/users/v1/company/program/delete/:id',
    S.manage,
    'program.manage (a disposable participant)',
    async ({ w }) => {
      const { redeem } = await joinProgram(w.app, w.program.id);
      return { url: `/api/users/v1/company/program/delete/${redeem.id as string}` };
    },
  ),
  row(
    'GET /api/program/v1/trainer/member-redeem/:redeemId/work/:activityId',
    S.scoped,
    'grade.manage, scoped; declared with app.route (a file answer)',
    ({ w }) => ({
      url: `/api/program/v1/trainer/member-redeem/${w.redeemId}/work/${w.activity.work.id}`,
    }),
  ),

  // ---- vouchers ----
  row(
    'POST /api/program/v1/company/voucher/:programId/generate',
    S.manage,
    'program.manage',
    ({ w }) => ({ url: `${voucher(w)}/generate`, payload: { count: 1 } }),
  ),
  row(
    'GET /api/program/v1/company/voucher/:programId/batches',
    S.scoped,
    'grade.manage, scoped',
    ({ w }) => ({ url: `${voucher(w)}/batches` }),
  ),
  row(
    'GET /api/program/v1/company/voucher/:programId/list',
    S.scoped,
    'grade.manage, scoped',
    ({ w }) => ({ url: `${voucher(w)}/list` }),
  ),
  row(
    'GET /api/program/v1/company/voucher/:programId/export',
    S.scoped,
    'grade.manage, scoped',
    ({ w }) => ({ url: `${voucher(w)}/export` }),
  ),

  // ---- exports and imports ----
  row(
    'POST /api/users/v1/export/member_redeem',
    S.scoped,
    'grade.manage; every program of the body must be in scope',
    ({ w }) => ({ url: '/api/users/v1/export/member_redeem', payload: { id: [w.program.id] } }),
  ),
  row(
    'POST /api/users/v1/export/member_redeem_epm',
    S.scoped,
    'grade.manage; programs in scope',
    ({ w }) => ({ url: '/api/users/v1/export/member_redeem_epm', payload: { id: [w.program.id] } }),
  ),
  row(
    'GET /api/users/v1/export/member_redeem/:programId',
    S.scoped,
    'grade.manage, scoped',
    ({ w }) => ({ url: `/api/users/v1/export/member_redeem/${w.program.id}` }),
  ),
  // ---- learning record ----
  row(
    'GET /api/program/v1/trainer/member-redeem/:id/learning-record',
    S.scoped,
    'grade.manage, scoped through the redemption',
    ({ w }) => ({ url: `/api/program/v1/trainer/member-redeem/${w.redeemId}/learning-record` }),
  ),
  row(
    'GET /api/program/v1/trainer/member-redeem/:id/learning-record/events',
    S.scoped,
    'grade.manage, scoped through the redemption',
    ({ w }) => ({
      url: `/api/program/v1/trainer/member-redeem/${w.redeemId}/learning-record/events`,
    }),
  ),
  row(
    'GET /api/program/v1/trainer/learning-record/export/:programId',
    S.scoped,
    'grade.manage, scoped',
    ({ w }) => ({ url: `/api/program/v1/trainer/learning-record/export/${w.program.id}` }),
  ),
  row(
    'PUT /api/users/v1/trainer/import-feedback-uk-mr',
    S.anyStaff,
    "grade.manage; a row outside the caller's programs is a row error, not a refusal",
    async ({ w }) => {
      const f = await importFile(w, 5);
      return { url: '/api/users/v1/trainer/import-feedback-uk-mr', ...f };
    },
  ),
  row(
    'PUT /api/users/v1/trainer/import-feedback-tpm-mr',
    S.anyStaff,
    'grade.manage; rows scoped one by one',
    async ({ w }) => {
      const f = await importFile(w, 4);
      return { url: '/api/users/v1/trainer/import-feedback-tpm-mr', ...f };
    },
  ),

  // ---- resellers ----
  row('GET /api/reseller/v1/list', S.manage, 'reseller.manage', () => ({
    url: '/api/reseller/v1/list',
  })),
  row('GET /api/reseller/v1/detail/:id', S.manage, 'reseller.manage', ({ w }) => ({
    url: `/api/reseller/v1/detail/${w.reseller.id}`,
  })),
  row('POST /api/reseller/v1/create', S.manage, 'reseller.manage', ({ w, role }) => ({
    url: '/api/reseller/v1/create',
    payload: {
      fullname: 'Mitra Baru',
      phone: '081234567890',
      email: `mitra-${role}-${w.tag}-${Math.random().toString(36).slice(2, 8)}@contoh.id`,
      password: 'Rahasia123',
      status: 'active',
      meta: {
        gift: 'false',
        domicile: 'Bandung',
        whatsapp_number: '6281234567890',
        commission_provider: 'Bank BCA',
      },
    },
  })),
  row('PUT /api/reseller/v1/update/:id', S.manage, 'reseller.manage', ({ w }) => ({
    url: `/api/reseller/v1/update/${w.reseller.id}`,
    payload: {
      fullname: w.reseller.fullname,
      phone: '081234567890',
      status: 'active',
      meta: {
        domicile: 'Bandung',
        whatsapp_number: '6281234567890',
        commission_provider: 'Bank BCA',
      },
    },
  })),
  row('GET /api/reseller/v1/list-user', S.manage, 'reseller.manage', ({ w }) => ({
    url: `/api/reseller/v1/list-user?reseller_code=${w.reseller.referral_code}`,
  })),
  row('PUT /api/users/v1/company/update_redeem_meta', S.manage, 'reseller.manage', ({ w }) => ({
    url: '/api/users/v1/company/update_redeem_meta',
    payload: { member_redeem_id: w.redeemId, field: 'gift', value: 'true' },
  })),
  row('GET /api/reseller/v1/export/list-user-reseller', S.manage, 'reseller.manage', ({ w }) => ({
    url: `/api/reseller/v1/export/list-user-reseller?reseller_code=${w.reseller.referral_code}`,
  })),
  row('POST /api/reseller/v1/export/list-user-reseller', S.manage, 'reseller.manage', ({ w }) => ({
    url: '/api/reseller/v1/export/list-user-reseller',
    payload: { referral_code: [w.reseller.referral_code] },
  })),

  // ---- attendance ----
  row(
    'POST /api/member/v1/program/:programId/activity/:activityId/attendance',
    S.member(),
    'member of A checks in to a running meeting (a new one each time: once per occurrence)',
    async ({ w }) => {
      const meeting = await buildActivity(w.app.db, w.topic2, {
        type: 'berdiskusi_daring',
        content: meetingNow(),
      });
      return { url: `${memberActivity(w, meeting.id)}/attendance` };
    },
  ),
  row(
    'GET /api/presence/v1/company/list',
    S.scoped,
    'presence.view; filtered on program A, outside B → 404',
    ({ w }) => ({ url: `/api/presence/v1/company/list?program_id=${w.program.id}` }),
  ),
  row('GET /api/presence/v1/company/export', S.scoped, 'presence.view, scoped', ({ w }) => ({
    url: `/api/presence/v1/company/export?program_id=${w.program.id}`,
  })),

  // ---- public discussion ----
  row(
    'GET /api/discussion/v1/list-program',
    S.anyStaff,
    "discussion.manage; lists only the caller's programs",
    () => ({ url: '/api/discussion/v1/list-program' }),
  ),
  row(
    'GET /api/discussion/v1/detail-program/:id',
    S.scoped,
    'discussion.manage, scoped',
    ({ w }) => ({ url: `/api/discussion/v1/detail-program/${w.program.id}` }),
  ),
  row('GET /api/discussion/v1/list-topic', S.scoped, 'discussion.manage, scoped', ({ w }) => ({
    url: `/api/discussion/v1/list-topic?program_id=${w.program.id}`,
  })),
  row('GET /api/discussion/v1/list', S.scoped, 'discussion.manage, scoped', ({ w }) => ({
    url: `/api/discussion/v1/list?program_id=${w.program.id}&topic_id=${w.topic.id}&activity_id=${w.activity.general.id}`,
  })),
  row('POST /api/discussion/v1/create', S.scoped, 'discussion.manage, scoped', ({ w }) => ({
    url: '/api/discussion/v1/create',
    payload: {
      program_id: w.program.id,
      topic_id: w.topic.id,
      activity_id: w.activity.general.id,
      content: '<p>Jawaban staf</p>',
    },
  })),
  row(
    'DELETE /api/discussion/v1/delete/:id',
    S.scoped,
    "discussion.manage, scoped; a trainer deletes own messages (a disposable one of trainer A's)",
    async ({ w }) => {
      const res = await w.app.inject({
        method: 'POST',
        url: '/api/discussion/v1/create',
        headers: w.headers.trainerA,
        payload: {
          program_id: w.program.id,
          topic_id: w.topic.id,
          activity_id: w.activity.general.id,
          content: '<p>Buang</p>',
        },
      });
      return { url: `/api/discussion/v1/delete/${res.json<{ data: { id: string } }>().data.id}` };
    },
  ),
  row(
    'GET /api/member/v1/program/:programId/activity/:activityId/discussion',
    S.member(),
    'member of A reads a Public thread',
    ({ w }) => ({ url: `${memberActivity(w, w.activity.general.id)}/discussion` }),
  ),
  row(
    'POST /api/member/v1/program/:programId/activity/:activityId/discussion',
    S.member(),
    'member of A posts in a Public thread',
    ({ w }) => ({
      url: `${memberActivity(w, w.activity.general.id)}/discussion`,
      payload: { content: '<p>Tanya lagi</p>' },
    }),
  ),
  // Ajar Belajar's thread: paged posts, own edits, unread counts.
  row(
    'GET /api/member/v1/program/:programId/activity/:activityId/discussion/thread',
    S.member(),
    'member of A reads a page of the thread',
    ({ w }) => ({ url: `${memberActivity(w, w.activity.general.id)}/discussion/thread` }),
  ),
  row(
    'PUT /api/member/v1/program/:programId/activity/:activityId/discussion/read',
    S.member(),
    'member of A reads the thread',
    ({ w }) => ({ url: `${memberActivity(w, w.activity.general.id)}/discussion/read` }),
  ),
  row(
    'PUT /api/member/v1/program/:programId/activity/:activityId/discussion/:messageId',
    S.member(),
    "member of A edits their own post (others' are 404)",
    ({ w }) => ({
      url: `${memberActivity(w, w.activity.general.id)}/discussion/${w.memberPostId}`,
      payload: { content: `Pertanyaan peserta Alfa ${w.tag} (diubah)` },
    }),
  ),
  row(
    'DELETE /api/member/v1/program/:programId/activity/:activityId/discussion/:messageId',
    S.member(),
    'member of A deletes their own disposable post',
    async ({ w }) => {
      const thread = `${memberActivity(w, w.activity.general.id)}/discussion`;
      const res = await w.app.inject({
        method: 'POST',
        url: thread,
        headers: w.headers.member,
        payload: { content: 'Buang' },
      });
      return { url: `${thread}/${res.json<{ data: { id: string } }>().data.id}` };
    },
  ),
  row(
    'GET /api/member/v1/program/:programId/discussion/unread',
    S.member(),
    "member of A's unread counts",
    ({ w }) => ({ url: `/api/member/v1/program/${w.program.id}/discussion/unread` }),
  ),

  // ---- certificates ----
  row('GET /api/users/v1/member_redeem/detail/:id', S.scoped, 'grade.manage, scoped', ({ w }) => ({
    url: `/api/users/v1/member_redeem/detail/${w.graduateRedeemId}`,
  })),
  row(
    'GET /api/certificate/v1/participant/:redeemId',
    S.scoped,
    'grade.manage, scoped',
    ({ w }) => ({ url: `/api/certificate/v1/participant/${w.graduateRedeemId}` }),
  ),
  row(
    'GET /api/certificate/v1/graduation/:redeemId',
    S.scoped,
    'grade.manage, scoped',
    ({ w }) => ({ url: `/api/certificate/v1/graduation/${w.graduateRedeemId}` }),
  ),
  row(
    'GET /api/certificate/v1/program/:programId/zip',
    S.scoped,
    'grade.manage, scoped',
    ({ w }) => ({ url: `/api/certificate/v1/program/${w.program.id}/zip?kind=participant` }),
  ),
  row('GET /api/job/v1/list', S.anyStaff, "the user's own jobs", () => ({
    url: '/api/job/v1/list',
  })),
  row(
    'GET /api/job/v1/detail/:id',
    '401 401 404 404 200 404',
    "the admin's job: its owner only, anyone else 404",
    ({ w }) => ({ url: `/api/job/v1/detail/${w.jobId}` }),
  ),
  row(
    'POST /api/job/v1/cancel/:id',
    '401 401 404 404 200 404',
    "'Batalkan' on the admin's queued job: its owner only, anyone else 404",
    ({ w }) => ({ url: `/api/job/v1/cancel/${w.jobId}` }),
  ),
  row(
    'GET /api/certificate/v1/verify/:number',
    S.open(200),
    'public check: genuine, whose, which program',
    ({ w }) => ({ url: `/api/certificate/v1/verify/${w.certificateNumber}` }),
    { publicData: true },
  ),
  row(
    'POST /api/certificate/v1/correct/:id',
    S.scoped,
    'grade.manage, scoped through the redemption (a disposable certificate)',
    async ({ w }) => ({
      url: `/api/certificate/v1/correct/${await freshCertificate(w)}`,
      payload: {
        fullname: 'Nama Koreksi',
        program_title: 'Judul Koreksi',
        program_minutes: 60,
        certificate_date: '2026-11-01',
        reason: 'Koreksi data',
      },
    }),
  ),
  row(
    'POST /api/certificate/v1/revoke/:id',
    S.scoped,
    'grade.manage, scoped through the redemption (a disposable certificate)',
    async ({ w }) => ({
      url: `/api/certificate/v1/revoke/${await freshCertificate(w)}`,
      payload: { reason: 'Pencabutan uji' },
    }),
  ),
  row(
    'PUT /api/users/v1/member/order/update-sertificate',
    S.scoped,
    'grade.manage, scoped through the redemption',
    ({ w }) => ({
      url: '/api/users/v1/member/order/update-sertificate',
      payload: { order_id: w.graduateRedeemId, sertificate_id: 'EXT-1' },
    }),
  ),
];
