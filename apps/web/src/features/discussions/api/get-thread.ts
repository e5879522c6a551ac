import { queryOptions, useQuery } from '@tanstack/react-query';
import type { Paged } from '@ajar/shared/common/envelope';
import type {
  DiscussionListQuery,
  DiscussionMessage,
} from '@ajar/shared/discussions/discussions.schemas';
import { http } from '@/api/http';
import { discussionKeys } from './discussion-keys';

/**
 * `GET /api/discussion/v1/list` (sort=created_at, sort_type=asc, limit=-1): the flat list the
 * screen turns into a tree. The server marks the thread read for the signed-in user.
 */
export function getThread(query: DiscussionListQuery, signal?: AbortSignal) {
  return http.get<Paged<DiscussionMessage>>('/discussion/v1/list', { ...query }, signal);
}

export const threadQueryOptions = (query: DiscussionListQuery) =>
  queryOptions({
    queryKey: discussionKeys.thread(query),
    queryFn: ({ signal }) => getThread(query, signal),
  });

export function useThread(query: DiscussionListQuery) {
  return useQuery(threadQueryOptions(query));
}
