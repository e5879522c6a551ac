import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import type { Paged } from '@ajar/shared/common/envelope';
import type { ProgramListQueryParsed, Program } from '@ajar/shared/programs/programs.schemas';
import { http } from '@/api/http';

export const programKeys = {
  all: ['programs'] as const,
  lists: () => [...programKeys.all, 'list'] as const,
  list: (query: ProgramListQueryParsed) => [...programKeys.lists(), query] as const,
  details: () => [...programKeys.all, 'detail'] as const,
  detail: (id: string) => [...programKeys.details(), id] as const,
};

/** `GET /api/program/v1/company/list` (a trainer gets only assigned programs). */
export function getPrograms(
  query: ProgramListQueryParsed,
  signal?: AbortSignal,
): Promise<Paged<Program>> {
  return http.get<Paged<Program>>('/program/v1/company/list', { ...query }, signal);
}

export const programsQueryOptions = (query: ProgramListQueryParsed) =>
  queryOptions({
    queryKey: programKeys.list(query),
    queryFn: ({ signal }) => getPrograms(query, signal),
    // Paging, tab and sort changes keep the previous rows on screen until the new ones arrive.
    placeholderData: keepPreviousData,
  });

export function usePrograms(query: ProgramListQueryParsed) {
  return useQuery(programsQueryOptions(query));
}
