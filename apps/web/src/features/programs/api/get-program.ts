import { queryOptions, useQuery } from '@tanstack/react-query';
import type { Program } from '@ajar/shared/programs/programs.schemas';
import { http } from '@/api/http';
import { programKeys } from './get-programs';

/** `GET /api/program/v1/company/detail/{id}`. */
export function getProgram(id: string, signal?: AbortSignal): Promise<Program> {
  return http.get<Program>(
    `/program/v1/company/detail/${encodeURIComponent(id)}`,
    undefined,
    signal,
  );
}

export const programQueryOptions = (id: string) =>
  queryOptions({
    queryKey: programKeys.detail(id),
    queryFn: ({ signal }) => getProgram(id, signal),
  });

export function useProgram(id: string) {
  return useQuery(programQueryOptions(id));
}
