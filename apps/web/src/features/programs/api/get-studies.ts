import { queryOptions, useQuery } from '@tanstack/react-query';
import type { Paged } from '@ajar/shared/common/envelope';
import type { Study } from '@ajar/shared/studies/studies.schemas';
import { http } from '@/api/http';

export const studyKeys = { all: ['studies'] as const };

/** `GET /api/study/v1/list`: every study field (limit -1). */
export function getStudies(signal?: AbortSignal): Promise<Study[]> {
  return http.get<Paged<Study>>('/study/v1/list', { limit: -1 }, signal).then((data) => data.list);
}

export const studiesQueryOptions = queryOptions({
  queryKey: studyKeys.all,
  queryFn: ({ signal }) => getStudies(signal),
  staleTime: 5 * 60_000,
});

export function useStudies() {
  return useQuery(studiesQueryOptions);
}
