/** Certificates of a member redemption (spec 01 §2, §9; DESIGN §6, §11). */

export const certificateKinds = ['participant', 'graduation'] as const;
export type CertificateKind = (typeof certificateKinds)[number];

/** The two certificate templates: Prakerja programs and every other (Umum). */
export const certificateTemplates = ['prakerja', 'umum'] as const;
export type CertificateTemplate = (typeof certificateTemplates)[number];

export const certificateTemplateLabels: Record<CertificateTemplate, string> = {
  prakerja: 'Program Prakerja',
  umum: 'Program Umum',
};

/**
 * How long a program's certificates are valid (a program setting, 'Masa berlaku sertifikat'):
 * `none` never expires (every program made before the setting existed), `one_year` is valid until
 * the same calendar day one year after the date the certificate carries. Fixed on the certificate
 * at issue (`valid_until`): changing the setting later changes no certificate already issued.
 */
export const certificateValidities = ['none', 'one_year'] as const;
export type CertificateValidity = (typeof certificateValidities)[number];

export const certificateValidityLabels: Record<CertificateValidity, string> = {
  none: 'Tanpa batas',
  one_year: '1 tahun',
};

/** The label of the program setting and of the date shown on certificates. */
export const certificateValidityLabel = 'Masa berlaku sertifikat';

/**
 * A certificate's state: `valid`; `replaced` by a corrected certificate (a new number); or
 * `revoked` by staff with a reason. Only a valid certificate is downloaded or changed again.
 */
export const certificateStatuses = ['valid', 'replaced', 'revoked'] as const;
export type CertificateStatus = (typeof certificateStatuses)[number];

export const certificateStatusLabels: Record<CertificateStatus, string> = {
  valid: 'Berlaku',
  replaced: 'Diganti',
  revoked: 'Dicabut',
};

/** Limits of what staff write when they correct or revoke a certificate. */
export const certificateLimits = {
  /** The longest name the certificate prints whole (the name line shrinks and wraps). */
  fullname: 150,
  programTitle: 255,
  /** Minutes of learning printed on the certificate (10 000 h). */
  programMinutes: 600_000,
  reasonMin: 5,
  reason: 500,
} as const;

/** Field labels of the correct and revoke dialogs (and their messages). */
export const certificateFieldLabels = {
  fullname: 'Nama pada Sertifikat',
  programTitle: 'Judul Program',
  programMinutes: 'Durasi Belajar (menit)',
  certificateDate: 'Tanggal Sertifikat',
  reason: 'Alasan',
} as const;

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
  replacedHeading: 'Sertifikat Telah Diganti',
  revokedHeading: 'Sertifikat Dicabut',
  corrected: 'Sertifikat dikoreksi; nomor baru telah terbit',
  revoked: 'Sertifikat dicabut',
  /** A download of a revoked certificate (staff and participant). */
  revokedDownload: 'Sertifikat ini telah dicabut dan tidak dapat diunduh',
  notValidAnyMore: 'Hanya sertifikat yang berlaku yang dapat dikoreksi atau dicabut',
  nothingCorrected: 'Tidak ada data sertifikat yang diubah',
  dateInFuture: 'Tanggal Sertifikat tidak boleh melewati hari ini',
  dateInvalid: 'Tanggal Sertifikat tidak valid',
  downloadAll: 'Unduh Semua Sertifikat',
  /** Until when a certificate is valid (the PDF, the certificate pages, the verification). */
  validUntil: (date: string) => `Berlaku hingga ${date}`,
  /** A certificate whose validity ended (verification page and certificate views). */
  expired: 'Kedaluwarsa',
  expiredHeading: 'Sertifikat Kedaluwarsa',
  expiredSince: (date: string) => `Masa berlaku sertifikat ini berakhir pada ${date}`,
  /** A certificate without an end of validity. */
  noExpiry: 'Berlaku tanpa batas waktu',
  invalidValidity: 'Masa berlaku sertifikat tidak valid',
  /** 429 of the public check: one address asked too often. */
  tooManyVerifications: (minutes: number) =>
    `Terlalu banyak pemeriksaan sertifikat dari alamat Anda. Coba lagi dalam ${minutes} menit.`,
} as const;

/**
 * The public certificate check (`GET /api/certificate/v1/verify/{number}`, the '/verifikasi'
 * page) per client address: every check counts, found or not; beyond
 * `addressMaxRequests` inside `windowMinutes` the address waits until the window has moved on.
 */
export const certificateVerifyPolicy = {
  addressMaxRequests: 30,
  windowMinutes: 15,
} as const;
