import { useCallback, useEffect, useMemo, useRef, useState, type ReactNode } from 'react';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Chip from '@mui/material/Chip';
import LinearProgress from '@mui/material/LinearProgress';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import type { Activity } from '@ajar/shared/activities/activities.schemas';
import { gameplayTypeLabels } from '@ajar/shared/popup-quiz/popup-quiz.constants';
import type { Gameplay } from '@ajar/shared/popup-quiz/popup-quiz.schemas';
import {
  scoreGameplay,
  scorePopupQuiz,
  type GameplayAnswer,
  type GameplayAnswers,
  type PopupQuizResult,
} from '@ajar/shared/popup-quiz/popup-quiz.scoring';
import { retakesLeft } from '@ajar/shared/quiz/quiz.scoring';
import { formatClock, shuffled } from '../lib/shuffle';
import { useTimer } from '../lib/use-timer';
import type { GameProps } from './games/game-props';
import { JigsawGame } from './games/jigsaw-game';
import { MatchingGame } from './games/matching-game';
import { MultipleChoiceGame } from './games/multiple-choice-game';
import { WordSearchGame } from './games/word-search-game';
import { PreviewAudio, PreviewImage } from './preview-media';
import { TimerChip } from './timer-chip';

type Setting = NonNullable<Activity['quiz']>['setting'];
export type PopupQuizItem = NonNullable<Activity['quiz']>['quizzes'][number];
type Phase = 'question' | 'feedback' | 'summary';

const games: Record<Gameplay['type'], (props: GameProps) => ReactNode> = {
  multiple_choice: MultipleChoiceGame,
  jigsaw: JigsawGame,
  matching_word: MatchingGame,
  finding_word: WordSearchGame,
};

/** A question's own time limit in seconds: `duration` for a word search, else `time`. */
function questionLimit(g: Gameplay | undefined): number | null {
  const seconds = g ? (g.type === 'finding_word' ? g.duration : g.time) : null;
  return seconds && seconds > 0 ? seconds : null;
}

export interface PopupQuizPlayerProps {
  quiz: PopupQuizItem;
  /** The quiz's questions in its order (questions that no longer exist are left out). */
  gameplays: readonly Gameplay[];
  setting: Setting;
  /** 1 for the first try, 2 after one 'Ulangi'… */
  attempt: number;
  onFinish: (result: PopupQuizResult) => void;
  onRetake: () => void;
  onContinue: () => void;
}

/**
 * One pop-up quiz, played over the paused video: its instruction and its questions one after
 * another, with the settings: 'Acak' order, a time limit for the whole quiz ('Gunakan Timer'),
 * each question's own timer, 'Skip', 'Tampilkan Pembahasan' (explanation) and 'Tampilkan
 * Pembahasan dan Koreksi' (right/wrong and the right answer too), 'Tampilkan Score' and
 * 'Kesempatan mengulang'.
 */
export function PopupQuizPlayer({
  quiz,
  gameplays,
  setting,
  attempt,
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
  const [phase, setPhase] = useState<Phase>(order.length ? 'question' : 'summary');
  const [timedOut, setTimedOut] = useState<'question' | 'quiz' | null>(null);
  const current = order[index];
  const last = index >= order.length - 1;

  const result = useMemo(
    () => scorePopupQuiz(order, answers, setting.minimum_score),
    [order, answers, setting.minimum_score],
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
  const hasExplanation = Boolean(
    current?.explanation &&
    (current.explanation.text.trim() ||
      current.explanation.image?.url ||
      current.explanation.audio?.url),
  );

  const answer = (value: GameplayAnswer | undefined) => {
    if (!current || phase !== 'question') return;
    if (value) setAnswers((a) => ({ ...a, [current.id]: value }));
    if (showCorrection || (showExplanation && hasExplanation)) setPhase('feedback');
    else next();
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
      if (showCorrection || (showExplanation && hasExplanation)) setPhase('feedback');
      else next();
    },
  });

  const Game = current ? games[current.type] : null;
  const left = retakesLeft(setting.retake, attempt);

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
              <Typography variant="caption" color="text.secondary">
                Poin {current.point}
              </Typography>
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
              reveal={showCorrection}
              onAnswer={answer}
            />
          </Box>
          {phase === 'question' && setting.skip === 1 && (
            <Box>
              <Button onClick={() => answer(undefined)}>Lewati</Button>
            </Box>
          )}
          {phase === 'feedback' && (
            <Feedback
              gameplay={current}
              answer={answers[current.id]}
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
          setting={setting}
          timedOut={timedOut === 'quiz'}
          retakes={left}
          onRetake={onRetake}
          onContinue={onContinue}
        />
      )}
    </Stack>
  );
}

