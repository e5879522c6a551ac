import type { RouteObject } from 'react-router';
import { routePaths } from './paths';

/** Chat with the trainer and notifications, inside the signed-in layout, lazily. */
export const socialRoutes: RouteObject[] = [
  {
    path: routePaths.chat,
    lazy: () => import('../features/chat/pages/chat-page').then((m) => ({ Component: m.ChatPage })),
  },
  {
    path: routePaths['chat-list'],
    lazy: () =>
      import('../features/chat/pages/chat-list-page').then((m) => ({ Component: m.ChatListPage })),
  },
  {
    path: routePaths.notifikasi,
    lazy: () =>
      import('../features/notifications/pages/notifications-page').then((m) => ({
        Component: m.NotificationsPage,
      })),
  },
];
