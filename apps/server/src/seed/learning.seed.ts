import { randomUUID } from 'node:crypto';
import { Readable } from 'node:stream';
import { sql } from 'drizzle-orm';
import { activityStates, type ActivityStateInput } from '@ajar/shared/members/activity-locks.rules';
import { memberMessages, workFormats } from '@ajar/shared/members/members.constants';
import type { Storage } from '../lib/storage';
import type { Viewer } from '../modules/access/access.service';
import { completionMode, readSettings } from '../modules/members/activity-progress.service';
import { publishedActivitiesOfPrograms } from '../modules/members/learning.repository';
import { recomputeScores } from '../modules/members/member-scores.service';
import { attemptsLeftFor, scoreAttempt } from '../modules/members/quiz-attempts.service';
import {
  packetOfAttempt,
  packetPool,
  packetSections,
  sectionsOfAttempt,
  servedOrder,
  type PacketSection,
} from '../modules/members/quiz-packets.service';
import type { Db } from '../db/client';
import { activityProgress, memberRedeems, quizAttempts } from '../db/schema';
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
   * before it or after it (`include`). For the demo participant 1's fixed states.
   */
  until?: { type: string; include: boolean };
  /** Leaves every uploaded work waiting for feedback. */
  ungraded?: boolean;
}

/** A published activity as the walk reads it: what a lock, a quiz and a progress row need. */
interface WalkActivity extends ActivityStateInput {
  topic_id: string;
  program_id: string;
}

/** What the walk needs of a program, read once: its activities in order and who grades it. */
interface ProgramInfo {
  activities: WalkActivity[];
  grader: Viewer;
}

/** A quiz-type activity's packets, read once: the pool and each packet's sections. */
interface QuizInfo {
  pool: string[];
  sections: Map<string, PacketSection[]>;
}

type ProgressRow = typeof activityProgress.$inferInsert;
type AttemptRow = typeof quizAttempts.$inferInsert;

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

/** The walk's clock: one step a minute; `backdateParticipants` spreads the steps afterwards. */
const stepMs = 60_000;

/** The programs' published activities in program order, as the walk's state rows. */
async function walkActivities(db: Db, programIds: string[]): Promise<Map<string, WalkActivity[]>> {
  const out = new Map<string, WalkActivity[]>(programIds.map((id) => [id, []]));
  for (const row of await publishedActivitiesOfPrograms(db, programIds)) {
    out.get(row.program_id)!.push({ ...row, is_complete: false, started: false });
  }
  return out;
}

/** The packets of every quiz-type activity, with their sections and questions. */
async function quizInfo(db: Db, programs: Map<string, ProgramInfo>) {
  const out = new Map<string, QuizInfo>();
  for (const program of programs.values()) {
    for (const a of program.activities) {
      if (completionMode(a.type) !== 'quiz') continue;
      const pool = await packetPool(db, a.id, readSettings(a.settings));
      const sections = new Map<string, PacketSection[]>();
      for (const packetId of pool) sections.set(packetId, await packetSections(db, packetId));
      out.set(a.id, { pool, sections });
    }
  }
  return out;
}

/** Answers as a participant of the given skill would: the right option with that chance. */
function answer(sections: PacketSection[], skill: number, rand: Rand): Record<string, number> {
  const answers: Record<string, number> = {};
  for (const question of sections.flatMap((s) => s.questions)) {
    const count = question.options.length;
    if (count === 0) continue;
    const correct = new Set(question.correct_answer);
    const right = question.options.findIndex((o) => correct.has(o.text));
    const wrong = [...Array(count).keys()].filter((i) => i !== right);
    if (right >= 0 && (rand(1000) < skill * 1000 || wrong.length === 0)) {
      answers[question.id] = right;
    } else {
      answers[question.id] = wrong[rand(wrong.length)]!;
    }
  }
  return answers;
}

/** The practice work a participant uploads: a short PDF report, or a photo of the result. */
function practiceFile(plan: LearnerPlan, activityName: string, rand: Rand) {
  const asImage = rand(3) === 0;
  const data = asImage
    ? practicePng(
        Array.from({ length: 6 }, () => 0.2 + rand(80) / 100),
        colours[rand(colours.length)]!,
      )
    : practicePdf(`Laporan Praktik Mandiri - ${plan.fullname}`, [
        `Program: ${plan.programTitle}`,
        `Aktivitas: ${activityName}`,
        'Langkah yang saya kerjakan:',
        '1. Menyiapkan alat dan bahan sesuai panduan.',
        '2. Mengerjakan tugas dan mencatat hasilnya.',
        '3. Menyusun kesimpulan dari hasil praktik.',
      ]);
  const ext = asImage ? ('png' as const) : ('pdf' as const);
  return { data, ext, name: asImage ? 'foto-hasil-praktik.png' : 'laporan-praktik.pdf' };
}

