/** Program statuses of spec 01 §3/§4; a new program starts as draft. */
export const programStatuses = ['draft', 'publish', 'archive'] as const;
export type ProgramStatus = (typeof programStatuses)[number];

export const programStatusLabels: Record<ProgramStatus, string> = {
  draft: 'Draft',
  publish: 'Publish',
  archive: 'Archive',
};

/** Program types of spec 01 §9. */
export const programTypes = ['online', 'offline', 'hybrid'] as const;
export type ProgramType = (typeof programTypes)[number];

export const programTypeLabels: Record<ProgramType, string> = {
  online: 'Online',
  offline: 'Offline',
  hybrid: 'Hybrid',
};

/** `is_free`: true = Free, false = Berbayar (spec 01 §3). */
export const priceLabels = { free: 'Free', paid: 'Berbayar' } as const;
export function priceLabel(isFree: boolean): string {
  return isFree ? priceLabels.free : priceLabels.paid;
}

/** `is_prakerja` picks the certificate template (spec 01 §3). */
export const certificateTemplateLabels = {
  prakerja: 'Program Prakerja',
  umum: 'Program Umum',
} as const;
export function certificateTemplateLabel(isPrakerja: boolean): string {
  return isPrakerja ? certificateTemplateLabels.prakerja : certificateTemplateLabels.umum;
}

/**
 * Allowed status changes (spec 01 §4): draft or archive can become publish; publish can become
 * archive. Every other pair, including "to itself", is refused.
 */
export const programStatusTransitions: Record<ProgramStatus, readonly ProgramStatus[]> = {
  draft: ['publish'],
  archive: ['publish'],
  publish: ['archive'],
};

export function canChangeProgramStatus(from: ProgramStatus, to: ProgramStatus): boolean {
  return programStatusTransitions[from].includes(to);
}

/** Sort fields of the program list (allow-list). */
export const programSortFields = ['created_at', 'total_participants'] as const;
export type ProgramSortField = (typeof programSortFields)[number];

/**
 * Maximum lengths of program fields. The spec leaves them open ("not shown"); these are generous
 * limits that keep one row small. Rich text limits count HTML characters.
 */
export const programFieldLimits = {
  title: 255,
  programBenefits: 50_000,
  competence: 255,
  competences: 30,
  facilitatorName: 255,
  facilitatorDescription: 20_000,
  facilitators: 20,
  sellingLinkTitle: 255,
  sellingLinks: 10,
  url: 2048,
  /** Rupiah; a trillion is far above any course price and stays inside a safe integer. */
  price: 1_000_000_000_000,
  search: 255,
} as const;

/** Field labels used in the validation messages (spec 01 §5). */
export const programFieldLabels = {
  title: 'Judul Program',
  programBenefits: 'Deskripsi program',
  studies: 'Bidang studi',
  competence: 'Kompetensi',
  facilitatorName: 'Nama fasilitator',
  facilitatorDescription: 'Deskripsi fasilitator',
  sellingPrice: 'Harga jual',
  discountPrice: 'Harga Coret',
  sellingLinkTitle: 'Judul link',
  sellingLinkUrl: 'Link',
  type: 'Tipe program',
  status: 'Status program',
} as const;

/** Messages of spec 01 §8 and of the server's program rules. */
export const programMessages = {
  created: 'Successfully added program',
  updated: 'Successfully update program',
  deleted: 'Program berhasil dihapus',
  statusChanged: 'Status program berhasil diubah',
  empty: 'Tidak ada program',
  invalidTransition: (from: ProgramStatus, to: ProgramStatus) =>
    `Status program tidak dapat diubah dari ${from} ke ${to}`,
  sameStatus: (status: ProgramStatus) => `Status program sudah ${status}`,
  invalidStatus: 'Status program tidak valid',
  invalidType: 'Tipe program tidak valid',
  invalidUrl: 'Link tidak valid',
  invalidImageUrl: 'URL gambar tidak valid',
  coverNotFound: 'Cover tidak ditemukan',
  pictureNotFound: 'Foto fasilitator tidak ditemukan',
  studyNotFound: 'Bidang studi tidak ditemukan',
  trainerNotFound: 'Akun trainer tidak ditemukan atau tidak aktif',
  facilitatorNotFound: 'Fasilitator tidak ditemukan pada program ini',
  priceTooLarge: (field: string) => `${field} terlalu besar`,
  /** A hint under Harga Coret; not enforced (spec 01 §5). */
  discountHint: 'Harga Coret sebaiknya lebih besar dari Harga Jual',
} as const;

/** The Harga Coret hint of spec 01 §5: shown, never enforced. */
export function showDiscountHint(
  discountPrice: number | null | undefined,
  sellingPrice: number | null | undefined,
): boolean {
  if (discountPrice == null || sellingPrice == null) return false;
  return discountPrice > 0 && discountPrice <= sellingPrice;
}
