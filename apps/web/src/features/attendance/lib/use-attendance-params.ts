import { attendanceDefaultPageSize } from '@ajar/shared/attendance/attendance.constants';
import { useListSearchParams } from '@/hooks/use-list-search-params';

/** Rows-per-page choices (spec 01 §9 starts lists at 5). */
export const pageSizes = [attendanceDefaultPageSize, 10, 25] as const;

/**
 * The screen's page, size, search, sort direction and program/topic filters kept in the URL, so
 * a reload or the back button returns to the same view.
 */
export function useAttendanceParams() {
  const { params, update } = useListSearchParams();
  const page = Math.max(1, Number(params.get('page')) || 1);
  const wanted = Number(params.get('limit'));
  const limit = pageSizes.find((n) => n === wanted) ?? attendanceDefaultPageSize;
  const dir: 'asc' | 'desc' = params.get('dir') === 'asc' ? 'asc' : 'desc';
  return {
    page,
    limit,
    dir,
    q: params.get('q') ?? '',
    programId: params.get('program_id') ?? '',
    topicId: params.get('topic_id') ?? '',
    update,
  };
}
