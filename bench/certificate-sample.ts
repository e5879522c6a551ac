import type { CertificateContent } from '../apps/server/src/lib/certificate-pdf';

/** A realistic certificate: a long name, four competences, the QR code of a verification URL. */
export function sampleCertificate(i: number): CertificateContent {
  const number = `AJR-2026-11-${String(i).padStart(8, '0')}`;
  return {
    kind: i % 2 === 0 ? 'graduation' : 'participant',
    number,
    fullname: `Siti Nurhaliza Kurniawati Handayani ${i}`,
    programTitle: 'Pemasaran Digital untuk UMKM: Strategi Media Sosial dan Toko Daring',
    programMinutes: 750,
    competences: [
      'Menyusun strategi konten media sosial',
      'Mengelola toko daring',
      'Membaca data kampanye iklan',
      'Melayani pelanggan secara daring',
    ],
    isPrakerja: i % 3 === 0,
    date: new Date('2026-11-20T03:00:00Z'),
    validUntil: i % 2 === 0 ? new Date('2027-11-20T16:59:59Z') : null,
    verifyUrl: `https://ajar.contoh.id/verifikasi/${number}`,
  };
}
