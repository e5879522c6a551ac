import { randomUUID } from 'node:crypto';
import { z } from 'zod';
import {
  activityFileKind,
  activityMessages,
  hasPopupQuiz,
  type ActivityType,
} from '@ajar/shared/activities/activities.constants';
import {
  activityContentSchema,
  activityCreateSchema,
  activityQuizSchema,
  activitySettingsSchema,
  popupQuizSettingSchema,
  activityUpdateSchema,
  defaultActivityContent,
  defaultActivitySettings,
  type Activity,
  type ActivityContent,
  type ActivityCreate,
  type ActivityQuiz,
  type ActivityQuizUpdate,
  type ActivityReorder,
  type ActivitySettings,
  type ActivityUpdate,
  type FileRef,
  type PrepostCandidate,
} from '@ajar/shared/activities/activities.schemas';
import { isProgramScoped, type RoleKey } from '@ajar/shared/common/roles';
import { mediaMessages } from '@ajar/shared/media/media.constants';
import {
  gameplayTypes,
  popupMessages,
  popupSettingOrder,
} from '@ajar/shared/popup-quiz/popup-quiz.constants';
import { firstUnsetSetting } from '@ajar/shared/popup-quiz/popup-quiz.rules';
import type { MediaItem } from '@ajar/shared/media/media.schemas';
import type { Db } from '../../db/client';
import { AppError } from '../../lib/app-error';
import { sanitizeRichText } from '../../lib/sanitize';
import type { Storage } from '../../lib/storage';
import { uploadMedia, type UploadPart } from '../media/media.service';
import { cloneQuestionPackets } from '../quiz/quiz.service';
import {
  countTopicActivities,
  deleteActivityRow,
  deleteMediaRow,
  findActivity,
  findActivityInProgram,
  findMedia,
  findProgramId,
  findProgramPreTests,
  findTopicOfProgram,
  gameplayTypesOf,
  insertActivity,
  isTrainerAssigned,
  lockActivity,
  lockTopic,
  moveActivity,
  renumberTopic,
  updateActivity,
  type ActivityRow,
  type MediaRow,
} from './activities.repository';
import { isUuid } from '../../lib/ids';

export interface ActivityDeps {
  db: Db;
  storage: Storage;
}

export interface Actor {
  id: string;
  role: RoleKey;
}

export interface ActivityPath {
  program: string;
  topic: string;
}

export interface ActivityIdPath extends ActivityPath {
  id: string;
}

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

// Access ----------------------------------------------------------------------------------------

/**
 * The program, checked for the actor: it exists and, for a trainer, is assigned to them. Anything
 * else is not found (DESIGN §4: a record outside a trainer's scope answers 404).
 */
async function programInScope(db: Db, actor: Actor, programId: string): Promise<string> {
  if (!isUuid(programId)) throw AppError.notFound();
  const id = await findProgramId(db, programId);
  if (!id) throw AppError.notFound();
  if (isProgramScoped(actor.role) && !(await isTrainerAssigned(db, id, actor.id))) {
    throw AppError.notFound();
  }
  return id;
}

/** The topic, which must belong to the program in the path. */
async function topicInScope(db: Db, actor: Actor, path: ActivityPath) {
  await programInScope(db, actor, path.program);
  if (!isUuid(path.topic)) throw AppError.notFound();
  const topic = await findTopicOfProgram(db, path.program, path.topic);
  if (!topic) throw AppError.notFound();
  return topic;
}

async function activityInScope(db: Db, actor: Actor, path: ActivityIdPath): Promise<ActivityRow> {
  await topicInScope(db, actor, path);
  if (!isUuid(path.id)) throw AppError.notFound();
  const row = await findActivity(db, { programId: path.program, topicId: path.topic, id: path.id });
  if (!row) throw AppError.notFound();
  return row;
}

// Reading ---------------------------------------------------------------------------------------

