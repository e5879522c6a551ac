import { useMemo, useState } from 'react';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Card from '@mui/material/Card';
import CardContent from '@mui/material/CardContent';
import Divider from '@mui/material/Divider';
import FormControlLabel from '@mui/material/FormControlLabel';
import Radio from '@mui/material/Radio';
import RadioGroup from '@mui/material/RadioGroup';
import Skeleton from '@mui/material/Skeleton';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import type { Activity } from '@ajar/shared/activities/activities.schemas';
import { quizMessages } from '@ajar/shared/quiz/quiz.constants';
import type { Group, Question } from '@ajar/shared/quiz/quiz.schemas';
import {
  activityMinimum,
  retakesLeft,
  scorePacket,
  scoreQuestion,
  type QuizAnswers,
} from '@ajar/shared/quiz/quiz.scoring';
import { shuffled } from '@ajar/player/lib/shuffle';
import { QuizQuestionCard } from '@ajar/player/quiz/quiz-question-card';
import { formatScore } from '@ajar/shared/common/format';
import { QuizResultCard } from '@ajar/player/quiz/quiz-result-card';
import {
  QuizSectionsPlayer,
  questionNumber,
  type QuizSection,
} from '@ajar/player/quiz/quiz-sections-player';
import { QuizSettingsSummary } from '@ajar/player/quiz/quiz-settings-summary';
import { errorMessage } from '../../../api/http';
import { useGroups, usePackets } from '../api/get-packets';
import type { PreviewRef } from '../api/get-preview-activity';

type Phase = 'intro' | 'playing' | 'result';

/** Sections that hold questions, in packet order; with 'Acak Soal' the questions are shuffled. */
function playableSections(groups: readonly Group[], random: boolean, seed: string): Group[] {
  return groups
    .filter((g) => g.list_question.length > 0)
    .map((g) =>
      random ? { ...g, list_question: shuffled(g.list_question, `${seed}-${g.group_id}`) } : g,
    );
}

/**
 * A quiz-type activity played as a participant: pick a packet, answer it section by section
 * (timer, skip and random order per the activity settings), submit, see the score against the
 * points, each section's 'Minimal Score' and the activity's 'Nilai Minimal', with answers and
 * explanations when 'Tampilkan Jawaban' is on, and 'Ulangi' as often as 'Kesempatan mengulang'
 * allows. Scored here from the answer key (staff may see it); nothing is sent to the server.
 */
