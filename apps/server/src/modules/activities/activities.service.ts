import type { z } from 'zod';
import {
  activityFileKind,
  activityMessages,
  type ActivityType,
} from '@ajar/shared/activities/activities.constants';
import {
  type ActivityContent,
  type FileRef,
} from '@ajar/shared/activities/activities-content.schemas';
import {
  activityCreateSchema,
  activityUpdateSchema,
  type Activity,
  type ActivityCreate,
  type ActivityReorder,
  type ActivityUpdate,
  type PrepostCandidate,
} from '@ajar/shared/activities/activities.schemas';
import type { MediaItem } from '@ajar/shared/media/media.schemas';
import { mediaMessages } from '@ajar/shared/media/media.constants';
import { AppError } from '../../lib/app-error';
import { isUuid } from '../../lib/ids';
import { sanitizeRichText } from '../../lib/sanitize';
import { cloneQuestionPackets } from '../quiz/quiz-copy.service';
import {
  activityInScope,
  programInScope,
  topicInScope,
  type ActivityDeps,
  type ActivityIdPath,
  type ActivityPath,
} from './activities-access';
import { discardUpload, type ActivityForm } from './activities-form';
import { readSettings, toActivity } from './activities-read';
import {
  countTopicActivities,
  deleteActivityRow,
  findActivityInProgram,
  findMedia,
  findProgramPreTests,
  insertActivity,
  lockTopic,
  moveActivity,
  renumberTopic,
  updateActivity,
  type ActivityRow,
  type MediaRow,
} from './activities.repository';
import type { Viewer } from '../access/access.service';

/** Zod issues as the `error validation` map: `content.meta_data.schedules_data` → message. */
function validationError(error: z.ZodError, prefix = ''): AppError {
  const validation: Record<string, string> = {};
  for (const issue of error.issues) {
    const key = [prefix, ...issue.path.map(String)].filter(Boolean).join('.') || '_';
    validation[key] ??= issue.message;
  }
  return AppError.validation(validation);
}

function parseOr400<S extends z.ZodType>(schema: S, input: unknown): z.output<S> {
  const result = schema.safeParse(input);
  if (!result.success) throw validationError(result.error);
  return result.data;
}

/** One activity (spec 02 §7 show). */
export async function showActivity(
  deps: ActivityDeps,
  actor: Viewer,
  path: ActivityIdPath,
): Promise<Activity> {
  return toActivity(await activityInScope(deps.db, actor, path));
}

/**
 * The pre-test a new post-test can copy (`check-available-prepost`): the program's first pre_test
 * in program order, or null when it has none.
 */
export async function prepostCandidate(
  deps: ActivityDeps,
  actor: Viewer,
  programId: string,
): Promise<PrepostCandidate> {
  const id = await programInScope(deps.db, actor, programId);
  const [first] = await findProgramPreTests(deps.db, id);
  return first ?? null;
}

// Writing ---------------------------------------------------------------------------------------

function fileRefOf(row: MediaRow, url: string): FileRef {
  return {
    id: row.id,
    url,
    name: row.original_name ?? row.title ?? undefined,
    size: row.size,
    mime: row.mime,
  };
}

/**
 * The stored content: description sanitised, and the file reference resolved from the media
 * library (its URL is the library's, never the client's). A new upload replaces `content.file`.
 */
async function resolveContent(
  deps: ActivityDeps,
  type: ActivityType,
  content: ActivityContent,
  upload: MediaItem | null,
): Promise<ActivityContent> {
  const kind = activityFileKind(type);
  let file: FileRef | null = content.file;
  if (upload) {
    if (!kind) throw AppError.validation({ file: activityMessages.fileNotAllowed });
    if (upload.type !== kind) throw AppError.unsupported(mediaMessages.unsupported);
    const row = await findMedia(deps.db, upload.id);
    if (!row) throw AppError.validation({ file: activityMessages.fileNotFound });
    file = fileRefOf(row, upload.public_url);
  } else if (file) {
    const row = isUuid(file.id) ? await findMedia(deps.db, file.id) : null;
    if (!row) throw AppError.validation({ 'content.file': activityMessages.fileNotFound });
    if (!kind || row.type !== kind) {
      throw AppError.validation({ 'content.file': activityMessages.fileNotAllowed });
    }
    file = fileRefOf(row, deps.storage.publicUrl(row.storage_key));
  }
  return { ...content, description: await sanitizeRichText(content.description), file };
}

/**
 * A post_test may copy a pre_test of the same program (spec 01 §9, spec 02 §4); any other
 * combination is refused.
 */
async function cloneSource(
  deps: ActivityDeps,
  programId: string,
  body: ActivityCreate,
): Promise<ActivityRow | null> {
  if (!body.clone_from) return null;
  const refuse = () =>
    AppError.badRequest(activityMessages.cloneOnlyPostTest, {
      clone_from: activityMessages.cloneOnlyPostTest,
    });
  if (body.type !== 'post_test') throw refuse();
  const source = await findActivityInProgram(deps.db, programId, body.clone_from);
  if (!source || source.type !== 'pre_test') throw refuse();
  return source;
}

