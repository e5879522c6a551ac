import { displayTimeZone } from '../common/datetime';

/** Exports of participant data (spec 01 §2 grading list, §5 export dialog, §7, §9). */

/** Date columns an export sorts and filters by (spec 01 §9), with the dialog's labels. */
export const exportSortFields = ['created_at', 'end_test_at'] as const;
export type ExportSortField = (typeof exportSortFields)[number];

export const exportSortLabels: Record<ExportSortField, string> = {
  created_at: 'Tanggal Redeem',
  end_test_at: 'Tanggal Penyelesaian',
};

/** Progress choices of the dialog (spec 01 §9): 'All' = 0..100, '100%' = 100..100. */
export const exportProgressOptions = [
  { key: 'all', label: 'All', start: 0, end: 100 },
  { key: 'complete', label: '100%', start: 100, end: 100 },
] as const;
export type ExportProgressKey = (typeof exportProgressOptions)[number]['key'];

/** The two exports of the grading list's menu. */
export const exportKinds = ['member_redeem', 'member_redeem_epm'] as const;
export type ExportKind = (typeof exportKinds)[number];

export const exportKindLabels: Record<ExportKind, string> = {
  member_redeem: 'Export Program',
  member_redeem_epm: 'Export TPM & UK',
};

export const exportLimits = {
  /** Spec 01 §5: the date pickers' minimum. */
  minDate: '1950-01-01',
  progressMin: 0,
  progressMax: 100,
  /** Programs in one export: generous, and keeps one request's access checks bounded. */
  programs: 500,
} as const;

/**
 * Dates of the dialog are calendar days in Western Indonesia Time (WIB, UTC+7, no daylight
 * saving): a range 2025-03-01..2025-03-01 is 2025-03-01 00:00 to 24:00 WIB, and the file shows
 * times in WIB.
 */
export const exportUtcOffsetMinutes = displayTimeZone.offsetMinutes;

export const exportFieldLabels = {
  programs: 'Program',
  startDate: 'Tanggal Mulai',
  endDate: 'Tanggal Akhir',
  progressStart: 'Progress Awal',
  progressEnd: 'Progress Akhir',
  sort: 'Urutkan',
  rangeDateType: 'Jenis Tanggal',
} as const;

export const exportMessages = {
  /** Spec 01 §8. */
  exported: 'Successfully export data',
  /** An export that would hold no rows makes no file (every export says this). */
  empty: 'Tidak ada data untuk diekspor. Ubah pilihan atau filter, lalu coba lagi.',
  programInvalid: 'Program tidak valid',
  tooManyPrograms: `Program maksimal ${exportLimits.programs}`,
  dateInvalid: (field: string) => `${field} tidak valid, gunakan format YYYY-MM-DD`,
  dateBeforeMin: (field: string) => `${field} tidak boleh sebelum 01-01-1950`,
  dateAfterToday: (field: string) => `${field} tidak boleh melebihi hari ini`,
  dateOrder: 'Tanggal Mulai tidak boleh setelah Tanggal Akhir',
  progressRange: (field: string) => `${field} harus berada diantara 0 dan 100`,
  progressOrder: 'Progress Awal tidak boleh lebih besar dari Progress Akhir',
  sortInvalid: 'Urutan harus created_at atau end_test_at',
  limitInvalid: 'limit harus -1 (semua) atau angka lebih dari 0',
} as const;

/** Headers of `member_redeem` (one row per participant), in column order. */
export const memberRedeemHeaders = [
  'No',
  'Kode Voucher',
  'Kode Redeem',
  'Nama Peserta',
  'Email',
  'Nomor Whatsapp',
  'Jenjang Pendidikan',
  'Program',
  'Progress (%)',
  'Nilai Pre Test',
  'Nilai Post Test',
  'Tanggal Redeem',
  'Tanggal Mulai',
  'Tanggal Penyelesaian',
  'Reseller',
  'Kode Referral',
] as const;

/**
 * Leading headers of `member_redeem_epm` ('Export TPM & UK'); then, per practice task (TPM,
 * `praktek_mandiri`) and per skills test (UK, `evaluasi_praktek_mandiri`) in the program's order,
 * `Nilai TPM n - Judul` / `Feedback TPM n - Judul` and the same for UK (`epmColumnHeader`), n being
 * the activity number the score import reads.
 */
export const memberRedeemEpmHeaders = [
  'No',
  'Kode Voucher',
  'Kode Redeem',
  'Nama Peserta',
  'Email',
  'Nomor Whatsapp',
  'Jenjang Pendidikan',
  'Program',
  'Progress (%)',
  'Tanggal Redeem',
  'Tanggal Penyelesaian',
] as const;

/** The graded work kinds of 'Export TPM & UK' and the activity type each one is. */
export const epmActivityKinds = [
  { key: 'TPM', type: 'praktek_mandiri' },
  { key: 'UK', type: 'evaluasi_praktek_mandiri' },
] as const;
export type EpmKind = (typeof epmActivityKinds)[number]['key'];
