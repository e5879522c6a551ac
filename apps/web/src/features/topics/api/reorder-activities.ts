import { useMutation, useQueryClient } from '@tanstack/react-query';
import { moveItem } from '@ajar/shared/topics/topics.constants';
import type { TopicWithActivities } from '@ajar/shared/topics/topics.schemas';
import { http } from '@/api/http';
import { renumberSeq } from './renumber-seq';
import { topicKeys } from './topic-keys';

/** `PUT /api/v1/activity/{program}/{topic}/reorder` with 1-based seq positions `from`, `to`. */
export function reorderActivity({
  programId,
  topicId,
  from,
  to,
}: {
  programId: string;
  topicId: string;
  from: number;
  to: number;
}): Promise<unknown> {
  const path = [programId, topicId].map(encodeURIComponent).join('/');
  return http.put(`/v1/activity/${path}/reorder`, { from, to });
}

export interface ActivityMove {
  topicId: string;
  /** 0-based indexes in the topic's shown activities. */
  fromIndex: number;
  toIndex: number;
  /** seq of the moved activity and of the one now at `toIndex`. */
  fromSeq: number;
  toSeq: number;
}

/** Optimistic like `useReorderTopics`: the row moves at once, the list reloads after the call. */
export function useReorderActivities(programId: string, q: string) {
  const queryClient = useQueryClient();
  const key = topicKeys.list(programId, q);
  const mutationKey = ['activities', 'reorder', programId] as const;
  return useMutation({
    mutationKey,
    mutationFn: (move: ActivityMove) =>
      reorderActivity({ programId, topicId: move.topicId, from: move.fromSeq, to: move.toSeq }),
    onMutate: async (move) => {
      await queryClient.cancelQueries({ queryKey: key });
      const previous = queryClient.getQueryData<TopicWithActivities[]>(key);
      if (previous) {
        queryClient.setQueryData<TopicWithActivities[]>(
          key,
          previous.map((topic) =>
            topic.id === move.topicId
              ? {
                  ...topic,
                  activities: renumberSeq(
                    moveItem(topic.activities, move.fromIndex + 1, move.toIndex + 1),
                  ),
                }
              : topic,
          ),
        );
      }
      return { previous };
    },
    onError: (_error, _move, context) => {
      if (context?.previous) queryClient.setQueryData(key, context.previous);
    },
    onSettled: () => {
      if (queryClient.isMutating({ mutationKey }) === 1) {
        return queryClient.invalidateQueries({ queryKey: topicKeys.lists(programId) });
      }
    },
  });
}
