import { useState } from 'react';

/**
 * The last non-null value: a dialog keeps showing its subject while it fades out after the
 * caller has already cleared it.
 */
export function useLastDefined<T>(value: T | null): T | null {
  const [last, setLast] = useState(value);
  if (value !== null && value !== last) setLast(value);
  return value ?? last;
}
