import { infiniteQueryOptions, queryOptions } from '@tanstack/react-query';
import type { MemberNotificationList } from '@ajar/shared/notifications/notifications.schemas';
import { http } from '../../../api/http';
import { appBase } from '../../../routes/paths';

/** The participant's notifications ('Notifikasi', the bell). */

export const notificationKeys = {
  all: ['notifications'] as const,
  list: ['notifications', 'list'] as const,
  unread: ['notifications', 'unread'] as const,
};

const pageSize = 20;

export const notificationListQuery = infiniteQueryOptions({
  queryKey: notificationKeys.list,
  initialPageParam: 1,
  queryFn: ({ pageParam, signal }) =>
    http.get<MemberNotificationList>(
      '/notification/list',
      { page: pageParam, limit: pageSize },
      signal,
    ),
  getNextPageParam: (last) => (last.page * last.limit < last.total ? last.page + 1 : undefined),
});

/** The bell's count: one row is enough, the answer carries the unread total. */
export const unreadNotificationsQuery = queryOptions({
  queryKey: notificationKeys.unread,
  queryFn: ({ signal }) =>
    http
      .get<MemberNotificationList>('/notification/list', { page: 1, limit: 1 }, signal)
      .then((data) => data.total_unread),
  refetchInterval: 60_000,
  refetchOnWindowFocus: true,
});

export const markNotificationRead = (id: string) =>
  http.put<null>(`/notification/read/${encodeURIComponent(id)}`);

/**
 * Where a notification's link goes: a path of this app (with or without `/belajar`, or a full
 * address of this site under it) opens that screen; anything else opens as an outside page.
 */
export function notificationTarget(
  link: string | null,
): { kind: 'app'; path: string } | { kind: 'external'; href: string } | null {
  if (!link) return null;
  let url: URL;
  try {
    url = new URL(link, window.location.origin);
  } catch {
    return null;
  }
  if (url.origin !== window.location.origin) {
    return /^https?:$/.test(url.protocol) ? { kind: 'external', href: url.href } : null;
  }
  const path =
    url.pathname.startsWith(`${appBase}/`) || url.pathname === appBase
      ? url.pathname.slice(appBase.length) || '/'
      : url.pathname;
  return { kind: 'app', path: `${path}${url.search}${url.hash}` };
}
