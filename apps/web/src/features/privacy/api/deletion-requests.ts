import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { StaffDeletionRequestList } from '@ajar/shared/privacy/privacy.schemas';
import { http } from '@/api/http';

const deletionKeys = { all: ['privacy', 'deletion-requests'] as const };

/** `GET /api/privacy/v1/deletion-requests`: the pending ones. */
export const deletionRequestsQuery = queryOptions({
  queryKey: deletionKeys.all,
  queryFn: ({ signal }) =>
    http.get<StaffDeletionRequestList>('/privacy/v1/deletion-requests', {}, signal),
});

export function useDeletionRequests() {
  return useQuery(deletionRequestsQuery);
}

/** Erases the account of a pending request now. */
export function useConfirmDeletion() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (id: string) => http.post<null>(`/privacy/v1/deletion-requests/${id}/confirm`),
    onSettled: () => client.invalidateQueries({ queryKey: deletionKeys.all }),
  });
}
