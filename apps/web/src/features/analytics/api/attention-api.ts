import {
  keepPreviousData,
  queryOptions,
  useMutation,
  useQuery,
  useQueryClient,
} from '@tanstack/react-query';
import type {
  AttentionList,
  AttentionQueryParsed,
  AttentionRemindReply,
} from '@ajar/shared/analytics/attention.schemas';
import type { ExportReply } from '@ajar/shared/exports/exports.schemas';
import { http } from '@/api/http';

const base = (programId: string) =>
  `/analytics/v1/program/${encodeURIComponent(programId)}/attention`;

export const attentionKeys = {
  all: ['attention'] as const,
  program: (programId: string) => [...attentionKeys.all, programId] as const,
  list: (programId: string, query: AttentionQueryParsed) =>
    [...attentionKeys.program(programId), query] as const,
};

/** `GET …/attention`: one page of the program's participants who need a nudge. */
export const attentionQueryOptions = (programId: string, query: AttentionQueryParsed) =>
  queryOptions({
    queryKey: attentionKeys.list(programId, query),
    queryFn: ({ signal }) => http.get<AttentionList>(base(programId), query, signal),
    placeholderData: keepPreviousData,
  });

export function useAttention(programId: string, query: AttentionQueryParsed) {
  return useQuery(attentionQueryOptions(programId, query));
}

/** `POST …/attention/remind` ('Kirim pengingat'); the list is read again for 'Terakhir diingatkan'. */
export function useRemindParticipants(programId: string) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (redeemIds: string[]) =>
      http.post<AttentionRemindReply>(`${base(programId)}/remind`, { redeem_ids: redeemIds }),
    onSettled: () => client.invalidateQueries({ queryKey: attentionKeys.program(programId) }),
  });
}

/** `GET …/attention/export`: the file's link, or past 10,000 participants a job in 'Unduhan'. */
export function useExportAttention(programId: string) {
  return useMutation({
    mutationFn: (days: number) => http.get<ExportReply>(`${base(programId)}/export`, { days }),
  });
}
