import { z } from 'zod';
import { videoStreamSchema } from '../media/media-video';
import { myProgramSchema } from './members.schemas';
import type { CompletionRoute } from './completion.rules';
import { memberMessages } from './members.constants';

export const activityParamSchema = z.object({
  programId: z.uuid({ error: memberMessages.programNotFound }),
  activityId: z.uuid({ error: memberMessages.activityNotFound }),
});

/** `GET …/open/{file|link}`: what to open, and the signed member and expiry of the address. */
export const contentOpenParamSchema = activityParamSchema.extend({
  target: z.enum(['file', 'link'], { error: memberMessages.contentLinkInvalid }),
});
export const contentOpenQuerySchema = z.object({
  member: z.uuid({ error: memberMessages.contentLinkInvalid }),
  exp: z.coerce.number({ error: memberMessages.contentLinkInvalid }).int().min(0),
  sig: z.string().min(1, { error: memberMessages.contentLinkInvalid }).max(100),
});

export const attemptParamSchema = activityParamSchema.extend({
  attemptId: z.uuid({ error: memberMessages.attemptNotFound }),
});

/** The practice work the member uploaded (the file itself is not public). */
export const workUploadSchema = z.object({
  name: z.string().nullable(),
  size: z.number().nullable(),
  type: z.string().nullable(),
  note: z.string().nullable(),
  uploaded_at: z.string(),
});

/** Staff feedback on the member's work (spec 01 §3 'Beri Respon'). */
export const workFeedbackSchema = z.object({
  score: z.number().nullable(),
  text: z.string().nullable(),
  at: z.string(),
});

/**
 * The member's state in an activity: 'belum' not started, 'sedang' started (a quiz attempt
 * open, a video position saved, work uploaded awaiting its score…), 'selesai' complete,
 * 'terkunci' locked (see `lock_reason`). A complete activity is never locked.
 */
export const activityStates = ['belum', 'sedang', 'selesai', 'terkunci'] as const;
export type ActivityState = (typeof activityStates)[number];

/** An optional idempotency key (uuid) of a resend after going offline. */
export const idempotencyKeyField = z.uuid({ error: 'Idempotency key tidak valid' });

/** One activity as the member sees it in a topic. */
export const memberActivitySchema = z.object({
  id: z.uuid(),
  topic_id: z.uuid(),
  name: z.string(),
  type: z.string(),
  seq: z.number().int(),
  /** How the member completes it: by hand, by submitting the quiz, or by uploading work. */
  completion: z.enum(['manual', 'quiz', 'upload']),
  is_complete: z.boolean(),
  completed_at: z.string().nullable(),
  /** Best quiz score 0–100 (quiz types). */
  score: z.number().nullable(),
  attempts: z.number().int(),
  upload: workUploadSchema.nullable(),
  feedback: workFeedbackSchema.nullable(),
  state: z.enum(activityStates),
  /**
   * Why it is locked, in Indonesian ('Dibuka pada 26 Nov 2026 13:00 WIB', 'Selesaikan aktivitas
   * "Pre Test" terlebih dahulu'); null unless `state` is 'terkunci'.
   */
  lock_reason: z.string().nullable(),
  /** The activity to complete first ('Selesaikan aktivitas … terlebih dahulu'), else null. */
  locked_by: z.uuid().nullable(),
});
export type MemberActivity = z.infer<typeof memberActivitySchema>;

export const memberTopicSchema = z.object({
  id: z.uuid(),
  name: z.string(),
  seq: z.number().int(),
  activities: z.array(memberActivitySchema),
});

/** `GET /api/member/v1/program/{programId}`: the redemption and the published topics. */
export const myProgramDetailSchema = myProgramSchema.extend({
  topics: z.array(memberTopicSchema),
});
export type MyProgramDetail = z.infer<typeof myProgramDetailSchema>;

export const attemptSummarySchema = z.object({
  id: z.uuid(),
  attempt_no: z.number().int(),
  started_at: z.string(),
  deadline_at: z.string().nullable(),
  submitted_at: z.string().nullable(),
  /** null while open, or when the activity hides scores ('Tampilkan Score' off). */
  score: z.number().nullable(),
  passed: z.boolean().nullable(),
});
export type AttemptSummary = z.infer<typeof attemptSummarySchema>;

// Completion -----------------------------------------------------------------------------------

export const completionRoutes = [
  'quiz',
  'upload',
  'check_in',
  'video',
  'file',
  'link',
  'page',
] as const satisfies readonly CompletionRoute[];

