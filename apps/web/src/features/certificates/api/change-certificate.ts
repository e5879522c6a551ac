import { useMutation, useQueryClient } from '@tanstack/react-query';
import type {
  CertificateCorrectBody,
  CertificateRevokeBody,
  IssuedCertificate,
} from '@ajar/shared/certificates/certificates.schemas';
import { http } from '@/api/http';
import { certificateKeys } from './certificate-keys';

/**
 * `POST /api/certificate/v1/correct/{id}`: a new number with the corrected data. The page
 * re-reads the redemption, whose list then holds both certificates.
 */
export function useCorrectCertificate(redeemId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ id, body }: { id: string; body: CertificateCorrectBody }) =>
      http.post<IssuedCertificate>(`/certificate/v1/correct/${encodeURIComponent(id)}`, body),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: certificateKeys.redeem(redeemId) }),
  });
}

/** `POST /api/certificate/v1/revoke/{id}` with the reason. */
export function useRevokeCertificate(redeemId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ id, body }: { id: string; body: CertificateRevokeBody }) =>
      http.post<IssuedCertificate>(`/certificate/v1/revoke/${encodeURIComponent(id)}`, body),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: certificateKeys.redeem(redeemId) }),
  });
}
