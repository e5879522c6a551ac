/** Participants of a program as staff see them (spec 01 §2 'Daftar Peserta', §7, DESIGN §11). */

/** Field labels of the participant screens, used in messages and forms. */
export const participantFieldLabels = {
  fullname: 'Nama Lengkap',
  email: 'Email',
  phone: 'Nomor Whatsapp',
  dateOfBirth: 'Tanggal Lahir',
  code: 'Kode Peserta',
  score: 'Nilai',
  text: 'Respon',
  search: 'Pencarian',
} as const;

/**
 * Limits. Feedback bounds are spec 01 §9 (score 0..100, text 250); the birth date bounds are
 * spec 01 §5 (minimum 1950-01-01, maximum today); name, email and code lengths are not in the
 * spec and are generous.
 */
export const participantLimits = {
  fullname: 100,
  email: 255,
  code: 50,
  search: 100,
  feedbackText: 250,
  scoreMin: 0,
  scoreMax: 100,
  birthDateMin: '1950-01-01',
} as const;

/** Rows per page of the participant list; spec 01 §9: lists other than programs start at 5. */
export const participantPageSizes = [5, 10, 25, 50] as const;
export const participantDefaultPageSize = 5;

/** Sort fields of the participant list (allow-list). `results.progress` is the spec's name. */
export const participantSortFields = ['results.progress', 'created_at'] as const;
export type ParticipantSortField = (typeof participantSortFields)[number];

/**
 * Activity types whose work a member uploads (praktek mandiri): the Detail Aktivitas dialog offers
 * the feedback form on these, and on any activity that already has work or feedback.
 */
export const workActivityTypes = ['praktek_mandiri', 'evaluasi_praktek_mandiri'] as const;

export const participantMessages = {
  /** Spec 01 §8. */
  memberUpdated: 'Data Peserta berhasil diubah',
  /** Spec 01 §8. */
  feedbackSent: 'Feedback berhasil dikirim',
  removed: 'Peserta berhasil dihapus dari program',
  emailTaken: 'Email sudah digunakan oleh peserta lain',
  phoneReadOnly: 'Nomor Whatsapp tidak dapat diubah',
  emailAdminOnly: 'Email login peserta hanya dapat diubah oleh Admin',
  birthDateInvalid: 'Tanggal Lahir tidak valid',
  birthDateMin: 'Tanggal Lahir tidak boleh sebelum 01-01-1950',
  birthDateMax: 'Tanggal Lahir tidak boleh melebihi hari ini',
  scoreInvalid: 'Nilai harus berupa angka bulat 0 sampai 100',
  activityNotInProgram: 'Aktivitas tidak ditemukan pada program peserta',
  redeemNotFound: 'Data peserta tidak ditemukan',
  workNotFound: 'File tugas tidak ditemukan',
  empty: 'Tidak ada peserta',
  emptySearch: 'Peserta tidak ditemukan',
} as const;

/** Spec 01 §8: a failed feedback shows an inline error alert for 4 seconds. */
export const feedbackErrorMs = 4000;
