import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { Paged } from '@ajar/shared/common/envelope';
import type { GiftValue } from '@ajar/shared/resellers/resellers.constants';
import type {
  ResellerUser,
  ResellerUserListQueryParsed,
} from '@ajar/shared/resellers/resellers.schemas';
import { http } from '@/api/http';
import { resellerKeys } from './reseller-keys';

/** `GET /api/reseller/v1/list-user`: the redeems made with one referral code. */
export function useResellerUsers(query: ResellerUserListQueryParsed) {
  return useQuery({
    queryKey: resellerKeys.userList(query),
    queryFn: ({ signal }) =>
      http.get<Paged<ResellerUser>>('/reseller/v1/list-user', { ...query }, signal),
    placeholderData: keepPreviousData,
  });
}

/** `PUT /api/users/v1/company/update_redeem_meta` with field 'gift'. */
export function useUpdateGift() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ id, value }: { id: string; value: GiftValue }) =>
      http.put<{ id: string; meta: { gift: GiftValue } }>('/users/v1/company/update_redeem_meta', {
        member_redeem_id: id,
        field: 'gift',
        value,
      }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: resellerKeys.users() }),
  });
}
