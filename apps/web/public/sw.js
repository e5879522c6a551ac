/* global self, clients */
// Service worker for Web Push (DESIGN §6). A push carries JSON { title, body, url }; clicking the
// notification focuses an open tab of the app (moving it to the url) or opens a new one.

self.addEventListener('install', () => self.skipWaiting());
self.addEventListener('activate', (event) => event.waitUntil(clients.claim()));

function readPayload(event) {
  if (!event.data) return {};
  try {
    return event.data.json();
  } catch {
    return { body: event.data.text() };
  }
}

self.addEventListener('push', (event) => {
  const payload = readPayload(event);
  const title = typeof payload.title === 'string' && payload.title ? payload.title : 'Ajar';
  const url = typeof payload.url === 'string' && payload.url ? payload.url : '/dashboard';
  event.waitUntil(
    self.registration.showNotification(title, {
      body: typeof payload.body === 'string' ? payload.body : '',
      icon: '/favicon.svg',
      badge: '/favicon.svg',
      data: { url },
      tag: typeof payload.tag === 'string' ? payload.tag : undefined,
    }),
  );
});

self.addEventListener('notificationclick', (event) => {
  event.notification.close();
  let target = new URL(event.notification.data?.url ?? '/dashboard', self.location.origin);
  // Only pages of this app open from a notification.
  if (target.origin !== self.location.origin) target = new URL('/dashboard', self.location.origin);
  event.waitUntil(
    (async () => {
      const windows = await clients.matchAll({ type: 'window', includeUncontrolled: true });
      const open = windows.find((client) => new URL(client.url).origin === target.origin);
      if (open) {
        const focused = await open.focus();
        try {
          // navigate() needs a tab this worker controls; otherwise a new tab opens below.
          await focused.navigate(target.href);
          return;
        } catch {
          // fall through
        }
      }
      await clients.openWindow(target.href);
    })(),
  );
});
