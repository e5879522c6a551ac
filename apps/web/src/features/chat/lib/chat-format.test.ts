import { describe, expect, it } from 'vitest';
import { messageLine } from './chat-format';

describe('messageLine', () => {
  it('reads a stored message as its text, and one of only an image as [Gambar]', () => {
    expect(messageLine('<p>Halo &amp; <b>selamat</b> pagi</p>')).toBe('Halo & selamat pagi');
    expect(messageLine('<p><img src="/media/2026/11/a.png" alt="Gambar dari peserta"></p>')).toBe(
      '[Gambar]',
    );
    expect(messageLine('<p>Lihat ini <img src="/media/2026/11/a.png"></p>')).toBe('Lihat ini');
  });
});
