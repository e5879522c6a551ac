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
import type { Question } from '@ajar/shared/quiz/quiz.schemas';
import { scoreQuestion, type QuestionResult } from '@ajar/shared/quiz/quiz.scoring';
import { PreviewAudio, PreviewHtml, PreviewImage } from './preview-media';

interface QuizQuestionCardProps {
  number: number;
  question: Question;
  chosen: number | undefined;
  onChoose?: (optionIndex: number) => void;
  /** After submitting: the question's result; with `showAnswer` the right answer and explanation. */
  result?: QuestionResult;
  showAnswer?: boolean;
}

/** One question as a participant sees it: text, image, audio and the options to choose from. */
export function QuizQuestionCard({
  number,
  question,
  chosen,
  onChoose,
  result,
  showAnswer = false,
}: QuizQuestionCardProps) {
  const survey = question.type === 'single_choice_survey';
  const reviewing = result !== undefined;
  const heading = `Nomor ${number}`;
  const explanation =
    result && showAnswer && !survey
      ? result.correct
        ? question.explanation.correct
        : question.explanation.wrong
      : null;

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
          <Chip
            size="small"
            label={`Poin ${(result ?? scoreQuestion(question, undefined)).max}`}
            variant="outlined"
          />
        )}
        {reviewing && !survey && (
          <Chip
            size="small"
            color={result.correct ? 'success' : 'error'}
            icon={result.correct ? <CheckCircleRounded /> : <CancelRounded />}
            label={result.correct ? 'Benar' : result.answered ? 'Salah' : 'Tidak dijawab'}
          />
        )}
      </Stack>
      <Stack spacing={1.5}>
        <PreviewHtml html={question.question.text} />
        <PreviewImage media={question.question.media} alt={`Gambar soal nomor ${number}`} />
        <PreviewAudio media={question.audio} label={`Audio soal nomor ${number}`} />
        <RadioGroup
          aria-label={`Jawaban nomor ${number}`}
          value={chosen === undefined ? '' : String(chosen)}
          onChange={(event) => onChoose?.(Number(event.target.value))}
        >
          {question.options.map((option, index) => {
            const isRight = showAnswer && result?.correctOptions.includes(index);
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
                      <PreviewImage
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
                          Jawaban anda
                        </Typography>
                      )}
                    </Stack>
                  }
                />
              </Box>
            );
          })}
        </RadioGroup>
        {explanation && (explanation.text.trim() || explanation.media?.url) && (
          <Box
            component="aside"
            aria-label={`Pembahasan nomor ${number}`}
            sx={{ borderLeft: 3, borderColor: 'primary.main', pl: 1.5, py: 0.5 }}
          >
            <Typography variant="subtitle2" sx={{ mb: 0.5 }}>
              Pembahasan
            </Typography>
            <PreviewHtml html={explanation.text} />
            <PreviewImage media={explanation.media} alt={`Gambar pembahasan nomor ${number}`} />
          </Box>
        )}
      </Stack>
    </Paper>
  );
}
