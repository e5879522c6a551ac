import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import type { Paged } from '@ajar/shared/common/envelope';
import type {
  DiscussionProgram,
  DiscussionProgramListQuery,
} from '@ajar/shared/discussions/discussions.schemas';
import { http } from '@/api/http';
import { discussionKeys } from './discussion-keys';

/** `GET /api/discussion/v1/list-program`: programs with the signed-in user's unread count. */
export function getDiscussionPrograms(query: DiscussionProgramListQuery, signal?: AbortSignal) {
  return http.get<Paged<DiscussionProgram>>('/discussion/v1/list-program', { ...query }, signal);
}

export const discussionProgramsQueryOptions = (query: DiscussionProgramListQuery) =>
  queryOptions({
    queryKey: discussionKeys.programs(query),
    queryFn: ({ signal }) => getDiscussionPrograms(query, signal),
    placeholderData: keepPreviousData,
  });

export function useDiscussionPrograms(query: DiscussionProgramListQuery) {
  return useQuery(discussionProgramsQueryOptions(query));
}
