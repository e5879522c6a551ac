import { z } from 'zod';
import { workFeedbackSchema } from './member-learning.schemas';

/**
 * One scored activity of the member's program on 'Nilai': a quiz-type activity (pre-test, quiz,
 * post-test, exam) or practice work, in program order.
 */
export const memberGradeSchema = z.object({
  activity_id: z.uuid(),
  topic_id: z.uuid(),
  topic_name: z.string(),
  name: z.string(),
  type: z.string(),
  /** 'quiz': scored by its attempts; 'work': practice work scored by the trainer. */
  kind: z.enum(['quiz', 'work']),
  /**
   * Quiz: the best score of the submitted attempts; work: the trainer's score. 0–100, null when
   * there is none yet or the activity hides scores (`score_hidden`).
   */
  score: z.number().nullable(),
  /** 'Tampilkan Score' is off: the participant is not told the score. */
  score_hidden: z.boolean(),
  /** Quiz: whether any attempt passed; null before the first submission and for work. */
  passed: z.boolean().nullable(),
  /** The score that passes ('Nilai Minimal'), null when none is set. */
  minimum: z.number().nullable(),
  /** Quiz: submitted attempts and how many may be made in all (null: no limit); null for work. */
  attempts: z.object({ used: z.number().int(), allowed: z.number().int().nullable() }).nullable(),
  /** Work: when the file was uploaded; null before (and for quizzes). */
  uploaded_at: z.string().nullable(),
  /** The trainer's feedback (score and text), null until given. */
  feedback: workFeedbackSchema.nullable(),
});
export type MemberGrade = z.infer<typeof memberGradeSchema>;

/** `GET /api/member/v1/program/{programId}/grades`: the program and its scored activities. */
export const memberGradesDataSchema = z.object({
  program: z.object({ id: z.uuid(), title: z.string() }),
  grades: z.array(memberGradeSchema),
});
export type MemberGradesData = z.infer<typeof memberGradesDataSchema>;
