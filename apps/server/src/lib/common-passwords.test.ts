import { describe, expect, it } from 'vitest';
import { commonPasswordCount, isCommonPassword } from './common-passwords';

describe('common passwords', () => {
  it('ships at least 10,000 of them and finds them in any letter case', () => {
    expect(commonPasswordCount()).toBeGreaterThanOrEqual(10_000);
    for (const p of ['Password1', 'aaaaaaa1', 'QWERTY123', 'iloveyou', '12345678']) {
      expect(isCommonPassword(p)).toBe(true);
    }
  });

  it('lets uncommon passwords and long passphrases through', () => {
    expect(isCommonPassword('Rahasia123')).toBe(false);
    expect(isCommonPassword('kopi pagi di teras rumah nenek 1998')).toBe(false);
  });
});
