import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { TopicCreateBody } from '@ajar/shared/topics/topics.schemas';
import { http } from '@/api/http';
import { topicKeys } from './topic-keys';

export interface CreatedTopic {
  id: string;
  topic_id: string;
  seq: number;
}

/** `POST /api/topic/v1/create`; the topic screen always creates with status publish (spec 01 §4). */
export function createTopic(body: TopicCreateBody): Promise<CreatedTopic> {
  return http.post<CreatedTopic>('/topic/v1/create', body);
}

export function useCreateTopic() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: createTopic,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: topicKeys.all }),
  });
}
