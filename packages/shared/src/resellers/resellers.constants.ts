/** Resellers and their referrals (spec 01 §2, §3, §4, §5, §7, §8, §9). */

export const resellerStatuses = ['active', 'inactive'] as const;
export type ResellerStatus = (typeof resellerStatuses)[number];

/** The gift flag of a reseller redeem is a string (spec 01 §3, §4). */
export const giftValues = ['true', 'false'] as const;
export type GiftValue = (typeof giftValues)[number];

/** Redeem meta fields staff may change through `update_redeem_meta` (allow-list). */
export const redeemMetaFields = ['gift'] as const;

export const resellerSortFields = ['created_at', 'fullname', 'total_user'] as const;
export type ResellerSortField = (typeof resellerSortFields)[number];

export const resellerUserSortFields = ['created_at', 'start_test_at'] as const;
export type ResellerUserSortField = (typeof resellerUserSortFields)[number];

/** The product's page sizes: lists other than programs and media start at 5 rows. */
export const resellerDefaultPageSize = 5;

export const resellerLimits = {
  fullname: 100,
  domicile: 100,
  commissionProvider: 100,
  search: 100,
  /** No WA: 62 then 8..13 digits. */
  whatsappPattern: /^62\d{8,13}$/,
  /** No Handphone: 9..15 digits (a leading 0 or 62 both accepted). */
  phonePattern: /^\d{9,15}$/,
  /** Largest page of the list; -1 (all) is allowed for the export pick list. */
  maxPage: 100,
  /** Referral codes in one export. */
  exportCodes: 200,
} as const;

/** Form labels (spec 01 §5), used in the messages. */
export const resellerFieldLabels = {
  fullname: 'Nama Lengkap',
  email: 'E-mail',
  domicile: 'Domisili',
  whatsapp: 'No WA',
  commissionProvider: 'Provider Komisi',
  phone: 'No Handphone',
  password: 'Password',
  search: 'Pencarian',
  referralCode: 'Kode Referral',
} as const;

export const resellerMessages = {
  /** Spec 01 §8. */
  created: 'Successfully added data reseller',
  updated: 'Successfully update data reseller',
  giftChanged: 'Successfully change status gift',
  exported: 'Successfully export data',
  /** Spec 01 §5. */
  emailRequired: 'E-mail tidak boleh kosong',
  emailInvalid: 'E-mail tidak valid',
  emailTaken: 'E-mail sudah terdaftar sebagai reseller',
  emailReadOnly: 'E-mail tidak dapat diubah',
  whatsappHint: 'Ganti angka 0 di depan dengan 62, contoh 6281234567890',
  whatsappFormat: 'No WA harus diawali 62 dan terdiri dari 10 sampai 15 angka',
  phoneFormat: 'No Handphone harus terdiri dari 9 sampai 15 angka',
  notFound: 'Reseller tidak ditemukan',
  referralNotFound: (code: string) => `Kode referral ${code} tidak ditemukan`,
  redeemNotFound: 'Data pengguna tidak ditemukan',
  redeemWithoutReseller: 'Pengguna ini tidak terdaftar melalui reseller',
  codesRequired: 'Pilih minimal satu reseller',
  tooManyCodes: `Reseller maksimal ${resellerLimits.exportCodes}`,
  statusInvalid: 'Status harus active atau inactive',
  giftInvalid: "Nilai harus 'true' atau 'false'",
  fieldInvalid: 'Field yang dapat diubah hanya gift',
  limitInvalid: `limit harus -1 (semua) atau antara 1 dan ${resellerLimits.maxPage}`,
  pageLimitInvalid: `limit harus antara 1 dan ${resellerLimits.maxPage}`,
  pageInvalid: 'page tidak valid',
  sortInvalid: 'sort tidak valid',
} as const;

/** Headers of the reseller users export, in column order. */
export const resellerUserExportHeaders = [
  'No',
  'Kode Voucher',
  'Nama Peserta',
  'Nomor Handphone',
  'Email',
  'Program',
  'Tanggal Redeem',
  'Tanggal Mulai',
  'Hadiah',
  'Nama Reseller',
  'Kode Referral',
] as const;

/** The gift column's words. */
export const giftLabels: Record<GiftValue, string> = { true: 'Sudah', false: 'Belum' };
