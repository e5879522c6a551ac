import { describe, expect, it } from 'vitest';
import { isOwnMediaImage } from './media-urls';

const key = '2026/11/0b6f0d3c-5a8e-4c1e-9b1e-2f3d4c5b6a79';

describe('isOwnMediaImage', () => {
  it('accepts an uploaded image, relative or under PUBLIC_URL', () => {
    expect(isOwnMediaImage(`/media/${key}.png`, undefined)).toBe(true);
    expect(isOwnMediaImage(`/media/${key}.webp`, 'https://ajar.contoh.id/')).toBe(true);
    expect(
      isOwnMediaImage(`https://ajar.contoh.id/media/${key}.jpg`, 'https://ajar.contoh.id'),
    ).toBe(true);
  });

  it('refuses other hosts, look-alike paths, queries and non-images', () => {
    expect(isOwnMediaImage(`https://ajar.contoh.id/media/${key}.jpg`, undefined)).toBe(false);
    expect(
      isOwnMediaImage(`https://ajar.contoh.id.evil.com/media/${key}.jpg`, 'https://ajar.contoh.id'),
    ).toBe(false);
    expect(isOwnMediaImage(`//evil.com/media/${key}.png`, undefined)).toBe(false);
    expect(isOwnMediaImage(`/media/${key}.png?u=1`, undefined)).toBe(false);
    expect(isOwnMediaImage(`/media/${key}.pdf`, undefined)).toBe(false);
    expect(isOwnMediaImage('/media/../secret.png', undefined)).toBe(false);
  });
});
