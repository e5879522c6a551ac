import { useEffect, useMemo, useRef } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import { queuedText } from '@ajar/player/lib/player-texts';
import { QuizQuestionCard } from '@ajar/player/quiz/quiz-question-card';
import { QuizResultCard } from '@ajar/player/quiz/quiz-result-card';
import {
  QuizSectionsPlayer,
  questionNumber,
  type QuizSection,
} from '@ajar/player/quiz/quiz-sections-player';
import { formatScore } from '@ajar/shared/common/format';
import { activityMinimum } from '@ajar/shared/quiz/quiz.scoring';
import { Alert } from '../../../components/alert';
import { Button } from '../../../components/button';
import { Card } from '../../../components/card';
import { activityKeys } from '../api/activity-keys';
import { readSettings } from '../lib/activity-content';
import type { ActivityProps } from './activity-props';
import { LeaveQuizGuard } from './leave-quiz-guard';
import { attemptsLeftText, QuizIntro } from './quiz-intro';
import { useQuizAttempt } from './use-quiz-attempt';

/**
 * Pre-test, quiz, post-test, exam and survey questions: start (or resume) an attempt, answer
 * with the server's timer, submit, and see the result as the settings allow. The server scores.
 * Each answer is kept on the phone at once and saved on the server (queued offline), so a
 * reload, back and forward, a killed tab or a lost connection reopens the attempt as it was;
 * leaving a running attempt asks first.
 */
export function QuizActivity({ programId, activity }: ActivityProps) {
  const queryClient = useQueryClient();
  const settings = readSettings(activity);
  const refresh = () =>
    void queryClient.invalidateQueries({ queryKey: activityKeys.program(programId) });
  const { step, busy, error, begin, answer, moveTo, submit, restart } = useQuizAttempt(
    programId,
    activity,
    refresh,
  );
  const start = step.name === 'playing' || step.name === 'queued' ? step.draft.start : null;
  const served = step.name === 'result' ? step.start : start;
  // After submitting, the screen lands on the score (the player above it was long).
  const resultRef = useRef<HTMLDivElement>(null);
  const resultOf = step.name === 'result' ? step.result.attempt.id : null;
  useEffect(() => {
    if (!resultOf) return;
    resultRef.current?.focus({ preventScroll: true });
    resultRef.current?.scrollIntoView({ block: 'start' });
  }, [resultOf]);

  const sections: QuizSection[] = useMemo(
    () =>
      (served?.sections ?? []).map((s, i) => ({
        key: String(i),
        name: s.name,
        questions: s.questions,
      })),
    [served],
  );

  if (step.name === 'resuming') {
    return (
      <Card className="stack">
        <p role="status">Membuka pengerjaan…</p>
      </Card>
    );
  }

  if (step.name === 'playing') {
    const { draft, limit } = step;
    return (
      <>
        <LeaveQuizGuard active />
        <QuizSectionsPlayer
          key={draft.start.attempt.id}
          sections={sections}
          title={`Percobaan ke-${draft.start.attempt.attempt_no}`}
          limitSeconds={limit}
          showTimer={settings?.is_show_timer === 1 || limit !== null}
          canSkip={settings?.is_skip === 1}
          submitting={busy}
          initialAnswers={draft.answers}
          initialSection={draft.section}
          onAnswer={answer}
          onSectionChange={moveTo}
          onSubmit={(answers) => submit(answers)}
        />
        {error && <Alert tone="error">{error}</Alert>}
      </>
    );
  }

  if (step.name === 'queued') {
    return (
      <Card className="stack">
        <h2>Menunggu koneksi…</h2>
        <Alert tone="info">{queuedText}</Alert>
        <p className="muted">Hasil akan tampil di sini setelah jawaban terkirim.</p>
      </Card>
    );
  }

  if (step.name === 'result') {
    const { result, answers } = step;
    const review = new Map((result.answers ?? []).map((a) => [a.id, a] as const));
    return (
      <>
        <div ref={resultRef} tabIndex={-1} className="quiz-result">
          <QuizResultCard
            title={`Hasil percobaan ke-${result.attempt.attempt_no}`}
            score={result.score}
            passed={result.passed}
            minimum={settings ? activityMinimum(settings.set_minimum_value) : null}
            detail={
              result.best_score !== null
                ? `Skor terbaik ${formatScore(result.best_score)}`
                : undefined
            }
            notice={
              result.score === null && (
                <Alert tone="info">
                  Jawaban terkirim. Skor tidak ditampilkan untuk aktivitas ini.
                </Alert>
              )
            }
            sections={result.sections.map((s, i) => ({
              key: String(i),
              name: s.name,
              score: s.score,
              minScore: s.min_score,
              passed: s.passed,
            }))}
            retakes={null}
            actions={
              <>
                <span className="muted">{attemptsLeftText(result.attempts_left)}</span>
                {(result.attempts_left === null || result.attempts_left > 0) && (
                  <Button variant="secondary" onClick={restart}>
                    Ulangi
                  </Button>
                )}
              </>
            }
          />
        </div>
        {result.answers && (
          <section className="stack" aria-label="Pembahasan jawaban">
            <h2>Jawaban</h2>
            {sections.map((section, s) =>
              section.questions.map((question, q) => {
                const r = review.get(question.id);
                return (
                  <QuizQuestionCard
                    key={question.id}
                    number={questionNumber(sections, s, q)}
                    question={question}
                    chosen={answers[question.id]}
                    review={
                      r && {
                        correct: r.correct,
                        answered: answers[question.id] !== undefined,
                        correctOptions: r.correct_options,
                      }
                    }
                    showAnswer
                    explanation={r?.explanation}
                  />
                );
              }),
            )}
          </section>
        )}
      </>
    );
  }

  const open = activity.history.find((h) => h.submitted_at === null);
  const noneLeft = activity.attempts_left === 0 && !open;
  return (
    <Card className="stack">
      <QuizIntro
        settings={settings}
        questionCount={activity.question_count}
        attemptsLeft={activity.attempts_left}
      />
      {activity.history.length > 0 && (
        <section aria-labelledby="history-heading" className="stack">
          <h2 id="history-heading">Riwayat</h2>
          <ul>
            {activity.history.map((h) => (
              <li key={h.id}>
                Percobaan ke-{h.attempt_no}:{' '}
                {h.submitted_at === null
                  ? 'sedang dikerjakan'
                  : h.score === null
                    ? 'terkirim'
                    : `skor ${formatScore(h.score)}${h.passed === null ? '' : h.passed ? ' (lulus)' : ' (tidak lulus)'}`}
              </li>
            ))}
          </ul>
        </section>
      )}
      {error && <Alert tone="error">{error}</Alert>}
      <Button block busy={busy} disabled={noneLeft} onClick={begin}>
        {open ? 'Lanjutkan' : activity.history.length ? 'Mulai lagi' : 'Mulai'}
      </Button>
    </Card>
  );
}
