import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import type { TopicList, TopicWithActivities } from '@ajar/shared/topics/topics.schemas';
import { http } from '@/api/http';
import { topicKeys } from './topic-keys';

/** All topics of a program, in seq order, each with its activities in seq order (spec 01 §7). */
export async function getTopics(
  programId: string,
  q: string,
  signal?: AbortSignal,
): Promise<TopicWithActivities[]> {
  const data = await http.get<TopicList>(
    '/topic/v1/list',
    { program_id: programId, sort: 'seq', sort_type: 'asc', limit: -1, q, with_activities: 1 },
    signal,
  );
  return data.list.map((topic) => ({ ...topic, activities: topic.activities ?? [] }));
}

export const topicsQueryOptions = (programId: string, q = '') =>
  queryOptions({
    queryKey: topicKeys.list(programId, q),
    queryFn: ({ signal }) => getTopics(programId, q, signal),
  });

export function useTopics(programId: string, q = '') {
  // While a new search loads, the previous list stays on screen instead of a spinner.
  return useQuery({ ...topicsQueryOptions(programId, q), placeholderData: keepPreviousData });
}
