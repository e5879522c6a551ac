import { useMutation, useQueryClient } from '@tanstack/react-query';
import { http } from '@/api/http';
import { participantKeys } from './participant-keys';

/** `DELETE /api/users/v1/company/program/delete/{id}`: removes a participant from the program. */
export function useRemoveParticipant() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (id: string) =>
      http.delete<null>(`/users/v1/company/program/delete/${encodeURIComponent(id)}`),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: participantKeys.lists() }),
  });
}
