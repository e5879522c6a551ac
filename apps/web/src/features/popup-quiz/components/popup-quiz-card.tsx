import {
  Accordion,
  AccordionDetails,
  AccordionSummary,
  Alert,
  Box,
  Button,
  FormControl,
  InputLabel,
  MenuItem,
  Select,
  Stack,
  TextField,
  Typography,
} from '@mui/material';
import Add from '@mui/icons-material/Add';
import ExpandMore from '@mui/icons-material/ExpandMore';
import { useId } from 'react';
import {
  gameplayTypeLabels,
  gameplayTypes,
  type GameplayType,
} from '@ajar/shared/popup-quiz/popup-quiz.constants';
import { DeleteButton } from '@/components/delete-button';
import {
  emptyQuestion,
  formatSecond,
  type QuestionForm,
  type QuizForm,
} from '../lib/popup-quiz-model';
import { GameplayEditor } from './gameplay-editor';
import { VideoScrubber, type ScrubberMarker } from './video-scrubber';

export interface PopupQuizCardProps {
  number: number;
  quiz: QuizForm;
  /** Row keys of the questions the server lacks as shown (never saved, or edited since). */
  unsavedQuestions: ReadonlySet<string>;
  expanded: boolean;
  onExpand(expanded: boolean): void;
  onChange(next: QuizForm): void;
  onSaveQuestion(question: QuestionForm): Promise<void>;
  onDeleteQuestion(question: QuestionForm): void;
  onDelete(): void;
  /** The activity's video, or null when none is uploaded. */
  videoUrl: string | null;
  markers: ScrubberMarker[];
  /** 'Detik N sudah dipakai pop up quiz lain' when another quiz has the same second. */
  secondError?: string;
  onDuration?(seconds: number): void;
  disabled?: boolean;
}

/** One pop-up quiz: type, instruction, its second on the video, and its questions. */
export function PopupQuizCard({
  number,
  quiz,
  unsavedQuestions,
  expanded,
  onExpand,
  onChange,
  onSaveQuestion,
  onDeleteQuestion,
  onDelete,
  videoUrl,
  markers,
  secondError,
  onDuration,
  disabled = false,
}: PopupQuizCardProps) {
  const typeId = useId();
  const saved = quiz.questions.filter((q) => q.id).length;
  const title = `Pop Up Quiz ${number}`;
  const setQuestion = (next: QuestionForm) =>
    onChange({ ...quiz, questions: quiz.questions.map((q) => (q.key === next.key ? next : q)) });

  return (
    <Accordion
      expanded={expanded}
      onChange={(_e, open) => onExpand(open)}
      variant="outlined"
      disableGutters
      slotProps={{ transition: { unmountOnExit: true } }}
      data-testid="popup-quiz"
    >
      <AccordionSummary expandIcon={<ExpandMore />} aria-controls={`${typeId}-content`}>
        <Stack direction="row" spacing={1.5} sx={{ alignItems: 'center', flex: 1, mr: 1 }}>
          <Typography component="h3" variant="subtitle1" sx={{ fontWeight: 600 }}>
            {title}
          </Typography>
          <Typography variant="body2" color="text.secondary">
            {gameplayTypeLabels[quiz.type]} · {formatSecond(quiz.second)} · {quiz.questions.length}{' '}
            soal
          </Typography>
        </Stack>
      </AccordionSummary>
      <AccordionDetails id={`${typeId}-content`}>
        <Stack spacing={2.5}>
          <Stack direction={{ xs: 'column', md: 'row' }} spacing={2}>
            <FormControl sx={{ minWidth: 220 }} disabled={disabled || quiz.questions.length > 0}>
              <InputLabel id={typeId}>Tipe Pop Up Quiz</InputLabel>
              <Select
                labelId={typeId}
                label="Tipe Pop Up Quiz"
                value={quiz.type}
                onChange={(e) => onChange({ ...quiz, type: e.target.value as GameplayType })}
              >
                {gameplayTypes.map((type) => (
                  <MenuItem key={type} value={type}>
                    {gameplayTypeLabels[type]}
                  </MenuItem>
                ))}
              </Select>
            </FormControl>
            <TextField
              label="Instruksi"
              placeholder="Kalimat instruksi untuk peserta"
              value={quiz.instruction}
              onChange={(e) => onChange({ ...quiz, instruction: e.target.value })}
              disabled={disabled}
              fullWidth
            />
            <DeleteButton
              label={`Hapus ${title}`}
              tooltip={`Hapus ${title}`}
              onClick={onDelete}
              disabled={disabled}
            />
          </Stack>

          <Box>
            <Typography variant="subtitle2" sx={{ mb: 1 }}>
              Waktu muncul pada video
            </Typography>
            {videoUrl ? (
              <VideoScrubber
                src={videoUrl}
                value={quiz.second}
                onChange={(second) => onChange({ ...quiz, second })}
                markers={markers}
                label={`Detik muncul ${title}`}
                onDuration={onDuration}
                disabled={disabled}
              />
            ) : (
              <Stack spacing={1}>
                <Alert severity="info">
                  Unggah video di tab Konten untuk memilih detik langsung pada video.
                </Alert>
                <TextField
                  label="Detik muncul"
                  value={String(quiz.second)}
                  onChange={(e) =>
                    onChange({ ...quiz, second: Number(e.target.value.replace(/\D/g, '') || 0) })
                  }
                  helperText={formatSecond(quiz.second)}
                  sx={{ maxWidth: 200 }}
                  disabled={disabled}
                />
              </Stack>
            )}
            {secondError && (
              <Alert severity="error" sx={{ mt: 1 }}>
                {secondError}
              </Alert>
            )}
          </Box>

          {quiz.instruction.trim() && (
            <Typography variant="body2" color="text.secondary" sx={{ fontStyle: 'italic' }}>
              {quiz.instruction}
            </Typography>
          )}
          {quiz.questions.map((question, i) => (
            <GameplayEditor
              key={question.key}
              number={i + 1}
              question={question}
              saved={!unsavedQuestions.has(question.key)}
              onChange={setQuestion}
              onSave={onSaveQuestion}
              onDelete={() => onDeleteQuestion(question)}
              disabled={disabled}
            />
          ))}
          <Box>
            <Button
              variant="outlined"
              startIcon={<Add />}
              // Spec 02 §4: disabled while the number of questions differs from the saved ones.
              disabled={disabled || quiz.questions.length !== saved}
              onClick={() =>
                onChange({ ...quiz, questions: [...quiz.questions, emptyQuestion(quiz.type)] })
              }
            >
              Tambah Soal
            </Button>
          </Box>
        </Stack>
      </AccordionDetails>
    </Accordion>
  );
}
