import { queryOptions, useQuery } from '@tanstack/react-query';
import type { PrepostCandidate } from '@ajar/shared/activities/activities.schemas';
import { http } from '@/api/http';
import { activityKeys } from './activity-keys';

/** `GET /api/program/v1/company/check-available-prepost/{program}`: the pre_test a post_test may copy. */
export function getPrepostCandidate(
  programId: string,
  signal?: AbortSignal,
): Promise<PrepostCandidate> {
  return http.get<PrepostCandidate>(
    `/program/v1/company/check-available-prepost/${encodeURIComponent(programId)}`,
    undefined,
    signal,
  );
}

export const prepostCandidateQueryOptions = (programId: string) =>
  queryOptions({
    queryKey: activityKeys.prepost(programId),
    queryFn: ({ signal }) => getPrepostCandidate(programId, signal),
  });

/** Asked only while a new post_test is being created. */
export function usePrepostCandidate(programId: string, enabled: boolean) {
  return useQuery({ ...prepostCandidateQueryOptions(programId), enabled });
}
