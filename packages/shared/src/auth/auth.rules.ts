/**
 * The sign-in field rules without zod: the login screen checks its fields with these so the
 * login route does not load zod (bundle budget). The zod schemas in `auth.schemas.ts`
 * build on the same pattern, limits and messages, and `auth.rules.test.ts` holds both to the
 * same answers.
 */
import { messages } from '../common/messages';

/**
 * The sign-in link's texts (login-link.service.ts on the server): here, zod-free, because the
 * login screen shows them; `authMessages` repeats them for the server.
 */
export const loginLinkMessages = {
  /** On the 429 of the account-wide delay (validation key `login_link`). */
  offer:
    'Akun ini sedang ditahan karena banyak percobaan login dari tempat lain. Kirim link masuk ke email anda untuk login dari browser ini tanpa menunggu.',
  sent: 'Jika email terdaftar, link masuk telah dikirim. Buka link itu di browser ini, lalu login kembali.',
  invalid: 'Link masuk tidak valid atau sudah kedaluwarsa',
  done: 'Browser ini sekarang dipercaya untuk akun anda. Silakan login.',
} as const;

/** Longest accepted e-mail address and sign-in password. */
export const credentialLimits = { emailMaxLength: 255, passwordMaxLength: 128 } as const;

/**
 * The e-mail pattern: zod 4's own "practical" pattern (what `z.email()` uses by default), written
 * here so the schemas and the zod-free check test the very same thing.
 */
export const emailPattern =
  /^(?:[A-Za-z0-9_'+-]+\.)*[A-Za-z0-9_'+-]*[A-Za-z0-9_+-]@(?:[A-Za-z0-9][A-Za-z0-9-]*\.)+[A-Za-z]{2,}$/;

/** A checked field: its cleaned value, or the message to show on it. */
export type FieldCheck = { ok: true; value: string } | { ok: false; error: string };

/** An e-mail field: trimmed, required, at most 255 characters, an e-mail; lower-cased. */
export function checkEmail(input: string, field = 'Email'): FieldCheck {
  const value = input.trim();
  if (value.length === 0) return { ok: false, error: messages.required(field) };
  if (value.length > credentialLimits.emailMaxLength) {
    return { ok: false, error: messages.max(field, credentialLimits.emailMaxLength) };
  }
  if (!emailPattern.test(value)) return { ok: false, error: messages.email(field) };
  return { ok: true, value: value.toLowerCase() };
}

/** The password typed to sign in: required, at most 128 characters, kept as typed. */
export function checkLoginPassword(input: string, field = 'Password'): FieldCheck {
  if (input.length === 0) return { ok: false, error: messages.required(field) };
  if (input.length > credentialLimits.passwordMaxLength) {
    return { ok: false, error: messages.max(field, credentialLimits.passwordMaxLength) };
  }
  return { ok: true, value: input };
}

export interface LoginCredentials {
  email: string;
  password: string;
}

export type LoginFormCheck =
  | { ok: true; values: LoginCredentials }
  | { ok: false; errors: Partial<Record<keyof LoginCredentials, string>> };

/** The login form (email and password), as `loginBodySchema` judges those two fields. */
export function checkLoginForm(input: LoginCredentials): LoginFormCheck {
  const email = checkEmail(input.email, 'Email');
  const password = checkLoginPassword(input.password, 'Password');
  if (email.ok && password.ok) {
    return { ok: true, values: { email: email.value, password: password.value } };
  }
  const errors: Partial<Record<keyof LoginCredentials, string>> = {};
  if (!email.ok) errors.email = email.error;
  if (!password.ok) errors.password = password.error;
  return { ok: false, errors };
}
