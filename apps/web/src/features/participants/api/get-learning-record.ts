import { useInfiniteQuery, useQuery } from '@tanstack/react-query';
import { learningRecordPageSizes } from '@ajar/shared/learning-record/learning-record.constants';
import type {
  LearningRecordEventList,
  LearningRecordSummary,
} from '@ajar/shared/learning-record/learning-record.schemas';
import { http } from '@/api/http';
import { participantKeys } from './participant-keys';

/** Query keys of a participant's learning record (refreshed when staff give feedback). */
export const recordKeys = {
  summary: (redeemId: string) => [...participantKeys.all, 'record', redeemId] as const,
  events: (redeemId: string, activityId: string | null) =>
    [...participantKeys.all, 'record', redeemId, 'events', activityId ?? 'program'] as const,
};

const base = (redeemId: string) =>
  `/program/v1/trainer/member-redeem/${encodeURIComponent(redeemId)}/learning-record`;

/** `GET …/member-redeem/{id}/learning-record`: per activity, when, how long, what score. */
export function useLearningRecord(redeemId: string | null) {
  return useQuery({
    queryKey: recordKeys.summary(redeemId ?? ''),
    queryFn: ({ signal }) => http.get<LearningRecordSummary>(base(redeemId ?? ''), {}, signal),
    enabled: Boolean(redeemId),
  });
}

/**
 * `GET …/learning-record/events?activity_id=`: an activity's events, oldest first, a page at a
 * time ('Tampilkan lebih banyak'). `activityId` null: every event of the participant.
 */
export function useLearningRecordEvents(redeemId: string, activityId: string | null) {
  const limit = learningRecordPageSizes.default;
  return useInfiniteQuery({
    queryKey: recordKeys.events(redeemId, activityId),
    initialPageParam: 1,
    queryFn: ({ pageParam, signal }) =>
      http.get<LearningRecordEventList>(
        `${base(redeemId)}/events`,
        { page: pageParam, limit, ...(activityId ? { activity_id: activityId } : {}) },
        signal,
      ),
    getNextPageParam: (last) => (last.page * last.limit < last.total ? last.page + 1 : undefined),
  });
}
