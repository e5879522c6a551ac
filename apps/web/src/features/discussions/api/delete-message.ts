import { useMutation, useQueryClient } from '@tanstack/react-query';
import { http } from '@/api/http';
import { discussionKeys } from './discussion-keys';

/** `DELETE /api/discussion/v1/delete/{id}` (a message with replies is refused). */
export function deleteMessage(id: string) {
  return http.delete<null>(`/discussion/v1/delete/${id}`);
}

export function useDeleteMessage() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: deleteMessage,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: discussionKeys.all }),
  });
}
