import { useEffect, useRef, useState } from 'react';
import { findSaved, listSaved, onSavedChange, type SavedActivity } from '../lib/saved-files';

/** Reads `load` now and after every save or removal; undefined until the first answer. */
function useSavedState<T>(load: () => Promise<T>, key: string): T | undefined {
  const [state, setState] = useState<{ key: string; value: T } | undefined>(undefined);
  // `load` follows `key`: a new key is a new reading, a new function for the same key is not.
  const loader = useRef(load);
  loader.current = load;
  useEffect(() => {
    let live = true;
    const read = () =>
      void loader.current().then(
        (value) => live && setState({ key, value }),
        () => undefined,
      );
    read();
    const stop = onSavedChange(read);
    return () => {
      live = false;
      stop();
    };
  }, [key]);
  return state?.key === key ? state.value : undefined;
}

/** What is saved for offline of one activity: undefined while reading, null when nothing. */
export function useSavedActivity(activityId: string): SavedActivity | null | undefined {
  return useSavedState(() => findSaved(activityId), activityId);
}

/** Every activity saved on this phone, newest first (undefined while reading). */
export function useSavedList(): SavedActivity[] | undefined {
  return useSavedState(listSaved, 'all');
}
