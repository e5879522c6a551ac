import { useEffect, useEffectEvent } from 'react';

/**
 * Tells the parent whether an editor holds unsaved changes: `report(true)` when `dirty` turns
 * true, `report(false)` when it turns false again or the editor unmounts (the leave-page guard
 * keeps a set of the dirty parts).
 */
export function useReportDirty(dirty: boolean, report: ((dirty: boolean) => void) | undefined) {
  const send = useEffectEvent((next: boolean) => report?.(next));
  useEffect(() => {
    if (!dirty) return;
    send(true);
    return () => send(false);
  }, [dirty]);
}
