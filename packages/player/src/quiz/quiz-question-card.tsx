import { formatScore } from '@ajar/shared/common/format';
import Box from '@mui/material/Box';
import Chip from '@mui/material/Chip';
import FormControlLabel from '@mui/material/FormControlLabel';
import Paper from '@mui/material/Paper';
import Radio from '@mui/material/Radio';
import RadioGroup from '@mui/material/RadioGroup';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import CancelRounded from '@mui/icons-material/CancelRounded';
import CheckCircleRounded from '@mui/icons-material/CheckCircleRounded';
import { PlayerAudio, PlayerHtml, PlayerImage } from '../media/player-media';

interface MediaLike {
  url?: string | null;
}

/** A question as it is shown: the staff preview's full question or the member API's served one. */
export interface QuestionView {
  id: string;
  type: string;
  question: { text: string; media: MediaLike | null };
  audio: MediaLike | null;
  options: { text: string; media: MediaLike | null }[];
}

/** A submitted question: right or wrong (null for a survey) and its right options. */
export interface QuestionReview {
  correct: boolean | null;
  answered: boolean;
  correctOptions: readonly number[];
}

interface QuizQuestionCardProps {
  number: number;
  question: QuestionView;
  /** The question's points, shown before answering (a participant is not told them: omit). */
  points?: number;
  chosen: number | undefined;
  onChoose?: (optionIndex: number) => void;
  /** After submitting: the question's result; with `showAnswer` the right answer too. */
  review?: QuestionReview;
  showAnswer?: boolean;
  /** The explanation to show after submitting (the right or the wrong one). */
  explanation?: { text: string; media?: MediaLike | null } | null;
}

/** One question as a participant sees it: text, image, audio and the options to choose from. */
export function QuizQuestionCard({
  number,
  question,
  points,
  chosen,
  onChoose,
  review,
  showAnswer = false,
  explanation,
}: QuizQuestionCardProps) {
  const survey = question.type === 'single_choice_survey';
  const reviewing = review !== undefined;
  const heading = `Nomor ${number}`;
  return (
    <Paper
      variant="outlined"
      component="section"
      aria-label={heading}
      sx={{ p: { xs: 2, sm: 2.5 }, borderRadius: 2 }}
    >
      <Stack direction="row" spacing={1} sx={{ alignItems: 'center', mb: 1.5, flexWrap: 'wrap' }}>
        <Typography variant="subtitle1" component="h4">
          {heading}
        </Typography>
        {survey ? (
          <Chip size="small" label="Survei" variant="outlined" />
        ) : (
          points !== undefined && (
            <Chip size="small" label={`Poin ${formatScore(points)}`} variant="outlined" />
          )
        )}
        {reviewing && !survey && review.correct !== null && (
          <Chip
            size="small"
            color={review.correct ? 'success' : 'error'}
            icon={review.correct ? <CheckCircleRounded /> : <CancelRounded />}
            label={review.correct ? 'Benar' : review.answered ? 'Salah' : 'Tidak dijawab'}
          />
        )}
      </Stack>
      <Stack spacing={1.5}>
        <PlayerHtml html={question.question.text} />
        <PlayerImage media={question.question.media} alt={`Gambar soal nomor ${number}`} />
        <PlayerAudio media={question.audio} label={`Audio soal nomor ${number}`} />
        <RadioGroup
          aria-label={`Jawaban nomor ${number}`}
          value={chosen === undefined ? '' : String(chosen)}
          onChange={(event) => onChoose?.(Number(event.target.value))}
        >
          {question.options.map((option, index) => {
            const isRight = showAnswer && review?.correctOptions.includes(index);
            const isWrongChoice =
              reviewing && showAnswer && chosen === index && !isRight && !survey;
            return (
              <Box
                key={index}
                sx={{
                  border: 1,
                  borderRadius: 1.5,
                  px: 1.5,
                  py: 0.5,
                  mb: 1,
                  borderColor: isRight ? 'success.main' : isWrongChoice ? 'error.main' : 'divider',
                  bgcolor: isRight
                    ? 'rgba(46, 125, 50, 0.06)'
                    : isWrongChoice
                      ? 'rgba(211, 47, 47, 0.05)'
                      : chosen === index
                        ? 'rgba(13, 71, 161, 0.05)'
                        : 'transparent',
                }}
              >
                <FormControlLabel
                  value={String(index)}
                  disabled={reviewing}
                  control={<Radio />}
                  sx={{
                    width: '100%',
                    m: 0,
                    // Reviewed answers stay readable.
                    '& .MuiFormControlLabel-label.Mui-disabled': { color: 'text.primary' },
                    alignItems: 'flex-start',
                    '& .MuiRadio-root': { mt: -0.5 },
                  }}
                  label={
                    <Stack spacing={0.75} sx={{ py: 0.5 }}>
                      <span>{option.text || `Opsi ${index + 1}`}</span>
                      <PlayerImage
                        media={option.media}
                        alt={`Gambar opsi ${index + 1} nomor ${number}`}
                        maxHeight={140}
                      />
                      {isRight && (
                        <Typography variant="caption" color="success.main" sx={{ fontWeight: 600 }}>
                          Jawaban benar
                        </Typography>
                      )}
                      {isWrongChoice && (
                        <Typography variant="caption" color="error.main" sx={{ fontWeight: 600 }}>
                          Jawaban Anda
                        </Typography>
                      )}
                    </Stack>
                  }
                />
              </Box>
            );
          })}
        </RadioGroup>
        {reviewing &&
          !survey &&
          explanation &&
          (explanation.text.trim() || explanation.media?.url) && (
            <Box
              component="aside"
              aria-label={`Pembahasan nomor ${number}`}
              sx={{ borderLeft: 3, borderColor: 'primary.main', pl: 1.5, py: 0.5 }}
            >
              <Typography variant="subtitle2" sx={{ mb: 0.5 }}>
                Pembahasan
              </Typography>
              <PlayerHtml html={explanation.text} />
              <PlayerImage media={explanation.media} alt={`Gambar pembahasan nomor ${number}`} />
            </Box>
          )}
      </Stack>
    </Paper>
  );
}
