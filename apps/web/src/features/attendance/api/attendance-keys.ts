import type { AttendanceListQueryParsed } from '@ajar/shared/attendance/attendance.schemas';

/** Query keys of the attendance screen. */
export const attendanceKeys = {
  all: ['attendance'] as const,
  list: (query: AttendanceListQueryParsed) => [...attendanceKeys.all, 'list', query] as const,
  programs: () => [...attendanceKeys.all, 'programs'] as const,
  topics: (programId: string) => [...attendanceKeys.all, 'topics', programId] as const,
};
