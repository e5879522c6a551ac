import { randomUUID } from 'node:crypto';
import { eq } from 'drizzle-orm';
import type { FastifyInstance, InjectOptions, LightMyRequestResponse } from 'fastify';
import {
  defaultActivityContent,
  defaultActivitySettings,
} from '@ajar/shared/activities/activities-content.schemas';
import { popupQuizSettingSchema } from '@ajar/shared/activities/activities-popup-quiz.schemas';
import type { RoleKey } from '@ajar/shared/common/roles';
import { dateAtOffset } from '@ajar/shared/exports/exports.rules';
import { activities, memberRedeems, memberSessions } from '../db/schema';
import { newToken } from '../lib/tokens';
import { insertJob } from '../modules/jobs/jobs.repository';
import { ensurePrivacyNotice } from '../modules/privacy/default-notice';
import { seedConsents } from '../seed/consents.seed';
import { assignTrainer, buildActivity } from './factories/activities';
import { buildMedia } from './factories/media';
import { pngBytes } from './factories/media-bytes';
import { buildReseller, buildVoucher, joinProgram, registerMember } from './factories/members';
import { buildMember, buildRedeem, buildWork } from './factories/participants';
import { buildProgram, buildStudy, buildTopics } from './factories/programs';
import { authHeader, buildUser, type TestUser } from './factories/users';

/** The six callers of the authorization matrix, in the order each route is called. */
export const matrixRoles = [
  'anonymous',
  'member',
  'trainerB',
  'trainerA',
  'admin',
  'superadmin',
] as const;
export type MatrixRole = (typeof matrixRoles)[number];

type Headers = Record<string, string>;

/** A meeting running all of today and tomorrow (WIB), so a check-in is always open. */
export function meetingNow() {
  const day = (offset: number) => dateAtOffset(new Date(Date.now() + offset * 86_400_000), 7 * 60);
  return {
    ...defaultActivityContent,
    meeting: {
      link: 'https://meet.contoh.id/matriks',
      is_must_participate: 0,
      is_day: '2',
      days: [],
      dates: [0, 1].map((offset) => ({
        date: day(offset),
        times: [{ start_time: '00:00', end_time: '23:59' }],
      })),
    },
  };
}

/** A multiple choice question body for the quiz routes. */
export const mcQuestion = (n: number) => ({
  type: 'multiple_choice',
  question: { text: `<p>Pertanyaan matriks ${n}</p>`, media: null },
  options: [
    { text: 'Benar', media: null, point: 0 },
    { text: 'Salah', media: null, point: 0 },
  ],
  correct_answer: ['Benar'],
  point: 5,
});

async function ok(res: Promise<LightMyRequestResponse>, what: string) {
  const r = await res;
  if (r.statusCode !== 200) throw new Error(`${what}: ${r.statusCode} ${r.body}`);
  return r.json<{ data: Record<string, unknown> }>().data;
}

/**
 * Program A's world, built once per test file through the real API where a flow makes the rows
 * (redeem, chat, check-in, quiz attempt) and straight in the tables elsewhere: program A with
 * trainer A as facilitator, program B with trainer B, a member redeemed in A, and one object of
 * every kind a route's path names. `markers` are strings only program A's staff may read.
 */
