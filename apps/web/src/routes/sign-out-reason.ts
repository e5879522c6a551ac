import { subscribeSession } from '../api/session';

/** Why the session ended: the guard then sends the user where that ending should go. */
export type SignOutReason = 'logout' | 'expired';

let reason: SignOutReason | null = null;

subscribeSession((session) => {
  if (session) reason = null;
});

/** Call right before clearing the session. */
export function setSignOutReason(value: SignOutReason) {
  reason = value;
}

export function signOutReason(): SignOutReason | null {
  return reason;
}
