import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import type {
  ParticipantList,
  ParticipantListQueryParsed,
} from '@ajar/shared/participants/participants.schemas';
import { http } from '@/api/http';
import { participantKeys } from './participant-keys';

/** `GET /api/program/v1/trainer/member-redeem/list/{programId}` (spec 01 §7). */
export function getParticipants(
  programId: string,
  query: ParticipantListQueryParsed,
  signal?: AbortSignal,
): Promise<ParticipantList> {
  return http.get<ParticipantList>(
    `/program/v1/trainer/member-redeem/list/${encodeURIComponent(programId)}`,
    { ...query },
    signal,
  );
}

export function useParticipants(programId: string, query: ParticipantListQueryParsed) {
  return useQuery(
    queryOptions({
      queryKey: participantKeys.list(programId, query),
      queryFn: ({ signal }) => getParticipants(programId, query, signal),
      // Paging, sort and search keep the previous rows on screen until the new ones arrive.
      placeholderData: keepPreviousData,
    }),
  );
}
