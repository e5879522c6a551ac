import { useMutation } from '@tanstack/react-query';
import type { JobStarted } from '@ajar/shared/jobs/jobs.schemas';
import type {
  ResellerExportReply,
  ResellersExportQuery,
} from '@ajar/shared/resellers/resellers.schemas';
import { http } from '@/api/http';

const path = '/reseller/v1/export/list-user-reseller';

/**
 * The file's link (spec 01 §7 puts it at `data.data.public_url`, one level deeper), or past
 * 10,000 rows the job making it (`data.job_id`): the shape the other exports answer.
 */
const fileOrJob = (reply: ResellerExportReply): { public_url: string } | JobStarted =>
  'job_id' in reply ? reply : reply.data;

/** `GET …/export/list-user-reseller`: one reseller's users. */
export function useExportResellerUsers() {
  return useMutation({
    mutationFn: (code: string) =>
      http.get<ResellerExportReply>(path, { reseller_code: code, limit: -1 }).then(fileOrJob),
  });
}

/** `POST …/export/list-user-reseller`: the users of several referral codes over a date range. */
export function useExportResellers() {
  return useMutation({
    mutationFn: ({ codes, query }: { codes: string[]; query: ResellersExportQuery }) =>
      http.post<ResellerExportReply>(path, { referral_code: codes }, { ...query }).then(fileOrJob),
  });
}