/** What one participant's walk wrote, kept in memory until the walk of everyone is done. */
interface Walked {
  progress: ProgressRow[];
  attempts: AttemptRow[];
  files: { key: string; data: Buffer }[];
  redeem: { id: string; progress: number; start: Date | null; end: Date | null; last: Date };
  stats: { steps: number; quizzes: number; uploads: number; feedback: number };
}

/**
 * One participant's walk through the program, decided in memory by the rules the member API
 * applies: an activity's state (`activityStates`: a quiz not passed holds the rest closed, a
 * scheduled video outside its window is locked), the attempts a quiz allows, the packet and
 * question order of each attempt, server-side scoring (`scoreAttempt`), completion on a passed
 * quiz (a pre-test on any submission), and progress as completed over published activities.
 */
function walk(
  plan: LearnerPlan,
  program: ProgramInfo,
  quizzes: Map<string, QuizInfo>,
  start: number,
  rand: Rand,
): Walked {
  const all = program.activities.map((a) => ({ ...a }));
  const out: Walked = {
    progress: [],
    attempts: [],
    files: [],
    redeem: { id: plan.redeemId, progress: 0, start: null, end: null, last: new Date(start) },
    stats: { steps: 0, quizzes: 0, uploads: 0, feedback: 0 },
  };
  if (plan.reach === 'none' || all.length === 0) return out;
  let clock = start;
  const tick = () => {
    clock += stepMs;
    return new Date(clock);
  };
  const rows = new Map<string, ProgressRow>();
  const rowOf = (a: WalkActivity, at: Date) => {
    let row = rows.get(a.id);
    if (!row) {
      row = {
        member_redeem_id: plan.redeemId,
        program_id: a.program_id,
        topic_id: a.topic_id,
        activity_id: a.id,
        created_at: at,
      };
      rows.set(a.id, row);
    }
    row.updated_at = at;
    out.redeem.start ??= at;
    return row;
  };
  let completed = 0;
  const complete = (index: number, at: Date) => {
    const row = rowOf(all[index]!, at);
    if (!row.is_complete) completed += 1;
    row.is_complete = true;
    row.completed_at ??= at;
    all[index]!.is_complete = true;
    out.redeem.progress = Math.floor((100 * completed) / all.length);
    if (out.redeem.progress >= 100) out.redeem.end ??= at;
  };

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
  const now = new Date();
  let unfinishedQuiz: string | null = null;
  for (let index = 0; index < steps; index += 1) {
    const activity = all[index]!;
    const mode = completionMode(activity.type);
    const state = activityStates(all.slice(0, index + 1), now)[index]!;
    if (state.state === 'terkunci') {
      // A participant stops where an unfinished quiz holds the rest closed. A scheduled video is
      // history watched in an earlier window of its schedule: written without today's lock, so
      // the demo does not depend on the hour of the first start.
      const heldByQuiz =
        unfinishedQuiz !== null && state.lock_reason === memberMessages.lockedBy(unfinishedQuiz);
      if (mode !== 'manual' || heldByQuiz) break;
    }
    out.stats.steps += 1;
    if (mode === 'manual') {
      complete(index, tick());
    } else if (mode === 'quiz') {
      const settings = readSettings(activity.settings);
      const quiz = quizzes.get(activity.id)!;
      const scores: number[] = [];
      let skill = plan.skill;
      for (let attemptNo = 1; attemptNo <= 2; attemptNo += 1) {
        const packetId = packetOfAttempt(quiz.pool, settings, attemptNo, rand);
        if (!packetId) throw new Error(`the demo quiz "${activity.name}" has no questions`);
        const sections = quiz.sections.get(packetId)!;
        const questionIds = servedOrder(sections, settings.is_random_question === 1, rand);
        const served = sectionsOfAttempt(sections, questionIds);
        const startedAt = tick();
        out.redeem.start ??= startedAt;
        const answers = answer(served, skill, rand);
        const { result, details } = scoreAttempt(served, settings, answers);
        const submittedAt = tick();
        out.attempts.push({
          member_redeem_id: plan.redeemId,
          activity_id: activity.id,
          packet_id: packetId,
          attempt_no: attemptNo,
          question_ids: questionIds,
          answers,
          started_at: startedAt,
          deadline_at:
            settings.timer > 0 ? new Date(startedAt.getTime() + settings.timer * 60_000) : null,
          submitted_at: submittedAt,
          score: result.score,
          passed: result.passed,
          details,
          created_at: startedAt,
          updated_at: submittedAt,
        });
        out.stats.quizzes += 1;
        activity.started = true;
        if (result.score !== null) scores.push(result.score);
        const row = rowOf(activity, submittedAt);
        row.score = scores.length ? Math.max(...scores) : null;
        row.attempts = attemptNo;
        if (activity.type === 'pre_test' || result.passed) complete(index, submittedAt);
        unfinishedQuiz = activity.is_complete ? null : activity.name;
        if (activity.is_complete || attemptsLeftFor(settings, attemptNo) === 0) break;
        if (plan.reach !== 'done' && rand(2) === 0) break;
        skill = plan.reach === 'done' ? 1 : Math.min(1, skill + 0.2);
      }
    } else {
      const file = practiceFile(plan, activity.name, rand);
      const note = workNotes[rand(workNotes.length)]!;
      // Not under the public `/media` pattern, as an upload through the member API.
      const key = `practice-work/${plan.redeemId}/${randomUUID()}.${file.ext}`;
      const uploadedAt = tick();
      out.files.push({ key, data: file.data });
      Object.assign(rowOf(activity, uploadedAt), {
        work_file_key: key,
        work_file_name: file.name,
        work_file_size: file.data.length,
        work_file_type: workFormats[file.ext],
        work_note: note || null,
        work_uploaded_at: uploadedAt,
      });
      activity.started = true;
      complete(index, uploadedAt);
      out.stats.uploads += 1;
      // About half is graded already; the rest waits for feedback (the grading queue).
      if (rand(2) === 0 && !plan.ungraded) {
        const gradedAt = tick();
        Object.assign(rowOf(activity, gradedAt), {
          feedback_score: 60 + rand(41),
          feedback_text: feedbackTexts[rand(feedbackTexts.length)]!,
          feedback_by: program.grader.id,
          feedback_at: gradedAt,
        });
        out.stats.feedback += 1;
      }
    }
  }
  out.progress = [...rows.values()];
  out.redeem.last = new Date(clock);
  return out;
}

