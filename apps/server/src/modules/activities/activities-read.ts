import { z } from 'zod';
import type { ActivityType } from '@ajar/shared/activities/activities.constants';
import {
  activityContentSchema,
  activitySettingsSchema,
  defaultActivityContent,
  defaultActivitySettings,
  type ActivityContent,
  type ActivitySettings,
} from '@ajar/shared/activities/activities-content.schemas';
import {
  activityQuizSchema,
  popupQuizSettingSchema,
  type ActivityQuiz,
} from '@ajar/shared/activities/activities-popup-quiz.schemas';
import { type Activity } from '@ajar/shared/activities/activities.schemas';
import { gameplayTypes } from '@ajar/shared/popup-quiz/popup-quiz.constants';
import type { ActivityRow } from './activities.repository';

// Reading ---------------------------------------------------------------------------------------

/** Stored JSON is re-read through the shared schema so every reply has the full, current shape. */
export function readSettings(value: unknown): ActivitySettings {
  const result = activitySettingsSchema.safeParse(value);
  return result.success ? result.data : defaultActivitySettings;
}

function readContent(value: unknown): ActivityContent {
  const result = activityContentSchema.safeParse(value);
  if (result.success) return result.data;
  return { ...defaultActivityContent, ...(value as Partial<ActivityContent>) };
}

/** The spec's single pop-up quiz `{type, instruction, setting, gameplays}`, as stored before. */
const legacyQuizSchema = z.object({
  type: z.enum(gameplayTypes),
  instruction: z.string().default(''),
  setting: popupQuizSettingSchema,
  gameplays: z.array(z.uuid()).default([]),
});

/**
 * The stored pop-up quizzes of a video, or null before the first save. A quiz stored in the
 * spec's single shape reads as one quiz at second 0 whose id is the activity's (stable).
 */
export function readQuiz(value: unknown, activityId: string): ActivityQuiz | null {
  if (value === null || value === undefined) return null;
  const current = activityQuizSchema.safeParse(value);
  if (current.success) return current.data;
  const legacy = legacyQuizSchema.safeParse(value);
  if (!legacy.success) return null;
  const { setting, type, instruction, gameplays } = legacy.data;
  return { setting, quizzes: [{ id: activityId, type, instruction, second: 0, gameplays }] };
}

export function toActivity(row: ActivityRow): Activity {
  const type = row.type as ActivityType;
  return {
    id: row.id,
    activity_id: row.id,
    name: row.name,
    title: row.name,
    type,
    activity_type: type,
    topic_id: row.topic_id,
    program_id: row.program_id,
    seq: row.seq,
    status: row.status,
    settings: readSettings(row.settings),
    content: readContent(row.content),
    quiz: readQuiz(row.quiz, row.id),
    is_clone: row.is_clone,
    clone_of: row.clone_of,
    approved_at: row.approved_at?.toISOString() ?? null,
    // Discussions are another module; until they exist nothing is unread.
    total_unread: 0,
    created_at: row.created_at.toISOString(),
    updated_at: row.updated_at.toISOString(),
  };
}
