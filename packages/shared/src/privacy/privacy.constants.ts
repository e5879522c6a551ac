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

/**
 * Days between a participant's 'Hapus akun' and the erasure that follows by itself: time to change
 * their mind (and for staff to confirm sooner); docs/decisions.md, "Erasing a participant's
 * account".
 */
export const deletionCoolingOffDays = 14;

/** What an erased participant's name becomes, and what replaces their chat and forum texts. */
export const erasedMemberName = 'Peserta Terhapus';
export const erasedText = '[dihapus]';

export const deletionMessages = {
  title: 'Hapus akun',
  help: `Akun dan data pribadi Anda akan dihapus. Nilai dan kehadiran disimpan tanpa nama untuk laporan penyelenggara, dan sertifikat yang sudah terbit tetap bisa diverifikasi. Penghapusan dilakukan setelah dikonfirmasi admin, atau otomatis ${deletionCoolingOffDays} hari setelah permintaan.`,
  ask: 'Hapus akun saya',
  confirm: 'Konfirmasi hapus akun',
  passwordLabel: 'Password',
  passwordWrong: 'Password salah',
  requested: 'Permintaan hapus akun terkirim',
  pending: (due: string) =>
    `Permintaan hapus akun sedang diproses. Akun akan dihapus paling lambat ${due}.`,
  cancel: 'Batalkan permintaan',
  cancelled: 'Permintaan hapus akun dibatalkan',
  notPending: 'Permintaan ini sudah tidak menunggu',
  erased: 'Akun peserta telah dihapus',
  listTitle: 'Permintaan Hapus Akun',
  listEmpty: 'Tidak ada permintaan hapus akun',
  staffConfirm: 'Hapus sekarang',
} as const;

/** The longest privacy notice text (characters). */
export const privacyNoticeMaxLength = 50_000;

export const privacyNoticeMessages = {
  title: 'Kebijakan Privasi',
  consentMissing: 'Anda harus menyetujui Kebijakan Privasi untuk mendaftar',
  consentLabel: 'Saya telah membaca dan menyetujui',
  consentRequired: 'Kebijakan Privasi telah diperbarui. Baca dan setujui untuk melanjutkan.',
  consentOutdated: 'Kebijakan Privasi baru saja diperbarui. Silakan baca versi terbaru.',
  agree: 'Setuju',
  agreed: 'Terima kasih, persetujuan Anda tersimpan',
  contentRequired: 'Isi Kebijakan Privasi wajib diisi',
  contentTooLong: `Isi Kebijakan Privasi maksimal ${privacyNoticeMaxLength} karakter`,
  saved: (version: number) => `Kebijakan Privasi disimpan sebagai versi ${version}`,
  unchanged: 'Tidak ada perubahan: versi terakhir tetap berlaku',
  none: 'Kebijakan Privasi belum tersedia',
  versionInvalid: 'Versi tidak valid',
} as const;
