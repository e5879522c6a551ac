import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import type { Paged } from '@ajar/shared/common/envelope';
import type { Program, ProgramListQueryParsed } from '@ajar/shared/programs/programs.schemas';
import { http } from '@/api/http';

export const gradingProgramKeys = {
  all: ['grading-programs'] as const,
  list: (query: ProgramListQueryParsed) => [...gradingProgramKeys.all, 'list', query] as const,
  options: () => [...gradingProgramKeys.all, 'options'] as const,
};

/**
 * `GET /api/program/v1/company/list` for the grading list: every status (archived cohorts are
 * still graded and exported); the server gives a trainer only assigned programs.
 */
export function getGradingPrograms(
  query: ProgramListQueryParsed,
  signal?: AbortSignal,
): Promise<Paged<Program>> {
  return http.get<Paged<Program>>('/program/v1/company/list', { ...query }, signal);
}

export function useGradingPrograms(query: ProgramListQueryParsed) {
  return useQuery(
    queryOptions({
      queryKey: gradingProgramKeys.list(query),
      queryFn: ({ signal }) => getGradingPrograms(query, signal),
      placeholderData: keepPreviousData,
    }),
  );
}

export interface ProgramOption {
  id: string;
  title: string;
}

/** Every program the user may export (`limit=-1`), as options of the export dialog. */
export function useExportProgramOptions(enabled: boolean) {
  return useQuery({
    queryKey: gradingProgramKeys.options(),
    queryFn: async ({ signal }): Promise<ProgramOption[]> => {
      const data = await getGradingPrograms(
        { page: 1, limit: -1, sort: 'created_at', sort_type: 'desc' },
        signal,
      );
      return data.list.map((p) => ({ id: p.id, title: p.title }));
    },
    enabled,
    staleTime: 60_000,
  });
}
