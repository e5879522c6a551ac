import { Stack, TextField } from '@mui/material';
import type { QuestionForm } from '../lib/popup-quiz-model';

type NumberName = 'point' | 'time' | 'duration';

export interface PointTimerFieldsProps {
  question: QuestionForm;
  onChange(patch: Partial<Pick<QuestionForm, NumberName>>): void;
  /** 'Poin harus angka', 'Timer harus angka', … by field (the model's `fieldErrors`). */
  errors: Partial<Record<NumberName, string>>;
  disabled: boolean;
}

interface NumberFieldSpec {
  name: NumberName;
  label: string;
  /** Shown under the field while it has no error. */
  hint: string;
  inputMode: 'decimal' | 'numeric';
}

const point: NumberFieldSpec = {
  name: 'point',
  label: 'Poin',
  hint: 'Angka, boleh desimal dengan koma',
  inputMode: 'decimal',
};
const duration: NumberFieldSpec = {
  name: 'duration',
  label: 'Durasi (detik)',
  hint: 'Kosongkan bila tanpa batas waktu',
  inputMode: 'numeric',
};
const timer: NumberFieldSpec = {
  name: 'time',
  label: 'Timer (detik)',
  hint: 'Kosongkan bila tanpa timer',
  inputMode: 'numeric',
};

/**
 * A pop-up question's 'Poin' and its time limit: 'Durasi (detik)' for a word search (the whole
 * game), 'Timer (detik)' for the other types, with their field messages.
 */
export function PointTimerFields({ question, onChange, errors, disabled }: PointTimerFieldsProps) {
  const specs = [point, question.type === 'finding_word' ? duration : timer];
  return (
    <Stack direction={{ xs: 'column', sm: 'row' }} spacing={2}>
      {specs.map(({ name, label, hint, inputMode }) => (
        <TextField
          key={name}
          label={label}
          value={question[name]}
          onChange={(e) => onChange({ [name]: e.target.value })}
          error={Boolean(errors[name])}
          helperText={errors[name] ?? hint}
          disabled={disabled}
          slotProps={{ htmlInput: { inputMode } }}
          sx={{ maxWidth: 220 }}
        />
      ))}
    </Stack>
  );
}
