import type { NotificationRecipientsTarget } from '@ajar/shared/notifications/notifications.schemas';

export const notificationKeys = {
  all: ['notifications'] as const,
  lists: () => [...notificationKeys.all, 'list'] as const,
  list: (page: number, limit: number) => [...notificationKeys.lists(), { page, limit }] as const,
  recipients: (query: NotificationRecipientsTarget | null) =>
    [...notificationKeys.all, 'recipients', query] as const,
  programs: () => [...notificationKeys.all, 'programs'] as const,
};
