import { act, cleanup, fireEvent, render, screen } from '@testing-library/react';
import type { GameplayJudge, PlayableGameplay } from '../lib/popup-verdict';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { Gameplay } from '@ajar/shared/popup-quiz/popup-quiz.schemas';
import type { PopupSummary } from '../lib/popup-verdict';
import { PopupQuizPlayer, type PopupQuizItem } from './popup-quiz-player';

afterEach(() => {
  cleanup();
  vi.useRealTimers();
});

const option = (text: string) => ({ text, image: null, audio: null, answer: null });
const part = (text: string) => ({ text, image: null, audio: null });

const mc = (id: string, right: string, time: number | null = null): Gameplay => ({
  id,
  activity_id: '00000000-0000-4000-8000-000000000001',
  type: 'multiple_choice',
  question: part(`Soal ${id}`),
  point: 10,
  time,
  duration: null,
  options: [option('Insang'), option('Paru-paru')],
  matching_options: [],
  correct_answers: [right],
  explanation: part('Lele bernapas dengan insang dan arborescent.'),
  created_at: '',
  updated_at: '',
});

const quiz: PopupQuizItem = {
  id: '00000000-0000-4000-8000-0000000000aa',
  type: 'multiple_choice',
  instruction: 'Jawab pertanyaan berikut.',
  second: 4,
  gameplays: ['a', 'b'],
};

type Setting = Parameters<typeof PopupQuizPlayer>[0]['setting'];
const setting = (over: Partial<Setting> = {}): Setting => ({
  show_explanation: 0,
  show_answer_explanation: 0,
  skip: 0,
  show_score: 1,
  minimum_score: 60,
  retake: 0,
  is_random: 0,
  time: { enable: 0, duration: 0 },
  ...over,
});

function play(gameplays: PlayableGameplay[], s: Setting, judge?: GameplayJudge) {
  const onFinish = vi.fn<(result: PopupSummary) => void>();
  const onRetake = vi.fn();
  const onContinue = vi.fn();
  render(
    <PopupQuizPlayer
      quiz={quiz}
      gameplays={gameplays}
      setting={s}
      attempt={1}
      judge={judge}
      audience={judge ? 'participant' : 'staff'}
      onFinish={onFinish}
      onRetake={onRetake}
      onContinue={onContinue}
    />,
  );
  return { onFinish, onRetake, onContinue };
}

const button = (name: string | RegExp) => screen.getByRole('button', { name });

