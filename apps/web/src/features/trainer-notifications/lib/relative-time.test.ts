import { describe, expect, it } from 'vitest';
import { fromNow } from './relative-time';

describe('fromNow', () => {
  it('says how long ago in Indonesian', () => {
    const now = new Date('2026-05-01T10:00:00Z');
    expect(fromNow('2026-05-01T09:55:00Z', now)).toBe('5 menit yang lalu');
    expect(fromNow('2026-04-29T10:00:00Z', now)).toBe('2 hari yang lalu');
  });
});
