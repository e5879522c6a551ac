import { useState } from 'react';
import { Alert, Box, Button, Stack, TextField } from '@mui/material';
import {
  discussionContentMax,
  discussionErrorMs,
  discussionMessages,
} from '@ajar/shared/discussions/discussions.constants';
import { useTimedValue } from '@/hooks/use-timed-value';
import { failureLines } from '../lib/failure-lines';

export interface MessageFormProps {
  /** Field label: the top-level box or a reply box. */
  label: string;
  submitLabel: string;
  autoFocus?: boolean;
  busy: boolean;
  /** Resolves when the message is stored; a rejection shows its message in red for 4 s. */
  onSubmit: (content: string) => Promise<unknown>;
  onCancel?: () => void;
}

/**
 * A message box with its send button: empty or whitespace-only text answers 'Pesan tidak boleh
 * kosong' without a call (spec 01 §5); failures stay in red for 4 s (spec 01 §8, §9). A counter
 * shows the length against the 2,000-character limit; past it the box says the limit and sends
 * nothing (the text is kept, not cut).
 */
export function MessageForm({
  label,
  submitLabel,
  autoFocus,
  busy,
  onSubmit,
  onCancel,
}: MessageFormProps) {
  const [text, setText] = useState('');
  const [errors, showErrors] = useTimedValue<string[]>([], discussionErrorMs);

  // The server counts the trimmed text; so does the counter.
  const length = text.trim().length;
  const tooLong = length > discussionContentMax;

  const submit = async () => {
    const content = text.trim();
    if (!content) {
      showErrors([discussionMessages.contentRequired]);
      return;
    }
    if (tooLong) return;
    try {
      await onSubmit(content);
      setText('');
      showErrors([]);
    } catch (error) {
      showErrors(failureLines(error));
    }
  };

  return (
    <Box
      component="form"
      noValidate
      onSubmit={(event) => {
        event.preventDefault();
        void submit();
      }}
    >
      <Stack spacing={1}>
        <TextField
          label={label}
          value={text}
          onChange={(event) => {
            setText(event.target.value);
            // 'Pesan tidak boleh kosong' is about the empty box: it goes once something is typed.
            if (event.target.value.trim() && errors.includes(discussionMessages.contentRequired)) {
              showErrors(errors.filter((e) => e !== discussionMessages.contentRequired));
            }
          }}
          multiline
          minRows={2}
          fullWidth
          autoFocus={autoFocus}
          error={errors.length > 0 || tooLong}
          helperText={
            tooLong
              ? `${discussionMessages.contentTooLong} (${length}/${discussionContentMax})`
              : `${length}/${discussionContentMax}`
          }
          slotProps={{ formHelperText: { sx: { textAlign: tooLong ? 'left' : 'right' } } }}
        />
        {errors.length > 0 && (
          <Alert severity="error" role="alert" sx={{ whiteSpace: 'pre-line' }}>
            {errors.join('\n')}
          </Alert>
        )}
        <Stack direction="row" spacing={1} sx={{ justifyContent: 'flex-end' }}>
          {onCancel && (
            <Button onClick={onCancel} disabled={busy}>
              Batal
            </Button>
          )}
          <Button type="submit" variant="contained" disabled={busy}>
            {submitLabel}
          </Button>
        </Stack>
      </Stack>
    </Box>
  );
}
