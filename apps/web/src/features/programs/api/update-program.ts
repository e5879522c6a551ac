import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { ProgramBody } from '@ajar/shared/programs/programs.schemas';
import { http } from '@/api/http';
import { programKeys } from './get-programs';

/** `PUT /api/program/v1/company/update/{id}`. */
export function updateProgram({ id, body }: { id: string; body: ProgramBody }): Promise<unknown> {
  return http.put(`/program/v1/company/update/${encodeURIComponent(id)}`, body);
}

export function useUpdateProgram() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: updateProgram,
    onSuccess: (_data, { id }) =>
      Promise.all([
        queryClient.invalidateQueries({ queryKey: programKeys.lists() }),
        queryClient.invalidateQueries({ queryKey: programKeys.detail(id) }),
      ]),
  });
}
