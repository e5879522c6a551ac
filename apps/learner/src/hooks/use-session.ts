import { useSyncExternalStore } from 'react';
import {
  readConsentRequired,
  readSession,
  subscribeSession,
  type MemberSession,
} from '../api/session';

/** The participant's session; re-renders on sign-in, sign-out and changes in another tab. */
export function useSession(): MemberSession | null {
  return useSyncExternalStore(subscribeSession, readSession, () => null);
}

/** Whether the server asked for consent to a newer privacy notice (see `setConsentRequired`). */
export function useConsentRequired(): boolean {
  return useSyncExternalStore(subscribeSession, readConsentRequired, () => false);
}
