import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { checkEmail, checkLoginForm, checkLoginPassword, emailPattern } from './auth.rules';
import { forgotPasswordBodySchema, loginBodySchema } from './auth.schemas';

const addresses = [
  'admin@ajar.test',
  'ADMIN@AJAR.TEST',
  '  admin@ajar.test ',
  'nama.depan+kelas@sub.domain.co.id',
  "o'brien@contoh.id",
  'a_b-c@x-y.io',
  'bukan-email',
  'a@b',
  'a@b.c',
  '.awal@contoh.id',
  'dua..titik@contoh.id',
  'akhir.@contoh.id',
  'spasi di@contoh.id',
  'a@-contoh.id',
  'a@contoh..id',
  'a@contoh.id.',
  '@contoh.id',
  'a@@contoh.id',
  'ä@contoh.id',
  '',
  '   ',
  `${'a'.repeat(246)}@contoh.id`,
  `${'a'.repeat(247)}@contoh.id`,
];

const passwords = ['', ' ', 'Rahasia123', 'x'.repeat(128), 'x'.repeat(129)];

function zodAnswer(schema: z.ZodType, input: unknown) {
  const result = schema.safeParse(input);
  if (result.success) return { ok: true as const, values: result.data };
  const errors: Record<string, string> = {};
  for (const issue of result.error.issues) {
    const key = String(issue.path[0]);
    errors[key] ??= issue.message;
  }
  return { ok: false as const, errors };
}

describe('emailPattern', () => {
  it("accepts and refuses exactly what zod's own e-mail check does", () => {
    const zodEmail = z.email();
    for (const address of addresses) {
      expect(emailPattern.test(address), address).toBe(zodEmail.safeParse(address).success);
    }
  });
});

describe('checkEmail / checkLoginPassword', () => {
  it('gives the spec messages and cleans the address', () => {
    expect(checkEmail('')).toEqual({ ok: false, error: 'Email tidak boleh kosong' });
    expect(checkEmail('  ')).toEqual({ ok: false, error: 'Email tidak boleh kosong' });
    expect(checkEmail('bukan-email')).toEqual({
      ok: false,
      error: 'Email bukan email yang valid.',
    });
    expect(checkEmail(`${'a'.repeat(247)}@contoh.id`)).toEqual({
      ok: false,
      error: 'Email harus kurang dari atau sama dengan 255 karakter.',
    });
    expect(checkEmail(' Admin@Ajar.Test ')).toEqual({ ok: true, value: 'admin@ajar.test' });
    expect(checkLoginPassword('')).toEqual({ ok: false, error: 'Password tidak boleh kosong' });
    expect(checkLoginPassword(' x ')).toEqual({ ok: true, value: ' x ' });
  });
});

describe('checkLoginForm', () => {
  it('answers like loginBodySchema for every pair of inputs', () => {
    const schema = loginBodySchema.pick({ email: true, password: true });
    for (const email of addresses) {
      for (const password of passwords) {
        const label = JSON.stringify({ email, password });
        expect(checkLoginForm({ email, password }), label).toEqual(
          zodAnswer(schema, { email, password }),
        );
      }
    }
  });

  it('judges the forgot-password e-mail like forgotPasswordBodySchema', () => {
    for (const email of addresses) {
      const check = checkEmail(email);
      const expected = zodAnswer(forgotPasswordBodySchema, { email });
      expect(check.ok ? { ok: true, values: { email: check.value } } : check, email).toEqual(
        expected.ok ? expected : { ok: false, error: expected.errors.email },
      );
    }
  });
});
