import { queryOptions, useQuery } from '@tanstack/react-query';
import type { Program } from '@ajar/shared/programs/programs.schemas';
import { http } from '@/api/http';

/** The program whose topics are shown (title for the header and the breadcrumb). */
export function getProgram(id: string, signal?: AbortSignal): Promise<Program> {
  return http.get<Program>(`/program/v1/company/detail/${encodeURIComponent(id)}`, {}, signal);
}

// Same key as the program screens: the same call answers the same data.
export const programQueryOptions = (id: string) =>
  queryOptions({
    queryKey: ['programs', 'detail', id] as const,
    queryFn: ({ signal }) => getProgram(id, signal),
  });

export function useProgram(id: string) {
  return useQuery(programQueryOptions(id));
}
