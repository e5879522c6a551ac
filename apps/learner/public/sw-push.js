/* global self */
// Web Push in Ajar Belajar's service worker, pulled in by sw.js with importScripts.
// A push carries JSON { title, body, url } (apps/server/src/lib/push.ts). The notification opens
// that screen of the app under the worker's scope (/belajar/); a link outside the app opens the
// 'Notifikasi' screen, where the participant can follow it.
(() => {
  const scope = new URL(self.registration.scope);
  const notificationsUrl = new URL('notifikasi', scope).href;

  /** The app address a notification opens. */
  function targetUrl(link) {
    if (typeof link !== 'string' || !link.trim()) return notificationsUrl;
    let url;
    try {
      url = new URL(link, scope.origin);
    } catch {
      return notificationsUrl;
    }
    if (url.origin !== scope.origin) return notificationsUrl;
    if (url.pathname.startsWith(scope.pathname)) return url.href;
    // A path of the app written without its prefix (/program/…): the same screen under /belajar/.
    return new URL(url.pathname.replace(/^\/+/, '') + url.search + url.hash, scope).href;
  }

  function readPayload(event) {
    if (!event.data) return {};
    try {
      return event.data.json();
    } catch {
      return { body: event.data.text() };
    }
  }

  function onPush(event) {
    const payload = readPayload(event);
    const title =
      typeof payload.title === 'string' && payload.title ? payload.title : 'Ajar Belajar';
    event.waitUntil(
      self.registration.showNotification(title, {
        body: typeof payload.body === 'string' ? payload.body : '',
        icon: new URL('icons/icon-192.png', scope).href,
        badge: new URL('icons/icon-192.png', scope).href,
        data: { url: targetUrl(payload.url) },
        tag: typeof payload.tag === 'string' ? payload.tag : undefined,
      }),
    );
  }

  function onNotificationClick(event) {
    event.notification.close();
    const target = targetUrl(event.notification.data && event.notification.data.url);
    event.waitUntil(
      (async () => {
        const windows = await self.clients.matchAll({ type: 'window', includeUncontrolled: true });
        const open = windows.find((client) => client.url.startsWith(scope.href));
        if (open) {
          const focused = await open.focus();
          try {
            await focused.navigate(target);
            return;
          } catch {
            // An uncontrolled tab cannot be navigated by the worker: a new window below.
          }
        }
        await self.clients.openWindow(target);
      })(),
    );
  }

  self.addEventListener('push', onPush);
  self.addEventListener('notificationclick', onNotificationClick);
  self.ajarPush = { onPush, onNotificationClick, targetUrl };
})();