/** Where the member stands against the activity's completion rule. */
export const completionRequirementSchema = z.object({
  route: z.enum(completionRoutes),
  /** Nothing to open yet (no file, no link): it cannot be completed. */
  content_missing: z.boolean(),
  /** Videos: whole percent watched, the percent that completes, pop-up questions still open. */
  watched_percent: z.number().int(),
  required_percent: z.number().int(),
  popups_left: z.number().int(),
  /** Reading: first opening (server time), link followed, seconds that must pass after it. */
  opened_at: z.string().nullable(),
  link_followed_at: z.string().nullable(),
  required_seconds: z.number().int(),
  /** Where the member opens the PDF and follows the link: server routes that record it. */
  file_url: z.string().nullable(),
  link_url: z.string().nullable(),
});
export type CompletionRequirement = z.infer<typeof completionRequirementSchema>;

/** `GET /api/member/v1/program/{programId}/activity/{activityId}`. */
export const memberActivityDetailSchema = memberActivitySchema.extend({
  settings: z.record(z.string(), z.unknown()),
  content: z.record(z.string(), z.unknown()),
  /** Attempts the member may still start; null = unlimited (quiz types only, else 0). */
  attempts_left: z.number().int().nullable(),
  /**
   * Quiz types: how many questions an attempt serves, the fewest and the most of its packets
   * (equal when every packet holds as many); null without questions and for other types.
   */
  question_count: z.object({ min: z.number().int(), max: z.number().int() }).nullable(),
  history: z.array(attemptSummarySchema),
  /** Video: where the member stopped (seconds), the furthest point watched and the length. */
  video_position: z.number().nullable(),
  video_max_position: z.number().nullable(),
  video_duration: z.number().nullable(),
  /** An uploaded video's adaptive streams (HLS) once converted; absent or null: the mp4 plays. */
  video_stream: videoStreamSchema.nullish(),
  /** What completing it takes and where the member stands (docs/decisions.md, completion). */
  requirement: completionRequirementSchema,
});
export type MemberActivityDetail = z.infer<typeof memberActivityDetailSchema>;

export const completeDataSchema = z.object({
  activity: memberActivitySchema,
  progress: z.number().int(),
  end_test_at: z.string().nullable(),
});
export type CompleteData = z.infer<typeof completeDataSchema>;

// Quiz ----------------------------------------------------------------------------------------

const mediaRefSchema = z
  .object({ id: z.string().nullish(), url: z.string().nullish(), type: z.string().nullish() })
  .nullable();

/** A question as served to the member: no correct answer, no points, no explanation. */
export const servedQuestionSchema = z.object({
  id: z.uuid(),
  type: z.string(),
  question: z.object({ text: z.string(), media: mediaRefSchema }),
  instruction: z.object({ text: z.string(), media: mediaRefSchema }).nullable(),
  audio: mediaRefSchema,
  options: z.array(z.object({ text: z.string(), media: mediaRefSchema })),
});
export type ServedQuestion = z.infer<typeof servedQuestionSchema>;

export const servedSectionSchema = z.object({
  name: z.string().nullable(),
  questions: z.array(servedQuestionSchema),
});

/** `POST …/quiz/start`: the open attempt (a new one, or the one still running). */
export const quizStartDataSchema = z.object({
  attempt: attemptSummarySchema,
  attempts_left: z.number().int().nullable(),
  /** Seconds left on the server's clock; null without a timer. */
  seconds_left: z.number().int().nullable(),
  sections: z.array(servedSectionSchema),
  /**
   * The answers the server holds for this attempt (question id → option index), saved one by
   * one as they were given: a resumed attempt opens with them.
   */
  answers: z.record(z.string(), z.number().int()),
});
export type QuizStartData = z.infer<typeof quizStartDataSchema>;

/**
 * `PUT …/quiz/{attemptId}/answer`: one answer of a running attempt, saved as it is given
 * (null clears it). Same key from the same member: the first answer again.
 */
export const quizAnswerBodySchema = z.object({
  question_id: z.uuid({ error: memberMessages.unknownQuestion }),
  answer: z
    .number({ error: memberMessages.answerInvalid })
    .int({ error: memberMessages.answerInvalid })
    .min(0, { error: memberMessages.answerInvalid })
    .max(100, { error: memberMessages.answerInvalid })
    .nullable(),
  idempotency_key: idempotencyKeyField.optional(),
});
export type QuizAnswerBody = z.input<typeof quizAnswerBodySchema>;

