import { formatScore } from '@ajar/shared/common/format';
import { useCallback, useEffect, useMemo, useRef, useState, type ReactNode } from 'react';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Chip from '@mui/material/Chip';
import CircularProgress from '@mui/material/CircularProgress';
import LinearProgress from '@mui/material/LinearProgress';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import type { Activity } from '@ajar/shared/activities/activities.schemas';
import { gameplayTypeLabels } from '@ajar/shared/popup-quiz/popup-quiz.constants';
import type { Gameplay } from '@ajar/shared/popup-quiz/popup-quiz.schemas';
import type { GameplayAnswer, GameplayAnswers } from '@ajar/shared/popup-quiz/popup-quiz.scoring';
import { retakesLeft } from '@ajar/shared/quiz/quiz.scoring';
import {
  explanationOf,
  judgeLocally,
  summarisePopupQuiz,
  type GameplayJudge,
  type GameplayVerdict,
  type PlayableGameplay,
  type PopupSummary,
} from '../lib/popup-verdict';
import { formatClock, shuffled } from '../lib/shuffle';
import { useTimer } from '../lib/use-timer';
import { TimerChip } from '../quiz/timer-chip';
import type { GameProps } from './games/game-props';
import { JigsawGame } from './games/jigsaw-game';
import { MatchingGame } from './games/matching-game';
import { MultipleChoiceGame } from './games/multiple-choice-game';
import { WordSearchGame } from './games/word-search-game';
import { Feedback, Summary } from './popup-quiz-parts';

export type PopupQuizSetting = NonNullable<Activity['quiz']>['setting'];
export type PopupQuizItem = NonNullable<Activity['quiz']>['quizzes'][number];
type Phase = 'question' | 'judging' | 'feedback' | 'summary';

const games: Record<PlayableGameplay['type'], (props: GameProps) => ReactNode> = {
  multiple_choice: MultipleChoiceGame,
  jigsaw: JigsawGame,
  matching_word: MatchingGame,
  finding_word: WordSearchGame,
};

/** A question's own time limit in seconds: `duration` for a word search, else `time`. */
function questionLimit(g: PlayableGameplay | undefined): number | null {
  const seconds = g ? (g.type === 'finding_word' ? g.duration : g.time) : null;
  return seconds && seconds > 0 ? seconds : null;
}

const isPromise = (v: unknown): v is Promise<GameplayVerdict> =>
  typeof (v as { then?: unknown } | null)?.then === 'function';

/** Full gameplays (with their answer key) of the staff preview are scored on the spot. */
const localJudge: GameplayJudge = (gameplay, answer) => {
  if (!('correct_answers' in gameplay)) throw new Error('Soal tanpa kunci jawaban perlu `judge`.');
  return judgeLocally(gameplay as Gameplay, answer);
};

export interface PopupQuizPlayerProps {
  quiz: PopupQuizItem;
  /** The quiz's questions in its order (questions that no longer exist are left out). */
  gameplays: readonly PlayableGameplay[];
  setting: PopupQuizSetting;
  /** 1 for the first try, 2 after one 'Ulangi'… */
  attempt: number;
  /**
   * Scores each answer. Without it the gameplays must be full `Gameplay`s and are scored from
   * their answer key (the staff preview); the learner app passes the server's scoring.
   */
  judge?: GameplayJudge;
  /** 'staff' (default) also shows a score hidden from participants, marked as such. */
  audience?: 'staff' | 'participant';
  onFinish: (result: PopupSummary) => void;
  onRetake: () => void;
  onContinue: () => void;
}

/**
 * One pop-up quiz, played over the paused video: its instruction and its questions one after
 * another, with the settings: 'Acak' order, a time limit for the whole quiz ('Gunakan Timer'),
 * each question's own timer, 'Skip', 'Tampilkan Pembahasan' (explanation) and 'Tampilkan
 * Pembahasan dan Koreksi' (right/wrong and the right answer too), 'Tampilkan Score' and
 * 'Kesempatan mengulang'. Right or wrong comes from `judge` only.
 */