describe('PopupQuizPlayer', () => {
  it('corrects each answer with its explanation, then scores the quiz', () => {
    const { onFinish, onContinue } = play(
      [mc('a', 'Insang'), mc('b', 'Insang')],
      setting({ show_answer_explanation: 1 }),
    );
    screen.getByText('Jawab pertanyaan berikut.');
    expect(screen.queryByRole('button', { name: 'Lewati' })).toBeNull();

    fireEvent.click(button(/Insang/));
    screen.getByText('Benar! +10 poin');
    screen.getByText('Lele bernapas dengan insang dan arborescent.');
    fireEvent.click(button('Soal berikutnya'));

    screen.getByText('Soal 2 dari 2');
    fireEvent.click(button(/Paru-paru/));
    screen.getByText(/Jawaban salah\. Jawaban benar: Insang\./);
    fireEvent.click(button('Lihat hasil'));

    expect(screen.getByTestId('popup-score').textContent).toBe('50');
    screen.getByText('Tidak Lulus');
    screen.getByText('Tidak ada kesempatan mengulang');
    expect((button('Ulangi') as HTMLButtonElement).disabled).toBe(true);
    expect(onFinish).toHaveBeenCalledTimes(1);
    expect(onFinish.mock.calls[0]![0]).toMatchObject({ earned: 10, max: 20, passed: false });
    fireEvent.click(button('Lanjutkan Video'));
    expect(onContinue).toHaveBeenCalled();
  });

  it('skips when allowed, moves on without feedback, and hides the score from participants', () => {
    const { onRetake } = play(
      [mc('a', 'Insang'), mc('b', 'Insang')],
      setting({ skip: 1, show_score: 0, retake: 1 }),
    );
    fireEvent.click(button('Lewati'));
    screen.getByText('Soal 2 dari 2');
    fireEvent.click(button(/Insang/));
    screen.getByText('Pop up quiz selesai');
    screen.getByText(/Peserta tidak melihat skor.*Skor pratinjau: 50, tidak lulus\./);
    expect(screen.queryByTestId('popup-score')).toBeNull();
    screen.getByText('Sisa kesempatan mengulang: 1');
    fireEvent.click(button('Ulangi'));
    expect(onRetake).toHaveBeenCalled();
  });

  it("ends a question when its own timer runs out, and the quiz at the quiz's time limit", () => {
    vi.useFakeTimers();
    play(
      [mc('a', 'Insang', 3), mc('b', 'Insang')],
      setting({ show_answer_explanation: 1, time: { enable: 1, duration: 1 } }),
    );
    screen.getByRole('timer', { name: 'Sisa waktu soal 00:03' });
    screen.getByRole('timer', { name: 'Sisa waktu quiz 01:00' });
    act(() => vi.advanceTimersByTime(3200));
    screen.getByText(/Waktu habis\./);
    fireEvent.click(button('Soal berikutnya'));
    // The second question has no timer of its own; the quiz limit still runs.
    expect(screen.queryByRole('timer', { name: /Sisa waktu soal/ })).toBeNull();
    act(() => vi.advanceTimersByTime(60_000));
    screen.getByText('Waktu pop up quiz habis.');
    expect(screen.getByTestId('popup-score').textContent).toBe('0');
  });

  it('shows the verdict the judge (the server) gives, and an answer kept offline', async () => {
    // A participant's gameplay carries no answer key.
    const served = (id: string): PlayableGameplay => {
      const { correct_answers: _key, ...rest } = mc(id, 'Insang');
      return rest;
    };
    const judge = vi.fn<GameplayJudge>((g) =>
      g.id === 'a'
        ? Promise.resolve({
            state: 'scored',
            correct: false,
            earned: 0,
            correctAnswers: ['Insang'],
          })
        : Promise.resolve({ state: 'queued' }),
    );
    const { onFinish } = play(
      [served('a'), served('b')],
      setting({ show_answer_explanation: 1 }),
      judge,
    );
    fireEvent.click(button(/Paru-paru/));
    screen.getByText('Memeriksa jawaban…');
    await screen.findByText(/Jawaban salah\. Jawaban benar: Insang\./);
    expect(judge.mock.calls[0]![1]).toEqual({ kind: 'choice', option: 1 });
    fireEvent.click(button('Soal berikutnya'));
    fireEvent.click(button(/Insang/));
    await screen.findAllByText('Tersimpan, akan dikirim saat online');
    fireEvent.click(button('Lihat hasil'));
    screen.getByText('Pop up quiz selesai');
    expect(screen.queryByText(/Skor pratinjau/)).toBeNull();
    expect(onFinish.mock.calls[0]![0]).toMatchObject({ earned: 0, max: 20, queued: 1 });
  });

  it("shows the explanation the server tells with the answer ('Tampilkan Pembahasan' only)", async () => {
    // A participant's gameplay carries no answer key and no explanation of its own.
    const served = (id: string): PlayableGameplay => {
      const { correct_answers: _key, ...rest } = mc(id, 'Insang');
      return { ...rest, explanation: null };
    };
    const judge = vi.fn<GameplayJudge>((g) =>
      Promise.resolve({
        state: 'scored',
        correct: false,
        earned: 0,
        correctAnswers: null,
        explanation: g.id === 'a' ? part('Ikan bernapas dengan insang.') : null,
      }),
    );
    play([served('a'), served('b')], setting({ show_explanation: 1 }), judge);
    fireEvent.click(button(/Paru-paru/));
    const aside = await screen.findByRole('complementary', { name: 'Pembahasan' });
    expect(aside.textContent).toContain('Ikan bernapas dengan insang.');
    // Without the correction setting, right or wrong is not told.
    expect(screen.queryByText(/Jawaban salah/)).toBeNull();
    fireEvent.click(button('Soal berikutnya'));
    // No explanation for the second question: the quiz moves on to its end.
    fireEvent.click(button(/Insang/));
    await screen.findByTestId('popup-score');
    expect(screen.queryByRole('complementary', { name: 'Pembahasan' })).toBeNull();
  });

  it('offers to send again when the judge fails', async () => {
    const judge = vi
      .fn<GameplayJudge>()
      .mockRejectedValueOnce(new Error('Koneksi terputus'))
      .mockResolvedValue({ state: 'scored', correct: true, earned: 10, correctAnswers: null });
    play([mc('a', 'Insang')], setting({ show_answer_explanation: 1 }), judge);
    fireEvent.click(button(/Insang/));
    await screen.findByText('Koneksi terputus');
    fireEvent.click(button('Coba lagi'));
    await screen.findByText('Benar! +10 poin');
    expect(judge).toHaveBeenCalledTimes(2);
  });
});