export const quizAnswerSavedSchema = z.object({
  attempt_id: z.uuid(),
  question_id: z.uuid(),
  answer: z.number().int().nullable(),
  /** How many questions of the attempt the server now holds an answer for. */
  answered_count: z.number().int(),
});
export type QuizAnswerSaved = z.infer<typeof quizAnswerSavedSchema>;

/** `POST …/quiz/{attemptId}/submit`: question id → index of the chosen option (0-based). */
export const quizSubmitBodySchema = z.object({
  answers: z
    .record(
      z.uuid({ error: memberMessages.unknownQuestion }),
      z.number().int().min(0).max(100).nullable(),
    )
    .default({}),
  /** Same key from the same member: the first result again, nothing changes. */
  idempotency_key: idempotencyKeyField.optional(),
});
export type QuizSubmitBody = z.input<typeof quizSubmitBodySchema>;

/** The explanation ('Pembahasan') of one submitted question: sanitized HTML and a media item. */
export const quizExplanationSchema = z.object({ text: z.string(), media: mediaRefSchema });
export type QuizExplanation = z.infer<typeof quizExplanationSchema>;

export const quizResultSchema = z.object({
  attempt: attemptSummarySchema,
  passed: z.boolean(),
  /** null when 'Tampilkan Score' is off. */
  score: z.number().nullable(),
  best_score: z.number().nullable(),
  sections: z.array(
    z.object({
      name: z.string().nullable(),
      score: z.number().nullable(),
      min_score: z.number(),
      passed: z.boolean(),
    }),
  ),
  /**
   * Right or wrong per question, the right options and the explanation ('Pembahasan') staff wrote
   * for a right or for a wrong answer (sanitized HTML; null when none is written or for a
   * survey), only when 'Tampilkan Jawaban' is on.
   */
  answers: z
    .array(
      z.object({
        id: z.uuid(),
        correct: z.boolean().nullable(),
        correct_options: z.array(z.number()),
        // A result kept for a resend before explanations were served has none.
        explanation: quizExplanationSchema.nullable().default(null),
      }),
    )
    .nullable(),
  attempts_left: z.number().int().nullable(),
  is_complete: z.boolean(),
  progress: z.number().int(),
});
export type QuizResult = z.infer<typeof quizResultSchema>;

export const workUploadDataSchema = completeDataSchema;

/** `POST …/attendance` body (optional): a resend with the same key answers the first check-in. */
export const checkInBodySchema = z.preprocess(
  (v) => v ?? {},
  z.object({ idempotency_key: idempotencyKeyField.optional() }),
);
export type CheckInBody = z.input<typeof checkInBodySchema>;

// Video resume -------------------------------------------------------------------------------

const secondsField = (field: string) =>
  z
    .number({ error: `${field} harus berupa angka` })
    .min(0, { error: `${field} tidak boleh negatif` })
    .max(86_400, { error: `${field} maksimal 86400 detik` });

/** `PUT …/video-progress`: where the player is now, and the video's length. */
export const videoProgressBodySchema = z.object({
  position_seconds: secondsField('Posisi video'),
  duration_seconds: secondsField('Durasi video'),
});
export type VideoProgressBody = z.input<typeof videoProgressBodySchema>;

export const videoProgressDataSchema = z.object({
  video_position: z.number(),
  video_max_position: z.number(),
  video_duration: z.number(),
  /** Whole percent watched (accepted seconds), the percent that completes, open pop-ups. */
  watched_percent: z.number().int(),
  required_percent: z.number().int(),
  popups_left: z.number().int(),
  /** The activity after this report (complete once the rule is met). */
  activity: memberActivitySchema,
  progress: z.number().int(),
});
export type VideoProgressData = z.infer<typeof videoProgressDataSchema>;

// Certificate --------------------------------------------------------------------------------

/** `GET /api/member/v1/program/{programId}/certificate` once the program is complete. */
export const memberCertificateDataSchema = z.object({
  number: z.string(),
  /** The public verification page to share (`{origin}/verifikasi/{number}`). */
  verify_url: z.string(),
  /** Member-authenticated GET streaming the PDF (send the member token); null once revoked. */
  download_url: z.string().nullable(),
  issued_at: z.string(),
  /** The end of its validity, fixed at issue; null: no end. */
  valid_until: z.string().nullable(),
  expired: z.boolean(),
  /** `valid`, or `revoked` by staff (no download; the reason and date are shown). */
  status: z.enum(['valid', 'revoked']),
  revoked: z.object({ at: z.string(), reason: z.string() }).nullable(),
  /** The number this certificate replaced when staff corrected it, else null. */
  replaces: z.string().nullable(),
});
export type MemberCertificateData = z.infer<typeof memberCertificateDataSchema>;
