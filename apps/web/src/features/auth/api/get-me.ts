import { useEffect } from 'react';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { parseAuthUser } from '@ajar/shared/auth/auth.user';
import type { AuthUser } from '@ajar/shared/auth/auth.schemas';
import { http } from '@/api/http';
import { readSession, writeSession } from '@/api/session';

export function getMe(signal?: AbortSignal): Promise<AuthUser> {
  return http.get<AuthUser>('/admin/v1/me', undefined, signal);
}

export const meQueryOptions = queryOptions({
  queryKey: ['auth', 'me'],
  queryFn: ({ signal }) => getMe(signal),
  staleTime: 5 * 60_000,
});

/**
 * Checks the restored session with the server once per load: a revoked token ends in a 401 (and
 * the login screen), and a changed name, role or permission set replaces the stored one.
 */
export function useRefreshCurrentUser() {
  const { data } = useQuery(meQueryOptions);
  useEffect(() => {
    // `authUserSchema`'s check without zod, so the shell's first page does not load zod.
    const user = parseAuthUser(data);
    const session = readSession();
    if (!user || !session) return;
    if (JSON.stringify(user) !== JSON.stringify(session.user)) {
      writeSession({ ...session, user });
    }
  }, [data]);
}
