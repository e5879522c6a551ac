import { useQuery } from '@tanstack/react-query';
import type { CertificateVerification } from '@ajar/shared/certificates/certificates.schemas';
import { http } from '@/api/http';
import { certificateKeys } from './certificate-keys';

/** The public check of a certificate number (`GET /api/certificate/v1/verify/{number}`). */
export function useCertificateVerification(number: string) {
  return useQuery({
    queryKey: certificateKeys.verify(number),
    queryFn: ({ signal }) =>
      http.get<CertificateVerification>(
        `/certificate/v1/verify/${encodeURIComponent(number)}`,
        {},
        signal,
      ),
    retry: false,
  });
}
