import { inArray } from 'drizzle-orm';
import type { QuizStartData } from '@ajar/shared/members/member-learning.schemas';
import type { Storage } from '../lib/storage';
import type { RequestUser } from '../plugins/auth';
import { memberMessages } from '@ajar/shared/members/members.constants';
import { completionMode, markComplete } from '../modules/members/activity-progress.service';
import { statesOfRedeem } from '../modules/members/activity-states.service';
import { lockRedeem, publishedActivities } from '../modules/members/learning.repository';
import { completeActivity } from '../modules/members/learning.service';
import { uploadPracticeWork, workUploadParts } from '../modules/members/practice-work.service';
import { startQuiz, submitQuiz } from '../modules/members/quiz-attempts.service';
import { giveFeedback } from '../modules/participants/participants.service';
import type { Db } from '../db/client';
import { questions } from '../db/schema';
import { practicePdf, practicePng } from './work-files.seed';

export type Rand = (n: number) => number;

/**
 * How far a participant goes: not started, the first one to three activities, somewhere between a
 * quarter and nine tenths of the program, or all of it.
 */
export type Reach = 'none' | 'started' | 'deep' | 'done';

export interface LearnerPlan {
  memberId: string;
  fullname: string;
  redeemId: string;
  programId: string;
  programTitle: string;
  reach: Reach;
  /** Chance (0..1) of answering a quiz question right: scores vary between participants. */
  skill: number;
  /**
   * Where the walk stops instead of the reach's random count: at the first activity of `type`,
   * before it or after it (`include`). For the demo participant 1's fixed states (issue 18).
   */
  until?: { type: string; include: boolean };
  /** Leaves every uploaded work waiting for feedback. */
  ungraded?: boolean;
}

type ProgramActivity = Awaited<ReturnType<typeof publishedActivities>>[number];

/** What the walk needs of a program, read once: its activities in order and who grades it. */
interface ProgramInfo {
  activities: ProgramActivity[];
  grader: Pick<RequestUser, 'id' | 'role'>;
}

interface QuestionKey {
  options: string[];
  correct: Set<string>;
}

const workNotes = [
  'Berikut hasil praktik saya, mohon masukannya.',
  'Sudah saya kerjakan sesuai panduan.',
  'Laporan praktik mandiri terlampir.',
  'Maaf agak terlambat, ini tugas saya.',
  '',
];

const feedbackTexts = [
  'Bagus, langkah kerjanya runtut dan hasilnya rapi.',
  'Sudah baik. Tambahkan foto hasil akhir agar lebih jelas.',
  'Cukup, tetapi analisisnya masih kurang mendalam.',
  'Sangat baik, pertahankan konsistensinya.',
  'Perbaiki bagian kesimpulan, sisanya sudah sesuai.',
];

const colours: [number, number, number][] = [
  [25, 118, 210],
  [46, 125, 50],
  [237, 108, 2],
  [156, 39, 176],
];

/** The right option texts of every question of the given quiz activities. */
async function answerKey(db: Db, activityIds: string[]): Promise<Map<string, QuestionKey>> {
  if (activityIds.length === 0) return new Map();
  const rows = await db
    .select({ id: questions.id, options: questions.options, correct: questions.correct_answer })
    .from(questions)
    .where(inArray(questions.activity_id, activityIds));
  return new Map(
    rows.map((q) => [q.id, { options: q.options.map((o) => o.text), correct: new Set(q.correct) }]),
  );
}

/** Answers as a participant of the given skill would: the right option with that chance. */
function answer(
  started: QuizStartData,
  key: Map<string, QuestionKey>,
  skill: number,
  rand: Rand,
): Record<string, number | null> {
  const answers: Record<string, number | null> = {};
  for (const question of started.sections.flatMap((s) => s.questions)) {
    const count = question.options.length;
    if (count === 0) continue;
    const known = key.get(question.id);
    const right = known ? known.options.findIndex((t) => known.correct.has(t)) : -1;
    const wrong = [...Array(count).keys()].filter((i) => i !== right);
    if (right >= 0 && (rand(1000) < skill * 1000 || wrong.length === 0))
      answers[question.id] = right;
    else answers[question.id] = wrong[rand(wrong.length)] ?? null;
  }
  return answers;
}

/**
 * Walks participants through their programs with the member API's own service functions:
 * reading and watching activities are completed, quizzes are started and submitted with answers
 * (some right, some wrong), practice work is uploaded as a PDF or an image, and about half of the
 * uploads get the staff's feedback through the participants service. A participant who means to
 * finish retakes a failed quiz with the right answers; the others move on, so a failed quiz keeps
 * them below 100. Returns how many activities were completed and uploads made.
 */
