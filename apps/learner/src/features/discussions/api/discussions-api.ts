import { infiniteQueryOptions, queryOptions } from '@tanstack/react-query';
import type { DiscussionMessage } from '@ajar/shared/discussions/discussions.schemas';
import {
  memberThreadPageSize,
  type MemberDiscussionUnread,
  type MemberThread,
} from '@ajar/shared/discussions/member-discussions.schemas';
import { http } from '../../../api/http';
import { discussionKeys } from './discussion-keys';

/** The participant's side of an activity's public thread. */

const enc = encodeURIComponent;
const threadPath = (programId: string, activityId: string) =>
  `/program/${enc(programId)}/activity/${enc(activityId)}/discussion`;

export { discussionKeys };

/** Pages of posts ('Muat lebih banyak' loads the next one), newest activity first. */
export const threadQuery = (programId: string, activityId: string) =>
  infiniteQueryOptions({
    queryKey: discussionKeys.thread(programId, activityId),
    initialPageParam: 1,
    queryFn: ({ pageParam, signal }) =>
      http.get<MemberThread>(
        `${threadPath(programId, activityId)}/thread`,
        { page: pageParam, limit: memberThreadPageSize },
        signal,
      ),
    getNextPageParam: (last) => (last.page * last.limit < last.total ? last.page + 1 : undefined),
  });

/**
 * Unread messages per activity of a program; refetched when the server says a thread of the
 * program has a new message (`discussion.unread_changed`, see AppBarIcons) and on reconnecting.
 */
export const unreadQuery = (programId: string) =>
  queryOptions({
    queryKey: discussionKeys.unread(programId),
    queryFn: ({ signal }) =>
      http.get<MemberDiscussionUnread>(
        `/program/${enc(programId)}/discussion/unread`,
        undefined,
        signal,
      ),
  });

export const postMessage = (
  programId: string,
  activityId: string,
  body: { content: string; parent_id: string | null },
) => http.post<DiscussionMessage>(threadPath(programId, activityId), body);

export const editMessage = (
  programId: string,
  activityId: string,
  messageId: string,
  content: string,
) => http.put<null>(`${threadPath(programId, activityId)}/${enc(messageId)}`, { content });

export const deleteMessage = (programId: string, activityId: string, messageId: string) =>
  http.delete<null>(`${threadPath(programId, activityId)}/${enc(messageId)}`);

export const markThreadRead = (programId: string, activityId: string) =>
  http.put<null>(`${threadPath(programId, activityId)}/read`);