/** Create (spec 02 §7): appended at seq n+1 of the topic, status publish unless told otherwise. */
export async function createActivity(
  deps: ActivityDeps,
  actor: Viewer,
  path: ActivityPath,
  form: ActivityForm,
): Promise<Activity> {
  try {
    const topic = await topicInScope(deps.db, actor, path);
    const body = parseOr400(activityCreateSchema, form.payload ?? {});
    const source = await cloneSource(deps, topic.program_id, body);
    const content = await resolveContent(deps, body.type, body.content, form.upload);
    // A clone carries the source's settings, its question packets and the link to its source.
    const settings = source ? readSettings(source.settings) : body.settings;
    const row = await deps.db.transaction(async (tx) => {
      if (!(await lockTopic(tx, topic.id))) throw AppError.notFound();
      const n = await countTopicActivities(tx, topic.id);
      const inserted = await insertActivity(tx, {
        program_id: topic.program_id,
        topic_id: topic.id,
        name: body.name,
        type: body.type,
        seq: n + 1,
        status: body.status,
        settings,
        content,
        is_clone: Boolean(source),
        clone_of: source?.id ?? null,
      });
      if (source) await cloneQuestionPackets(tx, source.id, inserted.id);
      return inserted;
    });
    return toActivity(row);
  } catch (error) {
    await discardUpload(deps, form.upload);
    throw error;
  }
}

/** The early check of a create form (before its file is stored). */
export function checkCreatePayload(payload: unknown): void {
  parseOr400(activityCreateSchema, payload ?? {});
}

function assertSameType(row: ActivityRow, body: ActivityUpdate): void {
  if (body.type && body.type !== row.type) {
    throw AppError.badRequest(activityMessages.typeFixed, { type: activityMessages.typeFixed });
  }
}

/** The early check of an update form: the body and the fixed type. */
export async function checkUpdatePayload(
  deps: ActivityDeps,
  actor: Viewer,
  path: ActivityIdPath,
  payload: unknown,
): Promise<void> {
  const row = await activityInScope(deps.db, actor, path);
  assertSameType(row, parseOr400(activityUpdateSchema, payload ?? {}));
}

/** Update (spec 02 §7): name, status, settings, content; the type cannot change. */
export async function updateActivityDetails(
  deps: ActivityDeps,
  actor: Viewer,
  path: ActivityIdPath,
  form: ActivityForm,
): Promise<Activity> {
  try {
    const row = await activityInScope(deps.db, actor, path);
    const body = parseOr400(activityUpdateSchema, form.payload ?? {});
    assertSameType(row, body);
    const content = await resolveContent(deps, row.type as ActivityType, body.content, form.upload);
    const updated = await updateActivity(deps.db, row.id, {
      name: body.name,
      status: body.status,
      settings: body.settings,
      content,
    });
    return toActivity(updated);
  } catch (error) {
    await discardUpload(deps, form.upload);
    throw error;
  }
}

/** Approve: stamps approved_at and publishes. */
export async function approveActivity(
  deps: ActivityDeps,
  actor: Viewer,
  path: ActivityIdPath,
): Promise<Activity> {
  const row = await activityInScope(deps.db, actor, path);
  const updated = await updateActivity(deps.db, row.id, {
    approved_at: new Date(),
    status: 'publish',
  });
  return toActivity(updated);
}

/** Delete: removes the activity (its packets and pop-up questions cascade) and closes the gap. */
export async function deleteActivity(
  deps: ActivityDeps,
  actor: Viewer,
  path: ActivityIdPath,
): Promise<void> {
  const row = await activityInScope(deps.db, actor, path);
  await deps.db.transaction(async (tx) => {
    await lockTopic(tx, row.topic_id);
    await deleteActivityRow(tx, row.id);
    await renumberTopic(tx, row.topic_id);
  });
}

/**
 * Drag and drop within a topic: the activity at position `from` lands at `to`, the others shift,
 * seq stays 1..n. One transaction holding the topic lock.
 */
export async function reorderActivities(
  deps: ActivityDeps,
  actor: Viewer,
  path: ActivityPath,
  move: ActivityReorder,
): Promise<void> {
  const topic = await topicInScope(deps.db, actor, path);
  await deps.db.transaction(async (tx) => {
    if (!(await lockTopic(tx, topic.id))) throw AppError.notFound();
    await renumberTopic(tx, topic.id);
    const n = await countTopicActivities(tx, topic.id);
    const validation: Record<string, string> = {};
    if (move.from > n) validation.from = activityMessages.reorderOutOfRange;
    if (move.to > n) validation.to = activityMessages.reorderOutOfRange;
    if (Object.keys(validation).length > 0) throw AppError.validation(validation);
    if (move.from !== move.to) await moveActivity(tx, topic.id, move.from, move.to);
  });
}
