import {
  Box,
  Button,
  FormHelperText,
  FormLabel,
  MenuItem,
  Paper,
  Radio,
  Stack,
  TextField,
  Typography,
} from '@mui/material';
import AddIcon from '@mui/icons-material/Add';
import {
  questionTypeLabels,
  questionTypes,
  quizMessages,
  type QuestionType,
} from '@ajar/shared/quiz/quiz.constants';
import { ConfirmDialog } from '@/components/confirm-dialog';
import { DeleteButton } from '@/components/delete-button';
import { MediaRefField } from '@/components/media-picker/media-ref-field';
import { MediaRefPair } from '@/components/media-ref-pair';
import { RichTextEditor } from '@/components/rich-text-editor';
import { emptyOption, type OptionDraft, type QuestionDraft } from '../lib/question-form-model';
import { useConfirmDelete } from './use-confirm-delete';
import { useQuizNotify } from './use-quiz-notify';

export interface QuestionFormProps {
  /** 1-based number shown as 'Nomor N'. */
  number: number;
  value: QuestionDraft;
  onChange(next: QuestionDraft): void;
  /** Asked after the 'Hapus Soal' confirmation; may delete on the server. */
  onDelete(): Promise<void> | void;
  /** Messages by field: question, options, correct_answer, point, audio. */
  errors: Record<string, string>;
  disabled?: boolean;
}

/**
 * One question (spec 02 §2 question form): 'Tipe Soal', the question text, image and audio,
 * options with text, image, point and the correct-answer radio, 'Poin' (multiple choice only)
 * and 'Pembahasan'.
 */
