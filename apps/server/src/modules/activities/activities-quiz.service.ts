import { randomUUID } from 'node:crypto';
import { activityMessages, hasPopupQuiz } from '@ajar/shared/activities/activities.constants';
import {
  popupQuizSettingSchema,
  type ActivityQuiz,
  type ActivityQuizUpdate,
} from '@ajar/shared/activities/activities-popup-quiz.schemas';
import { type Activity } from '@ajar/shared/activities/activities.schemas';
import { popupMessages, popupSettingOrder } from '@ajar/shared/popup-quiz/popup-quiz.constants';
import { firstUnsetSetting } from '@ajar/shared/popup-quiz/popup-quiz.rules';
import { AppError } from '../../lib/app-error';
import { activityInScope, type ActivityDeps, type ActivityIdPath } from './activities-access';
import { readQuiz, toActivity } from './activities-read';
import { gameplayTypesOf, lockActivity, updateActivity } from './activities.repository';
import type { Viewer } from '../access/access.service';

// The pop-up quizzes of a video activity (spec 02 §4).

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
  actor: Viewer,
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
