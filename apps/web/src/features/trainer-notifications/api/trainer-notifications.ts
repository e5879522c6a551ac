import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { TrainerNotificationList } from '@ajar/shared/trainer-notifications/trainer-notifications.schemas';
import { http } from '@/api/http';

const base = '/notification/v1/trainer';

/** Query keys of the bell. */
export const trainerNotificationKeys = {
  all: ['trainer-notifications'] as const,
  list: (limit: number) => [...trainerNotificationKeys.all, 'list', limit] as const,
  unread: () => [...trainerNotificationKeys.all, 'unread'] as const,
};

/** The bell's list, newest first: the first `limit` notifications (spec 01 §9). */
export function useTrainerNotifications(limit: number, enabled: boolean) {
  return useQuery({
    queryKey: trainerNotificationKeys.list(limit),
    queryFn: ({ signal }) =>
      http.get<TrainerNotificationList>(
        `${base}/list`,
        { limit, page: 1, sort_by: 'created_at', dir: 'desc' },
        signal,
      ),
    placeholderData: keepPreviousData,
    enabled,
  });
}

/** The badge: `reads=0` with one entry a page; only the total is kept. */
export function useUnreadNotificationCount() {
  return useQuery({
    queryKey: trainerNotificationKeys.unread(),
    queryFn: async ({ signal }) =>
      (
        await http.get<TrainerNotificationList>(
          `${base}/list`,
          { reads: 0, limit: 1, page: 1, sort_by: 'created_at', dir: 'desc' },
          signal,
        )
      ).total,
  });
}

/** `PUT …/read/{id}`, then the count and the lists refresh. */
export function useMarkNotificationRead() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (id: string) => http.put<null>(`${base}/read/${id}`),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: trainerNotificationKeys.all }),
  });
}