/** Inserts rows in batches (one statement each), so a statement's parameters stay few. */
async function insertInBatches<T>(rows: T[], insert: (batch: T[]) => Promise<unknown>) {
  for (let i = 0; i < rows.length; i += 200) await insert(rows.slice(i, i + 200));
}

/**
 * Walks participants through their programs: reading and watching activities are completed,
 * quizzes are taken with answers (some right, some wrong) and scored on the server's rules,
 * practice work is uploaded as a PDF or an image, and about half of the uploads get the grader's
 * feedback. A participant who means to finish retakes a failed quiz with the right answers; the
 * others move on, so a failed quiz keeps them below 100.
 *
 * The walk is decided in memory by the member API's own rules (see `walk`) and written in a few
 * statements: a walk through the member services costs some thirty queries a quiz and took most
 * of a first start. The redemptions' scores are then recomputed by the service itself
 * from the written attempts. The participants seed's test checks the result against the services.
 * Returns how many activities were completed, quizzes taken, uploads made and graded.
 */
export async function seedLearning(
  deps: { db: Db; storage: Storage },
  plans: LearnerPlan[],
  graders: Map<string, Viewer>,
  rand: Rand,
) {
  const { db, storage } = deps;
  const programIds = [...new Set(plans.map((p) => p.programId))];
  const activityLists = await walkActivities(db, programIds);
  const programs = new Map<string, ProgramInfo>(
    programIds.map((id) => [id, { activities: activityLists.get(id)!, grader: graders.get(id)! }]),
  );
  const quizzes = await quizInfo(db, programs);
  const start = Date.now();
  const walked = plans.map((plan) =>
    walk(plan, programs.get(plan.programId)!, quizzes, start, rand),
  );
  const learned = walked.filter((w) => w.redeem.start !== null);

  for (const w of learned)
    for (const file of w.files) {
      await storage.put(file.key, Readable.from([file.data]));
    }
  await db.transaction(async (tx) => {
    await insertInBatches(
      learned.flatMap((w) => w.progress),
      (batch) => tx.insert(activityProgress).values(batch),
    );
    await insertInBatches(
      learned.flatMap((w) => w.attempts),
      (batch) => tx.insert(quizAttempts).values(batch),
    );
    for (const w of learned) if (w.attempts.length > 0) await recomputeScores(tx, w.redeem.id);
    const redeems = learned.map((w) => w.redeem);
    if (redeems.length === 0) return;
    await tx.execute(sql`update ${memberRedeems} r set progress = w.progress,
        start_test_at = w.start_at, end_test_at = w.end_at, updated_at = w.last_at
      from unnest(${sql.param(redeems.map((r) => r.id))}::uuid[],
        ${sql.param(redeems.map((r) => r.progress))}::int[],
        ${sql.param(redeems.map((r) => r.start!.toISOString()))}::timestamptz[],
        ${sql.param(redeems.map((r) => r.end?.toISOString() ?? null))}::timestamptz[],
        ${sql.param(redeems.map((r) => r.last.toISOString()))}::timestamptz[])
        as w(id, progress, start_at, end_at, last_at)
      where r.id = w.id`);
  });
  const stats = { steps: 0, quizzes: 0, uploads: 0, feedback: 0 };
  for (const w of walked) {
    stats.steps += w.stats.steps;
    stats.quizzes += w.stats.quizzes;
    stats.uploads += w.stats.uploads;
    stats.feedback += w.stats.feedback;
  }
  return stats;
}
