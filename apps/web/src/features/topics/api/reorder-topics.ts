import { useMutation, useQueryClient } from '@tanstack/react-query';
import { moveItem } from '@ajar/shared/topics/topics.constants';
import type { TopicReorderBody, TopicWithActivities } from '@ajar/shared/topics/topics.schemas';
import { http } from '@/api/http';
import { topicKeys } from './topic-keys';
import { renumberSeq } from './renumber-seq';

/** `PUT /api/topic/v1/reorder`: the topic lands at seq `to`, the others shift (spec 01 §4). */
export function reorderTopic(body: TopicReorderBody): Promise<unknown> {
  return http.put('/topic/v1/reorder', body);
}

export interface TopicMove {
  topicId: string;
  /** 0-based indexes in the shown list. */
  fromIndex: number;
  toIndex: number;
  /** The seq of the topic now at `toIndex`: where the server puts the moved one. */
  toSeq: number;
}

/**
 * Moves the row at once (optimistic), then asks the server and reloads the list. On failure the
 * previous order comes back and the error goes to the caller (`mutate(…, { onError })`).
 */
export function useReorderTopics(programId: string, q: string) {
  const queryClient = useQueryClient();
  const key = topicKeys.list(programId, q);
  const mutationKey = ['topics', 'reorder', programId] as const;
  return useMutation({
    mutationKey,
    mutationFn: (move: TopicMove) =>
      reorderTopic({ program_id: programId, topic_id: move.topicId, to: move.toSeq }),
    onMutate: async (move) => {
      await queryClient.cancelQueries({ queryKey: key });
      const previous = queryClient.getQueryData<TopicWithActivities[]>(key);
      if (previous) {
        queryClient.setQueryData<TopicWithActivities[]>(
          key,
          renumberSeq(moveItem(previous, move.fromIndex + 1, move.toIndex + 1)),
        );
      }
      return { previous };
    },
    onError: (_error, _move, context) => {
      if (context?.previous) queryClient.setQueryData(key, context.previous);
    },
    onSettled: () => {
      // Several quick drops: reload once, after the last one, so rows do not jump back and forth.
      if (queryClient.isMutating({ mutationKey }) === 1) {
        return queryClient.invalidateQueries({ queryKey: topicKeys.lists(programId) });
      }
    },
  });
}
