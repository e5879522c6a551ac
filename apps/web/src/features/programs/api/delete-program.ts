import { useMutation, useQueryClient } from '@tanstack/react-query';
import { http } from '@/api/http';
import { programKeys } from './get-programs';

/** `DELETE /api/program/v1/company/delete/{id}`. */
export function deleteProgram(id: string): Promise<unknown> {
  return http.delete(`/program/v1/company/delete/${encodeURIComponent(id)}`);
}

export function useDeleteProgram() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: deleteProgram,
    onSuccess: (_data, id) => {
      queryClient.removeQueries({ queryKey: programKeys.detail(id) });
      return queryClient.invalidateQueries({ queryKey: programKeys.lists() });
    },
  });
}
