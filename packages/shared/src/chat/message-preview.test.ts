import { describe, expect, it } from 'vitest';
import { messagePreview } from './message-preview';

describe('messagePreview', () => {
  it('keeps the text, and reads a message of only an image as [Gambar]', () => {
    expect(messagePreview('Halo', '<p>Halo</p>')).toBe('Halo');
    expect(messagePreview('', '<p><img src="/media/2026/11/a.png" alt="x" /></p>')).toBe(
      '[Gambar]',
    );
    expect(messagePreview('Lihat ini', '<p>Lihat ini <img src="/media/a.png"></p>')).toBe(
      'Lihat ini',
    );
    expect(messagePreview('', '<p></p>')).toBe('');
  });
});
