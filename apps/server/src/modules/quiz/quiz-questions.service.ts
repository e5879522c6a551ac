import type { BankCreated, BankQuestionBodyParsed, Question } from '@ajar/shared/quiz/quiz.schemas';
import type { DbOrTx } from '../../db/client';
import { AppError } from '../../lib/app-error';
import { isUuid } from '../../lib/ids';
import { resolveMediaRefs, type MediaRefSlot } from '../media/media-refs';
import type { Viewer } from '../access/access.service';
import { activityById, type QuizDeps } from './quiz-access';
import { prepareQuestion, throwIfAny } from './quiz-question-input';
import { toQuestion } from './quiz-read';
import * as repo from './quiz.repository';

// Question bank ---------------------------------------------------------------------------------

async function questionInScope(db: DbOrTx, viewer: Viewer, id: string) {
  if (!isUuid(id)) throw AppError.notFound();
  const row = await repo.findQuestion(db, id);
  if (!row) throw AppError.notFound();
  const activity = await activityById(db, viewer, row.activity_id);
  return { row, activity };
}

export async function showQuestion(deps: QuizDeps, viewer: Viewer, id: string) {
  return toQuestion((await questionInScope(deps.db, viewer, id)).row);
}

async function prepareBankQuestion(
  deps: QuizDeps,
  activityId: string,
  body: BankQuestionBodyParsed,
) {
  const errors: Record<string, string> = {};
  const slots: MediaRefSlot[] = [];
  const prepared = await prepareQuestion(body, activityId, '', errors, slots);
  await resolveMediaRefs(deps, slots, errors);
  throwIfAny(errors);
  return prepared.values;
}

/** A question of an activity's bank, outside any group until a group lists it (version B). */
export async function createQuestion(
  deps: QuizDeps,
  viewer: Viewer,
  body: BankQuestionBodyParsed,
): Promise<BankCreated> {
  const activity = await activityById(deps.db, viewer, body.activity_id);
  const values = await prepareBankQuestion(deps, activity.id, body);
  const row = await repo.insertQuestion(deps.db, { ...values, group_id: null, seq: 0 });
  return { data: { id: row.id }, question: toQuestion(row) };
}

/** Updates a question's content; its group and place stay. */
export async function updateQuestion(
  deps: QuizDeps,
  viewer: Viewer,
  id: string,
  body: BankQuestionBodyParsed,
): Promise<Question> {
  const { row, activity } = await questionInScope(deps.db, viewer, id);
  if (body.activity_id !== activity.id) {
    throw AppError.validation({ activity_id: 'Aktivitas soal tidak dapat diubah' });
  }
  const values = await prepareBankQuestion(deps, activity.id, body);
  return toQuestion(await repo.updateQuestion(deps.db, row.id, values));
}

/** Deletes a question; the rest of its group closes the gap. */
export async function deleteQuestion(deps: QuizDeps, viewer: Viewer, id: string) {
  const { row } = await questionInScope(deps.db, viewer, id);
  await deps.db.transaction(async (tx) => {
    await repo.deleteQuestion(tx, row.id);
    if (row.group_id) await repo.renumberGroup(tx, row.group_id);
  });
}
