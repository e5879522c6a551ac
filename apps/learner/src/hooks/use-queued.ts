import { useSyncExternalStore } from 'react';
import { isQueued, onQueueChange } from '../lib/offline-queue';

/**
 * Whether the action of this slot (`attendance:{activityId}`, …) waits in the offline queue: its
 * button says so and does not queue it twice.
 */
export function useQueued(slot: string | null): boolean {
  return useSyncExternalStore(
    onQueueChange,
    () => (slot ? isQueued(slot) : false),
    () => false,
  );
}
