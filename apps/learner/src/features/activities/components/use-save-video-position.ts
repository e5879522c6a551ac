import { useCallback, useRef } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import type { MemberActivityDetail } from '@ajar/shared/members/member-learning.schemas';
import { activityKeys, saveVideoProgress } from '../api/activities-api';

/**
 * Saves where a video (uploaded or YouTube) is, at most every 5 s of movement and at its end;
 * the program reloads once the server completes the activity (watched to the end).
 */
export function useSaveVideoPosition(programId: string, activity: MemberActivityDetail) {
  const queryClient = useQueryClient();
  const lastSaved = useRef(0);
  return useCallback(
    (position: number, duration: number) => {
      if (Math.abs(position - lastSaved.current) < 5 && position < duration) return;
      lastSaved.current = position;
      saveVideoProgress(programId, activity.id, position, duration)
        .then((data) => {
          if (data.activity.is_complete !== activity.is_complete)
            void queryClient.invalidateQueries({ queryKey: activityKeys.program(programId) });
        })
        .catch(() => undefined); // Saving the position is best effort; the next report retries.
    },
    [programId, activity.id, activity.is_complete, queryClient],
  );
}