export async function seedLearning(
  deps: { db: Db; storage: Storage },
  plans: LearnerPlan[],
  graders: Map<string, Pick<RequestUser, 'id' | 'role'>>,
  rand: Rand,
) {
  const { db } = deps;
  const programs = new Map<string, ProgramInfo>();
  for (const programId of new Set(plans.map((p) => p.programId))) {
    programs.set(programId, {
      activities: await publishedActivities(db, programId),
      grader: graders.get(programId)!,
    });
  }
  const quizIds = [...programs.values()].flatMap((p) =>
    p.activities.filter((a) => completionMode(a.type) === 'quiz').map((a) => a.id),
  );
  const key = await answerKey(db, quizIds);
  const stats = { steps: 0, quizzes: 0, uploads: 0, feedback: 0 };

  for (const plan of plans) {
    const program = programs.get(plan.programId)!;
    const all = program.activities;
    if (plan.reach === 'none' || all.length === 0) continue;
    const n = all.length;
    const stop = plan.until ? all.findIndex((a) => a.type === plan.until!.type) : -1;
    const steps =
      stop >= 0
        ? stop + (plan.until!.include ? 1 : 0)
        : plan.reach === 'done'
          ? n
          : plan.reach === 'deep'
            ? Math.min(n - 1, Math.ceil(n / 4) + rand(Math.max(1, Math.floor((n * 13) / 20))))
            : Math.min(n - 1, 1 + rand(3));
    const member = { id: plan.memberId };
    let unfinishedQuiz: string | null = null;
    for (const activity of all.slice(0, steps)) {
      const path = { programId: plan.programId, activityId: activity.id };
      const mode = completionMode(activity.type);
      const state = (await statesOfRedeem(db, plan.redeemId)).byActivity.get(activity.id);
      if (state?.state === 'terkunci') {
        // A participant stops where an unfinished quiz holds the rest closed. A scheduled video is
        // history watched in an earlier window of its schedule: written without today's lock, so
        // the demo does not depend on the hour of the first start.
        const heldByQuiz =
          unfinishedQuiz !== null && state.lock_reason === memberMessages.lockedBy(unfinishedQuiz);
        if (mode !== 'manual' || heldByQuiz) break;
        await db.transaction(async (tx) => {
          await lockRedeem(tx, plan.redeemId);
          await markComplete(tx, plan.redeemId, { ...activity, program_id: plan.programId });
        });
        stats.steps += 1;
        continue;
      }
      stats.steps += 1;
      if (mode === 'manual') {
        await completeActivity(db, member, plan.programId, activity.id);
      } else if (mode === 'quiz') {
        let skill = plan.skill;
        for (let attempt = 0; attempt < 2; attempt += 1) {
          const started = await startQuiz(db, member, plan.programId, activity.id);
          const result = await submitQuiz(
            db,
            member,
            { ...path, attemptId: started.attempt.id },
            answer(started, key, skill, rand),
          );
          stats.quizzes += 1;
          unfinishedQuiz = result.is_complete ? null : activity.name;
          if (result.is_complete || result.attempts_left === 0) break;
          if (plan.reach !== 'done' && rand(2) === 0) break;
          skill = plan.reach === 'done' ? 1 : Math.min(1, skill + 0.2);
        }
      } else {
        const asImage = rand(3) === 0;
        const data = asImage
          ? practicePng(
              Array.from({ length: 6 }, () => 0.2 + rand(80) / 100),
              colours[rand(colours.length)]!,
            )
          : practicePdf(`Laporan Praktik Mandiri - ${plan.fullname}`, [
              `Program: ${plan.programTitle}`,
              `Aktivitas: ${activity.name}`,
              'Langkah yang saya kerjakan:',
              '1. Menyiapkan alat dan bahan sesuai panduan.',
              '2. Mengerjakan tugas dan mencatat hasilnya.',
              '3. Menyusun kesimpulan dari hasil praktik.',
            ]);
        const note = workNotes[rand(workNotes.length)]!;
        const upload = await uploadPracticeWork(
          deps,
          member,
          path,
          workUploadParts({
            filename: asImage ? 'foto-hasil-praktik.png' : 'laporan-praktik.pdf',
            data,
            note: note || undefined,
          }),
        );
        stats.uploads += 1;
        // About half is graded already; the rest waits for feedback (the grading queue).
        if (rand(2) === 0 && !plan.ungraded) {
          await giveFeedback(db, program.grader, {
            member_redeem_id: plan.redeemId,
            topic_id: upload.activity.topic_id,
            activity_id: activity.id,
            score: 60 + rand(41),
            text: feedbackTexts[rand(feedbackTexts.length)]!,
          });
          stats.feedback += 1;
        }
      }
    }
  }
  return stats;
}
