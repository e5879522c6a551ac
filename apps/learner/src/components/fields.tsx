import { passwordRule } from '@ajar/shared/auth/auth.schemas';
import type { FieldErrors } from '../lib/form';
import { TextField } from './text-field';

// Fields that several forms ask for, written once (labels, keyboards and autofill hints).

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
      hint="Diawali 62, contoh 6281234567890"
      defaultValue={defaultValue}
      error={error}
    />
  );
}

/** A new password with its rule, and the same typed again (`password_confirmation`). */
export function NewPasswordFields({ errors, label }: { errors: FieldErrors; label: string }) {
  return (
    <>
      <TextField
        label={label}
        name="password"
        type="password"
        autoComplete="new-password"
        hint={passwordRule.text}
        error={errors.password}
      />
      <TextField
        label={`Ulangi ${label.toLowerCase()}`}
        name="password_confirmation"
        type="password"
        autoComplete="new-password"
        error={errors.password_confirmation}
      />
    </>
  );
}
