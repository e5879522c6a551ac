/**
 * Voucher codes (`license`): `AJR-XXXX-XXXX` from an alphabet without look-alikes (no 0/O, 1/I),
 * 32^8 ≈ 10^12 codes, drawn with a cryptographic random source, so an issued code cannot be
 * guessed from another; a redeem is also throttled per member.
 */
export const voucherCodeAlphabet = 'ABCDEFGHJKLMNPQRSTUVWXYZ23456789';
export const voucherCodePrefix = 'AJR';
export const voucherCodePattern = /^AJR-[A-HJ-NP-Z2-9]{4}-[A-HJ-NP-Z2-9]{4}$/;

export const voucherLimits = {
  /** Codes per generated batch. */
  batchMin: 1,
  batchMax: 1000,
} as const;

export const voucherStatuses = ['all', 'redeemed', 'available'] as const;
export type VoucherStatusFilter = (typeof voucherStatuses)[number];

/** How a code's state reads in the list and the export. */
export const voucherStatusLabels = {
  redeemed: 'Sudah digunakan',
  available: 'Belum digunakan',
} as const;

export const voucherMessages = {
  generated: (count: number) => `${count} kode voucher berhasil dibuat`,
  countLabel: 'Jumlah voucher',
  resellerNotFound: 'Reseller tidak ditemukan',
  batchNotFound: 'Batch voucher tidak ditemukan',
  exported: 'Successfully export data',
} as const;

/** Headers of the voucher export (.xlsx), in column order. */
export const voucherExportHeaders = [
  'Kode Voucher',
  'Tanggal Dibuat',
  'Reseller',
  'Kode Referral',
  'Status',
  'Tanggal Digunakan',
  'Nama Peserta',
  'Email Peserta',
] as const;
