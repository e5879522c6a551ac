import { passwordRule } from '@ajar/shared/auth/auth.schemas';
import type { FieldErrors } from '../lib/form';
import { TextField } from './text-field';

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
