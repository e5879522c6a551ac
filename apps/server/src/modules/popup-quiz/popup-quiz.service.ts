import { hasPopupQuiz } from '@ajar/shared/activities/activities.constants';
import type { ActivityQuiz } from '@ajar/shared/activities/activities-popup-quiz.schemas';
import type { GameplayType } from '@ajar/shared/popup-quiz/popup-quiz.constants';
import {
  gameplayMessages,
  withMatchingAnswers,
  type Gameplay,
  type GameplayCreate,
  type GameplayOption,
  type GameplayUpdate,
} from '@ajar/shared/popup-quiz/popup-quiz.schemas';
import type { Db } from '../../db/client';
import { AppError } from '../../lib/app-error';
import type { Storage } from '../../lib/storage';
import { readQuiz } from '../activities/activities-read';
import { resolveMediaRefs, type MediaRefSlot } from '../media/media-refs';
import { assignedScope, requireProgram, type Viewer } from '../access/access.service';
import * as repo from './popup-quiz.repository';
import { isUuid } from '../../lib/ids';

export interface PopupQuizDeps {
  db: Db;
  storage: Storage;
}

type MediaOut = GameplayOption['image'];

function mediaOf(value: unknown): MediaOut {
  if (!value || typeof value !== 'object') return null;
  const m = value as Record<string, unknown>;
  if (typeof m.url !== 'string' || (m.type !== 'image' && m.type !== 'audio')) return null;
  return { id: typeof m.id === 'string' ? m.id : null, url: m.url, type: m.type };
}

function optionOf(value: Record<string, unknown>): GameplayOption {
  return {
    text: typeof value.text === 'string' ? value.text : '',
    image: mediaOf(value.image),
    audio: mediaOf(value.audio),
    answer: typeof value.answer === 'string' ? value.answer : null,
  };
}

function partOf(
  value: { text: string; image: unknown; audio: unknown } | null,
): Gameplay['question'] {
  if (!value) return null;
  return { text: value.text ?? '', image: mediaOf(value.image), audio: mediaOf(value.audio) };
}

export function toGameplay(row: repo.GameplayRow): Gameplay {
  return {
    id: row.id,
    // Gameplays are only ever created for an activity; the column is nullable for old data.
    activity_id: row.activity_id ?? '',
    type: row.type as GameplayType,
    question: partOf(row.question),
    point: Number(row.point),
    time: row.time,
    duration: row.duration,
    options: row.options.map(optionOf),
    matching_options: row.matching_options.map(optionOf),
    correct_answers: row.correct_answers,
    explanation: partOf(row.explanation),
    created_at: row.created_at.toISOString(),
    updated_at: row.updated_at.toISOString(),
  };
}

/**
 * The video activity a gameplay belongs to, checked for the actor: it exists, its program is
 * visible to them (a trainer's assigned program; otherwise 404) and it is a video.
 */
async function videoActivity(db: Db, actor: Viewer, activityId: string) {
  if (!isUuid(activityId)) throw AppError.notFound();
  const activity = await repo.findActivityRef(db, activityId);
  if (!activity) throw AppError.notFound();
  await requireProgram(db, actor, activity.program_id);
  if (!hasPopupQuiz(activity.type)) {
    throw AppError.badRequest(gameplayMessages.activityNotVideo, {
      activity_id: gameplayMessages.activityNotVideo,
    });
  }
  return activity;
}

async function gameplayInScope(db: Db, actor: Viewer, id: string): Promise<repo.GameplayRow> {
  if (!isUuid(id)) throw AppError.notFound();
  const row = await repo.findGameplay(db, id);
  if (!row?.activity_id) throw AppError.notFound();
  await videoActivity(db, actor, row.activity_id);
  return row;
}

type GameplayBody = GameplayCreate | GameplayUpdate;
type MediaParts = { image: GameplayOption['image']; audio: GameplayOption['audio'] };

/**
 * The body's images and audio must be library items of their kind; their url and type come from
 * the library (shared `resolveMediaRefs`, as for quiz questions). Matching answers that are an
 * image's url are derived again from the library's url. Answers 400 on the media's field key.
 */
