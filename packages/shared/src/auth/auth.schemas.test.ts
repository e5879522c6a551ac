import { describe, expect, it } from 'vitest';
import { credentialLimits } from './auth.rules';
import {
  authMessages,
  loginThrottle,
  newPasswordField,
  passwordRule,
  updatePasswordBodySchema,
  waitText,
} from './auth.schemas';

describe('updatePasswordBodySchema', () => {
  const tooLong = `A1${'x'.repeat(credentialLimits.passwordMaxLength)}`;

  it('bounds the typed passwords before they reach the hash', () => {
    const result = updatePasswordBodySchema.safeParse({
      current_password: tooLong,
      new_password: 'Baru12345',
      conf_new_password: tooLong,
    });
    expect(result.success).toBe(false);
    const issues = result.error?.issues.map((issue) => [issue.path.join('.'), issue.message]);
    expect(issues).toContainEqual([
      'current_password',
      `Password saat ini harus kurang dari atau sama dengan ${credentialLimits.passwordMaxLength} karakter.`,
    ]);
    expect(issues).toContainEqual([
      'conf_new_password',
      `Konfirmasi password baru harus kurang dari atau sama dengan ${credentialLimits.passwordMaxLength} karakter.`,
    ]);
  });

  it('accepts a change within the limits', () => {
    const body = {
      current_password: 'Rahasia123',
      new_password: 'Baru12345',
      conf_new_password: 'Baru12345',
    };
    expect(updatePasswordBodySchema.parse(body)).toEqual(body);
  });
});

describe('passwordRule and its help text', () => {
  const field = newPasswordField('Password');
  const accepts = (password: string) => field.safeParse(password).success;
  const { minLength, maxLength, minLetters, minDigits } = passwordRule;
  /** A password of `length` characters with exactly `letters` letters and `digits` digits. */
  const build = (length: number, letters: number, digits: number) =>
    'a'.repeat(letters) + '7'.repeat(digits) + '#'.repeat(Math.max(0, length - letters - digits));

  it('the text states the very numbers the rule checks', () => {
    expect(passwordRule.text).toBe(
      `Password minimal ${minLength} karakter, mengandung minimal ${minLetters} huruf dan ${minDigits} angka`,
    );
    // The old text promised 7 letters while the rule asked for one.
    expect(passwordRule.text).not.toMatch(/7 huruf/);
  });

  it('accepts exactly what the text allows, at each boundary', () => {
    expect(accepts(build(minLength, minLetters, minDigits))).toBe(true);
    expect(accepts(build(maxLength, minLetters, minDigits))).toBe(true);
    expect(accepts(build(minLength - 1, minLetters, minDigits))).toBe(false);
    expect(accepts(build(maxLength + 1, minLetters, minDigits))).toBe(false);
    expect(accepts(build(minLength, minLetters - 1, minDigits + 1))).toBe(false);
    expect(accepts(build(minLength, minLetters + 1, minDigits - 1))).toBe(false);
    // The demo password fits the rule.
    expect(accepts('Rahasia123')).toBe(true);
  });

  it("answers both length bounds with the spec's 'between' message", () => {
    const message = (password: string) => field.safeParse(password).error?.issues[0]?.message;
    const between = `Password harus berada diantara ${minLength} dan ${maxLength} karakter`;
    expect(message(build(minLength - 1, minLetters, minDigits))).toBe(between);
    expect(message(build(maxLength + 1, minLetters, minDigits))).toBe(between);
  });
});

describe('sign-in throttle texts', () => {
  it('names seconds under a minute and whole minutes above', () => {
    expect(waitText(0.2)).toBe('1 detik');
    expect(waitText(30)).toBe('30 detik');
    expect(waitText(59.5)).toBe('1 menit');
    expect(waitText(61)).toBe('2 menit');
    expect(waitText(loginThrottle.pair.maxDelaySeconds)).toBe('15 menit');
    expect(authMessages.throttledLogin(30)).toBe(
      'Terlalu banyak percobaan login yang gagal. Coba lagi dalam 30 detik.',
    );
  });
});
