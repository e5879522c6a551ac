import { useMutation } from '@tanstack/react-query';
import { http } from '@/api/http';

export function resetPassword(body: { token: string; password: string }): Promise<unknown> {
  return http.post('/auth/v1/reset-password', body);
}

export function useResetPassword() {
  return useMutation({ mutationFn: resetPassword });
}
