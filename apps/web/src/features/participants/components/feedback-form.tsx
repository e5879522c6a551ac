import { useId, useState, type FormEvent } from 'react';
import { Alert, Box, Button, CircularProgress, Stack, TextField } from '@mui/material';
import { useSnackbar } from 'notistack';
import {
  feedbackErrorMs,
  participantFieldLabels as L,
  participantLimits,
  participantMessages,
} from '@ajar/shared/participants/participants.constants';
import { clampScoreInput } from '@ajar/shared/participants/participants.rules';
import { feedbackBodySchema } from '@ajar/shared/participants/participants.schemas';
import { errorMessage } from '@/api/http';
import { useTimedValue } from '@/hooks/use-timed-value';
import { useGiveFeedback } from '../api/give-feedback';

export interface FeedbackFormProps {
  memberRedeemId: string;
  topicId: string;
  activityId: string;
  /** The stored feedback, to start from. */
  initial: { score: number | null; text: string | null } | null;
  onSent: () => void;
}

/**
 * The feedback form of Detail Aktivitas (spec 01 §5, §8): the score takes digits only, clamped to
 * 0..100 while typing; the text up to 250 characters with a counter; a failure shows an inline
 * error for 4 seconds.
 */
export function FeedbackForm({
  memberRedeemId,
  topicId,
  activityId,
  initial,
  onSent,
}: FeedbackFormProps) {
  const { enqueueSnackbar } = useSnackbar();
  const send = useGiveFeedback();
  const id = useId();
  const [score, setScore] = useState(initial?.score == null ? '' : String(initial.score));
  const [text, setText] = useState(initial?.text ?? '');
  const [error, showError] = useTimedValue<string>('', feedbackErrorMs);
  const busy = send.isPending;

  const submit = (event: FormEvent) => {
    event.preventDefault();
    const parsed = feedbackBodySchema.safeParse({
      member_redeem_id: memberRedeemId,
      topic_id: topicId,
      activity_id: activityId,
      score,
      text,
    });
    if (!parsed.success) {
      showError(parsed.error.issues[0]?.message ?? participantMessages.scoreInvalid);
      return;
    }
    send.mutate(
      {
        member_redeem_id: memberRedeemId,
        topic_id: topicId,
        activity_id: activityId,
        score: parsed.data.score,
        text: parsed.data.text,
      },
      {
        onSuccess: () => {
          enqueueSnackbar(participantMessages.feedbackSent, { variant: 'success' });
          onSent();
        },
        onError: (e) => {
          const fields = (e as { validation?: Record<string, string> }).validation;
          showError(fields ? Object.values(fields).join('\n') : errorMessage(e));
        },
      },
    );
  };

  return (
    <Box
      component="form"
      noValidate
      onSubmit={submit}
      aria-label="Form respon"
      sx={{ mt: 1.5, p: 2, borderRadius: 2, bgcolor: 'grey.50', border: 1, borderColor: 'divider' }}
    >
      <Stack spacing={2}>
        {error && (
          <Alert severity="error" sx={{ whiteSpace: 'pre-line' }}>
            {error}
          </Alert>
        )}
        <TextField
          id={`${id}-score`}
          label={L.score}
          size="small"
          value={score}
          required
          disabled={busy}
          onChange={(event) => setScore(clampScoreInput(event.target.value))}
          helperText={`${participantLimits.scoreMin} - ${participantLimits.scoreMax}`}
          slotProps={{ htmlInput: { inputMode: 'numeric', pattern: '[0-9]*', maxLength: 3 } }}
          sx={{ width: 160 }}
        />
        <TextField
          id={`${id}-text`}
          label={L.text}
          value={text}
          multiline
          minRows={3}
          disabled={busy}
          onChange={(event) => setText(event.target.value.slice(0, participantLimits.feedbackText))}
          helperText={`${text.length}/${participantLimits.feedbackText}`}
          slotProps={{
            htmlInput: { maxLength: participantLimits.feedbackText },
            formHelperText: { sx: { textAlign: 'right', mr: 0 } },
          }}
        />
        <Box sx={{ display: 'flex', justifyContent: 'flex-end' }}>
          <Button
            type="submit"
            variant="contained"
            disabled={busy}
            startIcon={busy ? <CircularProgress size={16} color="inherit" /> : undefined}
          >
            Kirim
          </Button>
        </Box>
      </Stack>
    </Box>
  );
}
