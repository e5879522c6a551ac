/** Participants' rights over their personal data (docs/personal-data.md). */

/** Hours a participant's data zip can be downloaded (once) after it is made. */
export const memberExportHours = 24;

export const memberExportStatuses = ['queued', 'running', 'done', 'failed'] as const;
export type MemberExportStatus = (typeof memberExportStatuses)[number];

export const privacyMessages = {
  exportStarted: 'Data Anda sedang disiapkan. Tombol unduh muncul di sini setelah siap.',
  exportFailed: 'Gagal menyiapkan data, silakan coba lagi',
  exportGone: 'File data sudah diunduh atau kedaluwarsa. Silakan minta lagi.',
  exportTitle: 'Unduh data saya',
  exportHelp: `Salinan semua data Anda yang kami simpan, dalam satu file zip. File hanya bisa diunduh sekali, dalam ${memberExportHours} jam.`,
  exportAsk: 'Siapkan data saya',
  exportPreparing: 'Sedang disiapkan…',
  exportDownload: 'Unduh file data',
  exportDownloaded: 'File data sudah diunduh.',
} as const;
