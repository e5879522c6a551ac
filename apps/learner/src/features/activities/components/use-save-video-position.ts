import { useCallback, useRef, useState } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import type { MemberActivityDetail } from '@ajar/shared/members/member-learning.schemas';
import { saveVideoProgress } from '../api/activities-api';
import { activityKeys } from '../api/activity-keys';

/** Where the member stands against the video's completion rule, as the server last counted. */
export interface WatchState {
  watched: number;
  required: number;
  popupsLeft: number;
  complete: boolean;
}

/**
 * Saves where a video (uploaded or YouTube) is: when it starts playing, then at most every 5 s of
 * movement and at its end. The server counts the seconds watched between reports and completes
 * the activity by its rule; `watch` is its latest count. `reportAgain` sends the last position
 * once more (after a pop-up answer the rule may be met without more watching).
 */
export function useSaveVideoPosition(programId: string, activity: MemberActivityDetail) {
  const queryClient = useQueryClient();
  const lastSaved = useRef<number | null>(null);
  const latest = useRef<{ position: number; duration: number } | null>(null);
  const [watch, setWatch] = useState<WatchState>(() => ({
    watched: activity.requirement.watched_percent,
    required: activity.requirement.required_percent,
    popupsLeft: activity.requirement.popups_left,
    complete: activity.is_complete,
  }));

  const send = useCallback(
    (position: number, duration: number) => {
      lastSaved.current = position;
      saveVideoProgress(programId, activity.id, position, duration)
        .then((result) => {
          // Kept on the device while offline: the server's count comes with a later report.
          if (result.queued) return;
          const data = result.data;
          setWatch({
            watched: data.watched_percent,
            required: data.required_percent,
            popupsLeft: data.popups_left,
            complete: data.activity.is_complete,
          });
          if (data.activity.is_complete !== activity.is_complete)
            void queryClient.invalidateQueries({ queryKey: activityKeys.program(programId) });
        })
        .catch(() => undefined); // Saving the position is best effort; the next report retries.
    },
    [programId, activity.id, activity.is_complete, queryClient],
  );

  const onTime = useCallback(
    (position: number, duration: number) => {
      latest.current = { position, duration };
      const last = lastSaved.current;
      if (last !== null && Math.abs(position - last) < 5 && position < duration) return;
      send(position, duration);
    },
    [send],
  );

  const reportAgain = useCallback(() => {
    if (latest.current) send(latest.current.position, latest.current.duration);
  }, [send]);

  return { onTime, watch, reportAgain };
}
