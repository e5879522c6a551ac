import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { ProgramBody } from '@ajar/shared/programs/programs.schemas';
import { http } from '@/api/http';
import { programKeys } from './get-programs';

/** `POST /api/program/v1/company/create`; the new program starts as draft. */
export function createProgram(body: ProgramBody): Promise<{ id: string }> {
  return http.post<{ id: string }>('/program/v1/company/create', body);
}

export function useCreateProgram() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: createProgram,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: programKeys.lists() }),
  });
}
