import { describe, expect, it } from 'vitest';
import { findUnstorableText, isStorableText, textMessages } from './text';

const bad = textMessages.invalidCharacter;

describe('isStorableText', () => {
  it('accepts ordinary and astral text, control characters other than NUL', () => {
    for (const text of [
      '',
      'Budi Santoso',
      'tab\tdan\nbaris',
      'emoji 😀 dan 𝔸',
      'ä ö ü',
      '\u0001',
    ]) {
      expect(isStorableText(text), JSON.stringify(text)).toBe(true);
    }
  });

  it('refuses NUL and every lone surrogate, wherever it stands', () => {
    for (const text of [
      '\0',
      'a\0b',
      'akhir\0',
      '\uD800',
      '\uDFFF',
      'x\uD83Dy', // a high surrogate followed by a letter
      '\uDE00😀', // a low surrogate before a valid pair
      '😀\uD83D', // a high surrogate at the end
      '\uDE00\uD83D', // reversed pair
    ]) {
      expect(isStorableText(text), JSON.stringify(text)).toBe(false);
    }
  });
});

describe('findUnstorableText', () => {
  it('names the dotted path of the first bad string', () => {
    expect(findUnstorableText({ name: 'ok', meta: { tags: ['a', 'b', 'c\0'] } })).toEqual({
      field: 'meta.tags.2',
      message: bad,
    });
    expect(findUnstorableText('\uD800')).toEqual({ field: '_', message: bad });
    expect(findUnstorableText(['x', '\0'], 'q')).toEqual({ field: 'q.1', message: bad });
  });

  it('checks object keys too, reported on their object', () => {
    expect(findUnstorableText({ meta: { 'ku\0nci': 1 } })).toEqual({ field: 'meta', message: bad });
    expect(findUnstorableText({ '\uDC00': 'x' })).toEqual({ field: '_', message: bad });
  });

  it('passes clean values of every JSON type and skips bytes', () => {
    expect(
      findUnstorableText({ a: 1, b: null, c: true, d: [1, 'dua', { e: '😀' }], f: undefined }),
    ).toBeNull();
    expect(findUnstorableText(Buffer.from([0, 0, 0]))).toBeNull();
    expect(findUnstorableText(null)).toBeNull();
  });

  it('walks a very deep value without overflowing the stack', () => {
    let deep: unknown = 'bawah\0';
    for (let i = 0; i < 200_000; i += 1) deep = [deep];
    const found = findUnstorableText(deep);
    expect(found?.message).toBe(bad);
    expect(found?.field.startsWith('0.0.0.')).toBe(true);
    expect(found?.field.length).toBeLessThanOrEqual(201);
  });
});
