import type { MemberActivityDetail } from '@ajar/shared/members/member-learning.schemas';
import { formatScore } from '@ajar/shared/common/format';
import { activityMinimum } from '@ajar/shared/quiz/quiz.scoring';
import type { readSettings } from '../lib/activity-content';

type QuizSettings = NonNullable<ReturnType<typeof readSettings>>;

/** 'Sisa kesempatan' of the intro and the result: null means no limit. */
export function attemptsLeftText(left: number | null): string {
  if (left === null) return 'Anda dapat mengerjakan tanpa batas kesempatan.';
  if (left === 0) return 'Kesempatan mengerjakan Anda sudah habis.';
  return `Sisa kesempatan mengerjakan: ${left} kali.`;
}

function questionsText(count: MemberActivityDetail['question_count']): string | null {
  if (!count) return null;
  return count.min === count.max
    ? `Kuis ini terdiri dari ${count.min} soal.`
    : `Kuis ini terdiri dari ${count.min}–${count.max} soal, tergantung paket soal yang Anda dapat.`;
}

/**
 * What a participant needs before starting a quiz, in plain sentences: how many questions, how
 * long, how many attempts are left, what score passes and what is shown after submitting. The
 * staff's setting names ('Skip', 'Acak Soal', 'Minimal Score') stay in the back office.
 */
export function quizIntroLines(
  settings: QuizSettings | null,
  questionCount: MemberActivityDetail['question_count'],
  attemptsLeft: number | null,
): string[] {
  const lines = [questionsText(questionCount)];
  if (settings) {
    lines.push(
      settings.timer > 0
        ? `Waktu mengerjakan ${settings.timer} menit, dihitung sejak Anda menekan Mulai.`
        : 'Tidak ada batas waktu.',
    );
  }
  lines.push(attemptsLeftText(attemptsLeft));
  if (settings) {
    const minimum = activityMinimum(settings.set_minimum_value);
    lines.push(
      minimum === null
        ? 'Tidak ada nilai minimal untuk lulus.'
        : `Anda lulus dengan nilai minimal ${formatScore(minimum)} (dari 100).`,
    );
    if (settings.is_skip === 1) lines.push('Anda boleh melewati soal dan menjawabnya nanti.');
    lines.push(
      settings.is_show_score === 1
        ? 'Nilai Anda tampil setelah jawaban dikirim.'
        : 'Nilai tidak ditampilkan untuk aktivitas ini.',
    );
    if (settings.is_show_answer === 1)
      lines.push('Setelah mengirim, Anda dapat melihat jawaban yang benar beserta pembahasannya.');
  }
  return lines.filter((l): l is string => l !== null);
}

/** The quiz intro as a list ('Tentang kuis ini'). */
export function QuizIntro({
  settings,
  questionCount,
  attemptsLeft,
}: {
  settings: QuizSettings | null;
  questionCount: MemberActivityDetail['question_count'];
  attemptsLeft: number | null;
}) {
  return (
    <section aria-labelledby="quiz-intro-heading" className="stack">
      <h2 id="quiz-intro-heading">Tentang kuis ini</h2>
      <ul className="quiz-intro">
        {quizIntroLines(settings, questionCount, attemptsLeft).map((line) => (
          <li key={line}>{line}</li>
        ))}
      </ul>
    </section>
  );
}
