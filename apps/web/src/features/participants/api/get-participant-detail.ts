import { useQuery } from '@tanstack/react-query';
import type {
  ParticipantDetail,
  VoucherDetail,
} from '@ajar/shared/participants/participants.schemas';
import { http } from '@/api/http';
import { participantKeys } from './participant-keys';

/** `GET /api/program/v1/trainer/member-redeem/detail/{id}`: topics, activities, work, feedback. */
export function useParticipantDetail(id: string | null) {
  return useQuery({
    queryKey: participantKeys.detail(id ?? ''),
    queryFn: ({ signal }) =>
      http.get<ParticipantDetail>(
        `/program/v1/trainer/member-redeem/detail/${encodeURIComponent(id ?? '')}`,
        {},
        signal,
      ),
    enabled: Boolean(id),
  });
}

/** `GET /api/program/v1/company/detail-member-redeem/{id}` (Detail Voucher). */
export function useVoucherDetail(id: string | null) {
  return useQuery({
    queryKey: participantKeys.voucher(id ?? ''),
    queryFn: ({ signal }) =>
      http.get<VoucherDetail>(
        `/program/v1/company/detail-member-redeem/${encodeURIComponent(id ?? '')}`,
        {},
        signal,
      ),
    enabled: Boolean(id),
  });
}
