import { useMutation } from '@tanstack/react-query';
import type { UpdatePasswordBody } from '@ajar/shared/auth/auth.schemas';
import { http } from '@/api/http';

export function updatePassword(body: UpdatePasswordBody): Promise<unknown> {
  return http.put('/admin/v1/update-password', body);
}

export function useUpdatePassword() {
  return useMutation({ mutationFn: updatePassword });
}
