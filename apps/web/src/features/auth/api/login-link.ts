import { useMutation } from '@tanstack/react-query';
import { http } from '@/api/http';

/**
 * `POST /auth/v1/login-link`: e-mails a sign-in link that lifts the account-wide delay for the
 * browser that opens it. A plain call: the login route loads no data layer (its byte budget, docs/benchmarks.md).
 */
export function sendLoginLink(body: { email: string }): Promise<unknown> {
  return http.post('/auth/v1/login-link', body);
}

/** `POST /auth/v1/login-link/confirm`: the server sets the httpOnly trusted-login cookie. */
export function confirmLoginLink(body: { token: string }): Promise<unknown> {
  return http.post('/auth/v1/login-link/confirm', body);
}

export function useConfirmLoginLink() {
  return useMutation({ mutationFn: confirmLoginLink });
}
