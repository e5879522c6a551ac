import { useMutation } from '@tanstack/react-query';
import type {
  ResellerExportReply,
  ResellersExportQuery,
} from '@ajar/shared/resellers/resellers.schemas';
import { http } from '@/api/http';

const path = '/reseller/v1/export/list-user-reseller';

/** `GET …/export/list-user-reseller`: one reseller's users; the link is `data.data.public_url`. */
export function useExportResellerUsers() {
  return useMutation({
    mutationFn: (code: string) =>
      http.get<ResellerExportReply>(path, { reseller_code: code, limit: -1 }),
  });
}

/** `POST …/export/list-user-reseller`: the users of several referral codes over a date range. */
export function useExportResellers() {
  return useMutation({
    mutationFn: ({ codes, query }: { codes: string[]; query: ResellersExportQuery }) =>
      http.post<ResellerExportReply>(path, { referral_code: codes }, { ...query }),
  });
}
