import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { ProgramStatus } from '@ajar/shared/programs/programs.constants';
import { http } from '@/api/http';
import { programKeys } from './get-programs';

/** `PUT /api/program/v1/company/update-status/{id}` with `status` publish or archive. */
export function updateProgramStatus({
  id,
  status,
}: {
  id: string;
  status: ProgramStatus;
}): Promise<unknown> {
  return http.put(`/program/v1/company/update-status/${encodeURIComponent(id)}`, { status });
}

export function useUpdateProgramStatus() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: updateProgramStatus,
    onSuccess: (_data, { id }) =>
      Promise.all([
        queryClient.invalidateQueries({ queryKey: programKeys.lists() }),
        queryClient.invalidateQueries({ queryKey: programKeys.detail(id) }),
      ]),
  });
}
