import { dateAtOffset } from '@ajar/shared/exports/exports.rules';
import { multipartBody } from '../test/factories/media';
import { pdfBytes, pngBytes } from '../test/factories/media-bytes';
import type { MatrixWorld } from '../test/matrix-world';
import { randomUUID } from 'node:crypto';
import { defaultPrivacyNotice } from '../modules/privacy/default-notice';
import { row, S, type MatrixRow } from './authorization-matrix.types';

// Private discussion (chat), notifications and the member API. Statuses: anonymous, member,
// trainer B, trainer A, admin, superadmin.

const memberActivity = (w: MatrixWorld, id: string) => `${w.memberBase}/${id}`;
const chat = '/api/discussion/v1/discussion-private';
const subscription = {
  endpoint: 'https://fcm.googleapis.com/fcm/send/matriks-peserta',
  keys: { p256dh: 'BOr6p1cZ', auth: 'c2VjcmV0' },
};

export const memberRows: MatrixRow[] = [
  // ---- private discussion (chat) ----
  row(
    'GET /api/discussion/v1/discussion-private/list',
    S.anyStaff,
    "discussion.manage; a trainer's own rooms only",
    () => ({ url: `${chat}/list` }),
  ),
  row(
    'GET /api/discussion/v1/discussion-private/get-total-unread',
    S.anyStaff,
    'discussion.manage; own count',
    () => ({ url: `${chat}/get-total-unread` }),
  ),
  row(
    'PUT /api/discussion/v1/discussion-private/read/:roomId',
    S.scoped,
    "discussion.manage; a room of trainer A's",
    ({ w }) => ({ url: `${chat}/read/${w.roomId}` }),
  ),
  row(
    'POST /api/discussion/v1/discussion-private/get-room-id',
    S.scoped,
    'discussion.manage; program A, trainer A, the member',
    ({ w }) => ({
      url: `${chat}/get-room-id`,
      payload: {
        program_id: w.program.id,
        trainer_id: w.users.trainerA.id,
        member_id: w.member.id,
      },
    }),
  ),
  row(
    'GET /api/discussion/v1/discussion-private/detail-room/:roomId',
    S.scoped,
    'discussion.manage; the room',
    ({ w }) => ({ url: `${chat}/detail-room/${w.roomId}` }),
  ),
  row(
    'POST /api/discussion/v1/discussion-private/room/:roomId/send-message',
    S.scoped,
    'discussion.manage; the room',
    ({ w }) => ({
      url: `${chat}/room/${w.roomId}/send-message`,
      payload: { message: 'Balasan staf' },
    }),
  ),
  row('GET /api/member/v1/chat/rooms', S.member(), "member's rooms", () => ({
    url: '/api/member/v1/chat/rooms',
  })),
  row('GET /api/member/v1/chat/get-total-unread', S.member(), "member's count", () => ({
    url: '/api/member/v1/chat/get-total-unread',
  })),
  row(
    'POST /api/member/v1/chat/get-room-id',
    S.member(),
    'member opens the room of a redeemed program',
    ({ w }) => ({ url: '/api/member/v1/chat/get-room-id', payload: { program_id: w.program.id } }),
  ),
  row('GET /api/member/v1/chat/detail-room/:roomId', S.member(), "member's own room", ({ w }) => ({
    url: `/api/member/v1/chat/detail-room/${w.roomId}`,
  })),
  row('PUT /api/member/v1/chat/read/:roomId', S.member(), "member's own room", ({ w }) => ({
    url: `/api/member/v1/chat/read/${w.roomId}`,
  })),
  row(
    'POST /api/member/v1/chat/room/:roomId/send-message',
    S.member(),
    "member's own room",
    ({ w }) => ({
      url: `/api/member/v1/chat/room/${w.roomId}/send-message`,
      payload: { message: 'Terima kasih' },
    }),
  ),
  row('POST /api/member/v1/chat/room/:roomId/image', S.member(), "member's own room", ({ w }) => {
    const form = multipartBody([
      { name: 'file', filename: 'foto.png', contentType: 'image/png', data: pngBytes() },
    ]);
    return {
      url: `/api/member/v1/chat/room/${w.roomId}/image`,
      payload: form.payload,
      headers: form.headers,
    };
  }),

  // ---- notifications ----
  row('POST /api/notification/v1/create', S.manage, 'notification.send', ({ w }) => ({
    url: '/api/notification/v1/create',
    payload: { program_id: w.program.id, title: 'Info', message: 'Pesan' },
  })),
  row('GET /api/notification/v1/recipients', S.manage, 'notification.send', ({ w }) => ({
    url: `/api/notification/v1/recipients?program_id=${w.program.id}`,
  })),
  row('GET /api/notification/v1/list', S.manage, 'notification.send', () => ({
    url: '/api/notification/v1/list',
  })),
  row('GET /api/member/v1/notification/list', S.member(), "member's own notifications", () => ({
    url: '/api/member/v1/notification/list',
  })),
  row(
    'PUT /api/member/v1/notification/read/:id',
    S.member(),
    "member's own notification",
    ({ w }) => ({ url: `/api/member/v1/notification/read/${w.memberNotificationId}` }),
  ),
  row('GET /api/notification/v1/trainer/list', S.anyStaff, "the caller's own bell", () => ({
    url: '/api/notification/v1/trainer/list',
  })),
  row(
    'PUT /api/notification/v1/trainer/read/:id',
    '401 401 404 200 404 404',
    "trainer A's own notification: anyone else's is not found",
    ({ w }) => ({ url: `/api/notification/v1/trainer/read/${w.trainerNotificationId}` }),
  ),

  // ---- member API ----
  row(
    'POST /api/member/v1/register',
    S.open(200),
    'public sign-up (a new e-mail and phone each time)',
    ({ role, w }) => {
      const n = Math.floor(Math.random() * 1e8);
      return {
        url: '/api/member/v1/register',
        payload: {
          fullname: 'Peserta Daftar',
          email: `daftar-${role}-${w.tag}-${n}@contoh.id`,
          phone: `62813${String(n).padStart(8, '0')}`,
          password: 'Rahasia123',
          consent: true,
        },
      };
    },
  ),
  row(
    'POST /api/member/v1/login',
    S.open(200),
    "public sign-in; the reply is the member's own account (the caller holds the password)",
    ({ w }) => ({
      url: '/api/member/v1/login',
      payload: { email: w.member.email, password: w.member.password },
    }),
    { publicData: true },
  ),
  row(
    'POST /api/member/v1/logout',
    S.member(),
    'ends the member session (a fresh one)',
    async ({ w, role, headers }) => ({
      url: '/api/member/v1/logout',
      headers: role === 'member' ? await w.freshMemberHeaders() : headers,
    }),
  ),
  row('GET /api/member/v1/me', S.member(), 'own account', () => ({ url: '/api/member/v1/me' })),
  row('PUT /api/member/v1/push/subscription', S.member(), "own session's subscription", () => ({
    url: '/api/member/v1/push/subscription',
    payload: { subscription },
  })),
  row('DELETE /api/member/v1/push/subscription', S.member(), "own session's subscription", () => ({
    url: '/api/member/v1/push/subscription',
  })),
  row('GET /api/member/v1/agenda', S.member(), "the member's own programs", () => ({
    url: '/api/member/v1/agenda',
  })),
  row(
    'GET /api/member/v1/agenda/meeting/:activityId/calendar.ics',
    S.member(),
    "a meeting of the member's program",
    ({ w }) => ({
      url: `/api/member/v1/agenda/meeting/${w.activity.meeting.id}/calendar.ics?occurrence=${encodeURIComponent(
        `${dateAtOffset(new Date(), 7 * 60)} 00:00-23:59`,
      )}`,
    }),
  ),
  row('GET /api/member/v1/agenda/reminders', S.member(), "the member's own setting", () => ({
    url: '/api/member/v1/agenda/reminders',
  })),
  row('PUT /api/member/v1/agenda/reminders', S.member(), "the member's own setting", () => ({
    url: '/api/member/v1/agenda/reminders',
    payload: { enabled: true },
  })),
  row(
    'POST /api/member/v1/redeem',
    S.member(),
    'a member redeems a fresh voucher',
    async ({ w }) => ({
      url: '/api/member/v1/redeem',
      payload: { license: await w.freshVoucher(), pmo_code: 'PMO-MATRIKS' },
    }),
  ),
  row('GET /api/member/v1/program/list', S.member(), "member's programs", () => ({
    url: '/api/member/v1/program/list',
  })),
  row(
    'GET /api/member/v1/program/detail/:programId',
    S.member(),
    'a redeemed program',
    ({ w }) => ({ url: `/api/member/v1/program/detail/${w.program.id}` }),
  ),
  row(
    'GET /api/member/v1/program/:programId/grades',
    S.member(),
    "the member's scores in a redeemed program",
    ({ w }) => ({ url: `/api/member/v1/program/${w.program.id}/grades` }),
  ),
  row(
    'GET /api/member/v1/program/:programId/activity/:activityId',
    S.member(),
    'an activity of a redeemed program',
    ({ w }) => ({ url: memberActivity(w, w.activity.general.id) }),
  ),
  row(
    'GET /api/member/v1/program/:programId/activity/:activityId/open/:target',
    S.open(404),
    'public (reached by navigation); an address not signed by the server is refused for everyone',
    ({ w }) => ({
      url: `${memberActivity(w, w.activity.general.id)}/open/link?member=${w.member.id}&exp=4102444800&sig=tidak-sah`,
    }),
  ),
  row(
    'POST /api/member/v1/program/:programId/activity/:activityId/complete',
    S.member(),
    'completes a reading activity',
    ({ w }) => ({ url: `${memberActivity(w, w.activity.general.id)}/complete` }),
  ),
  row(
    'POST /api/member/v1/program/:programId/activity/:activityId/quiz/start',
    S.member(),
    'starts (or resumes) the quiz',
    ({ w }) => ({ url: `${memberActivity(w, w.activity.quiz.id)}/quiz/start` }),
  ),
  row(
    'PUT /api/member/v1/program/:programId/activity/:activityId/quiz/:attemptId/answer',
    S.member(),
    'saves one answer of a started attempt',
    async ({ w, headers }) => {
      const base = `${memberActivity(w, w.activity.quiz.id)}/quiz`;
      const started = await w.app.inject({
        method: 'POST',
        url: `${base}/start`,
        headers: w.headers.member,
      });
      const attempt = started.json<{ data: { attempt: { id: string } } }>().data.attempt.id;
      return {
        url: `${base}/${attempt}/answer`,
        headers,
        payload: { question_id: w.questionId, answer: 0 },
      };
    },
  ),
  row(
    'POST /api/member/v1/program/:programId/activity/:activityId/quiz/:attemptId/submit',
    S.member(),
    'submits a started attempt',
    async ({ w, headers }) => {
      const base = `${memberActivity(w, w.activity.quiz.id)}/quiz`;
      const started = await w.app.inject({
        method: 'POST',
        url: `${base}/start`,
        headers: w.headers.member,
      });
      const attempt = started.json<{ data: { attempt: { id: string } } }>().data.attempt.id;
      return {
        url: `${base}/${attempt}/submit`,
        headers,
        payload: { answers: { [w.questionId]: 0 } },
      };
    },
  ),
  row(
    'POST /api/member/v1/program/:programId/activity/:activityId/upload',
    S.member(),
    'practice work upload',
    ({ w }) => {
      const form = multipartBody([
        { name: 'file', filename: 'tugas.pdf', contentType: 'application/pdf', data: pdfBytes() },
        { name: 'note', value: 'Tugas saya' },
      ]);
      return {
        url: `${memberActivity(w, w.activity.work.id)}/upload`,
        payload: form.payload,
        headers: form.headers,
      };
    },
  ),

  // ---- member API for Ajar Belajar ----
  row(
    'POST /api/member/v1/forgot-password',
    S.open(200),
    'public; same answer whether the e-mail exists',
    ({ w, role }) => ({
      url: '/api/member/v1/forgot-password',
      payload: { email: `tidak-ada-peserta-${role}-${w.tag}@ajar.test` },
    }),
  ),
  row(
    'POST /api/member/v1/reset-password',
    S.open(400),
    'public; an unknown token is refused the same for everyone',
    () => ({
      url: '/api/member/v1/reset-password',
      payload: { token: 'token-peserta-yang-tidak-ada', password: 'Rahasia456' },
    }),
  ),
  row(
    'POST /api/member/v1/verify-email',
    S.open(400),
    'public; an unknown verification token is refused the same for everyone',
    () => ({
      url: '/api/member/v1/verify-email',
      payload: { token: 'token-verifikasi-yang-tidak-ada' },
    }),
  ),
  row(
    'POST /api/member/v1/verify-email/resend',
    S.member(),
    "a new verification link to the member's own address (a new unverified member each time: " +
      'three links per 15 minutes)',
    async ({ w, role, headers }) => ({
      url: '/api/member/v1/verify-email/resend',
      headers: role === 'member' ? await w.newMemberHeaders() : headers,
    }),
  ),
  row(
    'PUT /api/member/v1/update-password',
    S.member(400),
    'own password; a wrong old password is refused on old_password (nothing changes)',
    () => ({
      url: '/api/member/v1/update-password',
      payload: { old_password: 'bukan-password-lama', password: 'Rahasia456' },
    }),
  ),
  // ---- participants' rights (modules/privacy) ----
  row('GET /api/member/v1/privacy/export', S.member(), 'own latest export', () => ({
    url: '/api/member/v1/privacy/export',
  })),
  row('POST /api/member/v1/privacy/export', S.member(), 'starts (or answers) own export', () => ({
    url: '/api/member/v1/privacy/export',
  })),
  row(
    'GET /api/member/v1/privacy/export/:id/download',
    S.member(404),
    'an export that is not theirs (none by that id)',
    () => ({ url: `/api/member/v1/privacy/export/${randomUUID()}/download` }),
  ),
  row('GET /api/member/v1/privacy/delete-request', S.member(), 'own pending request', () => ({
    url: '/api/member/v1/privacy/delete-request',
  })),
  row(
    'POST /api/member/v1/privacy/delete-request',
    S.member(400),
    'a wrong password: nothing asked',
    () => ({ url: '/api/member/v1/privacy/delete-request', payload: { password: 'bukan-ini' } }),
  ),
  row(
    'DELETE /api/member/v1/privacy/delete-request',
    S.member(400),
    'nothing pending to cancel',
    () => ({ url: '/api/member/v1/privacy/delete-request' }),
  ),
  row('GET /api/member/v1/privacy/notice', S.open(), 'the notice in force, public', () => ({
    url: '/api/member/v1/privacy/notice',
  })),
  row('GET /api/member/v1/privacy/consent', S.member(), 'own consent status', () => ({
    url: '/api/member/v1/privacy/consent',
  })),
  row(
    'POST /api/member/v1/privacy/consent',
    S.member(409),
    'agreeing to a version that is not the one in force',
    () => ({ url: '/api/member/v1/privacy/consent', payload: { version: 999 } }),
  ),
  row('GET /api/privacy/v1/notice', S.superOnly, 'users.manage', () => ({
    url: '/api/privacy/v1/notice',
  })),
  row(
    'GET /api/privacy/v1/notice/versions/:version',
    S.superOnly,
    'users.manage; the first version',
    () => ({ url: '/api/privacy/v1/notice/versions/1' }),
  ),
  row(
    'PUT /api/privacy/v1/notice',
    S.superOnly,
    'users.manage; the same text (no new version, no member asked again)',
    () => ({ url: '/api/privacy/v1/notice', payload: { content: defaultPrivacyNotice } }),
  ),
  row('GET /api/privacy/v1/deletion-requests', S.manage, 'member.erase', () => ({
    url: '/api/privacy/v1/deletion-requests',
  })),
  row(
    'POST /api/privacy/v1/deletion-requests/:id/confirm',
    '401 401 403 403 404 404',
    'member.erase; no request by that id',
    () => ({ url: `/api/privacy/v1/deletion-requests/${randomUUID()}/confirm` }),
  ),
  row('PUT /api/member/v1/profile', S.member(), 'own profile (same values)', ({ w }) => ({
    url: '/api/member/v1/profile',
    payload: { fullname: w.member.fullname, phone: w.member.phone },
  })),
  row('POST /api/member/v1/profile/photo', S.member(), 'own photo (an image)', () => {
    const form = multipartBody([
      { name: 'file', filename: 'foto.png', contentType: 'image/png', data: pngBytes() },
    ]);
    return { url: '/api/member/v1/profile/photo', payload: form.payload, headers: form.headers };
  }),
  row(
    'PUT /api/member/v1/program/:programId/activity/:activityId/video-progress',
    S.member(),
    "the member's video position",
    ({ w }) => ({
      url: `${memberActivity(w, w.activity.video.id)}/video-progress`,
      payload: { position_seconds: 1, duration_seconds: 100 },
    }),
  ),
  row(
    'GET /api/member/v1/program/:programId/activity/:activityId/gameplays',
    S.member(),
    "the video's pop-ups without answer keys",
    ({ w }) => ({ url: `${memberActivity(w, w.activity.video.id)}/gameplays` }),
  ),
  row(
    'POST /api/member/v1/program/:programId/activity/:activityId/gameplay/:gameplayId/answer',
    S.member(),
    'answers a pop-up question (kept once)',
    ({ w }) => ({
      url: `${memberActivity(w, w.activity.video.id)}/gameplay/${w.gameplayId}/answer`,
      payload: { answer: { kind: 'choice', option: 0 }, idempotency_key: randomUUID() },
    }),
  ),
  row(
    'GET /api/member/v1/program/:programId/certificate',
    S.member(400),
    "a redeemed program not finished yet: 'Sertifikat tersedia setelah program selesai'",
    ({ w }) => ({ url: `/api/member/v1/program/${w.program.id}/certificate` }),
  ),
  row(
    'GET /api/member/v1/program/:programId/certificate/pdf',
    S.member(400),
    'the PDF once the program is finished (not yet here)',
    ({ w }) => ({ url: `/api/member/v1/program/${w.program.id}/certificate/pdf` }),
  ),
];
