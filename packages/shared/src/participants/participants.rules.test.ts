import { describe, expect, it } from 'vitest';
import {
  acceptsFeedback,
  clampScoreInput,
  isoDateAtOffset,
  latestBirthDate,
  voucherEndDate,
} from './participants.rules';
import { feedbackBodySchema, memberUpdateBodySchema } from './participants.schemas';

describe('clampScoreInput', () => {
  it.each([
    ['', ''],
    ['7', '7'],
    ['007', '7'],
    ['0', '0'],
    ['000', '0'],
    ['100', '100'],
    ['101', '100'],
    ['999999999999999999999', '100'],
    ['8a5', '85'],
    ['-5', '5'],
    ['4.5', '45'],
    ['abc', ''],
    [' 60 ', '60'],
  ])('%j → %j', (raw, expected) => {
    expect(clampScoreInput(raw)).toBe(expected);
  });
});

describe('voucherEndDate', () => {
  it('shows the end date only when set and progress is 100', () => {
    expect(voucherEndDate('2025-01-02T00:00:00.000Z', 100)).toBe('2025-01-02T00:00:00.000Z');
    expect(voucherEndDate('2025-01-02T00:00:00.000Z', 99)).toBeNull();
    expect(voucherEndDate(null, 100)).toBeNull();
  });
});

describe('birth date bounds', () => {
  it('the latest date is today at UTC+14', () => {
    const now = new Date('2025-03-01T12:00:00Z');
    expect(latestBirthDate(now)).toBe('2025-03-02');
    expect(isoDateAtOffset(now, 0)).toBe('2025-03-01');
  });

  it('refuses dates before 1950-01-01 and after today', () => {
    const body = { fullname: 'Ani', email: 'ani@contoh.id' };
    expect(memberUpdateBodySchema.safeParse({ ...body, date_of_birth: '1950-01-01' }).success).toBe(
      true,
    );
    const early = memberUpdateBodySchema.safeParse({ ...body, date_of_birth: '1949-12-31' });
    expect(early.error?.issues[0]?.message).toBe('Tanggal Lahir tidak boleh sebelum 01-01-1950');
    const late = memberUpdateBodySchema.safeParse({ ...body, date_of_birth: '2999-01-01' });
    expect(late.error?.issues[0]?.message).toBe('Tanggal Lahir tidak boleh melebihi hari ini');
    expect(memberUpdateBodySchema.parse({ ...body, date_of_birth: '' }).date_of_birth).toBeNull();
  });
});

describe('feedback body', () => {
  const ids = {
    member_redeem_id: '6f1c1e2a-3b4c-4d5e-8f90-1a2b3c4d5e6f',
    topic_id: '6f1c1e2a-3b4c-4d5e-8f90-1a2b3c4d5e6f',
    activity_id: '6f1c1e2a-3b4c-4d5e-8f90-1a2b3c4d5e6f',
  };
  it('accepts integers 0..100 as numbers or digit strings', () => {
    expect(feedbackBodySchema.parse({ ...ids, score: 0 }).score).toBe(0);
    expect(feedbackBodySchema.parse({ ...ids, score: '100', text: 'Bagus' })).toMatchObject({
      score: 100,
      text: 'Bagus',
    });
  });
  it.each([101, -1, 50.5, '1e2', 'abc', ''])('refuses score %j', (score) => {
    expect(feedbackBodySchema.safeParse({ ...ids, score }).success).toBe(false);
  });
  it('limits the text to 250 characters', () => {
    expect(feedbackBodySchema.safeParse({ ...ids, score: 1, text: 'a'.repeat(250) }).success).toBe(
      true,
    );
    const long = feedbackBodySchema.safeParse({ ...ids, score: 1, text: 'a'.repeat(251) });
    expect(long.error?.issues[0]?.message).toBe(
      'Respon harus kurang dari atau sama dengan 250 karakter.',
    );
  });
});

describe('acceptsFeedback', () => {
  it('practice work types, or any activity with work or feedback', () => {
    expect(acceptsFeedback({ type: 'praktek_mandiri', hasWork: false, hasFeedback: false })).toBe(
      true,
    );
    expect(acceptsFeedback({ type: 'quiz', hasWork: false, hasFeedback: false })).toBe(false);
    expect(acceptsFeedback({ type: 'general', hasWork: true, hasFeedback: false })).toBe(true);
  });
});
