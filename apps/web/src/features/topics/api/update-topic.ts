import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { TopicUpdateBody } from '@ajar/shared/topics/topics.schemas';
import { http } from '@/api/http';
import { topicKeys } from './topic-keys';

/** `PUT /api/topic/v1/update/{id}`; editing always sends status publish (spec 01 §4). */
export function updateTopic({ id, body }: { id: string; body: TopicUpdateBody }): Promise<unknown> {
  return http.put(`/topic/v1/update/${encodeURIComponent(id)}`, body);
}

export function useUpdateTopic() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: updateTopic,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: topicKeys.all }),
  });
}
