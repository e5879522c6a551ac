/**
 * 'Perlu perhatian': participants of one program who need a nudge (docs/decisions.md,
 * "'Perlu perhatian': who needs a nudge").
 */
export const attentionLimits = {
  /** Days without activity that flag a participant, unless the screen asks for another. */
  defaultInactiveDays: 7,
  minInactiveDays: 1,
  maxInactiveDays: 365,
  /** Participants one 'Kirim pengingat' may name (a page of the list at most). */
  maxRemind: 100,
  /** A participant reminded this recently is skipped: a double click or two staff at once. */
  quietMinutes: 60,
} as const;

export const attentionPageSizes = [20, 50, 100] as const;

export const attentionMessages = {
  title: 'Perlu Perhatian',
  daysInvalid: `Jumlah hari harus antara ${attentionLimits.minInactiveDays} dan ${attentionLimits.maxInactiveDays}`,
  redeemsRequired: 'Pilih peserta yang akan diingatkan',
  redeemsTooMany: `Paling banyak ${attentionLimits.maxRemind} peserta sekali kirim`,
  redeemInvalid: 'Peserta tidak valid',
  /** 'Kirim pengingat' answered: how many were sent, and how many skipped as just reminded. */
  reminded: (sent: number, skipped: number) =>
    skipped > 0
      ? `Pengingat terkirim ke ${sent} peserta; ${skipped} peserta baru saja diingatkan`
      : `Pengingat terkirim ke ${sent} peserta`,
  exported: 'Ekspor Perlu Perhatian dibuat',
  empty: 'Tidak ada peserta yang perlu perhatian',
} as const;

/** The notification a participant receives: in the app and as a Web Push. */
export const attentionReminderTexts = {
  title: 'Yuk, lanjutkan belajarmu',
  message: (programTitle: string) =>
    `Ada aktivitas di program "${programTitle}" yang menunggumu. Buka Ajar Belajar dan lanjutkan sekarang.`,
} as const;

/** Columns of the 'Perlu Perhatian' export. */
export const attentionExportHeaders = [
  'No',
  'Nama',
  'Email',
  'No. HP',
  'Progres (%)',
  'Aktivitas Terakhir',
  'Alasan',
  'Terakhir Diingatkan',
] as const;
