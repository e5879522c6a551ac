import { queryOptions, useQuery } from '@tanstack/react-query';
import type { Topic } from '@ajar/shared/topics/topics.schemas';
import { http } from '@/api/http';
import { topicKeys } from './topic-keys';

/** One topic (`GET /api/topic/v1/detail/{id}`), for the edit screen. */
export function getTopic(id: string, signal?: AbortSignal): Promise<Topic> {
  return http.get<Topic>(`/topic/v1/detail/${encodeURIComponent(id)}`, {}, signal);
}

export const topicQueryOptions = (id: string) =>
  queryOptions({ queryKey: topicKeys.detail(id), queryFn: ({ signal }) => getTopic(id, signal) });

export function useTopic(id: string) {
  return useQuery(topicQueryOptions(id));
}
