import { useState } from 'react';
import {
  Alert,
  AlertTitle,
  Box,
  Button,
  Card,
  CardContent,
  CircularProgress,
  FormHelperText,
  Stack,
  TextField,
  Typography,
} from '@mui/material';
import AddIcon from '@mui/icons-material/Add';
import { quizMessages } from '@ajar/shared/quiz/quiz.constants';
import type { Group } from '@ajar/shared/quiz/quiz.schemas';
import { ApiError, errorMessage } from '@/api/http';
import { ConfirmDialog } from '@/components/confirm-dialog';
import { DeleteButton } from '@/components/delete-button';
import { useTimedValue } from '@/hooks/use-timed-value';
import { useDeleteQuestion } from '../api/delete-question';
import type { QuizActivityPath } from '../api/quiz-keys';
import { useSaveSection } from '../api/save-section';
import {
  draftToBody,
  emptyQuestion,
  groupToDraft,
  questionErrorsAt,
  serverErrorsToSection,
  validateSection,
  type SectionDraft,
  type SectionErrors,
  withoutQuestion,
} from '../lib/question-form-model';
import { QuestionForm } from './question-form';
import { useConfirmDelete } from './use-confirm-delete';
import { useQuizNotify } from './use-quiz-notify';

export interface SectionCardProps {
  path: QuizActivityPath;
  packetId: string;
  /** 1-based number shown as 'Section N'. */
  number: number;
  value: SectionDraft;
  onChange(next: SectionDraft): void;
  /** After 'Hapus Section Soal' is confirmed (the server delete, if any, is done by the parent). */
  onDelete(): Promise<void>;
}

/**
 * A section of a packet: 'Nama', 'Minimal Score', its numbered questions, 'Tambah Soal' and
 * 'Simpan section', which saves section, questions and group in one server call.
 */
export function SectionCard({
  path,
  packetId,
  number,
  value,
  onChange,
  onDelete,
}: SectionCardProps) {
  const notify = useQuizNotify();
  const save = useSaveSection(path, packetId);
  const removeQuestion = useDeleteQuestion(path.activityId);
  // Validation messages stay 3 s beside their fields (spec 02 §4).
  const [errors, showErrors] = useTimedValue<SectionErrors>({});
  const [failure, setFailure] = useState<string[] | null>(null);
  const { ask, deleting, dialog } = useConfirmDelete(onDelete, notify.failed);

  const busy = save.isPending || deleting;

  const onSave = () => {
    setFailure(null);
    const local = validateSection(value);
    if (Object.keys(local).length > 0) {
      showErrors(local);
      notify.error(quizMessages.generic);
      return;
    }
    save.mutate(draftToBody(value), {
      onSuccess: (group: Group) => {
        showErrors({});
        onChange(groupToDraft(group));
        notify.success(quizMessages.groupSaved);
      },
      onError: (error) => {
        const reason = errorMessage(error);
        const other: string[] = [];
        if (error instanceof ApiError && error.validation) {
          const mapped = serverErrorsToSection(error.validation);
          showErrors(mapped.fields);
          other.push(...mapped.other);
          notify.error(quizMessages.generic);
        }
        setFailure([reason, ...other]);
        notify.error(`${quizMessages.sectionSaveFailed}: ${reason}`);
      },
    });
  };

  const setQuestion = (index: number, next: SectionDraft['questions'][number]) =>
    onChange({ ...value, questions: value.questions.map((q, i) => (i === index ? next : q)) });

  const deleteQuestionAt = async (index: number) => {
    const question = value.questions[index];
    if (!question) return;
    if (question.id) {
      try {
        await removeQuestion.mutateAsync(question.id);
      } catch (error) {
        notify.failed(error);
        return;
      }
    }
    showErrors({});
    onChange(withoutQuestion(value, index));
  };

  return (
    <Card
      variant="outlined"
      component="section"
      aria-label={`Section ${number}`}
      sx={{ bgcolor: 'grey.50' }}
    >
      <CardContent sx={{ p: { xs: 2, sm: 2.5 } }}>
        <Stack
          direction="row"
          sx={{ alignItems: 'center', justifyContent: 'space-between', mb: 2 }}
        >
          <Typography variant="h6" component="h3" sx={{ fontSize: 17 }}>
            Section {number}
            {value.name && (
              <Typography component="span" color="text.secondary" sx={{ ml: 1 }}>
                · {value.name}
              </Typography>
            )}
          </Typography>
          <DeleteButton
            label={`Hapus section ${number}`}
            tooltip={quizMessages.deleteSectionTitle}
            color="error"
            disabled={busy}
            onClick={ask}
          />
        </Stack>

        {failure && (
          <Alert severity="error" sx={{ mb: 2 }} onClose={() => setFailure(null)}>
            <AlertTitle>{quizMessages.sectionSaveFailed}</AlertTitle>
            {failure.map((message) => (
              <div key={message}>{message}</div>
            ))}
          </Alert>
        )}

        <Stack direction={{ xs: 'column', sm: 'row' }} spacing={2} sx={{ mb: 2.5 }}>
          <TextField
            label="Nama"
            required
            value={value.name}
            onChange={(event) => onChange({ ...value, name: event.target.value })}
            error={Boolean(errors.name)}
            helperText={errors.name}
            disabled={busy}
            size="small"
            sx={{ flex: 2, bgcolor: 'background.paper' }}
          />
          <TextField
            label="Minimal Score"
            required
            type="number"
            value={value.minScore}
            onChange={(event) => onChange({ ...value, minScore: event.target.value })}
            error={Boolean(errors.min_score)}
            helperText={errors.min_score}
            disabled={busy}
            size="small"
            slotProps={{ htmlInput: { min: 0, step: 1 } }}
            sx={{ flex: 1, bgcolor: 'background.paper' }}
          />
        </Stack>

        <Stack spacing={2}>
          {value.questions.map((question, i) => (
            <QuestionForm
              key={question.key}
              number={i + 1}
              value={question}
              onChange={(next) => setQuestion(i, next)}
              onDelete={() => deleteQuestionAt(i)}
              errors={questionErrorsAt(errors, i)}
              disabled={busy}
            />
          ))}
        </Stack>
        {errors.questions && (
          <FormHelperText error sx={{ mt: 1 }}>
            {errors.questions}
          </FormHelperText>
        )}

        <Stack
          direction="row"
          spacing={1.5}
          sx={{ mt: 2.5, justifyContent: 'space-between', alignItems: 'center' }}
        >
          <Button
            variant="outlined"
            startIcon={<AddIcon />}
            disabled={busy}
            onClick={() => onChange({ ...value, questions: [...value.questions, emptyQuestion()] })}
          >
            Tambah Soal
          </Button>
          <Box>
            <Button
              variant="contained"
              disabled={busy}
              onClick={onSave}
              startIcon={
                save.isPending ? <CircularProgress size={16} color="inherit" /> : undefined
              }
            >
              Simpan section
            </Button>
          </Box>
        </Stack>
      </CardContent>
      <ConfirmDialog
        {...dialog}
        title={quizMessages.deleteSectionTitle}
        message="Apakah anda ingin menghapus section ini beserta soalnya ?"
      />
    </Card>
  );
}
