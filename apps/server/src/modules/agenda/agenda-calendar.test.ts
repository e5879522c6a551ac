import { describe, expect, it } from 'vitest';
import { escapeText, foldLine, utcStamp } from './agenda-calendar';

describe('iCalendar text', () => {
  it('escapes backslash, semicolon, comma and line breaks', () => {
    expect(escapeText('a\\b; c, d\r\ne\nf')).toBe('a\\\\b\\; c\\, d\\ne\\nf');
  });

  it('folds at 75 octets without splitting a UTF-8 character', () => {
    const line = `SUMMARY:${'é'.repeat(60)}`;
    const folded = foldLine(line);
    const parts = folded.split('\r\n');
    expect(parts.length).toBeGreaterThan(1);
    expect(parts.every((p) => Buffer.byteLength(p) <= 75)).toBe(true);
    expect(parts.slice(1).every((p) => p.startsWith(' '))).toBe(true);
    expect(folded.replace(/\r\n /g, '')).toBe(line);
    expect(foldLine('SHORT:x')).toBe('SHORT:x');
  });

  it('writes times in UTC', () => {
    expect(utcStamp(new Date('2026-12-05T12:00:00.123Z'))).toBe('20261205T120000Z');
  });
});
