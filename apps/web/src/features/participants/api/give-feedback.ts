import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { Feedback, FeedbackBody } from '@ajar/shared/participants/participants.schemas';
import { http } from '@/api/http';
import { recordKeys } from './get-learning-record';
import { participantKeys } from './participant-keys';

/** `PUT /api/users/v1/trainer/feedback-mr`. */
export function useGiveFeedback() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: FeedbackBody) => http.put<Feedback>('/users/v1/trainer/feedback-mr', body),
    onSuccess: (feedback) =>
      Promise.all([
        queryClient.invalidateQueries({
          queryKey: participantKeys.detail(feedback.member_redeem_id),
        }),
        // The feedback is an event of the participant's learning record.
        queryClient.invalidateQueries({ queryKey: recordKeys.summary(feedback.member_redeem_id) }),
      ]),
  });
}