function Feedback({
  gameplay,
  answer,
  timedOut,
  showCorrection,
  showExplanation,
  onNext,
  last,
}: {
  gameplay: Gameplay;
  answer: GameplayAnswer | undefined;
  timedOut: boolean;
  showCorrection: boolean;
  showExplanation: boolean;
  onNext: () => void;
  last: boolean;
}) {
  const scored = scoreGameplay(gameplay, answer);
  const explanation = gameplay.explanation;
  return (
    <Box role="status" aria-label="Hasil soal">
      {showCorrection ? (
        <Alert
          severity={scored.correct ? 'success' : 'error'}
          sx={{ mb: 1.5 }}
          action={
            <Button color="inherit" onClick={onNext}>
              {last ? 'Lihat hasil' : 'Soal berikutnya'}
            </Button>
          }
        >
          {timedOut
            ? 'Waktu habis.'
            : scored.correct
              ? `Benar! +${scored.earned} poin`
              : 'Jawaban salah.'}
          {!scored.correct && correctAnswerText(gameplay)}
        </Alert>
      ) : (
        <Stack direction="row" sx={{ justifyContent: 'flex-end', mb: 1.5 }}>
          <Button variant="contained" onClick={onNext}>
            {last ? 'Lihat hasil' : 'Soal berikutnya'}
          </Button>
        </Stack>
      )}
      {showExplanation && explanation && (
        <Box
          component="aside"
          aria-label="Pembahasan"
          sx={{ borderLeft: 3, borderColor: 'primary.main', pl: 1.5, py: 0.5 }}
        >
          <Typography variant="subtitle2">Pembahasan</Typography>
          {explanation.text && (
            <Typography variant="body2" sx={{ whiteSpace: 'pre-line' }}>
              {explanation.text}
            </Typography>
          )}
          <PreviewImage media={explanation.image} alt="Gambar pembahasan" maxHeight={140} />
          <PreviewAudio media={explanation.audio} label="Audio pembahasan" />
        </Box>
      )}
    </Box>
  );
}

/** ' Jawaban benar: X.' for choice questions (matching and word search show it in the game). */
function correctAnswerText(g: Gameplay): string {
  if (g.type !== 'multiple_choice' && g.type !== 'jigsaw') return '';
  const right = g.correct_answers[0];
  return right ? ` Jawaban benar: ${right}.` : '';
}

function Summary({
  result,
  setting,
  timedOut,
  retakes,
  onRetake,
  onContinue,
}: {
  result: PopupQuizResult;
  setting: Setting;
  timedOut: boolean;
  retakes: number;
  onRetake: () => void;
  onContinue: () => void;
}) {
  const scoreText = result.score === null ? '–' : String(result.score);
  return (
    <Stack spacing={2} role="region" aria-label="Hasil pop up quiz">
      {timedOut && <Alert severity="warning">Waktu pop up quiz habis.</Alert>}
      {setting.show_score === 1 ? (
        <Stack direction="row" spacing={3} sx={{ alignItems: 'center' }}>
          <Box>
            <Typography variant="overline" color="text.secondary">
              Skor
            </Typography>
            <Typography
              variant="h3"
              component="p"
              sx={{ fontWeight: 700 }}
              data-testid="popup-score"
            >
              {scoreText}
            </Typography>
          </Box>
          <Stack spacing={0.75} sx={{ alignItems: 'flex-start' }}>
            <Chip
              color={result.passed ? 'success' : 'error'}
              label={result.passed ? 'Lulus' : 'Tidak Lulus'}
            />
            <Typography variant="body2" color="text.secondary">
              Benar {result.correct} dari {result.total} soal · Poin {result.earned} dari{' '}
              {result.max}
            </Typography>
            <Typography variant="body2" color="text.secondary">
              Nilai Minimal {result.minimum}
            </Typography>
          </Stack>
        </Stack>
      ) : (
        <>
          <Typography variant="h6" component="p">
            Pop up quiz selesai
          </Typography>
          <Alert severity="info">
            Peserta tidak melihat skor (Tampilkan Score: Tidak). Skor pratinjau: {scoreText},{' '}
            {result.passed ? 'lulus' : 'tidak lulus'}.
          </Alert>
        </>
      )}
      <Stack
        direction="row"
        spacing={1.5}
        sx={{ alignItems: 'center', justifyContent: 'flex-end' }}
      >
        <Typography variant="body2" color="text.secondary" sx={{ mr: 'auto' }}>
          {retakes === Number.POSITIVE_INFINITY
            ? 'Kesempatan mengulang: tanpa batas'
            : retakes > 0
              ? `Sisa kesempatan mengulang: ${retakes}`
              : 'Tidak ada kesempatan mengulang'}
        </Typography>
        <Button disabled={retakes <= 0} onClick={onRetake}>
          Ulangi
        </Button>
        <Button variant="contained" onClick={onContinue}>
          Lanjutkan Video
        </Button>
      </Stack>
    </Stack>
  );
}
