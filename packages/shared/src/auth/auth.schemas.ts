import { z } from 'zod';
import { messages } from '../common/messages';
import { permissions, roleKeys } from '../common/roles';
import { credentialLimits, emailPattern, loginLinkMessages } from './auth.rules';

const requiredText = (field: string) =>
  z
    .string({ error: messages.required(field) })
    .trim()
    .min(1, { error: messages.required(field) });

export const emailField = (field = 'Email') =>
  requiredText(field)
    .max(credentialLimits.emailMaxLength, {
      error: messages.max(field, credentialLimits.emailMaxLength),
    })
    .pipe(z.email({ pattern: emailPattern, error: messages.email(field) }))
    .transform((email) => email.toLowerCase());

/**
 * New passwords: at least 8 characters with at least one letter and one digit (docs/decisions.md).
 * The help text under the password fields is built from these numbers, so it always says what is
 * checked (it used to say "minimal 7 huruf").
 */
const passwordLimits = { minLength: 8, maxLength: 128, minLetters: 1, minDigits: 1 } as const;

/** Letters are A–Z in either case; digits 0–9. */
export const countPasswordLetters = (password: string) => password.match(/[A-Za-z]/g)?.length ?? 0;
export const countPasswordDigits = (password: string) => password.match(/[0-9]/g)?.length ?? 0;

export const passwordRule = {
  ...passwordLimits,
  text: `Password minimal ${passwordLimits.minLength} karakter, mengandung minimal ${passwordLimits.minLetters} huruf dan ${passwordLimits.minDigits} angka`,
} as const;

/**
 * How a new password is looked up in the list of common passwords: without letter
 * case, so 'Password1' is 'password1'. The list itself is the server's (it is large); the client
 * shows the server's validation message (`authMessages.commonPassword`).
 */
export const commonPasswordKey = (password: string): string => password.toLowerCase();

const passwordLengthMessage = (field: string) =>
  messages.between(field, passwordRule.minLength, passwordRule.maxLength);

export const newPasswordField = (field: string) =>
  z
    .string({ error: messages.required(field) })
    .min(1, { error: messages.required(field) })
    // Both bounds: the spec's 'between' message, the same for too short and too long.
    .min(passwordRule.minLength, { error: passwordLengthMessage(field) })
    .max(passwordRule.maxLength, { error: passwordLengthMessage(field) })
    .refine(
      (p) =>
        countPasswordLetters(p) >= passwordRule.minLetters &&
        countPasswordDigits(p) >= passwordRule.minDigits,
      { error: `${field} harus mengandung huruf dan angka` },
    );

/** A password typed to be checked (not a new one): required, and bounded before it is hashed. */
const typedPassword = (field: string) =>
  z
    .string({ error: messages.required(field) })
    .min(1, { error: messages.required(field) })
    .max(credentialLimits.passwordMaxLength, {
      error: messages.max(field, credentialLimits.passwordMaxLength),
    });

export const loginBodySchema = z.object({
  email: emailField('Email'),
  password: typedPassword('Password'),
  /** JSON of a Web Push subscription, registered for this session. */
  push_token: z.string().max(4000).optional().nullable(),
  access_key: z.string().max(255).optional().nullable(),
});
export type LoginBody = z.input<typeof loginBodySchema>;

export const roleSchema = z.object({ key: z.enum(roleKeys), name: z.string() });

export const authUserSchema = z.object({
  id: z.uuid(),
  fullname: z.string(),
  email: z.string(),
  phone: z.string().nullable(),
  role: roleSchema,
  permissions: z.array(z.enum(permissions)),
});
export type AuthUser = z.infer<typeof authUserSchema>;

export const loginDataSchema = z.object({
  token: z.string(),
  expires_at: z.string(),
  user: authUserSchema,
});
export type LoginData = z.infer<typeof loginDataSchema>;

export const updatePasswordBodySchema = z
  .object({
    current_password: typedPassword('Password saat ini'),
    new_password: newPasswordField('Password baru'),
    conf_new_password: typedPassword('Konfirmasi password baru'),
  })
  .refine((b) => b.new_password === b.conf_new_password, {
    path: ['conf_new_password'],
    error: 'Konfirmasi password baru tidak sama',
  });
export type UpdatePasswordBody = z.input<typeof updatePasswordBodySchema>;

export const forgotPasswordBodySchema = z.object({ email: emailField('Email') });

/** `POST /api/auth/v1/login-link`: an e-mailed sign-in link that lifts the account-wide delay. */
export const loginLinkBodySchema = z.object({ email: emailField('Email') });

/** `POST /api/auth/v1/login-link/confirm`: the token of the link, opened in the browser. */
export const loginLinkConfirmBodySchema = z.object({ token: requiredText('Token').max(200) });

/**
 * Sign-in links: a link lives `tokenMinutes` and is used once; the browser that opens it stays
 * trusted by the sign-in throttle for `loginThrottle.knownAddressDays` (like a known address).
 * Mails per account and requests per address are limited as reset mails are
 * (`passwordResetPolicy`).
 */
export const loginLinkPolicy = { tokenMinutes: 15 } as const;

export const resetPasswordBodySchema = z.object({
  token: requiredText('Token').max(200),
  password: newPasswordField('Password'),
});

/**
 * A browser's Web Push subscription (`PushSubscription.toJSON()`). Push services are reached over
 * https only, so the server never posts to a plain-http address a client made up.
 */
