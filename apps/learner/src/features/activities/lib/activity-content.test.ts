import { describe, expect, it } from 'vitest';
import type { MemberGameplay } from '@ajar/shared/members/member-popup.schemas';
import { checkWorkFile } from '../components/practice-work-activity';
import { verdictOf } from '../components/video-activity';

const side = (text: string) => ({ text, image: null, audio: null });
const served = (over: Partial<MemberGameplay>): MemberGameplay => ({
  id: '00000000-0000-4000-8000-000000000001',
  type: 'multiple_choice',
  question: null,
  time: null,
  options: [side('Insang'), side('Paru-paru')],
  matching_options: [],
  grid: null,
  result: null,
  ...over,
});
const result = (correct_answer: Parameters<typeof verdictOf>[1]['correct_answer']) => ({
  gameplay_id: '00000000-0000-4000-8000-000000000001',
  correct: false,
  points: 0,
  correct_answer,
  explanation: null,
  answer: { kind: 'choice' as const, option: 1 },
  answered_at: '',
  repeated: false,
});

describe('verdictOf', () => {
  it("turns the server's right answer (indexes) into the texts the games show", () => {
    expect(verdictOf(served({}), result({ kind: 'choice', options: [0] }))).toEqual({
      state: 'scored',
      correct: false,
      earned: 0,
      correctAnswers: ['Insang'],
      explanation: null,
    });
    const matching = served({
      type: 'matching_word',
      options: [side('Lele'), side('Nila')],
      matching_options: [side('Air tawar, berkumis'), side('Sisik besar')],
    });
    expect(verdictOf(matching, result({ kind: 'pairs', pairs: { '0': 0, '1': 1 } }))).toMatchObject(
      {
        correctAnswers: ['Air tawar, berkumis', 'Sisik besar'],
      },
    );
    expect(verdictOf(served({}), result(null))).toMatchObject({ correctAnswers: null });
  });
});

describe('checkWorkFile', () => {
  it('refuses an unknown type and a file over 20 MB with the shared messages', () => {
    expect(checkWorkFile(new File(['x'], 'tugas.pdf'))).toBeNull();
    expect(checkWorkFile(new File(['x'], 'foto.JPEG'))).toBeNull();
    expect(checkWorkFile(new File(['x'], 'foto.jpeg'))).toBeNull();
    expect(checkWorkFile(new File(['x'], 'tugas.exe'))).toMatch(/Format file tidak didukung/);
    expect(checkWorkFile(new File(['x'], 'tugas'))).toMatch(/JPG\/JPEG, PNG, WEBP/);
    const big = new File(['x'], 'besar.zip');
    Object.defineProperty(big, 'size', { value: 20 * 1024 * 1024 + 1 });
    expect(checkWorkFile(big)).toBe('Ukuran file maksimal 20 MB');
  });
});
