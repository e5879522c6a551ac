/** Attendance ('Presensi', spec 01 §2, §3, §7): limits, labels and Indonesian messages. */
import type { ActivityType } from '../activities/activities.constants';

/** The activity types a member checks in to: the meetings. */
export const meetingActivityTypes = [
  'berdiskusi_daring',
  'berdiskusi_luring',
] as const satisfies readonly ActivityType[];

export function isMeetingActivityType(type: string): boolean {
  return (meetingActivityTypes as readonly string[]).includes(type);
}

export const attendanceLimits = {
  /** A member may check in this many minutes before a schedule starts (joining a bit early). */
  earlyMinutes: 15,
  /** Schedule times are wall-clock times in WIB (UTC+7, no daylight saving). */
  utcOffsetMinutes: 7 * 60,
  search: 100,
  maxPage: 100,
} as const;

export const attendanceDefaultPageSize = 5;

export const attendanceSortFields = ['created_at'] as const;
export type AttendanceSortField = (typeof attendanceSortFields)[number];

export const attendanceMessages = {
  checkedIn: 'Presensi berhasil',
  notMeeting: 'Presensi hanya untuk aktivitas Berdiskusi Daring dan Berdiskusi Luring',
  noSchedule: 'Aktivitas ini belum memiliki jadwal',
  /** Outside every window: when check-in opens, and the next occurrence (WIB) if any. */
  outsideScheduleNext: (date: string, start: string, end: string) =>
    `Presensi dibuka ${attendanceLimits.earlyMinutes} menit sebelum jadwal dimulai sampai jadwal selesai. Jadwal berikutnya: ${date}, ${start}–${end} WIB`,
  outsideScheduleOver: `Presensi dibuka ${attendanceLimits.earlyMinutes} menit sebelum jadwal dimulai sampai jadwal selesai. Semua jadwal aktivitas ini sudah lewat`,
  already: 'Anda sudah melakukan presensi untuk jadwal ini',
  exported: 'Successfully export data',
  programInvalid: 'Program tidak valid',
  topicInvalid: 'Topik tidak valid',
  pageInvalid: 'page harus angka lebih dari 0',
  limitInvalid: `limit harus angka 1 sampai ${attendanceLimits.maxPage}`,
  exportLimitInvalid: 'limit harus -1 (semua) atau angka lebih dari 0',
  sortInvalid: 'Urutan harus created_at',
} as const;

/** Screen texts (spec 01 §2, §8). */
export const attendanceTexts = {
  title: 'Presensi',
  program: 'Program',
  topic: 'Topik',
  allPrograms: 'Semua Program',
  allTopics: 'Semua Topik',
  export: 'Export',
  search: 'Cari',
  /** Spec spelling. */
  empty: 'Tidak ada pesensi',
} as const;

/** Columns of the page (spec 01 §2). */
export const attendanceColumns = {
  fullname: 'Nama Peserta',
  program: 'Program',
  createdAt: 'Tanggal Absen',
  phone: 'Nomor Whatsapp',
} as const;

/** Headers of the export, in column order. */
export const attendanceExportHeaders = [
  'No',
  'Nama Peserta',
  'Nomor Whatsapp',
  'Program',
  'Topik',
  'Aktivitas',
  'Tanggal Absen',
] as const;
