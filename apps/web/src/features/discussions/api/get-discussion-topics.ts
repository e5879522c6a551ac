import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import type { Paged } from '@ajar/shared/common/envelope';
import type {
  DiscussionTopic,
  DiscussionTopicListQuery,
} from '@ajar/shared/discussions/discussions.schemas';
import { http } from '@/api/http';
import { discussionKeys } from './discussion-keys';

/** `GET /api/discussion/v1/list-topic`: topics with unread counts and their public threads. */
export function getDiscussionTopics(query: DiscussionTopicListQuery, signal?: AbortSignal) {
  return http.get<Paged<DiscussionTopic>>('/discussion/v1/list-topic', { ...query }, signal);
}

export const discussionTopicsQueryOptions = (query: DiscussionTopicListQuery) =>
  queryOptions({
    queryKey: discussionKeys.topics(query),
    queryFn: ({ signal }) => getDiscussionTopics(query, signal),
    placeholderData: keepPreviousData,
  });

export function useDiscussionTopics(query: DiscussionTopicListQuery) {
  return useQuery(discussionTopicsQueryOptions(query));
}
