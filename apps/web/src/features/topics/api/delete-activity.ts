import { useMutation, useQueryClient } from '@tanstack/react-query';
import { http } from '@/api/http';
import { topicKeys } from './topic-keys';

export interface ActivityRef {
  programId: string;
  topicId: string;
  id: string;
}

/** `DELETE /api/v1/activity/{program}/{topic}/{id}/delete`. */
export function deleteActivity({ programId, topicId, id }: ActivityRef): Promise<unknown> {
  const path = [programId, topicId, id].map(encodeURIComponent).join('/');
  return http.delete(`/v1/activity/${path}/delete`);
}

export function useDeleteActivity() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: deleteActivity,
    // The activity rows live inside the topic lists.
    onSuccess: () => queryClient.invalidateQueries({ queryKey: topicKeys.all }),
  });
}
