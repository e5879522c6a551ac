import { describe, expect, it } from 'vitest';
import { formatScore, formatThousands } from './format';

describe('formatThousands', () => {
  it('groups thousands as Indonesian writes them, as Intl does for id-ID', () => {
    for (const value of [0, 7, 999, 1000, 12345, 100000, 1234567, -45000]) {
      expect(formatThousands(value)).toBe(value.toLocaleString('id-ID'));
    }
  });
});

describe('formatScore', () => {
  it('writes a score with a decimal comma and at most two decimals, as Intl does for id-ID', () => {
    for (const value of [0, 100, 33.333333, 66.666667, 12.5, 0.05, 1234.5, -2.25]) {
      expect(formatScore(value)).toBe(value.toLocaleString('id-ID', { maximumFractionDigits: 2 }));
    }
    expect(formatScore(33.333333)).toBe('33,33');
  });
});
