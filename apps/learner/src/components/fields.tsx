import { TextField } from './text-field';

// Fields that several forms ask for, written once (labels, keyboards and autofill hints). No
// schema import here: 'Masuk' uses this file and its budget has no room for zod.

export function EmailField({ error }: { error?: string }) {
  return (
    <TextField
      label="Email"
      name="email"
      type="email"
      autoComplete="email"
      inputMode="email"
      error={error}
    />
  );
}

export function PhoneField({ error, defaultValue }: { error?: string; defaultValue?: string }) {
  return (
    <TextField
      label="Nomor Whatsapp"
      name="phone"
      type="tel"
      autoComplete="tel"
      inputMode="numeric"
      hint="Contoh: 081234567890 atau +6281234567890"
      defaultValue={defaultValue}
      error={error}
    />
  );
}
