/** What the audit trail records (docs/decisions.md, 'The audit trail'). */
export const auditActions = [
  'member.email_changed',
  'member.viewed',
  'member.signed_in',
  'member.password_changed',
  'member.erased',
  'member.reminded',
  'certificate.corrected',
  'certificate.revoked',
  'program.created',
  'program.updated',
  'program.published',
  'program.archived',
  'program.deleted',
  'program.member_removed',
  'redeem.gift_changed',
  'score.imported',
  'feedback.given',
  'feedback.rewritten',
  'user.created',
  'user.role_changed',
  'user.deactivated',
  'user.reactivated',
  'user.signed_in',
  'user.sign_in_failed',
  'user.password_changed',
  'user.session_revoked',
  'export.downloaded',
  'privacy_notice.published',
] as const;
export type AuditAction = (typeof auditActions)[number];

export const auditSubjectTypes = [
  'member',
  'certificate',
  'program',
  'user',
  'export',
  'activity',
  'redeem',
  'privacy_notice',
] as const;
export type AuditSubjectType = (typeof auditSubjectTypes)[number];

/** Indonesian names of the actions and subjects, for the screen and the export. */
export const auditActionLabels: Record<AuditAction, string> = {
  'member.email_changed': 'E-mail peserta diubah',
  'member.viewed': 'Data pribadi peserta dibuka',
  'member.signed_in': 'Peserta masuk',
  'member.password_changed': 'Kata sandi peserta diubah',
  'member.erased': 'Akun peserta dihapus',
  'member.reminded': 'Peserta diingatkan',
  'certificate.corrected': 'Sertifikat dikoreksi',
  'certificate.revoked': 'Sertifikat dicabut',
  'program.created': 'Program dibuat',
  'program.updated': 'Program diubah',
  'program.published': 'Program diterbitkan',
  'program.archived': 'Program diarsipkan',
  'program.deleted': 'Program dihapus',
  'program.member_removed': 'Peserta dikeluarkan dari program',
  'redeem.gift_changed': 'Tanda hadiah pendaftaran diubah',
  'score.imported': 'Nilai diimpor',
  'feedback.given': 'Umpan balik diberikan',
  'feedback.rewritten': 'Umpan balik ditulis ulang',
  'user.created': 'Akun staf dibuat',
  'user.role_changed': 'Peran staf diubah',
  'user.deactivated': 'Akun staf dinonaktifkan',
  'user.reactivated': 'Akun staf diaktifkan kembali',
  'user.signed_in': 'Staf masuk',
  'user.sign_in_failed': 'Gagal masuk',
  'user.password_changed': 'Kata sandi staf diubah',
  'user.session_revoked': 'Sesi staf dicabut',
  'export.downloaded': 'Ekspor diunduh',
  'privacy_notice.published': 'Kebijakan Privasi diperbarui',
};

export const auditSubjectLabels: Record<AuditSubjectType, string> = {
  member: 'Peserta',
  certificate: 'Sertifikat',
  program: 'Program',
  user: 'Akun staf',
  export: 'Ekspor',
  activity: 'Aktivitas',
  redeem: 'Pendaftaran program',
  privacy_notice: 'Kebijakan Privasi',
};

export const auditMessages = {
  dateInvalid: 'Tanggal harus berformat YYYY-MM-DD',
  rangeInvalid: 'Tanggal akhir tidak boleh sebelum tanggal awal',
  actionInvalid: 'Aksi tidak dikenal',
  subjectInvalid: 'Jenis data tidak dikenal',
  actorInvalid: 'Pelaku tidak valid',
  exported: 'Ekspor Log Aktivitas dibuat',
} as const;

/** Columns of the 'Log Aktivitas' export. */
export const auditExportHeaders = [
  'No',
  'Waktu',
  'Pelaku',
  'Peran',
  'Alamat IP',
  'Aksi',
  'Jenis Data',
  'ID Data',
  'Sebelum',
  'Sesudah',
] as const;
