import { useMutation, useQueryClient } from '@tanstack/react-query';
import { http } from '@/api/http';
import { topicKeys } from './topic-keys';

/** `DELETE /api/topic/v1/delete/{id}` (the topic's activities go with it). */
export function deleteTopic(id: string): Promise<unknown> {
  return http.delete(`/topic/v1/delete/${encodeURIComponent(id)}`);
}

export function useDeleteTopic() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: deleteTopic,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: topicKeys.all }),
  });
}
