import { queryOptions, useQuery } from '@tanstack/react-query';
import type { DiscussionProgramDetail } from '@ajar/shared/discussions/discussions.schemas';
import { http } from '@/api/http';
import { discussionKeys } from './discussion-keys';

/** `GET /api/discussion/v1/detail-program/{id}` (`data.name` is the title). */
export function getDiscussionProgram(id: string, signal?: AbortSignal) {
  return http.get<DiscussionProgramDetail>(`/discussion/v1/detail-program/${id}`, {}, signal);
}

export const discussionProgramQueryOptions = (id: string) =>
  queryOptions({
    queryKey: discussionKeys.program(id),
    queryFn: ({ signal }) => getDiscussionProgram(id, signal),
  });

export function useDiscussionProgram(id: string) {
  return useQuery(discussionProgramQueryOptions(id));
}
