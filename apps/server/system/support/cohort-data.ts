import { sql } from 'drizzle-orm';
import {
  activitySettingsSchema,
  defaultActivityContent,
  type ActivitySettingsInput,
} from '@ajar/shared/activities/activities-content.schemas';
import type { Db } from '../../src/db/client';
import { hashPassword } from '../../src/lib/tokens';
import { ensurePrivacyNotice } from '../../src/modules/privacy/default-notice';
import { demoPassword } from '../../src/seed/demo-password';
import {
  buildActivity,
  assignTrainer,
  buildProgramWithTopics,
} from '../../src/test/factories/activities';
import { buildQuizPacket } from '../../src/test/factories/members';
import { buildUser } from '../../src/test/factories/users';
import type { CohortPlan } from './cohort-participant';

const rows = <T>(r: unknown) => (r as { rows: T[] }).rows;

/** The text of every question's right option; the wrong ones are 'Salah 1..3'. */
export const rightOption = 'Benar';

const dateAt = (offsetDays: number) =>
  new Date(Date.now() + 7 * 3_600_000 + offsetDays * 86_400_000).toISOString().slice(0, 10);

/** A meeting whose by-date schedule covers today and tomorrow (WIB) all day: check-in is open. */
const meetingOpenNow = {
  ...defaultActivityContent,
  meeting: {
    link: 'https://meet.contoh.id/kelas-serentak',
    is_must_participate: 0,
    is_day: '2',
    days: [],
    dates: [0, 1].map((d) => ({
      date: dateAt(d),
      times: [{ start_time: '00:00', end_time: '23:59' }],
    })),
  },
};

const settings = (input: ActivitySettingsInput) => activitySettingsSchema.parse(input);

/**
 * The cohort's program: one published program whose activities are what the participant mix
 * touches (bench/cohort.ts, the failover system test): a video, an online meeting with check-in,
 * an activity with a public discussion, a practice quiz that may be repeated and skipped, and the
 * timed post-test of the exam-start spike (one attempt). A trainer is assigned so participants
 * can open a chat room. Participants `peserta1..N@ajar.test` (the demo's accounts; the missing
 * ones made here with the demo password) are all redeemed into it, in bulk SQL: the cohort
 * measures learning, not joining.
 */
export async function seedCohort(
  db: Db,
  size: number,
  options: { questions?: number } = {},
): Promise<CohortPlan> {
  const questions = options.questions ?? 10;
  const { program, topics } = await buildProgramWithTopics(db, {
    topics: 2,
    title: 'Kelas Serentak: Satu Angkatan',
  });
  const trainer = await buildUser(db, { role: 'trainer', fullname: 'Fasilitator Angkatan' });
  await assignTrainer(db, program.id, trainer.id);
  const [first, second] = topics as [(typeof topics)[0], (typeof topics)[0]];
  const video = await buildActivity(db, first, {
    name: 'Video Materi Utama',
    type: 'menonton_video',
    settings: settings({ video_completion_percent: 100 }),
  });
  const meeting = await buildActivity(db, first, {
    name: 'Pertemuan Daring',
    type: 'berdiskusi_daring',
    content: meetingOpenNow,
  });
  const discussion = await buildActivity(db, first, {
    name: 'Diskusi Studi Kasus',
    type: 'general',
    settings: settings({ is_show_discussion: 2 }),
  });
  const quiz = await buildActivity(db, second, {
    name: 'Latihan Soal',
    type: 'quiz',
    settings: settings({ opportunity_repeat_test: -1, is_skip: 1, is_show_score: 1, timer: 30 }),
  });
  const postTest = await buildActivity(db, second, {
    name: 'Post Test',
    type: 'post_test',
    settings: settings({ opportunity_repeat_test: 0, is_show_score: 1, timer: 20 }),
  });
  const questionSet = Array.from({ length: questions }, () => ({
    options: [rightOption, 'Salah 1', 'Salah 2', 'Salah 3'],
    correct: 0,
  }));
  for (const activity of [quiz, postTest]) {
    await buildQuizPacket(db, activity.id, [{ name: 'Soal', questions: questionSet }]);
  }

  // Missing accounts get the demo password (one hash for all: hashing thousands at the
  // production cost would take minutes) and a verified address, as the demo's own accounts.
  const [existing] = rows<{ hash: string | null }>(
    await db.execute(sql`select password_hash as hash from members
      where lower(email) = 'peserta1@ajar.test'`),
  );
  const hash = existing?.hash ?? (await hashPassword(demoPassword));
  await db.execute(sql`insert into members (fullname, email, phone, password_hash,
      email_verified_at, meta)
    select 'Peserta Angkatan ' || g, 'peserta' || g || '@ajar.test',
      '6289' || lpad(g::text, 9, '0'), ${hash}, now(), '{"bench":"cohort"}'::jsonb
    from generate_series(1, ${size}) g
    where not exists (select 1 from members m where lower(m.email) = 'peserta' || g || '@ajar.test')`);
  // They agreed to the privacy notice in force, as at registration: no consent screen first.
  await ensurePrivacyNotice(db);
  await db.execute(sql`insert into member_consents (member_id, notice_version)
    select m.id, n.version
    from members m cross join (select max(version) as version from privacy_notices) n
    where m.meta->>'bench' = 'cohort' and not exists
      (select 1 from member_consents c where c.member_id = m.id and c.notice_version = n.version)`);
  await db.execute(sql`insert into member_redeems (member_id, program_id, license, pmo_code)
    select m.id, ${program.id}, 'KLS-' || substr(${program.id}::text, 1, 8) || '-' || g,
      'PMOK' || lpad(g::text, 8, '0')
    from generate_series(1, ${size}) g
    join members m on lower(m.email) = 'peserta' || g || '@ajar.test'`);
  await db.execute(sql`update programs set participants_count =
      (select count(*) from member_redeems where program_id = ${program.id})
    where id = ${program.id}`);
  await db.execute(sql`analyze`);
  return {
    programId: program.id,
    videoId: video.id,
    meetingId: meeting.id,
    discussionId: discussion.id,
    quizId: quiz.id,
    postTestId: postTest.id,
    questions,
    password: demoPassword,
  };
}

/** What the database holds of the post-test: attempts per participant and their scores. */
export async function postTestAttempts(db: Db, plan: CohortPlan) {
  return rows<{ email: string; attempts: number; score: number | null; submitted: number }>(
    await db.execute(sql`select lower(m.email) as email, count(a.id)::int as attempts,
        max(a.score)::float as score, count(a.submitted_at)::int as submitted
      from member_redeems r
      join members m on m.id = r.member_id
      left join quiz_attempts a on a.member_redeem_id = r.id and a.activity_id = ${plan.postTestId}
      where r.program_id = ${plan.programId}
      group by m.email`),
  );
}
