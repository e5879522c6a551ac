/** Kinds of long work a staff member starts and follows in 'Unduhan' (the back office's downloads panel). */
/**
 * `export` is the participants' exports (member_redeem, epm, TPM & UK); the panel shows each job's
 * file name, never its kind, so the kinds need no Indonesian label.
 */
export const jobKinds = [
  'attention_export',
  'audit_export',
  'certificate_zip',
  'export',
  'presence_export',
  'record_export',
  'reseller_export',
  'voucher_export',
] as const;
export type JobKind = (typeof jobKinds)[number];

/** `cancelled`: stopped by its owner ('Batalkan'); a running one stops at its next page. */
export const jobStatuses = ['queued', 'running', 'done', 'failed', 'cancelled'] as const;
export type JobStatus = (typeof jobStatuses)[number];

/** Hours a finished job's file is kept before it is removed from storage. */
export const jobFileHours = 24;

/** Exports of more rows than this run as a job; smaller ones answer `public_url` at once. */
export const exportJobThreshold = 10_000;

/** The URL hash that opens the 'Unduhan' panel on any back-office page (`#unduhan`). */
export const jobPanelHash = 'unduhan';

/**
 * Per-user limits of the queue (docs/decisions.md, "Job queue limits"): one job of a user runs at
 * a time, and at most this many of theirs are queued or running; one more is a 429.
 */
export const jobLimits = {
  activePerUser: 4,
  /** Certificates in one zip past which the start asks for a confirmation (`confirm=true`). */
  zipConfirmAbove: 2_000,
  /**
   * Certificates a server makes a second, for the estimate said before a large zip: measured
   * ~20 a second on one PDF thread of a loaded 2-core machine; a conservative figure.
   */
  zipPdfsPerSecond: 15,
} as const;

export const jobMessages = {
  /** The toast when a job was started: the dialog closes at once. */
  started: 'Sedang diproses, lihat di Unduhan',
  /** The reason of a job that failed for good without a reason of its own. */
  failed: 'Gagal memproses, silakan coba lagi',
  /** The file of a finished job was removed (24 h after it was done). */
  expired: 'File sudah kedaluwarsa, silakan proses ulang',
  /** A user with `jobLimits.activePerUser` jobs queued or running asks for one more (429). */
  tooMany: `Masih ada ${jobLimits.activePerUser} unduhan yang sedang diproses atau menunggu. Tunggu salah satu selesai atau batalkan dulu.`,
  /** What a cancelled job says in the panel. */
  cancelled: 'Dibatalkan',
  /** 'Batalkan' on a job that has already ended. */
  notCancellable: 'Unduhan ini sudah selesai dan tidak bisa dibatalkan',
  cancel: 'Batalkan',
  /** The panel's title and button. */
  panel: 'Unduhan',
  download: 'Unduh',
} as const;
