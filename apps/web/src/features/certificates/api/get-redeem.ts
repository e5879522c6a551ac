import { useQuery } from '@tanstack/react-query';
import type { CertificateRedeemDetail } from '@ajar/shared/certificates/certificates.schemas';
import { http } from '@/api/http';
import { certificateKeys } from './certificate-keys';

/** The redemption the certificate page prints (`GET /api/users/v1/member_redeem/detail/{id}`). */
export function useRedeem(id: string) {
  return useQuery({
    queryKey: certificateKeys.redeem(id),
    queryFn: ({ signal }) =>
      http.get<CertificateRedeemDetail>(
        `/users/v1/member_redeem/detail/${encodeURIComponent(id)}`,
        {},
        signal,
      ),
    retry: false,
  });
}
