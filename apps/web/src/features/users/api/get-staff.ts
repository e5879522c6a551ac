import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import type { StaffList, StaffListQueryParsed } from '@ajar/shared/users/users.schemas';
import { http } from '@/api/http';
import { staffKeys } from './staff-keys';

/** `GET /api/users/v1/staff/list`. */
export function getStaff(query: StaffListQueryParsed, signal?: AbortSignal): Promise<StaffList> {
  return http.get<StaffList>('/users/v1/staff/list', { ...query }, signal);
}

export const staffQueryOptions = (query: StaffListQueryParsed) =>
  queryOptions({
    queryKey: staffKeys.list(query),
    queryFn: ({ signal }) => getStaff(query, signal),
    // Paging, search and filters keep the previous rows on screen until the new ones arrive.
    placeholderData: keepPreviousData,
  });

export function useStaff(query: StaffListQueryParsed) {
  return useQuery(staffQueryOptions(query));
}
