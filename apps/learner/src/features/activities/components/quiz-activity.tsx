import { useEffect, useMemo, useState } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import type { QuizResult, QuizStartData } from '@ajar/shared/members/member-learning.schemas';
import { queuedText } from '@ajar/player/lib/player-texts';
import { QuizQuestionCard } from '@ajar/player/quiz/quiz-question-card';
import { QuizResultCard } from '@ajar/player/quiz/quiz-result-card';
import {
  QuizSectionsPlayer,
  questionNumber,
  type QuizSection,
} from '@ajar/player/quiz/quiz-sections-player';
import { QuizSettingsSummary } from '@ajar/player/quiz/quiz-settings-summary';
import { activityMinimum } from '@ajar/shared/quiz/quiz.scoring';
import { errorMessage } from '../../../api/http';
import { Alert } from '../../../components/alert';
import { Button } from '../../../components/button';
import { Card } from '../../../components/card';
import { onQueuedSent } from '../../../lib/offline-queue';
import { activityKeys, startQuiz, submitQuiz } from '../api/activities-api';
import { readSettings } from '../lib/activity-content';
import type { ActivityProps } from './activity-props';

type Step =
  | { name: 'intro' }
  | { name: 'playing'; start: QuizStartData }
  | { name: 'queued'; start: QuizStartData; key: string; answers: Record<string, number> }
  | { name: 'result'; start: QuizStartData; result: QuizResult; answers: Record<string, number> };

const attemptsText = (left: number | null) =>
  left === null ? 'Kesempatan mengerjakan: tanpa batas' : `Sisa kesempatan mengerjakan: ${left}`;

/**
 * Pre-test, quiz, post-test, exam and survey questions: start (or resume) an attempt, answer
 * with the server's timer, submit, and see the result as the settings allow. The server scores;
 * an answer sent offline waits on the device with its idempotency key and arrives once.
 */
export function QuizActivity({ programId, activity }: ActivityProps) {
  const queryClient = useQueryClient();
  const settings = readSettings(activity);
  const [step, setStep] = useState<Step>({ name: 'intro' });
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);

  const refresh = () =>
    queryClient.invalidateQueries({ queryKey: activityKeys.program(programId) });

  // A submission kept offline: its result arrives when the queue sends it.
  useEffect(() => {
    if (step.name !== 'queued') return;
    return onQueuedSent((call, outcome) => {
      if (call.key !== step.key) return;
      if ('error' in outcome) {
        setError(outcome.error.message);
        setStep({ name: 'intro' });
      } else
        setStep({
          name: 'result',
          start: step.start,
          result: outcome.data as QuizResult,
          answers: step.answers,
        });
      void refresh();
    });
  });

  const sections: QuizSection[] = useMemo(
    () =>
      step.name === 'intro'
        ? []
        : step.start.sections.map((s, i) => ({
            key: String(i),
            name: s.name,
            questions: s.questions,
          })),
    [step],
  );

  const begin = () => {
    setBusy(true);
    setError(null);
    startQuiz(programId, activity.id)
      .then((start) => setStep({ name: 'playing', start }))
      .catch((e: unknown) => setError(errorMessage(e)))
      .finally(() => setBusy(false));
  };

  const submit = (start: QuizStartData, answers: Record<string, number | undefined>) => {
    const sent: Record<string, number> = {};
    for (const [id, option] of Object.entries(answers)) if (option !== undefined) sent[id] = option;
    setBusy(true);
    setError(null);
    submitQuiz(programId, activity.id, start.attempt.id, sent)
      .then((outcome) => {
        if (outcome.queued) setStep({ name: 'queued', start, key: outcome.key, answers: sent });
        else {
          setStep({ name: 'result', start, result: outcome.data, answers: sent });
          void refresh();
        }
      })
      .catch((e: unknown) => setError(errorMessage(e)))
      .finally(() => setBusy(false));
  };

  if (step.name === 'playing') {
    return (
      <>
        <QuizSectionsPlayer
          sections={sections}
          title={`Percobaan ke-${step.start.attempt.attempt_no}`}
          limitSeconds={step.start.seconds_left}
          showTimer={settings?.is_show_timer === 1 || step.start.seconds_left !== null}
          canSkip={settings?.is_skip === 1}
          submitting={busy}
          onSubmit={(answers) => submit(step.start, answers)}
        />
        {error && <Alert tone="error">{error}</Alert>}
      </>
    );
  }

  if (step.name === 'queued') {
    return (
      <Card className="stack">
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
        <QuizResultCard
          title={`Hasil percobaan ke-${result.attempt.attempt_no}`}
          score={result.score}
          passed={result.passed}
          minimum={settings ? activityMinimum(settings.set_minimum_value) : null}
          detail={result.best_score !== null ? `Skor terbaik ${result.best_score}` : undefined}
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
              <span className="muted">{attemptsText(result.attempts_left)}</span>
              {(result.attempts_left === null || result.attempts_left > 0) && (
                <Button variant="secondary" onClick={() => setStep({ name: 'intro' })}>
                  Ulangi
                </Button>
              )}
            </>
          }
        />
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
      {settings && <QuizSettingsSummary settings={settings} />}
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
                    : `skor ${h.score}${h.passed === null ? '' : h.passed ? ' (lulus)' : ' (tidak lulus)'}`}
              </li>
            ))}
          </ul>
        </section>
      )}
      <p>{attemptsText(activity.attempts_left)}</p>
      {error && <Alert tone="error">{error}</Alert>}
      <Button block busy={busy} disabled={noneLeft} onClick={begin}>
        {open ? 'Lanjutkan' : activity.history.length ? 'Mulai lagi' : 'Mulai'}
      </Button>
    </Card>
  );
}