export function QuestionForm({
  number,
  value,
  onChange,
  onDelete,
  errors,
  disabled = false,
}: QuestionFormProps) {
  const notify = useQuizNotify();
  const { ask, dialog } = useConfirmDelete(onDelete, notify.failed);
  const multiple = value.type === 'multiple_choice';
  const set = (patch: Partial<QuestionDraft>) => onChange({ ...value, ...patch });
  const setOption = (index: number, patch: Partial<OptionDraft>) =>
    set({ options: value.options.map((o, i) => (i === index ? { ...o, ...patch } : o)) });
  const removeOption = (index: number) => {
    const correct = value.correctIndex;
    set({
      options: value.options.filter((_, i) => i !== index),
      correctIndex:
        correct === null || correct === index ? null : correct > index ? correct - 1 : correct,
    });
  };
  const optionsError = errors.options ?? errors.correct_answer;

  return (
    <Paper
      variant="outlined"
      component="section"
      aria-label={`Nomor ${number}`}
      sx={{ p: 2, borderColor: Object.keys(errors).length > 0 ? 'error.light' : undefined }}
    >
      <Stack direction="row" sx={{ alignItems: 'center', justifyContent: 'space-between', mb: 2 }}>
        <Typography variant="subtitle1" component="h4" sx={{ fontWeight: 600 }}>
          Nomor {number}
        </Typography>
        <DeleteButton
          label={`Hapus soal nomor ${number}`}
          tooltip={quizMessages.deleteQuestionTitle}
          color="error"
          size="small"
          disabled={disabled}
          onClick={ask}
        />
      </Stack>
      <Stack spacing={2.5}>
        <TextField
          select
          label="Tipe Soal"
          value={value.type}
          disabled={disabled}
          onChange={(event) => set({ type: event.target.value as QuestionType })}
          sx={{ maxWidth: 280 }}
          size="small"
        >
          {questionTypes.map((type) => (
            <MenuItem key={type} value={type}>
              {questionTypeLabels[type]}
            </MenuItem>
          ))}
        </TextField>
        <RichTextEditor
          label="Pertanyaan"
          required
          value={value.text}
          onChange={(text) => set({ text })}
          disabled={disabled}
          error={Boolean(errors.question)}
          helperText={errors.question}
          minHeight={90}
          maxHeight={400}
        />
        <MediaRefPair
          imageLabel="Gambar soal"
          image={value.media}
          onImageChange={(media) => set({ media })}
          audioLabel="Audio soal"
          audio={value.audio}
          onAudioChange={(audio) => set({ audio })}
          audioError={errors.audio}
          disabled={disabled}
          spacing={3}
        />

        <Box role="group" aria-label={`Opsi jawaban nomor ${number}`}>
          <FormLabel required sx={{ display: 'block', mb: 1, fontSize: 14 }}>
            Opsi jawaban
          </FormLabel>
          {multiple && (
            <Typography variant="caption" color="text.secondary" sx={{ display: 'block', mb: 1 }}>
              Pilih tombol bulat di depan opsi untuk menandai jawaban benar.
            </Typography>
          )}
          <Stack spacing={1.5}>
            {value.options.map((option, i) => (
              <Stack
                key={option.key}
                direction={{ xs: 'column', sm: 'row' }}
                spacing={1.5}
                sx={{ alignItems: { sm: 'flex-start' } }}
              >
                <Stack direction="row" spacing={1} sx={{ alignItems: 'flex-start', flex: 1 }}>
                  {multiple && (
                    <Radio
                      checked={value.correctIndex === i}
                      onChange={() => set({ correctIndex: i })}
                      disabled={disabled}
                      slotProps={{ input: { 'aria-label': `Jawaban benar opsi ${i + 1}` } }}
                      sx={{ mt: 0.25 }}
                    />
                  )}
                  <TextField
                    label={`Opsi ${i + 1}`}
                    value={option.text}
                    onChange={(event) => setOption(i, { text: event.target.value })}
                    disabled={disabled}
                    size="small"
                    fullWidth
                    error={Boolean(optionsError) && !option.text.trim() && !option.media}
                  />
                  <TextField
                    label={`Poin opsi ${i + 1}`}
                    value={option.point}
                    onChange={(event) => setOption(i, { point: event.target.value })}
                    disabled={disabled}
                    size="small"
                    slotProps={{ htmlInput: { inputMode: 'decimal' } }}
                    sx={{ width: 120, flexShrink: 0 }}
                  />
                </Stack>
                <Stack direction="row" spacing={1} sx={{ alignItems: 'flex-start' }}>
                  <MediaRefField
                    type="image"
                    label={`Gambar opsi ${i + 1}`}
                    value={option.media}
                    onChange={(media) => setOption(i, { media })}
                    disabled={disabled}
                  />
                  <DeleteButton
                    label={`Hapus opsi ${i + 1}`}
                    tooltip="Hapus opsi"
                    size="small"
                    disabled={disabled}
                    onClick={() => removeOption(i)}
                  />
                </Stack>
              </Stack>
            ))}
          </Stack>
          {errors.options && <FormHelperText error>{errors.options}</FormHelperText>}
          {errors.correct_answer && <FormHelperText error>{errors.correct_answer}</FormHelperText>}
          <Button
            size="small"
            startIcon={<AddIcon />}
            disabled={disabled}
            onClick={() => set({ options: [...value.options, emptyOption()] })}
            sx={{ mt: 1 }}
          >
            Tambah opsi
          </Button>
        </Box>

        {multiple && (
          <TextField
            label="Poin"
            required
            value={value.point}
            onChange={(event) => set({ point: event.target.value })}
            disabled={disabled}
            size="small"
            error={Boolean(errors.point)}
            helperText={errors.point}
            slotProps={{ htmlInput: { inputMode: 'decimal' } }}
            sx={{ maxWidth: 160 }}
          />
        )}

        <RichTextEditor
          label="Pembahasan"
          value={value.explanation}
          onChange={(explanation) => set({ explanation })}
          disabled={disabled}
          minHeight={80}
          maxHeight={400}
        />
        <MediaRefField
          type="image"
          label="Media pembahasan"
          value={value.explanationMedia}
          onChange={(explanationMedia) => set({ explanationMedia })}
          disabled={disabled}
        />
      </Stack>
      <ConfirmDialog
        {...dialog}
        title={quizMessages.deleteQuestionTitle}
        message={`Apakah anda ingin menghapus soal nomor ${number} ?`}
      />
    </Paper>
  );
}
