import { describe, expect, it } from 'vitest';
import { credentialLimits } from './auth.rules';
import { updatePasswordBodySchema } from './auth.schemas';

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
