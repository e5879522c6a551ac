import { useEffect, useRef, useState } from 'react';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Card from '@mui/material/Card';
import CardContent from '@mui/material/CardContent';
import LinearProgress from '@mui/material/LinearProgress';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import type { QuizAnswers } from '@ajar/shared/quiz/quiz.scoring';
import { useTimer } from '../lib/use-timer';
import { QuizQuestionCard, type QuestionView } from './quiz-question-card';
import { TimerChip } from './timer-chip';

/** A section of a packet as it is played: its name and its questions in the order shown. */
export interface QuizSection<Q extends QuestionView = QuestionView> {
  key: string;
  name: string | null;
  questions: readonly Q[];
}

export interface QuizSectionsPlayerProps<Q extends QuestionView> {
  sections: readonly QuizSection<Q>[];
  /** Above the section name, e.g. 'Paket Soal 1'. */
  title: string;
  /** Seconds to answer; null without a limit. At 0 the answers are submitted. */
  limitSeconds: number | null;
  showTimer: boolean;
  /** 'Skip': move on without answering every question of a section. */
  canSkip: boolean;
  /** A question's points to show, or undefined to show none. */
  pointsOf?: (question: Q) => number | undefined;
  /** True while the answers are being sent: the buttons wait. */
  submitting?: boolean;
  /** Answers given before (a resumed attempt); read when the player mounts. */
  initialAnswers?: QuizAnswers;
  /** The section on screen when it mounts (a resumed attempt). */
  initialSection?: number;
  /** Each answer as it is given, to keep it at once. */
  onAnswer?: (questionId: string, option: number) => void;
  /** The section on screen changed. */
  onSectionChange?: (index: number) => void;
  onSubmit: (answers: QuizAnswers, timedOut: boolean) => void;
}

/** Questions are numbered through the packet: 'Nomor 1' … 'Nomor n'. */
export function questionNumber(
  sections: readonly QuizSection[],
  sectionIndex: number,
  questionIndex: number,
) {
  return (
    sections.slice(0, sectionIndex).reduce((n, s) => n + s.questions.length, 0) + questionIndex + 1
  );
}

/**
 * A packet answered section by section: the timer (shown when the settings say), the answered
 * count, 'Sebelumnya' / 'Selanjutnya', and 'Kirim Jawaban' on the last section. Without 'Skip'
 * every question of a section must be answered to move on.
 */
export function QuizSectionsPlayer<Q extends QuestionView>({
  sections,
  title,
  limitSeconds,
  showTimer,
  canSkip,
  pointsOf,
  submitting = false,
  initialAnswers,
  initialSection = 0,
  onAnswer,
  onSectionChange,
  onSubmit,
}: QuizSectionsPlayerProps<Q>) {
  const [sectionIndex, setSection] = useState(() =>
    Math.min(Math.max(0, initialSection), Math.max(0, sections.length - 1)),
  );
  const [answers, setAnswers] = useState<QuizAnswers>(() => ({ ...initialAnswers }));
  const setSectionIndex = (next: (i: number) => number) => {
    const index = next(sectionIndex);
    setSection(index);
    onSectionChange?.(index);
  };
  const latest = useRef({ answers, onSubmit });
  useEffect(() => {
    latest.current = { answers, onSubmit };
  });
  const timer = useTimer({
    limitSeconds,
    running: !submitting,
    resetKey: 0,
    onExpire: () => latest.current.onSubmit(latest.current.answers, true),
  });

  const section = sections[sectionIndex];
  if (!section) return null;
  const all = sections.flatMap((s) => s.questions);
  const total = all.length;
  const answeredCount = all.filter((q) => answers[q.id] !== undefined).length;
  const last = sectionIndex === sections.length - 1;
  const sectionAnswered = section.questions.every((q) => answers[q.id] !== undefined);
  const canMoveOn = canSkip || sectionAnswered;

  return (
    <Card>
      <CardContent sx={{ p: { xs: 2, sm: 3 } }}>
        <Stack
          direction={{ xs: 'column', sm: 'row' }}
          spacing={1.5}
          sx={{ justifyContent: 'space-between', alignItems: { sm: 'center' }, mb: 1 }}
        >
          <Box>
            <Typography variant="overline" color="text.secondary">
              {title} · Bagian {sectionIndex + 1} dari {sections.length}
            </Typography>
            <Typography variant="h6" component="h3">
              {section.name ?? `Bagian ${sectionIndex + 1}`}
            </Typography>
          </Box>
          {showTimer && <TimerChip remaining={timer.remaining} elapsed={timer.elapsed} />}
        </Stack>
        <LinearProgress
          variant="determinate"
          value={total ? (answeredCount / total) * 100 : 0}
          aria-label="Soal terjawab"
          sx={{ mb: 0.5, borderRadius: 1 }}
        />
        <Typography variant="caption" color="text.secondary">
          {answeredCount} dari {total} soal terjawab
        </Typography>
        <Stack spacing={2} sx={{ mt: 2 }}>
          {section.questions.map((question, q) => (
            <QuizQuestionCard
              key={question.id}
              number={questionNumber(sections, sectionIndex, q)}
              question={question}
              points={pointsOf?.(question)}
              chosen={answers[question.id]}
              onChoose={(option) => {
                setAnswers((current) => ({ ...current, [question.id]: option }));
                onAnswer?.(question.id, option);
              }}
            />
          ))}
        </Stack>
        {!canMoveOn && (
          <Typography variant="body2" color="text.secondary" sx={{ mt: 2 }}>
            Jawab semua soal di section ini untuk melanjutkan.
          </Typography>
        )}
        <Stack direction="row" spacing={1.5} sx={{ justifyContent: 'flex-end', mt: 2.5 }}>
          <Button disabled={sectionIndex === 0} onClick={() => setSectionIndex((i) => i - 1)}>
            Sebelumnya
          </Button>
          {last ? (
            <Button
              variant="contained"
              disabled={!canMoveOn || submitting}
              onClick={() => onSubmit(answers, false)}
            >
              Kirim Jawaban
            </Button>
          ) : (
            <Button
              variant="contained"
              disabled={!canMoveOn}
              onClick={() => setSectionIndex((i) => i + 1)}
            >
              Selanjutnya
            </Button>
          )}
        </Stack>
      </CardContent>
    </Card>
  );
}