export async function buildMatrixWorld(app: FastifyInstance) {
  const db = app.db;
  const tag = randomUUID().slice(0, 6);
  // The notice every installation has: registered members agree to it, as the app's do.
  await ensurePrivacyNotice(db);
  const users = {
    trainerA: await buildUser(db, { role: 'trainer', fullname: `Trainer Alfa ${tag}` }),
    trainerB: await buildUser(db, { role: 'trainer', fullname: `Trainer Beta ${tag}` }),
    admin: await buildUser(db, { role: 'admin', fullname: `Admin Matriks ${tag}` }),
    superadmin: await buildUser(db, { role: 'superadmin', fullname: `Super Matriks ${tag}` }),
  };
  const study = await buildStudy(db, `Bidang Matriks ${tag}`);
  const program = await buildProgram(db, {
    title: `Program Alfa Rahasia ${tag}`,
    status: 'publish',
    study_id: study.id,
    trainerIds: [users.trainerA.id],
  });
  const programB = await buildProgram(db, {
    title: `Program Beta ${tag}`,
    status: 'publish',
    trainerIds: [users.trainerB.id],
  });
  const [topic, topic2] = await buildTopics(db, program.id, 2);
  await buildTopics(db, programB.id, 1);
  const discussion = { is_show_discussion: 2 };
  const activity = {
    general: await buildActivity(db, topic!, {
      type: 'general',
      name: `Bacaan Alfa ${tag}`,
      settings: { ...defaultActivitySettings, ...discussion },
      // A page with text: serving it to the member opens it, so it can be completed.
      content: { ...defaultActivityContent, description: '<p>Bacaan Alfa</p>' },
    }),
    video: await buildActivity(db, topic!, { type: 'menonton_video', name: 'Video Alfa' }),
    quiz: await buildActivity(db, topic!, {
      type: 'quiz',
      name: 'Kuis Alfa',
      // 'Skip' on: the activities after it stay open while the quiz is unfinished.
      settings: { ...defaultActivitySettings, opportunity_repeat_test: -1, is_skip: 1 },
    }),
    work: await buildActivity(db, topic!, { type: 'praktek_mandiri', name: 'Praktek Alfa' }),
    uk: await buildActivity(db, topic2!, { type: 'evaluasi_praktek_mandiri', name: 'UK Alfa' }),
    meeting: await buildActivity(db, topic2!, {
      type: 'berdiskusi_daring',
      name: 'Diskusi Daring Alfa',
      content: meetingNow(),
    }),
    meeting2: await buildActivity(db, topic2!, {
      type: 'berdiskusi_daring',
      name: 'Diskusi Daring Alfa 2',
      content: meetingNow(),
    }),
  };

  const headers = {
    anonymous: {} as Headers,
    trainerA: await authHeader(db, users.trainerA),
    trainerB: await authHeader(db, users.trainerB),
    admin: await authHeader(db, users.admin),
    superadmin: await authHeader(db, users.superadmin),
  };
  const as = (h: Headers, options: InjectOptions) =>
    app.inject({ ...options, headers: { ...h, ...(options.headers as Headers) } });
  const admin = (options: InjectOptions) => as(headers.admin, options);

  // The member: registered and redeemed through the member API, then finished the program.
  const reseller = await buildReseller(db, { fullname: `Mitra Matriks ${tag}` });
  const member = await registerMember(app, { fullname: `Peserta Alfa ${tag}` });
  const joined = await joinProgram(app, program.id, { member, resellerId: reseller.id });
  const redeemId = joined.redeem.id as string;
  await db
    .update(memberRedeems)
    .set({ reseller_id: reseller.id })
    .where(eq(memberRedeems.id, redeemId));
  const memberHeaders: Headers = member.headers;
  const asMember = (options: InjectOptions) => as(memberHeaders, options);
  const memberBase = `/api/member/v1/program/${program.id}/activity`;

  // A participant who finished (certificates): rows made straight, so member calls of the
  // matrix (completions recount progress) never change it.
  const graduate = await buildMember(db, { fullname: `Lulusan Alfa ${tag}` });
  const graduateRedeem = await buildRedeem(db, program.id, {
    memberId: graduate.id,
    progress: 100,
    start_test_at: new Date(),
    end_test_at: new Date(),
    scores: { post_test: { score: 90, final_score: 90, passed: true } },
  });

  // Quiz: a packet with one section through the staff API; the member's started attempt.
  const packetBase = `/api/v1/packet/${program.id}/${topic!.id}/${activity.quiz.id}`;
  const packet = await ok(admin({ method: 'POST', url: `${packetBase}/create` }), 'packet');
  const group = await ok(
    admin({
      method: 'PUT',
      url: `${packetBase}/${packet.id as string}/save-section`,
      payload: { section: { name: 'Bagian Alfa', min_score: 0 }, questions: [mcQuestion(1)] },
    }),
    'save-section',
  );
  const section = group.section as { id: string };
  const questionId = (group.list_question as { id: string }[])[0]!.id;
  const gameplay = await ok(
    admin({
      method: 'POST',
      url: '/api/gameplay/v1/create',
      payload: {
        activity_id: activity.video.id,
        type: 'jigsaw',
        question: { text: 'Nila ikan air tawar.' },
        point: 5,
        options: [{ text: 'Benar' }, { text: 'Salah' }],
        correct_answers: ['Benar'],
      },
    }),
    'gameplay',
  );
  const popupSettingDefaults = popupQuizSettingSchema.parse({});
  // The video shows that question as a pop-up at second 3 (the member API serves it).
  await db
    .update(activities)
    .set({
      quiz: {
        setting: popupSettingDefaults,
        quizzes: [
          {
            id: randomUUID(),
            type: 'jigsaw',
            instruction: '',
            second: 3,
            gameplays: [gameplay.id],
          },
        ],
      },
    })
    .where(eq(activities.id, activity.video.id));

  // Work, check-in, a public thread, a private room, notifications both ways.
  await buildWork(db, app.storage, { id: redeemId, program_id: program.id }, activity.work, {
    note: `Catatan Alfa ${tag}`,
  });
  await ok(
    asMember({ method: 'POST', url: `${memberBase}/${activity.meeting.id}/attendance` }),
    'check-in',
  );
  const memberPost = await ok(
    asMember({
      method: 'POST',
      url: `${memberBase}/${activity.general.id}/discussion`,
      payload: { content: `<p>Pertanyaan peserta Alfa ${tag}</p>` },
    }),
    'member discussion',
  );
  const room = await ok(
    asMember({
      method: 'POST',
      url: '/api/member/v1/chat/get-room-id',
      payload: { program_id: program.id },
    }),
    'room',
  );
  const roomId = room.room_id as string;
  await ok(
    asMember({
      method: 'POST',
      url: `/api/member/v1/chat/room/${roomId}/send-message`,
      payload: { message: `Halo trainer Alfa ${tag}` },
    }),
    'chat',
  );
  await ok(
    admin({
      method: 'POST',
      url: '/api/notification/v1/create',
      payload: { program_id: program.id, title: 'Info Alfa', message: 'Pesan untuk peserta' },
    }),
    'notification',
  );
  const memberNotes = await ok(
    asMember({ method: 'GET', url: '/api/member/v1/notification/list' }),
    'member notifications',
  );
  const memberNotificationId = (memberNotes.list as { id: string }[])[0]!.id;
  const trainerNotes = await ok(
    as(headers.trainerA, { method: 'GET', url: '/api/notification/v1/trainer/list' }),
    'trainer notifications',
  );
  const trainerNotificationId = (trainerNotes.list as { id: string }[])[0]!.id;

  // Files: a library image, a certificate number (download links are single-use: one per call).
  const png = pngBytes();
  const media = await buildMedia(db, { ext: 'png' }, { storage: app.storage, bytes: png });
  const certificate = await admin({
    method: 'GET',
    url: `/api/certificate/v1/participant/${graduateRedeem.id}`,
  });
  if (certificate.statusCode !== 200) throw new Error(`certificate: ${certificate.body}`);
  const certificateNumber = String(certificate.headers['x-certificate-number']);
  const batchRows = await ok(
    admin({ method: 'GET', url: `/api/program/v1/company/voucher/${program.id}/batches` }),
    'batches',
  );
  const batchId = (batchRows.list as { id: string }[])[0]!.id;

  // A job of the admin's: only its owner reads it.
  const job = await insertJob(db, {
    userId: users.admin.id,
    kind: 'export',
    name: `ekspor-matriks-${tag}.xlsx`,
    input: {},
  });

  return {
    app,
    tag,
    users,
    jobId: job.id,
    headers: { ...headers, member: memberHeaders } as Record<MatrixRole, Headers>,
    study,
    program,
    programB,
    topic: topic!,
    topic2: topic2!,
    activity,
    member,
    memberBase,
    redeemId,
    graduateRedeemId: graduateRedeem.id,
    voucherCode: joined.voucher.code,
    reseller,
    packetId: packet.id as string,
    groupId: group.id as string,
    sectionId: section.id,
    questionId,
    gameplayId: gameplay.id as string,
    memberPostId: memberPost.id as string,
    roomId,
    memberNotificationId,
    trainerNotificationId,
    media,
    certificateNumber,
    batchId,
    /** Strings of program A's world that only its staff (and its member) may ever read. */
    markers: [
      program.title,
      program.id,
      topic!.id,
      activity.general.name,
      member.fullname,
      member.email,
      joined.voucher.code,
      redeemId,
      graduate.fullname,
      graduateRedeem.license,
      users.trainerA.email,
      `Catatan Alfa ${tag}`,
      `Pertanyaan peserta Alfa ${tag}`,
      `Halo trainer Alfa ${tag}`,
    ],
    /** A fresh session for a user of the role (for logout and password rows). */
    freshUser: async (
      role: RoleKey,
      programId?: string,
    ): Promise<{ user: TestUser; headers: Headers }> => {
      const user = await buildUser(db, { role });
      if (programId) await assignTrainer(db, programId, user.id);
      return { user, headers: await authHeader(db, user) };
    },
    /** A fresh session of the member, straight in the table (a login could be throttled). */
    freshMemberHeaders: async (): Promise<Headers> => {
      const { token, hash } = newToken();
      await db.insert(memberSessions).values({
        member_id: member.id,
        token_hash: hash,
        expires_at: new Date(Date.now() + 60 * 60 * 1000),
      });
      return { authorization: `Bearer ${token}` };
    },
    /** A session of a new member of no program (a route limited per member, sent many times). */
    newMemberHeaders: async (): Promise<Headers> => {
      const other = await buildMember(db);
      await seedConsents(db); // past registration: agreed to the notice as a registration does
      const { token, hash } = newToken();
      await db.insert(memberSessions).values({
        member_id: other.id,
        token_hash: hash,
        expires_at: new Date(Date.now() + 60 * 60 * 1000),
      });
      return { authorization: `Bearer ${token}` };
    },
    /** A published program with an unredeemed voucher (for a redeem that succeeds). */
    freshVoucher: async () => {
      const p = await buildProgram(db, { status: 'publish' });
      return (await buildVoucher(db, p.id)).code;
    },
  };
}

export type MatrixWorld = Awaited<ReturnType<typeof buildMatrixWorld>>;
