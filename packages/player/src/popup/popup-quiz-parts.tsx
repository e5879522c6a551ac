import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Chip from '@mui/material/Chip';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { formatScore } from '@ajar/shared/common/format';
import {
  explanationOf,
  type GameplayVerdict,
  type PlayableGameplay,
  type PopupSummary,
} from '../lib/popup-verdict';
import { queuedText, retakeText } from '../lib/player-texts';
import { PlayerAudio, PlayerImage } from '../media/player-media';

/** The feedback after one question: right or wrong (per the settings) and the explanation. */
export function Feedback({
  gameplay,
  verdict,
  timedOut,
  showCorrection,
  showExplanation,
  onNext,
  last,
}: {
  gameplay: PlayableGameplay;
  verdict: GameplayVerdict | undefined;
  timedOut: boolean;
  showCorrection: boolean;
  showExplanation: boolean;
  onNext: () => void;
  last: boolean;
}) {
  const explanation = explanationOf(gameplay, verdict);
  const nextLabel = last ? 'Lihat hasil' : 'Soal berikutnya';
  const correct = verdict?.state === 'scored' && verdict.correct;
  return (
    <Box role="status" aria-label="Hasil soal">
      {verdict?.state === 'queued' ? (
        <Alert
          severity="info"
          sx={{ mb: 1.5 }}
          action={
            <Button color="inherit" onClick={onNext}>
              {nextLabel}
            </Button>
          }
        >
          {queuedText}
        </Alert>
      ) : showCorrection ? (
        <Alert
          severity={correct ? 'success' : 'error'}
          sx={{ mb: 1.5 }}
          action={
            <Button color="inherit" onClick={onNext}>
              {nextLabel}
            </Button>
          }
        >
          {timedOut
            ? 'Waktu habis.'
            : correct && verdict?.state === 'scored'
              ? `Benar! +${verdict.earned} poin`
              : 'Jawaban salah.'}
          {!correct && correctAnswerText(gameplay, verdict)}
        </Alert>
      ) : (
        <Stack direction="row" sx={{ justifyContent: 'flex-end', mb: 1.5 }}>
          <Button variant="contained" onClick={onNext}>
            {nextLabel}
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
          <PlayerImage media={explanation.image} alt="Gambar pembahasan" maxHeight={140} />
          <PlayerAudio media={explanation.audio} label="Audio pembahasan" />
        </Box>
      )}
    </Box>
  );
}

/** ' Jawaban benar: X.' for choice questions (matching and word search show it in the game). */
function correctAnswerText(g: PlayableGameplay, verdict: GameplayVerdict | undefined): string {
  if (g.type !== 'multiple_choice' && g.type !== 'jigsaw') return '';
  const right = verdict?.state === 'scored' ? verdict.correctAnswers?.[0] : undefined;
  return right ? ` Jawaban benar: ${right}.` : '';
}

/** The end of a pop-up quiz: the score (when shown), retake and 'Lanjutkan Video'. */
export function Summary({
  result,
  showScore,
  staff,
  timedOut,
  retakes,
  onRetake,
  onContinue,
}: {
  result: PopupSummary;
  showScore: boolean;
  /** The staff preview: a hidden score is still shown to staff, marked as such. */
  staff: boolean;
  timedOut: boolean;
  retakes: number;
  onRetake: () => void;
  onContinue: () => void;
}) {
  const scoreText = result.score === null ? '–' : formatScore(result.score);
  return (
    <Stack spacing={2} role="region" aria-label="Hasil pop up quiz">
      {timedOut && <Alert severity="warning">Waktu pop up quiz habis.</Alert>}
      {result.queued > 0 && <Alert severity="info">{queuedText}</Alert>}
      {showScore && result.queued === 0 && result.max <= 0 && !staff ? (
        // The member API tells each answer's points, not the questions' maximum.
        <Typography variant="h6" component="p" data-testid="popup-correct">
          Benar {result.correct} dari {result.total} soal · {formatScore(result.earned)} poin
        </Typography>
      ) : showScore && result.queued === 0 ? (
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
              Benar {result.correct} dari {result.total} soal · Poin {formatScore(result.earned)}{' '}
              dari {formatScore(result.max)}
            </Typography>
            <Typography variant="body2" color="text.secondary">
              Nilai Minimal {formatScore(result.minimum)}
            </Typography>
          </Stack>
        </Stack>
      ) : (
        <>
          <Typography variant="h6" component="p">
            Pop up quiz selesai
          </Typography>
          {staff && (
            <Alert severity="info">
              Peserta tidak melihat skor (Tampilkan Score: Tidak). Skor pratinjau: {scoreText},{' '}
              {result.passed ? 'lulus' : 'tidak lulus'}.
            </Alert>
          )}
        </>
      )}
      <Stack
        direction="row"
        spacing={1.5}
        useFlexGap
        sx={{ alignItems: 'center', justifyContent: 'flex-end', flexWrap: 'wrap' }}
      >
        {(staff || retakes > 0) && (
          <>
            <Typography variant="body2" color="text.secondary" sx={{ mr: 'auto' }}>
              {retakeText(retakes)}
            </Typography>
            <Button disabled={retakes <= 0} onClick={onRetake}>
              Ulangi
            </Button>
          </>
        )}
        <Button variant="contained" onClick={onContinue}>
          Lanjutkan Video
        </Button>
      </Stack>
    </Stack>
  );
}
