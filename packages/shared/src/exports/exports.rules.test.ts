import { describe, expect, it } from 'vitest';
import { exportFileSlug, exportFileStamp } from './exports.rules';

describe('export file names', () => {
  it('stamps the time in WIB, so a file made after 17.00 UTC carries the next day', () => {
    expect(exportFileStamp(new Date('2026-03-01T03:30:00Z'))).toBe('20260301-1030');
    expect(exportFileStamp(new Date('2026-03-01T17:05:00Z'))).toBe('20260302-0005');
  });

  it('turns a title into a short ASCII slug, with a fallback for one with no letters', () => {
    expect(exportFileSlug('Menata Etalase Toko: Dasar & Lanjutan!')).toBe(
      'menata-etalase-toko-dasar-lanjutan',
    );
    expect(exportFileSlug('Pelatihan Kopi Nusantara untuk Barista Pemula Tingkat Dasar')).toBe(
      'pelatihan-kopi-nusantara-untuk-barista-p',
    );
    expect(exportFileSlug('Kafé')).toBe('kafe');
    expect(exportFileSlug('—')).toBe('program');
  });
});
