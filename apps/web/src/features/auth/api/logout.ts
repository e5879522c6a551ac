import { useCallback, useState } from 'react';
import { useNavigate } from 'react-router';
import { http } from '@/api/http';
import { writeSession } from '@/api/session';
import { setSignOutReason } from '@/routes/sign-out-reason';
import { unsubscribeFromPush, withTimeout } from '../push/push-subscription';

export function logout(): Promise<void> {
  return http.post<void>('/trainer/v1/logout');
}

/** Logout (spec 01 §4): end the session on the server, drop the push subscription, go to `/`. */
export function useLogout() {
  const navigate = useNavigate();
  const [pending, setPending] = useState(false);
  const run = useCallback(async () => {
    setPending(true);
    // An already expired session still ends here: the local sign-out must always happen.
    await logout().catch(() => undefined);
    await withTimeout(unsubscribeFromPush(), 2000);
    setSignOutReason('logout');
    writeSession(null);
    setPending(false);
    await navigate('/', { replace: true });
  }, [navigate]);
  return { logout: run, pending };
}