export const pushSubscriptionSchema = z.object({
  endpoint: z.url({ protocol: /^https$/ }).max(2000),
  expirationTime: z.number().nullable().optional(),
  keys: z.object({
    p256dh: z.string().min(1).max(200),
    auth: z.string().min(1).max(200),
  }),
});
export type PushSubscriptionJson = z.infer<typeof pushSubscriptionSchema>;

/** `PUT /api/push/v1/subscription`: registers or replaces the subscription of this session. */
export const pushSubscriptionBodySchema = z.object({ subscription: pushSubscriptionSchema });
export type PushSubscriptionBody = z.input<typeof pushSubscriptionBodySchema>;

/** `GET /api/push/v1/public-key`: the VAPID key the browser subscribes with. */
export const pushPublicKeyDataSchema = z.object({ public_key: z.string() });
export type PushPublicKeyData = z.infer<typeof pushPublicKeyDataSchema>;

export const authMessages = {
  wrongCredentials: 'Email atau password salah',
  inactive: 'Akun anda tidak aktif',
  /** Too many failures of this account from this address. */
  throttledLogin: (seconds: number) =>
    `Terlalu banyak percobaan login yang gagal. Coba lagi dalam ${waitText(seconds)}.`,
  /** Too many failures of this account from everywhere (the owner's known addresses pass). */
  throttledAccount: (seconds: number) =>
    `Terlalu banyak percobaan login yang gagal untuk akun ini. Coba lagi dalam ${waitText(seconds)}, atau gunakan Lupa password.`,
  /** Too many failures from this address, whatever the account. */
  throttledAddress: (seconds: number) =>
    `Terlalu banyak percobaan login dari alamat ini. Coba lagi dalam ${waitText(seconds)}.`,
  /** Too many sign-ins under way from this address at once (a whole classroom). */
  busyAddress: (seconds: number) =>
    `Banyak yang sedang masuk dari jaringan ini. Coba lagi dalam ${waitText(seconds)}.`,
  passwordChanged: 'Password berhasil diubah',
  commonPassword:
    'Password ini terlalu umum dan mudah ditebak. Gunakan password lain, misalnya gabungan beberapa kata dan angka',
  passwordChangeFailed: 'Password gagal diubah',
  wrongCurrentPassword: 'Password saat ini salah',
  resetLinkSent: 'Link berhasil dikirim',
  resetInvalid: 'Link reset password tidak valid atau sudah kedaluwarsa',
  resetDone: 'Password berhasil diperbarui',
  tooManyResetRequests: (minutes: number) =>
    `Terlalu banyak permintaan reset password. Coba lagi dalam ${minutes} menit.`,
  loggedOut: 'Logout berhasil',
  loginLinkOffer: loginLinkMessages.offer,
  loginLinkSent: loginLinkMessages.sent,
  loginLinkInvalid: loginLinkMessages.invalid,
  loginLinkDone: loginLinkMessages.done,
  /** A push subscription whose endpoint is not a browser's push service (PUSH_SERVICE_HOSTS). */
  pushServiceOnly:
    'Alamat notifikasi ini bukan layanan push browser yang dikenal. Aktifkan notifikasi dari browser Chrome, Edge, Firefox atau Safari',
} as const;

/** `45 detik` under a minute, else whole minutes rounded up (`2 menit`). */
export function waitText(seconds: number): string {
  const whole = Math.max(1, Math.ceil(seconds));
  return whole < 60 ? `${whole} detik` : `${Math.ceil(whole / 60)} menit`;
}

/**
 * A growing delay instead of a lock: `freeFailures` failures inside the window are free; after
 * `k` failures the next attempt waits min(firstDelaySeconds · 2^(k − freeFailures),
 * maxDelaySeconds) after the newest failure.
 */
export interface BackoffLimits {
  freeFailures: number;
  firstDelaySeconds: number;
  maxDelaySeconds: number;
}

/**
 * Sign-in throttle (the scheme is in docs/decisions.md): per account and address
 * together (`pair`), per account across all addresses (`account`, not applied from an address
 * the account signed in from in the last `knownAddressDays`), and per address across accounts
 * (`address`, likewise). Failures count over `windowMinutes`.
 */
export const loginThrottle = {
  windowMinutes: 60,
  knownAddressDays: 30,
  pair: { freeFailures: 5, firstDelaySeconds: 30, maxDelaySeconds: 15 * 60 },
  account: { freeFailures: 10, firstDelaySeconds: 60, maxDelaySeconds: 15 * 60 },
  address: { freeFailures: 30, firstDelaySeconds: 30, maxDelaySeconds: 15 * 60 },
  inFlight: { maxAttempts: 200, retrySeconds: 5 },
} as const satisfies {
  windowMinutes: number;
  knownAddressDays: number;
  pair: BackoffLimits;
  account: BackoffLimits;
  address: BackoffLimits;
  inFlight: { maxAttempts: number; retrySeconds: number };
};

/**
 * Password reset policy: a link lives `tokenMinutes`; one address may ask `addressMaxRequests`
 * times per window (429 beyond); one account gets at most `accountMaxMails` mails per window
 * (further requests answer the same success without sending, so nothing is revealed).
 */
export const passwordResetPolicy = {
  tokenMinutes: 60,
  windowMinutes: 15,
  addressMaxRequests: 10,
  accountMaxMails: 3,
} as const;
