import { useMutation, useQueryClient } from '@tanstack/react-query';
import type {
  StaffAccount,
  StaffCreateBodyParsed,
  StaffUpdateBodyParsed,
} from '@ajar/shared/users/users.schemas';
import { http } from '@/api/http';
import { staffKeys } from './staff-keys';

const url = (action: string, id: string) => `/users/v1/staff/${action}/${encodeURIComponent(id)}`;

/** `POST /api/users/v1/staff/create`. */
export function useCreateStaff() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: StaffCreateBodyParsed) =>
      http.post<StaffAccount>('/users/v1/staff/create', body),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: staffKeys.lists() }),
  });
}

/** `PUT /api/users/v1/staff/update/{id}`. */
export function useUpdateStaff() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ id, body }: { id: string; body: StaffUpdateBodyParsed }) =>
      http.put<StaffAccount>(url('update', id), body),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: staffKeys.lists() }),
  });
}

/** `PUT /api/users/v1/staff/status/{id}`: deactivating ends the account's sessions at once. */
export function useSetStaffStatus() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ id, isActive }: { id: string; isActive: boolean }) =>
      http.put<StaffAccount>(url('status', id), { is_active: isActive }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: staffKeys.lists() }),
  });
}

/** `POST /api/users/v1/staff/reset-link/{id}`: the forgot-password e-mail. */
export function useSendStaffResetLink() {
  return useMutation({
    mutationFn: (id: string) => http.post<null>(url('reset-link', id)),
  });
}
