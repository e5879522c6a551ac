import type { MediaRef } from '@ajar/shared/media/media.schemas';
import {
  defaultQuestionPoint,
  quizMessages,
  type QuestionType,
} from '@ajar/shared/quiz/quiz.constants';
import { questionFieldErrors, type QuestionField } from '@ajar/shared/quiz/quiz.rules';
import {
  sectionFieldsSchema,
  type Group,
  type Question,
  type QuestionInput,
  type SaveSectionBody,
} from '@ajar/shared/quiz/quiz.schemas';

let keyCounter = 0;
/** A stable React key for rows that have no id yet. */
export const newKey = () => `k${(keyCounter += 1)}`;

export interface OptionDraft {
  key: string;
  text: string;
  media: MediaRef | null;
  /** As typed ('' = 0). */
  point: string;
}

/** One question as the form edits it. */
export interface QuestionDraft {
  key: string;
  id?: string;
  type: QuestionType;
  text: string;
  media: MediaRef | null;
  audio: MediaRef | null;
  options: OptionDraft[];
  /** Index of the option marked correct (multiple choice). */
  correctIndex: number | null;
  /** 'Poin' as typed (multiple choice). */
  point: string;
  /** 'Pembahasan': the form has one explanation; it is stored as both correct and wrong. */
  explanation: string;
  explanationMedia: MediaRef | null;
}

/** One section of a packet as the form edits it (a group with its section). */
export interface SectionDraft {
  key: string;
  groupId?: string;
  sectionId?: string;
  name: string;
  minScore: string;
  questions: QuestionDraft[];
  /**
   * What the server last returned for this section (set when it is loaded or saved); undefined
   * for a section that was never saved. The draft is unsaved while it differs from this.
   */
  saved?: SectionSnapshot;
}

/** One question as compared for unsaved changes: its values without the editor's row keys. */
export interface QuestionSnapshot {
  id?: string;
  type: QuestionType;
  text: string;
  media: MediaRef | null;
  audio: MediaRef | null;
  options: { text: string; media: MediaRef | null; point: string }[];
  correctIndex: number | null;
  point: string;
  explanation: string;
  explanationMedia: MediaRef | null;
}

/** A section as compared for unsaved changes. */
export interface SectionSnapshot {
  name: string;
  minScore: string;
  questions: QuestionSnapshot[];
}

/** Field messages of a section: `name`, `min_score`, `questions`, `questions.N.<field>`. */
export type SectionErrors = Record<string, string>;

export const emptyOption = (): OptionDraft => ({ key: newKey(), text: '', media: null, point: '' });

export function emptyQuestion(type: QuestionType = 'multiple_choice'): QuestionDraft {
  return {
    key: newKey(),
    type,
    text: '',
    media: null,
    audio: null,
    options: [emptyOption(), emptyOption()],
    correctIndex: null,
    point: String(defaultQuestionPoint),
    explanation: '',
    explanationMedia: null,
  };
}

export function emptySection(): SectionDraft {
  return { key: newKey(), name: '', minScore: '', questions: [emptyQuestion()] };
}

const asRef = (media: Question['audio']): MediaRef | null =>
  media && (media.type === 'image' || media.type === 'audio')
    ? { id: media.id, url: media.url, type: media.type }
    : null;

export function questionToDraft(q: Question): QuestionDraft {
  const correct = q.correct_answer[0];
  const index = correct === undefined ? -1 : q.options.findIndex((o) => o.text === correct);
  const explanation = q.explanation.correct.text || q.explanation.wrong.text;
  return {
    key: q.id,
    id: q.id,
    type: q.type,
    text: q.question.text,
    media: asRef(q.question.media),
    audio: asRef(q.audio),
    options: q.options.map((o) => ({
      key: newKey(),
      text: o.text,
      media: asRef(o.media),
      point: o.point ? String(o.point) : '',
    })),
    correctIndex: index >= 0 ? index : null,
    point: q.type === 'multiple_choice' ? String(q.point) : String(defaultQuestionPoint),
    explanation,
    explanationMedia: asRef(q.explanation.correct.media ?? q.explanation.wrong.media),
  };
}

const mediaSnapshot = (media: MediaRef | null): MediaRef | null =>
  media ? { id: media.id, url: media.url, type: media.type } : null;

function questionSnapshot(q: QuestionDraft): QuestionSnapshot {
  return {
    ...(q.id ? { id: q.id } : {}),
    type: q.type,
    text: q.text,
    media: mediaSnapshot(q.media),
    audio: mediaSnapshot(q.audio),
    options: q.options.map((o) => ({
      text: o.text,
      media: mediaSnapshot(o.media),
      point: o.point,
    })),
    correctIndex: q.correctIndex,
    point: q.point,
    explanation: q.explanation,
    explanationMedia: mediaSnapshot(q.explanationMedia),
  };
}

/** The values of a section that a save would send, without row keys or the saved copy. */
export function sectionSnapshot(section: SectionDraft): SectionSnapshot {
  return {
    name: section.name,
    minScore: section.minScore,
    questions: section.questions.map(questionSnapshot),
  };
}

