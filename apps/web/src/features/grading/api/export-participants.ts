import { useMutation } from '@tanstack/react-query';
import type { ExportKind } from '@ajar/shared/exports/exports.constants';
import type { ExportReply, MemberRedeemExportQuery } from '@ajar/shared/exports/exports.schemas';
import { http } from '@/api/http';

export interface ExportRequest {
  kind: ExportKind;
  programIds: string[];
  query: MemberRedeemExportQuery;
}

/**
 * `POST /api/users/v1/export/member_redeem` ('Export Program') or `…/member_redeem_epm`
 * ('Export TPM & UK'): the reply's `public_url` is a short-lived link to the file.
 */
export function exportParticipants({ kind, programIds, query }: ExportRequest) {
  return http.post<ExportReply>(`/users/v1/export/${kind}`, { id: programIds }, { ...query });
}

/** `GET /api/users/v1/export/member_redeem/{programId}?limit=-1`: one program's participants. */
export function exportProgramParticipants(programId: string) {
  return http.get<ExportReply>(`/users/v1/export/member_redeem/${programId}`, { limit: -1 });
}

export function useExportParticipants() {
  return useMutation({ mutationFn: exportParticipants });
}

export function useExportProgramParticipants() {
  return useMutation({ mutationFn: exportProgramParticipants });
}
