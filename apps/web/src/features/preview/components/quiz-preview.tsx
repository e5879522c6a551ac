import { useMemo, useState } from 'react';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Card from '@mui/material/Card';
import CardContent from '@mui/material/CardContent';
import Chip from '@mui/material/Chip';
import Divider from '@mui/material/Divider';
import FormControlLabel from '@mui/material/FormControlLabel';
import LinearProgress from '@mui/material/LinearProgress';
import Radio from '@mui/material/Radio';
import RadioGroup from '@mui/material/RadioGroup';
import Skeleton from '@mui/material/Skeleton';
import Stack from '@mui/material/Stack';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import Typography from '@mui/material/Typography';
import { repeatOptions } from '@ajar/shared/activities/activities.constants';
import type { Activity } from '@ajar/shared/activities/activities.schemas';
import { quizMessages } from '@ajar/shared/quiz/quiz.constants';
import type { Group } from '@ajar/shared/quiz/quiz.schemas';
import {
  activityMinimum,
  retakesLeft,
  scorePacket,
  type PacketResult,
  type QuizAnswers,
} from '@ajar/shared/quiz/quiz.scoring';
import { errorMessage } from '../../../api/http';
import { useGroups, usePackets } from '../api/get-packets';
import type { PreviewRef } from '../api/get-preview-activity';
import { shuffled } from '../lib/shuffle';
import { useTimer } from '../lib/use-timer';
import { QuizQuestionCard } from './quiz-question-card';
import { TimerChip } from './timer-chip';

type Phase = 'intro' | 'playing' | 'result';

