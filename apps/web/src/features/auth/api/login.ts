import { useCallback, useState } from 'react';
import type { LoginBody, LoginData } from '@ajar/shared/auth/auth.schemas';
import { http } from '@/api/http';
import { writeSession } from '@/api/session';
import {
  pushPrepareTimeoutMs,
  registerPushSubscription,
  subscribeToPush,
  withTimeout,
} from '../push/push-subscription';

export function login(body: LoginBody): Promise<LoginData> {
  return http.post<LoginData>('/admin/v1/login', body);
}

/**
 * Spec 01 §2 Login: first ask for notification permission and a push subscription ("the app is
 * being prepared", at most ~3 s), then sign in with it as `push_token` and store the session.
 * Plain React state rather than TanStack Query: the login route loads no data layer (the
 * bundle budget), and nothing here is cached.
 */
export function useLogin() {
  const [preparing, setPreparing] = useState(false);
  const [isPending, setPending] = useState(false);
  const mutateAsync = useCallback(
    async (credentials: Pick<LoginBody, 'email' | 'password'>): Promise<LoginData> => {
      setPending(true);
      try {
        setPreparing(true);
        const pending = subscribeToPush().catch((error: unknown) => {
          console.warn('Notifikasi push tidak tersedia', error);
          return null;
        });
        const early = await withTimeout(pending, pushPrepareTimeoutMs).finally(() =>
          setPreparing(false),
        );
        const data = await login({
          ...credentials,
          push_token: early ? JSON.stringify(early) : undefined,
        });
        writeSession(data);
        if (!early) {
          // The user may still answer the prompt after sign-in; register the token then.
          void pending.then((late) =>
            late
              ? registerPushSubscription(late).catch((error: unknown) =>
                  console.warn('Token push gagal didaftarkan', error),
                )
              : undefined,
          );
        }
        return data;
      } finally {
        setPending(false);
      }
    },
    [],
  );
  return { mutateAsync, isPending, preparing };
}
