import { useSyncExternalStore } from 'react';
import { readSession, subscribeSession, type MemberSession } from '../api/session';

/** The participant's session; re-renders on sign-in, sign-out and changes in another tab. */
export function useSession(): MemberSession | null {
  return useSyncExternalStore(subscribeSession, readSession, () => null);
}