async function resolveGameplayMedia(deps: PopupQuizDeps, body: GameplayBody) {
  const slots: MediaRefSlot[] = [];
  const add = (key: string, part: MediaParts | null) => {
    if (!part) return;
    for (const kind of ['image', 'audio'] as const) {
      const ref = part[kind];
      if (ref) {
        slots.push({
          key: `${key}${kind}`,
          ref,
          kinds: [kind],
          wrongKind: gameplayMessages.mediaKind(kind),
        });
      }
    }
  };
  add('question.', body.question);
  body.options.forEach((o, i) => add(`options.${i}.`, o));
  body.matching_options.forEach((o, i) => add(`matching_options.${i}.`, o));
  add('explanation.', body.explanation);
  const errors: Record<string, string> = {};
  await resolveMediaRefs(deps, slots, errors);
  if (Object.keys(errors).length > 0) throw AppError.validation(errors);
  return body.type === 'matching_word' ? withMatchingAnswers(body) : body;
}

const columns = (body: GameplayBody) => ({
  type: body.type,
  question: body.question,
  point: body.point,
  time: body.time,
  duration: body.duration,
  options: body.options,
  matching_options: body.matching_options,
  correct_answers: body.correct_answers,
  explanation: body.explanation,
});

/** Create a pop-up question of a video activity (it joins a quiz when update-quiz lists it). */
export async function createGameplay(deps: PopupQuizDeps, actor: Viewer, body: GameplayCreate) {
  const activity = await videoActivity(deps.db, actor, body.activity_id);
  const values = columns(await resolveGameplayMedia(deps, body));
  return toGameplay(await repo.insertGameplay(deps.db, { activity_id: activity.id, ...values }));
}

/** Update a pop-up question; its type and its activity stay. */
export async function updateGameplay(
  deps: PopupQuizDeps,
  actor: Viewer,
  id: string,
  body: GameplayUpdate,
) {
  const row = await gameplayInScope(deps.db, actor, id);
  if (body.activity_id && body.activity_id !== row.activity_id) {
    throw AppError.badRequest(gameplayMessages.activityFixed, {
      activity_id: gameplayMessages.activityFixed,
    });
  }
  if (body.type !== row.type) {
    throw AppError.badRequest(gameplayMessages.typeFixed, { type: gameplayMessages.typeFixed });
  }
  const values = columns(await resolveGameplayMedia(deps, body));
  return toGameplay(await repo.updateGameplay(deps.db, row.id, values));
}

/**
 * `show_multi`: the asked gameplays in the order asked (each once). Ids that do not exist, or
 * that a trainer may not see, are left out: the answer is a list, not one record.
 */
export async function showGameplays(db: Db, actor: Viewer, ids: string[]): Promise<Gameplay[]> {
  const unique = [...new Set(ids)];
  const rows = await repo.findGameplays(db, unique, assignedScope(actor));
  const byId = new Map(rows.map((r) => [r.id, r]));
  return unique.flatMap((id) => {
    const row = byId.get(id);
    return row ? [toGameplay(row)] : [];
  });
}

/**
 * Delete a pop-up question and take its id out of the activity's quizzes, in one transaction
 * holding the activity row; a quiz left without questions goes too (a stored quiz always has
 * questions). The settings stay.
 */
export async function deleteGameplay(db: Db, actor: Viewer, id: string): Promise<void> {
  const row = await gameplayInScope(db, actor, id);
  const activityId = row.activity_id!;
  await db.transaction(async (tx) => {
    const activity = await repo.lockActivityQuiz(tx, activityId);
    await repo.deleteGameplayRow(tx, row.id);
    if (!activity) return;
    const quiz = readQuiz(activity.quiz, activityId);
    if (!quiz) return;
    const next: ActivityQuiz = {
      setting: quiz.setting,
      quizzes: quiz.quizzes
        .map((q) => ({ ...q, gameplays: q.gameplays.filter((g) => g !== row.id) }))
        .filter((q) => q.gameplays.length > 0),
    };
    await repo.writeActivityQuiz(tx, activityId, next);
  });
}
