import type { PickableMediaType } from '@ajar/shared/media/media.schemas';
import { defaultQuestionPoint } from '@ajar/shared/quiz/quiz.constants';
import { parsePoint, questionFieldErrors } from '@ajar/shared/quiz/quiz.rules';
import type { QuestionInputParsed } from '@ajar/shared/quiz/quiz.schemas';
import type { MediaRefJson } from '../../db/schema/quiz';
import { AppError } from '../../lib/app-error';
import { sanitizeRichText } from '../../lib/sanitize';
import type { MediaRefSlot } from '../media/media-refs';
import type * as repo from './quiz.repository';

// Question preparation (before any transaction) --------------------------------------------------

export interface PreparedQuestion {
  id?: string;
  values: repo.QuestionValues;
}

const imageOnly = ['image'] as const;
const audioOnly = ['audio'] as const;
const anyKind = ['image', 'audio'] as const;

/**
 * Sanitises a question's rich text, runs the rules of spec 02 §5 on what will be stored, and
 * normalises points: a multiple-choice question without a point gets the default 5, a survey has
 * no correct answer and point 0. Messages land in `errors` under `${prefix}<field>`.
 */
export async function prepareQuestion(
  input: QuestionInputParsed,
  activityId: string,
  prefix: string,
  errors: Record<string, string>,
  slots: MediaRefSlot[],
): Promise<PreparedQuestion> {
  const survey = input.type === 'single_choice_survey';
  const question = {
    text: await sanitizeRichText(input.question.text),
    media: input.question.media,
  };
  const instruction = {
    text: await sanitizeRichText(input.instruction.text),
    media: input.instruction.media,
  };
  const options = input.options.map((o) => ({
    text: o.text.trim(),
    media: o.media,
    point: o.point,
  }));
  const correct = survey ? [] : input.correct_answer.map((c) => c.trim());
  const point = input.point === undefined ? defaultQuestionPoint : input.point;
  for (const e of questionFieldErrors({
    type: input.type,
    question,
    options,
    correct_answer: correct,
    point,
  })) {
    errors[`${prefix}${e.field}`] ??= e.message;
  }
  const explanation = {
    correct: {
      text: await sanitizeRichText(input.explanation.correct.text),
      media: input.explanation.correct.media,
    },
    wrong: {
      text: await sanitizeRichText(input.explanation.wrong.text),
      media: input.explanation.wrong.media,
    },
  };
  const slot = (key: string, ref: MediaRefJson | null, kinds: readonly PickableMediaType[]) => {
    if (ref) slots.push({ key: `${prefix}${key}`, ref, kinds });
  };
  slot('question.media', question.media, imageOnly);
  slot('instruction.media', instruction.media, anyKind);
  slot('audio', input.audio, audioOnly);
  options.forEach((o, i) => slot(`options.${i}.media`, o.media, imageOnly));
  slot('explanation.correct.media', explanation.correct.media, anyKind);
  slot('explanation.wrong.media', explanation.wrong.media, anyKind);
  return {
    id: input.id,
    values: {
      activity_id: activityId,
      type: input.type,
      question,
      instruction,
      audio: input.audio,
      question_type: input.question_type,
      answer_type: input.answer_type,
      point: survey ? 0 : (parsePoint(point) ?? defaultQuestionPoint),
      options: options.map((o) => ({
        text: o.text,
        media: o.media,
        point: parsePoint(o.point) ?? 0,
      })),
      correct_answer: correct,
      explanation,
      status: input.status,
    },
  };
}

export function throwIfAny(errors: Record<string, string>) {
  if (Object.keys(errors).length > 0) throw AppError.validation(errors);
}
