import type { ActivityType } from '../activities/activities.constants';
import { formatThousands } from '../common/format';
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

/** How a refusal names a missing column: the template's own header text. */
export const importColumnLabels: Record<ImportColumn, string> = {
  license: 'license (Kode Voucher)',
  activity_number: 'activity_number (Nomor Aktivitas)',
  score: 'score (Nilai)',
  feedback: 'feedback',
};

/**
 * A score or feedback column of 'Export TPM & UK' (`Nilai UK 12 - Judul`,
 * `Feedback TPM 7 - Judul`): the file can be imported back after its scores are edited.
 */
export function epmScoreColumnOf(
  header: string,
): { field: 'score' | 'feedback'; kind: ImportKind; activityNumber: number } | undefined {
  const match = /^\s*(nilai|feedback)\s+(uk|tpm)\s+(\d+)(?:\s*[-–:].*)?$/i.exec(header);
  if (!match) return undefined;
  return {
    field: match[1]!.toLowerCase() === 'nilai' ? 'score' : 'feedback',
    kind: match[2]!.toLowerCase() as ImportKind,
    activityNumber: Number(match[3]),
  };
}

/** The header of a graded column of 'Export TPM & UK': kind, activity number and title. */
export function epmColumnHeader(
  field: 'score' | 'feedback',
  kind: ImportKind,
  activityNumber: number,
  title: string,
): string {
  const name = field === 'score' ? 'Nilai' : 'Feedback';
  return `${name} ${importKindLabels[kind].short} ${activityNumber} - ${title}`;
}

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
  tooManyRows: `Maksimal ${formatThousands(importLimits.dataRows)} baris data per file`,
  missingColumns: (columns: string[]) =>
    `Kolom ${columns.join(', ')} tidak ditemukan pada baris judul. Gunakan template import.`,
  /** The file's header row names no column of the template nor of 'Export TPM & UK'. */
  notTemplate: (columns: string[]) =>
    `Baris judul file bukan template import: kolom ${columns.join(', ')} tidak ditemukan. Gunakan template import atau file 'Export TPM & UK'.`,
  noScoreColumns: (kind: ImportKind) =>
    `File 'Export TPM & UK' ini tidak berisi kolom Nilai ${importKindLabels[kind].short}`,
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
  notDone: 'Nilai disimpan, tetapi peserta belum mengerjakan aktivitas ini',
  duplicate: (firstRow: number) =>
    `Baris ganda: kode voucher dan nomor aktivitas sama dengan baris ${firstRow}`,
  // Summary of the result dialog (spec 01 §8).
  summaryDone: (ok: number, total: number) => `${ok}/${total} data berhasil diimport.`,
  summaryFailed: (failed: number, total: number) =>
    `${failed}/${total} data belum berhasil diimport.`,
  summaryWarnings: (n: number) => `${n} data tersimpan dengan peringatan.`,
} as const;