export function PopupQuizPlayer({
  quiz,
  gameplays,
  setting,
  attempt,
  judge = localJudge,
  audience = 'staff',
  onFinish,
  onRetake,
  onContinue,
}: PopupQuizPlayerProps) {
  const order = useMemo(
    () => (setting.is_random === 1 ? shuffled(gameplays, `${quiz.id}-${attempt}`) : [...gameplays]),
    [gameplays, setting.is_random, quiz.id, attempt],
  );
  const [index, setIndex] = useState(0);
  const [answers, setAnswers] = useState<GameplayAnswers>({});
  const [verdicts, setVerdicts] = useState<Record<string, GameplayVerdict>>({});
  const [phase, setPhase] = useState<Phase>(order.length ? 'question' : 'summary');
  const [timedOut, setTimedOut] = useState<'question' | 'quiz' | null>(null);
  const [judgeError, setJudgeError] = useState<string | null>(null);
  const current = order[index];
  const last = index >= order.length - 1;
  const alive = useRef(true);
  useEffect(() => {
    alive.current = true;
    return () => {
      alive.current = false;
    };
  }, []);

  const result = useMemo(
    () => summarisePopupQuiz(order, verdicts, setting.minimum_score),
    [order, verdicts, setting.minimum_score],
  );
  const reported = useRef(false);
  useEffect(() => {
    if (phase === 'summary' && !reported.current) {
      reported.current = true;
      onFinish(result);
    }
  }, [phase, result, onFinish]);

  const next = useCallback(() => {
    setTimedOut((t) => (t === 'quiz' ? t : null));
    if (last) setPhase('summary');
    else {
      setIndex((i) => i + 1);
      setPhase('question');
    }
  }, [last]);

  const showCorrection = setting.show_answer_explanation === 1;
  const showExplanation = showCorrection || setting.show_explanation === 1;

  const settle = (gameplay: PlayableGameplay, verdict: GameplayVerdict) => {
    setVerdicts((v) => ({ ...v, [gameplay.id]: verdict }));
    const explained = showExplanation && explanationOf(gameplay, verdict) !== null;
    if (verdict.state === 'queued' || showCorrection || explained) setPhase('feedback');
    else next();
  };

  const send = (gameplay: PlayableGameplay, value: GameplayAnswer | undefined) => {
    setJudgeError(null);
    const fail = (error: unknown) => {
      setPhase('judging');
      setJudgeError(error instanceof Error ? error.message : 'Jawaban gagal dikirim.');
    };
    let verdict: ReturnType<GameplayJudge>;
    try {
      verdict = judge(gameplay, value);
    } catch (error) {
      fail(error);
      return;
    }
    if (!isPromise(verdict)) {
      settle(gameplay, verdict);
      return;
    }
    setPhase('judging');
    verdict.then(
      (v) => alive.current && settle(gameplay, v),
      (error: unknown) => alive.current && fail(error),
    );
  };

  const answer = (value: GameplayAnswer | undefined) => {
    if (!current || phase !== 'question') return;
    if (value) setAnswers((a) => ({ ...a, [current.id]: value }));
    send(current, value);
  };

  const quizLimit =
    setting.time.enable === 1 && setting.time.duration > 0 ? setting.time.duration * 60 : null;
  const quizTimer = useTimer({
    limitSeconds: quizLimit,
    running: phase !== 'summary',
    resetKey: attempt,
    onExpire: () => {
      setTimedOut('quiz');
      setPhase('summary');
    },
  });
  const questionTimer = useTimer({
    limitSeconds: questionLimit(current),
    running: phase === 'question',
    resetKey: `${attempt}-${index}`,
    onExpire: () => {
      setTimedOut('question');
      answer(undefined);
    },
  });

  const Game = current ? games[current.type] : null;
  const left = retakesLeft(setting.retake, attempt);
  const verdict = current ? verdicts[current.id] : undefined;

  return (
    <Stack spacing={2} sx={{ height: '100%' }}>
      <Stack
        direction="row"
        spacing={1}
        useFlexGap
        sx={{ alignItems: 'center', flexWrap: 'wrap', justifyContent: 'space-between' }}
      >
        <Stack direction="row" spacing={1} sx={{ alignItems: 'center' }}>
          <Typography variant="h6" component="h3">
            Pop Up Quiz
          </Typography>
          <Chip size="small" label={`Detik ${formatClock(quiz.second)}`} />
          <Chip size="small" variant="outlined" label={gameplayTypeLabels[quiz.type]} />
        </Stack>
        <Stack direction="row" spacing={1}>
          {quizLimit !== null && phase !== 'summary' && (
            <TimerChip
              remaining={quizTimer.remaining}
              elapsed={quizTimer.elapsed}
              label="Sisa waktu quiz"
            />
          )}
          {phase === 'question' && questionLimit(current) !== null && (
            <TimerChip
              remaining={questionTimer.remaining}
              elapsed={questionTimer.elapsed}
              label="Sisa waktu soal"
            />
          )}
        </Stack>
      </Stack>
      {quiz.instruction && (
        <Typography variant="body1" sx={{ fontWeight: 500 }}>
          {quiz.instruction}
        </Typography>
      )}

      {phase !== 'summary' && current && Game && (
        <>
          <Box>
            <Stack direction="row" sx={{ justifyContent: 'space-between', mb: 0.5 }}>
              <Typography variant="caption" color="text.secondary">
                Soal {index + 1} dari {order.length}
              </Typography>
              {current.point !== undefined && (
                <Typography variant="caption" color="text.secondary">
                  Poin {formatScore(current.point)}
                </Typography>
              )}
            </Stack>
            <LinearProgress
              variant="determinate"
              value={(index / order.length) * 100}
              aria-label="Kemajuan pop up quiz"
              sx={{ borderRadius: 1 }}
            />
          </Box>
          <Box data-gameplay-type={current.type} data-gameplay-id={current.id}>
            <Game
              key={`${attempt}-${current.id}`}
              gameplay={current}
              answer={answers[current.id]}
              locked={phase !== 'question'}
              solution={
                showCorrection && verdict?.state === 'scored' ? verdict.correctAnswers : null
              }
              onAnswer={answer}
            />
          </Box>
          {phase === 'question' && setting.skip === 1 && (
            <Box>
              <Button onClick={() => answer(undefined)}>Lewati</Button>
            </Box>
          )}
          {phase === 'judging' &&
            (judgeError ? (
              <Alert
                severity="error"
                action={
                  <Button color="inherit" onClick={() => send(current, answers[current.id])}>
                    Coba lagi
                  </Button>
                }
              >
                {judgeError}
              </Alert>
            ) : (
              <Stack direction="row" spacing={1} sx={{ alignItems: 'center' }} role="status">
                <CircularProgress size={18} aria-hidden />
                <Typography variant="body2">Memeriksa jawaban…</Typography>
              </Stack>
            ))}
          {phase === 'feedback' && (
            <Feedback
              gameplay={current}
              verdict={verdict}
              timedOut={timedOut === 'question'}
              showCorrection={showCorrection}
              showExplanation={showExplanation}
              onNext={next}
              last={last}
            />
          )}
        </>
      )}

      {phase === 'summary' && (
        <Summary
          result={result}
          showScore={setting.show_score === 1}
          staff={audience === 'staff'}
          timedOut={timedOut === 'quiz'}
          retakes={left}
          onRetake={onRetake}
          onContinue={onContinue}
        />
      )}
    </Stack>
  );
}
