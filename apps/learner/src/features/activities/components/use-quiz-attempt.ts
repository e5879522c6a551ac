import { useCallback, useEffect, useRef, useState } from 'react';
import type {
  MemberActivityDetail,
  QuizResult,
  QuizStartData,
} from '@ajar/shared/members/member-learning.schemas';
import { memberMessages } from '@ajar/shared/members/members.constants';
import { ApiError, errorMessage } from '../../../api/http';
import { onQueuedSent } from '../../../lib/offline-queue';
import { readQuizResult, saveQuizAnswer, startQuiz, submitQuiz } from '../api/activities-api';
import {
  clearDraft,
  endsAtOf,
  findDraft,
  secondsLeft,
  writeDraft,
  type QuizDraft,
} from '../lib/quiz-draft';

export type QuizStep =
  | { name: 'intro' }
  /** Reopening the attempt the phone keeps (a reload, back and forward, a killed tab). */
  | { name: 'resuming' }
  /** `limit`: the seconds left when the player opened (its timer counts from there). */
  | { name: 'playing'; draft: QuizDraft; limit: number | null }
  | { name: 'queued'; draft: QuizDraft; key: string }
  | {
      name: 'result';
      start: QuizStartData;
      result: QuizResult;
      answers: Record<string, number>;
    };

const playing = (draft: QuizDraft): QuizStep => ({
  name: 'playing',
  draft,
  limit: secondsLeft(draft),
});

/** Refusals after which the attempt is over: the phone's copy goes, the screen starts again. */
const attemptOver = new Set<string>([memberMessages.timeUp, memberMessages.attemptClosed]);

/**
 * A quiz attempt on the phone: started or resumed on the server, every answer kept at once on
 * the phone (`quiz-draft.ts`) and saved on the server (or queued offline), submitted once with
 * the attempt's one key. An attempt the phone keeps reopens by itself when the screen opens.
 */
export function useQuizAttempt(
  programId: string,
  activity: Pick<MemberActivityDetail, 'id' | 'history'>,
  onChanged: () => void,
) {
  const open = activity.history.find((h) => h.submitted_at === null);
  const [step, setStep] = useState<QuizStep>(() =>
    findDraft(activity.id, open?.id) ? { name: 'resuming' } : { name: 'intro' },
  );
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);
  // The draft as last written: answers arrive faster than React renders.
  const draftRef = useRef<QuizDraft | null>(null);
  const changed = useRef(onChanged);
  useEffect(() => {
    changed.current = onChanged;
  });

  const keep = (draft: QuizDraft) => {
    draftRef.current = draft;
    writeDraft(draft);
  };

  const play = useCallback(
    (start: QuizStartData, kept: QuizDraft | null) => {
      const draft: QuizDraft = {
        programId,
        activityId: activity.id,
        start,
        // The phone's answers are never older than the server's: it keeps them first.
        answers: { ...start.answers, ...kept?.answers },
        section: kept?.section ?? 0,
        submitKey: kept?.submitKey ?? crypto.randomUUID(),
        endsAt: endsAtOf(start),
      };
      keep(draft);
      setStep(playing(draft));
      // Answers the phone kept that the server does not hold yet (the tab died before sending).
      for (const [id, option] of Object.entries(draft.answers)) {
        if (start.answers[id] !== option) {
          void saveQuizAnswer(programId, activity.id, start.attempt.id, id, option).catch(
            () => undefined,
          );
        }
      }
    },
    [programId, activity.id],
  );

  const begin = useCallback(() => {
    const kept = findDraft(activity.id, open?.id);
    setBusy(true);
    setError(null);
    startQuiz(programId, activity.id)
      .then((start) => {
        const same = kept && kept.start.attempt.id === start.attempt.id ? kept : null;
        if (kept && !same) clearDraft(kept.start.attempt.id);
        play(start, same);
      })
      .catch((e: unknown) => {
        // Offline: the attempt the phone keeps opens as it was, on the deadline it had.
        if (kept && e instanceof ApiError && e.status === 0) {
          keep(kept);
          setStep(playing(kept));
          return;
        }
        setError(errorMessage(e));
        setStep({ name: 'intro' });
      })
      .finally(() => setBusy(false));
  }, [programId, activity.id, open?.id, play]);

  // Opened with an attempt the phone keeps: it reopens by itself.
  const resumed = useRef(false);
  useEffect(() => {
    if (step.name !== 'resuming' || resumed.current) return;
    resumed.current = true;
    begin();
  }, [step.name, begin]);

  const answer = (questionId: string, option: number) => {
    const draft = draftRef.current;
    if (!draft) return;
    keep({ ...draft, answers: { ...draft.answers, [questionId]: option } });
    saveQuizAnswer(programId, activity.id, draft.start.attempt.id, questionId, option).catch(
      (e: unknown) => setError(errorMessage(e)),
    );
  };

  const moveTo = (section: number) => {
    const draft = draftRef.current;
    if (draft) keep({ ...draft, section });
  };

  const finished = (draft: QuizDraft, result: QuizResult) => {
    clearDraft(draft.start.attempt.id);
    draftRef.current = null;
    setStep({ name: 'result', start: draft.start, result, answers: draft.answers });
    changed.current();
  };

  const refused = (draft: QuizDraft, message: string) => {
    setError(message);
    if (!attemptOver.has(message)) return;
    clearDraft(draft.start.attempt.id);
    draftRef.current = null;
    setStep({ name: 'intro' });
    changed.current();
  };

  const submit = (given: Record<string, number | undefined>) => {
    const draft = draftRef.current;
    if (!draft) return;
    const answers: Record<string, number> = { ...draft.answers };
    for (const [id, option] of Object.entries(given))
      if (option !== undefined) answers[id] = option;
    const sent = { ...draft, answers };
    keep(sent);
    setBusy(true);
    setError(null);
    submitQuiz(programId, activity.id, draft.start.attempt.id, answers, draft.submitKey)
      .then((outcome) => {
        if (outcome.queued) setStep({ name: 'queued', draft: sent, key: outcome.key });
        else finished(sent, outcome.data);
      })
      .catch((e: unknown) => refused(sent, errorMessage(e)))
      .finally(() => setBusy(false));
  };

  // The submit kept offline: its result (or refusal) arrives when the queue sends it.
  useEffect(() => {
    if (step.name !== 'queued') return;
    const { draft, key } = step;
    return onQueuedSent((call, outcome) => {
      if (call.key !== key) return;
      if ('error' in outcome) {
        refused(draft, outcome.error.message);
        if (!attemptOver.has(outcome.error.message)) setStep(playing(draft));
        return true;
      }
      try {
        finished(draft, readQuizResult(outcome.data));
      } catch (failure) {
        setError(errorMessage(failure));
      }
    });
  });

  const restart = () => setStep({ name: 'intro' });

  return { step, busy, error, begin, answer, moveTo, submit, restart };
}
