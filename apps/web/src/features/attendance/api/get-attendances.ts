import { keepPreviousData, useMutation, useQuery } from '@tanstack/react-query';
import type {
  AttendanceExportQuery,
  AttendanceExportReply,
  AttendanceList,
  AttendanceListQueryParsed,
} from '@ajar/shared/attendance/attendance.schemas';
import { http } from '@/api/http';
import { attendanceKeys } from './attendance-keys';

/** `GET /api/presence/v1/company/list` (a trainer gets assigned programs only). */
export function useAttendances(query: AttendanceListQueryParsed) {
  return useQuery({
    queryKey: attendanceKeys.list(query),
    queryFn: ({ signal }) =>
      http.get<AttendanceList>('/presence/v1/company/list', { ...query }, signal),
    // Paging, filters and search keep the previous rows on screen until the new ones arrive.
    placeholderData: keepPreviousData,
  });
}

/**
 * `GET /api/presence/v1/company/export` (spec 01 §7): answers `data.public_url`, or past 10,000
 * rows `data.job_id`.
 */
export function useExportAttendances() {
  return useMutation({
    mutationFn: (query: AttendanceExportQuery) =>
      http.get<AttendanceExportReply>('/presence/v1/company/export', { ...query }),
  });
}
