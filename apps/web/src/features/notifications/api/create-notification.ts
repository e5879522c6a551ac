import { useMutation, useQueryClient } from '@tanstack/react-query';
import type {
  NotificationCreateBody,
  NotificationCreated,
} from '@ajar/shared/notifications/notifications.schemas';
import { http } from '@/api/http';
import { notificationKeys } from './notification-keys';

/** `POST /api/notification/v1/create`; the list refreshes after it. */
export function useCreateNotification() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: NotificationCreateBody) =>
      http.post<NotificationCreated>('/notification/v1/create', body),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: notificationKeys.lists() }),
  });
}
