import { useCallback, useEffect, useRef, useState } from 'react';
import { validationDisplayMs } from '@ajar/shared/quiz/quiz.constants';

/**
 * A value shown for a while, such as field messages: `show(next)` sets it and, `ms` later (3 s,
 * spec 02 §4, §9), it returns to `empty` unless shown again before.
 */
export function useTimedValue<T>(empty: T, ms = validationDisplayMs) {
  // The first `empty` is kept: callers may pass a new literal (`[]`, `{}`) on every render.
  const [initial] = useState(() => empty);
  const [value, setValue] = useState<T>(() => initial);
  const timer = useRef<number | undefined>(undefined);
  useEffect(() => () => window.clearTimeout(timer.current), []);
  const show = useCallback(
    (next: T) => {
      window.clearTimeout(timer.current);
      setValue(() => next);
      if (next !== initial) timer.current = window.setTimeout(() => setValue(() => initial), ms);
    },
    [initial, ms],
  );
  return [value, show] as const;
}
