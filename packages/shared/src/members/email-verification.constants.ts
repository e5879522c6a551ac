/**
 * E-mail verification of members (docs/decisions.md): a link lives `tokenHours`; a member may
 * ask for `maxMails` links per `windowMinutes` (429 beyond).
 */
export const emailVerificationPolicy = { tokenHours: 48, maxMails: 3, windowMinutes: 15 } as const;

export const emailVerificationMessages = {
  bannerTitle: 'Verifikasi email Anda',
  bannerText: (email: string) =>
    `Kami telah mengirim link verifikasi ke ${email}. Buka link itu untuk memastikan email ini milik Anda.`,
  resend: 'Kirim ulang',
  sent: 'Link verifikasi telah dikirim ke email Anda',
  verified: 'Email berhasil diverifikasi',
  invalid: 'Link verifikasi tidak valid atau sudah kedaluwarsa',
  alreadyVerified: 'Email Anda sudah terverifikasi',
  tooMany: (minutes: number) =>
    `Terlalu banyak permintaan link verifikasi. Coba lagi dalam ${minutes} menit.`,
} as const;
