import { keepPreviousData, useQuery } from '@tanstack/react-query';
import type { Paged } from '@ajar/shared/common/envelope';
import type {
  NotificationRecipients,
  NotificationRecipientsTarget,
  SentNotificationList,
} from '@ajar/shared/notifications/notifications.schemas';
import type { Program } from '@ajar/shared/programs/programs.schemas';
import { http } from '@/api/http';
import { notificationKeys } from './notification-keys';

/** `GET /api/notification/v1/list` (page, limit), newest first. */
export function useSentNotifications(page: number, limit: number) {
  return useQuery({
    queryKey: notificationKeys.list(page, limit),
    queryFn: ({ signal }) =>
      http.get<SentNotificationList>('/notification/v1/list', { page, limit }, signal),
    placeholderData: keepPreviousData,
    // Push delivery runs in the background: while a row is still sending, refresh its counts.
    refetchInterval: (q) =>
      q.state.data?.list.some((n) => n.push_state !== 'done') ? 3000 : false,
  });
}

export interface ProgramOption {
  id: string;
  label: string;
}

/** Published programs for the target select (`limit=-1&status=publish`). */
export function useProgramOptions(enabled: boolean) {
  return useQuery({
    queryKey: notificationKeys.programs(),
    queryFn: ({ signal }) =>
      http
        .get<Paged<Program>>(
          '/program/v1/company/list',
          { page: 1, limit: -1, status: 'publish', sort: 'created_at', sort_type: 'desc' },
          signal,
        )
        .then((data): ProgramOption[] => data.list.map((p) => ({ id: p.id, label: p.title }))),
    enabled,
  });
}

/** How many participants the target reaches, shown live in the dialog before sending. */
export function useRecipientCount(query: NotificationRecipientsTarget | null) {
  return useQuery({
    queryKey: notificationKeys.recipients(query),
    queryFn: ({ signal }) =>
      http.get<NotificationRecipients>(
        '/notification/v1/recipients',
        {
          program_id: query?.program_id,
          progress_start: query?.progress_start,
          progress_end: query?.progress_end,
        },
        signal,
      ),
    enabled: query !== null,
    placeholderData: keepPreviousData,
  });
}
