import { describe, expect, it } from 'vitest';
import { excerpt } from './trainer-notifications.service';

describe('excerpt', () => {
  it('reads a message as one line of text, and a message of only an image as [Gambar]', () => {
    expect(excerpt('<p>Halo &amp; <b>selamat</b><br>pagi</p>')).toBe('Halo & selamat pagi');
    expect(excerpt('<p><img src="/media/2026/11/a.png" alt="Gambar dari peserta" /></p>')).toBe(
      '[Gambar]',
    );
    expect(excerpt('<p>Lihat ini <img src="/media/2026/11/a.png" /></p>')).toBe('Lihat ini');
    expect(excerpt('x'.repeat(130))).toHaveLength(120);
  });
});