const yesNo = (flag: number) => (flag === 1 ? 'Ya' : 'Tidak');
const repeatLabel = (value: number) =>
  repeatOptions.find((o) => o.value === value)?.label ?? `${value}x`;

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
 * allows. Nothing is sent to the server.
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
  const [sectionIndex, setSectionIndex] = useState(0);
  const [answers, setAnswers] = useState<QuizAnswers>({});
  const [timedOut, setTimedOut] = useState(false);

  const random = settings.is_random_question === 1;
  const sections = useMemo(
    () => playableSections(groups.data ?? [], random, `${chosenPacket}-${attempt}`),
    [groups.data, random, chosenPacket, attempt],
  );
  const totalQuestions = sections.reduce((n, s) => n + s.list_question.length, 0);
  const limitSeconds = settings.timer > 0 ? settings.timer * 60 : null;
  const showTimer = settings.is_show_timer === 1;
  const canSkip = settings.is_skip === 1;
  const minimum = activityMinimum(settings.set_minimum_value);

  const finish = (byTimeout: boolean) => {
    setTimedOut(byTimeout);
    setPhase('result');
  };
  const timer = useTimer({
    limitSeconds,
    running: phase === 'playing',
    resetKey: `${chosenPacket}-${attempt}`,
    onExpire: () => finish(true),
  });

  const result: PacketResult | null = useMemo(
    () => (phase === 'result' ? scorePacket(sections, answers, minimum) : null),
    [phase, sections, answers, minimum],
  );

  const start = () => {
    setAttempt((n) => n + 1);
    setSectionIndex(0);
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
          <SettingsSummary activity={activity} />
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
        <ResultCard
          result={result}
          packetName={packetName}
          timedOut={timedOut}
          shownToParticipant={settings.is_show_score === 1}
          sections={sections}
          retakes={left}
          onRetake={start}
          onOtherPacket={() => {
            setAttempt(0);
            setPhase('intro');
          }}
        />
        {settings.is_show_answer === 1 ? (
          <Stack spacing={2} component="section" aria-label="Pembahasan jawaban">
            <Typography variant="h6" component="h3">
              Jawaban dan pembahasan
            </Typography>
            {sections.map((section, s) => (
              <Stack key={section.group_id} spacing={1.5}>
                <Typography variant="subtitle1" component="h4">
                  {section.section?.name ?? `Section ${s + 1}`}
                </Typography>
                {section.list_question.map((question, q) => (
                  <QuizQuestionCard
                    key={question.id}
                    number={numberOf(sections, s, q)}
                    question={question}
                    chosen={answers[question.id]}
                    result={result.sections[s]?.questions[q]}
                    showAnswer
                  />
                ))}
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

  const section = sections[sectionIndex];
  if (!section) return null;
  const last = sectionIndex === sections.length - 1;
  const sectionAnswered = section.list_question.every((q) => answers[q.id] !== undefined);
  const answeredCount = sections
    .flatMap((s) => s.list_question)
    .filter((q) => answers[q.id] !== undefined).length;
  const canMoveOn = canSkip || sectionAnswered;

  return (
    <Card>
      <CardContent sx={{ p: { xs: 2.5, sm: 3 } }}>
        <Stack
          direction={{ xs: 'column', sm: 'row' }}
          spacing={1.5}
          sx={{ justifyContent: 'space-between', alignItems: { sm: 'center' }, mb: 1 }}
        >
          <Box>
            <Typography variant="overline" color="text.secondary">
              {packetName} · Section {sectionIndex + 1} dari {sections.length}
            </Typography>
            <Typography variant="h6" component="h3">
              {section.section?.name ?? `Section ${sectionIndex + 1}`}
            </Typography>
          </Box>
          {showTimer && <TimerChip remaining={timer.remaining} elapsed={timer.elapsed} />}
        </Stack>
        <LinearProgress
          variant="determinate"
          value={totalQuestions ? (answeredCount / totalQuestions) * 100 : 0}
          aria-label="Soal terjawab"
          sx={{ mb: 0.5, borderRadius: 1 }}
        />
        <Typography variant="caption" color="text.secondary">
          {answeredCount} dari {totalQuestions} soal terjawab
        </Typography>
        <Stack spacing={2} sx={{ mt: 2 }}>
          {section.list_question.map((question, q) => (
            <QuizQuestionCard
              key={question.id}
              number={numberOf(sections, sectionIndex, q)}
              question={question}
              chosen={answers[question.id]}
              onChoose={(option) =>
                setAnswers((current) => ({ ...current, [question.id]: option }))
              }
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
            <Button variant="contained" disabled={!canMoveOn} onClick={() => finish(false)}>
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

/** Questions are numbered through the packet: 'Nomor 1' … 'Nomor n'. */
function numberOf(sections: readonly Group[], sectionIndex: number, questionIndex: number) {
  return (
    sections.slice(0, sectionIndex).reduce((n, s) => n + s.list_question.length, 0) +
    questionIndex +
    1
  );
}

function SettingsSummary({ activity }: { activity: Activity }) {
  const s = activity.settings;
  const minimum = activityMinimum(s.set_minimum_value);
  const items = [
    ['Timer', s.timer > 0 ? `${s.timer} menit` : 'Tanpa batas waktu'],
    ['Tampilkan Timer', yesNo(s.is_show_timer)],
    ['Skip', yesNo(s.is_skip)],
    ['Acak Soal', yesNo(s.is_random_question)],
    ['Tampilkan Jawaban', yesNo(s.is_show_answer)],
    ['Tampilkan Score', yesNo(s.is_show_score)],
    ['Kesempatan mengulang', repeatLabel(s.opportunity_repeat_test)],
    ['Nilai Minimal', minimum === null ? 'Tidak ada' : String(minimum)],
  ] as const;
  return (
    <Box
      component="dl"
      aria-label="Pengaturan kuis"
      sx={{
        display: 'grid',
        gridTemplateColumns: { xs: '1fr 1fr', md: 'repeat(4, 1fr)' },
        gap: 1.5,
        m: 0,
      }}
    >
      {items.map(([label, value]) => (
        <Box key={label}>
          <Typography component="dt" variant="caption" color="text.secondary">
            {label}
          </Typography>
          <Typography component="dd" variant="body2" sx={{ m: 0, fontWeight: 600 }}>
            {value}
          </Typography>
        </Box>
      ))}
    </Box>
  );
}

function ResultCard({
  result,
  packetName,
  timedOut,
  shownToParticipant,
  sections,
  retakes,
  onRetake,
  onOtherPacket,
}: {
  result: PacketResult;
  packetName: string;
  timedOut: boolean;
  shownToParticipant: boolean;
  sections: readonly Group[];
  retakes: number;
  onRetake: () => void;
  onOtherPacket: () => void;
}) {
  const status = result.passed ? 'Lulus' : 'Tidak Lulus';
  return (
    <Card component="section" aria-label="Hasil kuis">
      <CardContent sx={{ p: { xs: 2.5, sm: 3 } }}>
        {timedOut && (
          <Alert severity="warning" sx={{ mb: 2 }}>
            Waktu habis. Jawaban dikirim otomatis.
          </Alert>
        )}
        <Stack
          direction={{ xs: 'column', sm: 'row' }}
          spacing={3}
          sx={{ alignItems: { sm: 'center' }, mb: 2 }}
        >
          <Box>
            <Typography variant="overline" color="text.secondary">
              Hasil {packetName}
            </Typography>
            <Typography variant="h3" component="p" sx={{ fontWeight: 700 }} aria-label="Skor">
              {result.score === null ? '–' : formatNumber(result.score)}
            </Typography>
            <Typography variant="body2" color="text.secondary">
              Skor (0–100) · Poin {formatNumber(result.earned)} dari {formatNumber(result.max)}
            </Typography>
          </Box>
          <Stack spacing={1} sx={{ alignItems: 'flex-start' }}>
            <Chip color={result.passed ? 'success' : 'error'} label={status} />
            <Typography variant="body2" color="text.secondary">
              Nilai Minimal: {result.minimum === null ? 'tidak diatur' : result.minimum}
            </Typography>
            <Typography variant="body2" color="text.secondary">
              Terjawab {result.answered} dari {result.total} soal
            </Typography>
          </Stack>
        </Stack>
        {!shownToParticipant && (
          <Alert severity="info" sx={{ mb: 2 }}>
            Peserta tidak melihat skor ini (Tampilkan Score: Tidak).
          </Alert>
        )}
        <Table size="small" aria-label="Skor per section">
          <TableHead>
            <TableRow>
              <TableCell>Section</TableCell>
              <TableCell align="right">Poin</TableCell>
              <TableCell align="right">Skor</TableCell>
              <TableCell align="right">Minimal Score</TableCell>
              <TableCell>Status</TableCell>
            </TableRow>
          </TableHead>
          <TableBody>
            {result.sections.map((section, index) => (
              <TableRow key={sections[index]?.group_id ?? index}>
                <TableCell>{section.name ?? `Section ${index + 1}`}</TableCell>
                <TableCell align="right">
                  {formatNumber(section.earned)} / {formatNumber(section.max)}
                </TableCell>
                <TableCell align="right">
                  {section.score === null ? '–' : formatNumber(section.score)}
                </TableCell>
                <TableCell align="right">{section.minScore}</TableCell>
                <TableCell>
                  <Chip
                    size="small"
                    variant="outlined"
                    color={section.passed ? 'success' : 'error'}
                    label={section.passed ? 'Tercapai' : 'Belum tercapai'}
                  />
                </TableCell>
              </TableRow>
            ))}
          </TableBody>
        </Table>
        <Stack
          direction={{ xs: 'column', sm: 'row' }}
          spacing={1.5}
          sx={{ justifyContent: 'flex-end', alignItems: { sm: 'center' }, mt: 2.5 }}
        >
          <Typography variant="body2" color="text.secondary" sx={{ mr: { sm: 'auto' } }}>
            {retakes === Number.POSITIVE_INFINITY
              ? 'Kesempatan mengulang: tanpa batas'
              : retakes > 0
                ? `Sisa kesempatan mengulang: ${retakes}`
                : 'Tidak ada kesempatan mengulang'}
          </Typography>
          <Button onClick={onOtherPacket}>Pilih paket lain</Button>
          <Button variant="contained" disabled={retakes <= 0} onClick={onRetake}>
            Ulangi
          </Button>
        </Stack>
      </CardContent>
    </Card>
  );
}

function formatNumber(n: number): string {
  return n.toLocaleString('id-ID', { maximumFractionDigits: 2 });
}