export function QuizPreview({
  activity,
  previewRef,
}: {
  activity: Activity;
  previewRef: PreviewRef;
}) {
  const settings = activity.settings;
  const packets = usePackets(previewRef);
  const [packetId, setPacketId] = useState<string | null>(null);
  const chosenPacket = packetId ?? packets.data?.[0]?.id ?? null;
  const groups = useGroups(previewRef, chosenPacket);

  const [phase, setPhase] = useState<Phase>('intro');
  const [attempt, setAttempt] = useState(0);
  const [answers, setAnswers] = useState<QuizAnswers>({});
  const [timedOut, setTimedOut] = useState(false);

  const random = settings.is_random_question === 1;
  const groupList = useMemo(
    () => playableSections(groups.data ?? [], random, `${chosenPacket}-${attempt}`),
    [groups.data, random, chosenPacket, attempt],
  );
  const sections: QuizSection<Question>[] = useMemo(
    () =>
      groupList.map((g) => ({
        key: g.group_id,
        name: g.section?.name ?? null,
        questions: g.list_question,
      })),
    [groupList],
  );
  const totalQuestions = sections.reduce((n, s) => n + s.questions.length, 0);
  const minimum = activityMinimum(settings.set_minimum_value);
  const result = useMemo(
    () => (phase === 'result' ? scorePacket(groupList, answers, minimum) : null),
    [phase, groupList, answers, minimum],
  );

  const start = () => {
    setAttempt((n) => n + 1);
    setAnswers({});
    setTimedOut(false);
    setPhase('playing');
  };

  if (packets.isPending) return <Skeleton variant="rounded" height={220} />;
  if (packets.error) return <Alert severity="error">{errorMessage(packets.error)}</Alert>;

  const packetIndex = (packets.data ?? []).findIndex((p) => p.id === chosenPacket);
  const packetName = `Paket Soal ${packetIndex + 1}`;

  if (phase === 'intro') {
    return (
      <Card>
        <CardContent sx={{ p: { xs: 2.5, sm: 3 } }}>
          <Typography variant="h6" component="h3" sx={{ mb: 1 }}>
            Mulai kuis
          </Typography>
          <QuizSettingsSummary settings={settings} />
          <Divider sx={{ my: 2.5 }} />
          {packets.data.length === 0 ? (
            <Alert severity="info">{quizMessages.noPackets}</Alert>
          ) : (
            <>
              <Typography variant="subtitle2" id="preview-packet-label" sx={{ mb: 1 }}>
                Pilih paket soal
              </Typography>
              <RadioGroup
                aria-labelledby="preview-packet-label"
                value={chosenPacket ?? ''}
                onChange={(event) => setPacketId(event.target.value)}
              >
                {packets.data.map((packet, index) => (
                  <FormControlLabel
                    key={packet.id}
                    value={packet.id}
                    control={<Radio />}
                    label={`Paket Soal ${index + 1} (${packet.total_question} soal)`}
                  />
                ))}
              </RadioGroup>
              {groups.error && (
                <Alert severity="error" sx={{ mt: 2 }}>
                  {errorMessage(groups.error)}
                </Alert>
              )}
              {groups.isSuccess && totalQuestions === 0 && (
                <Alert severity="info" sx={{ mt: 2 }}>
                  {quizMessages.noSections}
                </Alert>
              )}
              <Box sx={{ mt: 2 }}>
                <Button
                  variant="contained"
                  onClick={start}
                  disabled={!groups.isSuccess || totalQuestions === 0}
                >
                  Mulai
                </Button>
              </Box>
            </>
          )}
        </CardContent>
      </Card>
    );
  }

  if (phase === 'result' && result) {
    const left = retakesLeft(settings.opportunity_repeat_test, attempt);
    return (
      <Stack spacing={2.5}>
        <QuizResultCard
          title={`Hasil ${packetName}`}
          score={result.score}
          detail={`Poin ${formatScore(result.earned)} dari ${formatScore(result.max)}`}
          passed={result.passed}
          minimum={result.minimum}
          answered={`Terjawab ${result.answered} dari ${result.total} soal`}
          timedOut={timedOut}
          notice={
            settings.is_show_score !== 1 && (
              <Alert severity="info" sx={{ mb: 2 }}>
                Peserta tidak melihat skor ini (Tampilkan Score: Tidak).
              </Alert>
            )
          }
          sections={result.sections.map((s, i) => ({
            key: sections[i]?.key ?? String(i),
            name: s.name,
            points: `${formatScore(s.earned)} / ${formatScore(s.max)}`,
            score: s.score,
            minScore: s.minScore,
            passed: s.passed,
          }))}
          retakes={left}
          actions={
            <>
              <Button
                onClick={() => {
                  setAttempt(0);
                  setPhase('intro');
                }}
              >
                Pilih paket lain
              </Button>
              <Button variant="contained" disabled={left <= 0} onClick={start}>
                Ulangi
              </Button>
            </>
          }
        />
        {settings.is_show_answer === 1 ? (
          <Stack spacing={2} component="section" aria-label="Pembahasan jawaban">
            <Typography variant="h6" component="h3">
              Jawaban dan pembahasan
            </Typography>
            {sections.map((section, s) => (
              <Stack key={section.key} spacing={1.5}>
                <Typography variant="subtitle1" component="h4">
                  {section.name ?? `Section ${s + 1}`}
                </Typography>
                {section.questions.map((question, q) => {
                  const review = result.sections[s]?.questions[q];
                  return (
                    <QuizQuestionCard
                      key={question.id}
                      number={questionNumber(sections, s, q)}
                      question={question}
                      points={review?.max}
                      chosen={answers[question.id]}
                      review={review}
                      explanation={
                        review?.correct ? question.explanation.correct : question.explanation.wrong
                      }
                      showAnswer
                    />
                  );
                })}
              </Stack>
            ))}
          </Stack>
        ) : (
          <Alert severity="info">
            Jawaban dan pembahasan tidak ditampilkan kepada peserta (Tampilkan Jawaban: Tidak).
          </Alert>
        )}
      </Stack>
    );
  }

  return (
    <QuizSectionsPlayer
      key={`${chosenPacket}-${attempt}`}
      sections={sections}
      title={packetName}
      limitSeconds={settings.timer > 0 ? settings.timer * 60 : null}
      showTimer={settings.is_show_timer === 1}
      canSkip={settings.is_skip === 1}
      pointsOf={(question) => scoreQuestion(question, undefined).max}
      onSubmit={(submitted, byTimeout) => {
        setAnswers(submitted);
        setTimedOut(byTimeout);
        setPhase('result');
      }}
    />
  );
}
