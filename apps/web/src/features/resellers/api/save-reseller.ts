import { useMutation, useQueryClient } from '@tanstack/react-query';
import type {
  Reseller,
  ResellerCreateBodyParsed,
  ResellerUpdateBodyParsed,
} from '@ajar/shared/resellers/resellers.schemas';
import { http } from '@/api/http';
import { resellerKeys } from './reseller-keys';

/** `POST /api/reseller/v1/create`: the server makes the referral code. */
export function useCreateReseller() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: ResellerCreateBodyParsed) =>
      http.post<Reseller>('/reseller/v1/create', body),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: resellerKeys.all }),
  });
}

/** `PUT /api/reseller/v1/update/{id}`. */
export function useUpdateReseller() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ id, body }: { id: string; body: ResellerUpdateBodyParsed }) =>
      http.put<Reseller>(`/reseller/v1/update/${encodeURIComponent(id)}`, body),
    onSuccess: (reseller) => {
      queryClient.setQueryData(resellerKeys.detail(reseller.id), reseller);
      return queryClient.invalidateQueries({ queryKey: resellerKeys.lists() });
    },
  });
}
