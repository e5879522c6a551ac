import { InputAdornment, TextField, type TextFieldProps } from '@mui/material';
import { messages } from '@ajar/shared/common/messages';

const groupFormat = new Intl.NumberFormat('id-ID');

/** Digits as people read rupiah: `1500000` → `1.500.000`; a leading minus stays (`-5.000`). */
export function formatRupiahDigits(value: string): string {
  const negative = value.startsWith('-');
  const digits = negative ? value.slice(1) : value;
  if (!digits) return negative ? '-' : '';
  return `${negative ? '-' : ''}${groupFormat.format(Number(digits))}`;
}

/**
 * What the form keeps of a typed amount: digits, without separators and leading zeros. A minus
 * typed first is kept, so the form's rule can say the amount must be at least 0 (spec 01 §5)
 * instead of the field silently turning it positive.
 */
export function rupiahInputToValue(typed: string): string {
  const negative = typed.trimStart().startsWith('-');
  // Leading zeros carry no meaning in an amount; a lone 0 stays.
  const digits = typed
    .replace(/\D/g, '')
    .replace(/^0+(?=\d)/, '')
    .slice(0, 13);
  return negative ? `-${digits}` : digits;
}

type RupiahFieldProps = Omit<TextFieldProps, 'value' | 'onChange' | 'type' | 'label'> & {
  label: string;
  /** Digits only ('' when empty), the form's value. */
  value: string;
  onChange: (digits: string) => void;
};

/**
 * A price input that shows thousands separators while the form keeps plain digits; anything
 * else but a leading minus is dropped as it is typed, so the value is a whole rupiah amount.
 * A minus shows the form's minimum message at once (the form checks it again on save).
 */
export function RupiahField({
  value,
  onChange,
  slotProps,
  label,
  error,
  helperText,
  ...props
}: RupiahFieldProps) {
  const negative = value.startsWith('-');
  return (
    <TextField
      {...props}
      label={label}
      error={error || negative}
      helperText={negative && !error ? messages.numberMin(label, 0) : helperText}
      value={formatRupiahDigits(value)}
      onChange={(event) => onChange(rupiahInputToValue(event.target.value))}
      slotProps={{
        ...slotProps,
        input: {
          startAdornment: <InputAdornment position="start">Rp</InputAdornment>,
        },
        htmlInput: { inputMode: 'numeric', autoComplete: 'off' },
      }}
    />
  );
}
