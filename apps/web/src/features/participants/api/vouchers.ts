import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { Paged } from '@ajar/shared/common/envelope';
import type {
  VoucherExportQuery,
  VoucherExportReply,
  VoucherGenerateBody,
  VoucherItem,
  VoucherListQuery,
} from '@ajar/shared/vouchers/vouchers.schemas';
import { http } from '@/api/http';

const base = (programId: string) => `/program/v1/company/voucher/${encodeURIComponent(programId)}`;

const voucherKeys = {
  all: (programId: string) => ['vouchers', programId] as const,
  list: (programId: string, query: VoucherListQuery) =>
    [...voucherKeys.all(programId), 'list', query] as const,
};

/** `GET /api/program/v1/company/voucher/{programId}/list`: the program's codes, paged. */
export function useVouchers(programId: string, query: VoucherListQuery, enabled: boolean) {
  return useQuery({
    queryKey: voucherKeys.list(programId, query),
    queryFn: ({ signal }) =>
      http.get<Paged<VoucherItem>>(`${base(programId)}/list`, { ...query }, signal),
    placeholderData: keepPreviousData,
    enabled,
  });
}

/** `POST …/generate`: a new batch of codes (needs `program.manage`). */
export function useGenerateVouchers(programId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: VoucherGenerateBody) =>
      http.post<{ codes: string[] }>(`${base(programId)}/generate`, body),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: voucherKeys.all(programId) }),
  });
}

/**
 * `GET …/export` → `data.public_url`, a link that works for a few minutes, or past 10,000 codes
 * `data.job_id` (the file is made in 'Unduhan').
 */
export function exportVouchers(programId: string, query: VoucherExportQuery) {
  return http.get<VoucherExportReply>(`${base(programId)}/export`, { ...query });
}

export interface ResellerOption {
  id: string;
  fullname: string;
  referral: { code: string } | null;
}

/**
 * Resellers to issue codes for (`GET /api/reseller/v1/list?limit=-1`, spec 01 §7). Without
 * resellers (or without that module) the picker is simply not shown.
 */
export function useResellerOptions(enabled: boolean) {
  return useQuery({
    queryKey: ['vouchers', 'resellers'],
    queryFn: ({ signal }) =>
      http
        .get<Paged<ResellerOption>>('/reseller/v1/list', { limit: -1, page: 1 }, signal)
        .then((page) => page.list)
        .catch(() => [] as ResellerOption[]),
    enabled,
    staleTime: 60_000,
  });
}
