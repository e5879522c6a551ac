import { useMutation, useQueryClient } from '@tanstack/react-query';
import type {
  DiscussionCreateBody,
  DiscussionMessage,
} from '@ajar/shared/discussions/discussions.schemas';
import { http } from '@/api/http';
import { discussionKeys } from './discussion-keys';

/** `POST /api/discussion/v1/create`; afterwards the thread and every unread count reload. */
export function createMessage(body: DiscussionCreateBody) {
  return http.post<DiscussionMessage>('/discussion/v1/create', body);
}

export function useCreateMessage() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: createMessage,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: discussionKeys.all }),
  });
}
