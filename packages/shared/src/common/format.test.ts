import { describe, expect, it } from 'vitest';
import { formatThousands } from './format';

describe('formatThousands', () => {
  it('groups thousands as Indonesian writes them, as Intl does for id-ID', () => {
    for (const value of [0, 7, 999, 1000, 12345, 100000, 1234567, -45000]) {
      expect(formatThousands(value)).toBe(value.toLocaleString('id-ID'));
    }
  });
});
