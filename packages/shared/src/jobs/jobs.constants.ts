/** Kinds of long work a staff member starts and follows in 'Unduhan' (issue 19). */
/**
 * `export` is the participants' exports (member_redeem, epm, TPM & UK); the panel shows each job's
 * file name, never its kind, so the kinds need no Indonesian label.
 */
export const jobKinds = [
  'certificate_zip',
  'export',
  'presence_export',
  'record_export',
  'reseller_export',
] as const;
export type JobKind = (typeof jobKinds)[number];

export const jobStatuses = ['queued', 'running', 'done', 'failed'] as const;
export type JobStatus = (typeof jobStatuses)[number];

/** Hours a finished job's file is kept before it is removed from storage. */
export const jobFileHours = 24;

/** Exports of more rows than this run as a job; smaller ones answer `public_url` at once. */
export const exportJobThreshold = 10_000;

/** The URL hash that opens the 'Unduhan' panel on any back-office page (`#unduhan`). */
export const jobPanelHash = 'unduhan';

export const jobMessages = {
  /** The toast when a job was started: the dialog closes at once. */
  started: 'Sedang diproses, lihat di Unduhan',
  /** The reason of a job that failed for good without a reason of its own. */
  failed: 'Gagal memproses, silakan coba lagi',
  /** The file of a finished job was removed (24 h after it was done). */
  expired: 'File sudah kedaluwarsa, silakan proses ulang',
  /** The panel's title and button. */
  panel: 'Unduhan',
  download: 'Unduh',
} as const;
