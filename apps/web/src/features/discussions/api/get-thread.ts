import { useInfiniteQuery } from '@tanstack/react-query';
import type { Paged } from '@ajar/shared/common/envelope';
import type {
  DiscussionListQuery,
  DiscussionMessage,
} from '@ajar/shared/discussions/discussions.schemas';
import { http } from '@/api/http';
import { discussionKeys, type ThreadQuery } from './discussion-keys';

/**
 * `GET /api/discussion/v1/list`: a page of the thread's posts with all their replies, flat (the
 * screen turns the loaded pages into a tree); 'Muat lebih banyak' reads the next page. The server
 * marks the thread read for the signed-in user.
 */
export function getThread(query: DiscussionListQuery, signal?: AbortSignal) {
  return http.get<Paged<DiscussionMessage>>('/discussion/v1/list', { ...query }, signal);
}

export function useThread(query: ThreadQuery) {
  return useInfiniteQuery({
    queryKey: discussionKeys.thread(query),
    initialPageParam: 1,
    queryFn: ({ pageParam, signal }) => getThread({ ...query, page: pageParam }, signal),
    getNextPageParam: (last) => (last.page * last.limit < last.total ? last.page + 1 : undefined),
  });
}