/**
 * Whether the section holds changes the server does not have: it was never saved, or any value
 * differs from what the server last returned (typing a value back to the saved one is clean).
 */
export function isSectionDirty(section: SectionDraft): boolean {
  if (!section.saved) return true;
  return JSON.stringify(sectionSnapshot(section)) !== JSON.stringify(section.saved);
}

/**
 * The section without question `index`. A saved question is deleted on the server first, so it
 * leaves the saved copy too: a delete never makes the section unsaved.
 */
export function withoutQuestion(section: SectionDraft, index: number): SectionDraft {
  const question = section.questions[index];
  if (!question) return section;
  const questions = section.questions.filter((_, i) => i !== index);
  const saved =
    question.id && section.saved
      ? {
          ...section.saved,
          questions: section.saved.questions.filter((q) => q.id !== question.id),
        }
      : section.saved;
  return { ...section, questions, saved };
}

/** A loaded or saved group as a draft; it is its own saved copy. */
export function groupToDraft(group: Group): SectionDraft {
  const draft: SectionDraft = {
    key: group.group_id,
    groupId: group.group_id,
    sectionId: group.section?.id,
    name: group.section?.name ?? '',
    minScore: group.section ? String(group.section.min_score) : '',
    questions: group.list_question.map(questionToDraft),
  };
  return { ...draft, saved: sectionSnapshot(draft) };
}

/** The question as the API takes it. */
export function draftToInput(q: QuestionDraft): QuestionInput {
  const survey = q.type === 'single_choice_survey';
  const correct = q.correctIndex === null ? undefined : q.options[q.correctIndex]?.text.trim();
  const block = { text: q.explanation, media: q.explanationMedia };
  return {
    ...(q.id ? { id: q.id } : {}),
    type: q.type,
    question: { text: q.text, media: q.media },
    audio: q.audio,
    options: q.options.map((o) => ({ text: o.text.trim(), media: o.media, point: o.point.trim() })),
    correct_answer: !survey && correct ? [correct] : [],
    ...(survey ? {} : { point: q.point.trim() }),
    explanation: { correct: block, wrong: block },
  };
}

export function draftToBody(section: SectionDraft): SaveSectionBody {
  return {
    ...(section.groupId ? { group_id: section.groupId } : {}),
    section: {
      ...(section.sectionId ? { id: section.sectionId } : {}),
      name: section.name,
      min_score: section.minScore,
    },
    questions: section.questions.map(draftToInput),
  };
}

/**
 * The checks run before a save, with the shared rules the server runs too: 'Nama' and 'Minimal
 * Score' (section schema), at least one question, and spec 02 §5 for each question.
 */
export function validateSection(section: SectionDraft): SectionErrors {
  const errors: SectionErrors = {};
  const fields = sectionFieldsSchema.safeParse({ name: section.name, min_score: section.minScore });
  if (!fields.success) {
    for (const issue of fields.error.issues) errors[String(issue.path[0])] ??= issue.message;
  }
  if (section.questions.length === 0) errors.questions = quizMessages.questionEmpty;
  section.questions.forEach((q, i) => {
    const input = draftToInput(q);
    for (const e of questionFieldErrors({
      type: q.type,
      question: { text: q.text, media: q.media },
      options: (input.options ?? []).map((o) => ({
        text: o.text ?? '',
        media: o.media ?? null,
        point: o.point,
      })),
      correct_answer: (input.correct_answer as string[] | undefined) ?? [],
      point: input.point,
    })) {
      errors[`questions.${i}.${e.field}`] ??= e.message;
    }
  });
  return errors;
}

const questionFields: readonly QuestionField[] = ['question', 'options', 'correct_answer', 'point'];

/**
 * Server field keys as the section card shows them: `section.name` → `name`,
 * `questions.2.options.1.media` → `questions.2.options`, `questions.0.audio` →
 * `questions.0.audio`. Keys it cannot place are returned apart.
 */
export function serverErrorsToSection(validation: Record<string, string>): {
  fields: SectionErrors;
  other: string[];
} {
  const fields: SectionErrors = {};
  const other: string[] = [];
  for (const [key, message] of Object.entries(validation)) {
    const parts = key.split('.');
    if (parts[0] === 'section' && (parts[1] === 'name' || parts[1] === 'min_score')) {
      fields[parts[1]] ??= message;
    } else if (parts[0] === 'questions' && parts.length === 1) {
      fields.questions ??= message;
    } else if (parts[0] === 'questions' && /^\d+$/.test(parts[1] ?? '')) {
      const field = parts[2] ?? 'question';
      const known = (questionFields as readonly string[]).includes(field) || field === 'audio';
      fields[`questions.${parts[1]}.${known ? field : 'question'}`] ??= message;
    } else {
      other.push(message);
    }
  }
  return { fields, other };
}

/** The messages of question `index` (`question`, `options`, … → message). */
export function questionErrorsAt(errors: SectionErrors, index: number): Record<string, string> {
  const prefix = `questions.${index}.`;
  return Object.fromEntries(
    Object.entries(errors)
      .filter(([key]) => key.startsWith(prefix))
      .map(([key, message]) => [key.slice(prefix.length), message]),
  );
}
