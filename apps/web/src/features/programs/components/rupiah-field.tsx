import { InputAdornment, TextField, type TextFieldProps } from '@mui/material';

const groupFormat = new Intl.NumberFormat('id-ID');

/** Digits as people read rupiah: `1500000` → `1.500.000`. */
export function formatRupiahDigits(digits: string): string {
  if (!digits) return '';
  return groupFormat.format(Number(digits));
}

type RupiahFieldProps = Omit<TextFieldProps, 'value' | 'onChange' | 'type'> & {
  /** Digits only ('' when empty), the form's value. */
  value: string;
  onChange: (digits: string) => void;
};

/**
 * A price input that shows thousands separators while the form keeps plain digits; anything
 * that is not a digit is dropped as it is typed, so the value is always a whole rupiah amount.
 */
export function RupiahField({ value, onChange, slotProps, ...props }: RupiahFieldProps) {
  return (
    <TextField
      {...props}
      value={formatRupiahDigits(value)}
      onChange={(event) => {
        // Leading zeros carry no meaning in an amount; a lone 0 stays.
        const digits = event.target.value.replace(/\D/g, '').replace(/^0+(?=\d)/, '');
        onChange(digits.slice(0, 13));
      }}
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
