/** Certificates of a member redemption (spec 01 §2, §9; DESIGN §6, §11). */

export const certificateKinds = ['participant', 'graduation'] as const;
export type CertificateKind = (typeof certificateKinds)[number];

/** How each kind is named on the certificate and on the verification page. */
export const certificateKindLabels: Record<CertificateKind, string> = {
  participant: 'Sertifikat Peserta',
  graduation: 'Sertifikat Kelulusan',
};

/** Spec 01 §9: the downloaded file is named sertifikat. */
export const certificateFileName = 'sertifikat.pdf';

/** First part of every certificate number (`AJR-2026-11-7K3QX9MD`). */
export const certificateNumberPrefix = 'AJR';

/**
 * The issuer printed on every certificate: the city line and the director's signature block
 * (spec 01 §9). One provider per installation, so constants rather than settings.
 */
export const certificateIssuer = {
  organization: 'Ajar Pelatihan Indonesia',
  city: 'Jakarta',
  directorName: 'Dr. Ratna Wulandari, M.Pd.',
  directorTitle: 'Direktur',
} as const;

/** Texts of the certificate calls and pages (Indonesian, user-facing). */
export const certificateMessages = {
  notFinished: 'Peserta belum menyelesaikan program',
  postTestNotPassed: 'Peserta belum lulus post test',
  notStarted: 'Peserta belum memulai program',
  notFound: 'Sertifikat tidak ditemukan',
  redeemNotFound: 'Data peserta tidak ditemukan',
  sertificateUpdated: 'Berhasil memperbarui sertifikat',
  noneEligible: 'Belum ada peserta yang memenuhi syarat sertifikat',
  preparing: 'Menyiapkan sertifikat…',
  downloaded: 'Sertifikat berhasil diunduh',
  downloadAgain: 'Unduh Ulang',
  backToParticipants: 'Kembali ke Daftar Peserta',
  genuine: 'Sertifikat Asli',
  downloadAll: 'Unduh Semua Sertifikat',
  /** 429 of the public check (issue 17): one address asked too often. */
  tooManyVerifications: (minutes: number) =>
    `Terlalu banyak pemeriksaan sertifikat dari alamat Anda. Coba lagi dalam ${minutes} menit.`,
} as const;

/**
 * The public certificate check (`GET /api/certificate/v1/verify/{number}`, the '/verifikasi'
 * page) per client address (issue 17): every check counts, found or not; beyond
 * `addressMaxRequests` inside `windowMinutes` the address waits until the window has moved on.
 */
export const certificateVerifyPolicy = {
  addressMaxRequests: 30,
  windowMinutes: 15,
} as const;
