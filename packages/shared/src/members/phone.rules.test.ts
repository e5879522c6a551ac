import { describe, expect, it } from 'vitest';
import { normalizeWhatsappNumber } from './phone.rules';
import { memberRegisterBodySchema } from './members.schemas';
import { memberProfileUpdateBodySchema } from './member-account.schemas';
import { memberMessages } from './members.constants';

describe('normalizeWhatsappNumber', () => {
  it.each([
    ['081234567890', '6281234567890'],
    ['0812-3456-7890', '6281234567890'],
    ['+62 812 3456 7890', '6281234567890'],
    ['+62-812-3456-7890', '6281234567890'],
    ['6281234567890', '6281234567890'],
    [' (0812) 3456.7890 ', '6281234567890'],
  ])('%s → %s', (input, stored) => {
    expect(normalizeWhatsappNumber(input)).toBe(stored);
  });

  it('leaves what is not a phone number for the pattern to refuse', () => {
    expect(normalizeWhatsappNumber('+1 555 0100')).toBe('+15550100');
    expect(normalizeWhatsappNumber('nomor saya')).toBe('nomorsaya');
  });
});

describe('member phone field', () => {
  const register = {
    fullname: 'Budi',
    email: 'budi@example.com',
    password: 'Rahasia123!',
    consent: true,
  };

  it('stores the 08… form as 62… on registration and on the profile', () => {
    const parsed = memberRegisterBodySchema.parse({ ...register, phone: '0812-3456-7890' });
    expect(parsed.phone).toBe('6281234567890');
    const profile = memberProfileUpdateBodySchema.parse({
      fullname: 'Budi',
      phone: '+62 812 3456 7890',
    });
    expect(profile.phone).toBe('6281234567890');
  });

  it('refuses what is not a phone number with the Indonesian message', () => {
    for (const phone of ['nomor saya', '0812', '+1 555 0100 2000']) {
      const result = memberRegisterBodySchema.safeParse({ ...register, phone });
      expect(result.success).toBe(false);
      expect(result.error?.issues[0]?.message).toBe(memberMessages.phoneFormat);
    }
  });
});
