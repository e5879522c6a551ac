import { useEffect, useRef, useState } from 'react';

/**
 * A clock for a timed step. With `limitSeconds` it counts down and calls `onExpire` once at 0;
 * without it counts up. It runs only while `running`; `resetKey` starts it again from the top.
 * Time is read from the wall clock, so a slow tab does not stretch it.
 */
export function useTimer({
  limitSeconds,
  running,
  resetKey,
  onExpire,
}: {
  limitSeconds: number | null;
  running: boolean;
  resetKey: string | number;
  onExpire?: () => void;
}): { remaining: number | null; elapsed: number } {
  const [elapsed, setElapsed] = useState(0);
  const base = useRef({ elapsedBefore: 0, startedAt: 0 });
  const expired = useRef(false);
  const onExpireRef = useRef(onExpire);
  useEffect(() => {
    onExpireRef.current = onExpire;
  });

  useEffect(() => {
    base.current = { elapsedBefore: 0, startedAt: Date.now() };
    expired.current = false;
    setElapsed(0);
  }, [resetKey]);

  useEffect(() => {
    if (!running) return;
    base.current.startedAt = Date.now();
    const tick = () => {
      const now = base.current.elapsedBefore + (Date.now() - base.current.startedAt) / 1000;
      setElapsed(now);
      if (limitSeconds !== null && now >= limitSeconds && !expired.current) {
        expired.current = true;
        onExpireRef.current?.();
      }
    };
    const handle = window.setInterval(tick, 200);
    return () => {
      window.clearInterval(handle);
      base.current.elapsedBefore += (Date.now() - base.current.startedAt) / 1000;
    };
  }, [running, limitSeconds, resetKey]);

  return {
    remaining: limitSeconds === null ? null : Math.max(0, Math.ceil(limitSeconds - elapsed)),
    elapsed,
  };
}
