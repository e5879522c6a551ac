import { useMutation } from '@tanstack/react-query';
import { http } from '@/api/http';

export function forgotPassword(body: { email: string }): Promise<unknown> {
  return http.post('/auth/v1/forgot-password', body);
}

export function useForgotPassword() {
  return useMutation({ mutationFn: forgotPassword });
}
