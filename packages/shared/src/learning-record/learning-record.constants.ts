/**
 * A participant opening the same activity again within these minutes records no new
 * `activity_opened`: the learner app reloads an activity's detail on focus, reconnect and after
 * each answer, and the record should say when a participant came to an activity, not how often
 * their phone refreshed it (docs/decisions.md, 'The evidence, for staff and for audits').
 */
export const activityOpenedQuietMinutes = 30;

/** Events per page of a participant's timeline ('Detail Aktivitas'). */
export const learningRecordPageSizes = { default: 20, max: 100 } as const;

/** The columns of the learning-record export, in order. */
export const learningRecordExportHeaders = [
  'No',
  'Nama Peserta',
  'Email',
  'Kode Redeem',
  'Topik',
  'Aktivitas',
  'Kejadian',
  'Waktu Server',
  'Nilai',
  'Keterangan',
  'Oleh',
] as const;

/**
 * Excel's format of the export's time cells: the day named, seconds shown (the record's own
 * precision an auditor may ask for), the zone's wall-clock time as every export writes it.
 */
export const learningRecordExcelTimeFormat = '[$-421]dddd, d mmmm yyyy, hh.mm.ss "WIB"';

export const learningRecordMessages = {
  exported: 'Rekam belajar berhasil diekspor',
  exportButton: 'Ekspor Rekam Belajar',
  title: 'Rekam Belajar',
  empty: 'Belum ada rekam belajar',
  programLevel: 'Program',
} as const;
