import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type {
  MemberUpdateBody,
  ParticipantMember,
} from '@ajar/shared/participants/participants.schemas';
import { http } from '@/api/http';
import { participantKeys } from './participant-keys';

/** `GET /api/users/v1/member/detail_by_id/{id}`. */
export function useMember(id: string | null) {
  return useQuery({
    queryKey: participantKeys.member(id ?? ''),
    queryFn: ({ signal }) =>
      http.get<ParticipantMember>(
        `/users/v1/member/detail_by_id/${encodeURIComponent(id ?? '')}`,
        {},
        signal,
      ),
    enabled: Boolean(id),
  });
}

/** `PUT /api/users/v1/member/update_by_id/{id}`; the list and details show the new data. */
export function useUpdateMember() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ id, body }: { id: string; body: MemberUpdateBody }) =>
      http.put<ParticipantMember>(`/users/v1/member/update_by_id/${encodeURIComponent(id)}`, body),
    onSuccess: (member) => {
      queryClient.setQueryData(participantKeys.member(member.id), member);
      return queryClient.invalidateQueries({ queryKey: participantKeys.all });
    },
  });
}