/** Stored JSON is re-read through the shared schema so every reply has the full, current shape. */
function readSettings(value: unknown): ActivitySettings {
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

/** One activity (spec 02 §7 show). */
export async function showActivity(
  deps: ActivityDeps,
  actor: Actor,
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
  actor: Actor,
  programId: string,
): Promise<PrepostCandidate> {
  const id = await programInScope(deps.db, actor, programId);
  const [first] = await findProgramPreTests(deps.db, id);
  return first ?? null;
}

// The multipart form ----------------------------------------------------------------------------

export interface ActivityForm {
  /** The parsed `payload` field (JSON), or undefined when absent. */
  payload: unknown;
  /** The uploaded `file`, already stored as a media item. */
  upload: MediaItem | null;
}

/** The `payload` field's JSON; bad JSON is a field error, not a crash. */
function parsePayload(text: string): unknown {
  try {
    return JSON.parse(text) as unknown;
  } catch {
    throw AppError.validation({ payload: 'Format data tidak valid' });
  }
}

/** Removes a media item stored by this request when the save that needed it fails. */
async function discardUpload(deps: ActivityDeps, upload: MediaItem | null): Promise<void> {
  if (!upload) return;
  const row = await findMedia(deps.db, upload.id).catch(() => null);
  if (!row) return;
  await deleteMediaRow(deps.db, row.id).catch(() => undefined);
  await deps.storage.remove(row.storage_key).catch(() => undefined);
}

async function* onePart(part: UploadPart): AsyncGenerator<UploadPart> {
  yield part;
}

/**
 * Reads a create/update form: `payload` (JSON of the body) and an optional `file`, stored through
 * the media module (type from the bytes, 413/415 by kind). When the payload arrives before the
 * file, `check` runs first so a bad form is refused before a large upload is stored.
 */
export async function readActivityForm(
  deps: ActivityDeps,
  parts: AsyncIterable<UploadPart>,
  user: { id: string },
  check: (payload: unknown) => Promise<void> | void,
): Promise<ActivityForm> {
  let payload: unknown;
  let upload: MediaItem | null = null;
  let sawFile = false;
  try {
    for await (const part of parts) {
      if (part.kind === 'field') {
        if (part.name !== 'payload') continue;
        if (part.truncated) throw AppError.tooLarge('Ukuran data terlalu besar');
        payload = parsePayload(part.value);
        if (!sawFile) await check(payload);
        continue;
      }
      if (part.name !== 'file' || sawFile) {
        for await (const _chunk of part.chunks) {
          // read and dropped: only one `file` is kept
        }
        continue;
      }
      sawFile = true;
      upload = await uploadMedia(deps, onePart(part), user);
    }
    return { payload, upload };
  } catch (error) {
    await discardUpload(deps, upload);
    throw error;
  }
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
  return { ...content, description: sanitizeRichText(content.description), file };
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
  actor: Actor,
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
  actor: Actor,
  path: ActivityIdPath,
  payload: unknown,
): Promise<void> {
  const row = await activityInScope(deps.db, actor, path);
  assertSameType(row, parseOr400(activityUpdateSchema, payload ?? {}));
}

/** Update (spec 02 §7): name, status, settings, content; the type cannot change. */
export async function updateActivityDetails(
  deps: ActivityDeps,
  actor: Actor,
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

/** The first unset setting as a 400 on its field (spec 02 §5: only the first is reported). */
function assertSettingsChosen(setting: ActivityQuizUpdate['setting']): void {
  const flag = (v: 0 | 1 | undefined) => (v === undefined ? null : v === 1);
  const message = firstUnsetSetting({
    show_explanation: flag(setting.show_explanation),
    show_answer_explanation: flag(setting.show_answer_explanation),
    skip: flag(setting.skip),
    show_score: flag(setting.show_score),
    retake: setting.retake ?? null,
    time: { enable: flag(setting.time.enable), duration: setting.time.duration ?? null },
    minimum_score: setting.minimum_score ?? null,
  });
  if (!message) return;
  const key = popupSettingOrder.find((s) => popupMessages.settingUnset(s.label) === message)?.key;
  throw AppError.badRequest(message, { [`setting.${key ?? '_'}`]: message });
}

/**
 * Saves the pop-up quizzes of a video activity: the settings (every one chosen) and each quiz with
 * its type, instruction, the second of the video it appears at and its questions (gameplays of
 * this activity, of the quiz's type). A quiz keeps its id; a new one gets one. The first save and
 * later ones answer different notices (spec 02 §4). One transaction holding the activity row, so
 * a gameplay deleted meanwhile cannot come back.
 */
export async function updateActivityQuiz(
  deps: ActivityDeps,
  actor: Actor,
  path: ActivityIdPath,
  body: ActivityQuizUpdate,
): Promise<{ activity: Activity; message: string }> {
  const found = await activityInScope(deps.db, actor, path);
  if (!hasPopupQuiz(found.type)) {
    throw AppError.badRequest(activityMessages.quizOnlyVideo, {
      type: activityMessages.quizOnlyVideo,
    });
  }
  assertSettingsChosen(body.setting);
  const emptyAt = body.quizzes.findIndex((q) => q.gameplays.length === 0);
  if (body.quizzes.length === 0 || emptyAt >= 0) {
    const field = emptyAt >= 0 ? `quizzes.${emptyAt}.gameplays` : 'quizzes';
    throw AppError.badRequest(popupMessages.noQuestions, { [field]: popupMessages.noQuestions });
  }
  const setting = popupQuizSettingSchema.parse(body.setting);
  return deps.db.transaction(async (tx) => {
    const row = await lockActivity(tx, found.id);
    if (!row) throw AppError.notFound();
    const stored = readQuiz(row.quiz, row.id);
    const knownIds = new Set(stored?.quizzes.map((q) => q.id) ?? []);
    const types = await gameplayTypesOf(
      tx,
      row.id,
      body.quizzes.flatMap((q) => q.gameplays),
    );
    const validation: Record<string, string> = {};
    body.quizzes.forEach((quiz, i) => {
      if (quiz.id && !knownIds.has(quiz.id)) {
        validation[`quizzes.${i}.id`] = 'Pop up quiz tidak ditemukan';
      }
      quiz.gameplays.forEach((id, j) => {
        const type = types.get(id);
        if (!type) validation[`quizzes.${i}.gameplays.${j}`] = 'Soal pop up quiz tidak ditemukan';
        else if (type !== quiz.type) {
          validation[`quizzes.${i}.gameplays.${j}`] = 'Tipe soal tidak sesuai dengan pop up quiz';
        }
      });
    });
    if (Object.keys(validation).length > 0) throw AppError.validation(validation);
    const quiz: ActivityQuiz = {
      setting,
      quizzes: body.quizzes
        .map((q) => ({
          id: q.id ?? randomUUID(),
          type: q.type,
          instruction: q.instruction,
          second: q.second,
          gameplays: q.gameplays,
        }))
        .sort((a, b) => a.second - b.second),
    };
    const updated = await updateActivity(tx, row.id, { quiz });
    return {
      activity: toActivity(updated),
      message: stored === null ? activityMessages.quizSaved : activityMessages.quizUpdated,
    };
  });
}

/** Approve: stamps approved_at and publishes. */
export async function approveActivity(
  deps: ActivityDeps,
  actor: Actor,
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
  actor: Actor,
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
  actor: Actor,
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
