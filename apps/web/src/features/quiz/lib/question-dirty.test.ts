import { describe, expect, it } from 'vitest';
import type { Group } from '@ajar/shared/quiz/quiz.schemas';
import {
  emptyQuestion,
  emptySection,
  groupToDraft,
  isSectionDirty,
  withoutQuestion,
  type SectionDraft,
} from './question-form-model';

const now = new Date().toISOString();
const groupId = crypto.randomUUID();
const ids = [crypto.randomUUID(), crypto.randomUUID()];

function question(id: string, seq: number, text: string): Group['list_question'][number] {
  return {
    id,
    activity_id: groupId,
    group_id: groupId,
    seq,
    type: 'multiple_choice',
    question: { text, media: null },
    instruction: { text: '', media: null },
    audio: null,
    question_type: 'text',
    answer_type: 'text',
    point: 5,
    options: [
      { text: 'A', media: null, point: 0 },
      { text: 'B', media: null, point: 1 },
    ],
    correct_answer: ['A'],
    status: 'publish',
    explanation: { correct: { text: '<p>e</p>', media: null }, wrong: { text: '', media: null } },
    created_at: now,
    updated_at: now,
  };
}

const group: Group = {
  group_id: groupId,
  id: groupId,
  is_group: true,
  program_id: groupId,
  topic_id: groupId,
  activity_id: groupId,
  packet_id: groupId,
  section: { id: groupId, name: 'Dasar', min_score: 70 },
  list_question: [question(ids[0]!, 1, '<p>Satu</p>'), question(ids[1]!, 2, '<p>Dua</p>')],
  created_at: now,
  updated_at: now,
};

const editQuestion = (section: SectionDraft, index: number, text: string): SectionDraft => ({
  ...section,
  questions: section.questions.map((q, i) => (i === index ? { ...q, text } : q)),
});

describe('isSectionDirty', () => {
  it('is clean as loaded from the server and as answered by a save', () => {
    expect(isSectionDirty(groupToDraft(group))).toBe(false);
    // Loading again gives new option row keys: the comparison ignores them.
    const again = groupToDraft(group);
    expect(again.questions[0]!.options[0]!.key).not.toBe(
      groupToDraft(group).questions[0]!.options[0]!.key,
    );
    expect(isSectionDirty(again)).toBe(false);
  });

  it('is unsaved for a section that was never saved, even an untouched one', () => {
    expect(isSectionDirty(emptySection())).toBe(true);
  });

  it('follows what differs from the saved section, not what was touched', () => {
    const loaded = groupToDraft(group);
    const edited = editQuestion(loaded, 1, '<p>Dua diubah</p>');
    expect(isSectionDirty(edited)).toBe(true);
    // Typed back to the saved value: nothing to save.
    expect(isSectionDirty(editQuestion(edited, 1, '<p>Dua</p>'))).toBe(false);
    expect(isSectionDirty({ ...loaded, name: 'Lanjutan' })).toBe(true);
    expect(isSectionDirty({ ...loaded, minScore: '80' })).toBe(true);
    const marked = loaded.questions[0]!;
    expect(
      isSectionDirty({
        ...loaded,
        questions: [{ ...marked, correctIndex: 1 }, loaded.questions[1]!],
      }),
    ).toBe(true);
    expect(
      isSectionDirty({
        ...loaded,
        questions: [
          {
            ...marked,
            media: { id: crypto.randomUUID(), url: '/media/a.png', type: 'image' },
          },
          loaded.questions[1]!,
        ],
      }),
    ).toBe(true);
  });

  it('is unsaved with a question added and clean again once it is removed', () => {
    const loaded = groupToDraft(group);
    const added = { ...loaded, questions: [...loaded.questions, emptyQuestion()] };
    expect(isSectionDirty(added)).toBe(true);
    expect(isSectionDirty(withoutQuestion(added, 2))).toBe(false);
  });
});

describe('withoutQuestion', () => {
  it('takes a deleted saved question out of the saved copy too: a delete stays clean', () => {
    const loaded = groupToDraft(group);
    const after = withoutQuestion(loaded, 0);
    expect(after.questions.map((q) => q.id)).toEqual([ids[1]]);
    expect(after.saved!.questions.map((q) => q.id)).toEqual([ids[1]]);
    expect(isSectionDirty(after)).toBe(false);
  });

  it('keeps other unsaved edits unsaved', () => {
    const edited = editQuestion(groupToDraft(group), 1, '<p>Dua diubah</p>');
    expect(isSectionDirty(withoutQuestion(edited, 0))).toBe(true);
  });

  it('leaves the section as it is for an index out of range', () => {
    const loaded = groupToDraft(group);
    expect(withoutQuestion(loaded, 5)).toBe(loaded);
  });
});
