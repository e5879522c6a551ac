import type { ActivityType } from '../activities/activities.constants';
import { messages } from '../common/messages';

/** The two score imports of spec 01 §2: Uji Keterampilan and Tugas Praktik Mandiri. */
export const importKinds = ['uk', 'tpm'] as const;
export type ImportKind = (typeof importKinds)[number];

/**
 * The activity type a kind grades. UK (Uji Keterampilan, a skills test) is the evaluation of the
 * practice work, `evaluasi_praktek_mandiri`; TPM (Tugas Praktik Mandiri) is the independent
 * practice assignment itself, `praktek_mandiri`.
 */
export const importActivityType: Record<ImportKind, ActivityType> = {
  uk: 'evaluasi_praktek_mandiri',
  tpm: 'praktek_mandiri',
};

export const importKindLabels: Record<ImportKind, { short: string; long: string }> = {
  uk: { short: 'UK', long: 'Uji Keterampilan' },
  tpm: { short: 'TPM', long: 'Tugas Praktik Mandiri' },
};

/** The server paths of spec 01 §7 'Exports and imports'. */
export const importPaths: Record<ImportKind, string> = {
  uk: '/api/users/v1/trainer/import-feedback-uk-mr',
  tpm: '/api/users/v1/trainer/import-feedback-tpm-mr',
};

/** One template serves both kinds: the columns are the same, the activity number decides. */
export const importTemplatePath = '/file/template-import.xlsx';

const MB = 1024 * 1024;

/**
 * Limits checked before any cell is parsed. A 100,000-row file with a unique feedback on every row
 * is about 5 MB packed and 30 MB unpacked; the limits leave room above that and stop zip bombs.
 */
export const importLimits = {
  fileBytes: 10 * MB,
  zipEntries: 1000,
  unpackedBytes: 100 * MB,
  dataRows: 100_000,
  feedback: 250,
  scoreMin: 0,
  scoreMax: 100,
} as const;

/** Columns of the template (spec 01 §2 Import), with the other names a header may use. */
export const importColumns = {
  license: ['license', 'kode voucher', 'voucher', 'lisensi'],
  activity_number: ['activity_number', 'nomor aktivitas', 'no aktivitas', 'activity number'],
  score: ['score', 'nilai', 'skor'],
  feedback: ['feedback', 'umpan balik', 'catatan', 'feedback text', 'text'],
} as const;
export type ImportColumn = keyof typeof importColumns;

/** A header as compared: lower case, without spaces, underscores or dashes. */
export function normalizeHeader(value: string): string {
  return value.toLowerCase().replace(/[\s_\-.]+/g, '');
}

/** The column a header names, or undefined for an extra column (ignored). */
export function importColumnOf(header: string): ImportColumn | undefined {
  const key = normalizeHeader(header);
  if (!key) return undefined;
  for (const [column, names] of Object.entries(importColumns) as [
    ImportColumn,
    readonly string[],
  ][]) {
    if (names.some((name) => normalizeHeader(name) === key)) return column;
  }
  return undefined;
}

/** Result filter of the dialog (spec 01 §9: 0 all, 1 success, 2 failed). */
export const importResultFilters = [
  { value: 0, label: 'Semua' },
  { value: 1, label: 'Sukses' },
  { value: 2, label: 'Gagal' },
] as const;
export type ImportResultFilter = (typeof importResultFilters)[number]['value'];

const formatLimit = (bytes: number) => `${Math.round(bytes / MB)} MB`;

/** Indonesian messages of the import: file checks (whole file refused) and per-row results. */
export const importMessages = {
  success: 'Berhasil',
  done: 'Import nilai berhasil dilakukan',
  fileRequired: 'File Tidak Boleh Kosong',
  notXlsx: 'File harus berformat .xlsx',
  legacyXls: 'File .xls (Excel 97-2003) tidak didukung. Simpan sebagai .xlsx lalu unggah ulang.',
  encrypted: 'File dilindungi kata sandi. Hapus kata sandinya di Excel, simpan, lalu unggah ulang.',
  tooLarge: `Ukuran file maksimal ${formatLimit(importLimits.fileBytes)}`,
  zipBomb: `File tidak wajar: isinya melebihi ${formatLimit(importLimits.unpackedBytes)} setelah diekstrak atau lebih dari ${importLimits.zipEntries} bagian.`,
  broken: 'File .xlsx rusak atau tidak dapat dibaca. Buka dan simpan ulang file di Excel.',
  noSheet: 'File tidak berisi lembar kerja',
  noRows: 'File tidak berisi data nilai',
  tooManyRows: `Maksimal ${importLimits.dataRows.toLocaleString('id-ID')} baris data per file`,
  missingColumns: (columns: string[]) =>
    `Kolom ${columns.join(', ')} tidak ditemukan pada baris judul. Gunakan template import.`,
  changedMeanwhile:
    'Data peserta berubah selama import. Tidak ada nilai yang disimpan, silakan import ulang.',
  // Row results.
  licenseRequired: messages.required('Kode voucher'),
  unknownLicense: 'Kode voucher tidak ditemukan',
  notInProgram: 'Peserta belum terdaftar di program voucher ini',
  activityNumberRequired: messages.required('Nomor aktivitas'),
  activityNumberInvalid: 'Nomor aktivitas harus berupa angka bulat mulai dari 1',
  activityNotFound: (n: number) => `Aktivitas nomor ${n} tidak ada di program ini`,
  wrongActivity: (n: number, kind: ImportKind) =>
    `Aktivitas nomor ${n} bukan aktivitas ${importKindLabels[kind].long} (${importKindLabels[kind].short})`,
  scoreRequired: messages.required('Nilai'),
  scoreInvalid: `Nilai harus berupa angka bulat ${importLimits.scoreMin} sampai ${importLimits.scoreMax}`,
  feedbackTooLong: messages.max('Feedback', importLimits.feedback),
  duplicate: (firstRow: number) =>
    `Baris ganda: kode voucher dan nomor aktivitas sama dengan baris ${firstRow}`,
  // Summary of the result dialog (spec 01 §8).
  summaryDone: (ok: number, total: number) => `${ok}/${total} data berhasil diimport.`,
  summaryFailed: (failed: number, total: number) =>
    `${failed}/${total} data belum berhasil diimport.`,
} as const;
