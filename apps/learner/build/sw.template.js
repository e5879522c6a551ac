// Ajar Belajar's service worker (scope /belajar/). The build fills in the precache list.
// - The app shell (index.html, hashed scripts and styles, manifest, icons) is precached, so the
//   app opens offline; the app itself then says 'Anda sedang offline'.
// - Pages (navigations) go to the network first and fall back to the cached index.html.
// - API, media and file calls are never cached: network only.
const PRECACHE = self.__PRECACHE__;
const VERSION = self.__VERSION__;
const BASE = self.__BASE__;
const CACHE = `ajar-belajar-${VERSION}`;
const INDEX = `${BASE}index.html`;
importScripts(`${BASE}sw-push.js`); // Web Push: public/sw-push.js

self.addEventListener('install', (event) => {
  event.waitUntil(
    caches
      .open(CACHE)
      .then((cache) => cache.addAll(PRECACHE))
      .then(() => self.skipWaiting()),
  );
});

self.addEventListener('activate', (event) => {
  event.waitUntil(
    caches
      .keys()
      .then((keys) =>
        Promise.all(
          keys
            .filter((key) => key.startsWith('ajar-belajar-') && key !== CACHE)
            .map((key) => caches.delete(key)),
        ),
      )
      .then(() => self.clients.claim()),
  );
});

self.addEventListener('fetch', (event) => {
  const request = event.request;
  if (request.method !== 'GET') return;
  const url = new URL(request.url);
  if (url.origin !== self.location.origin || !url.pathname.startsWith(BASE)) return;

  if (request.mode === 'navigate') {
    event.respondWith(
      fetch(request).catch(() =>
        caches.match(INDEX, { cacheName: CACHE }).then((cached) => cached ?? Response.error()),
      ),
    );
    return;
  }
  event.respondWith(
    caches.match(request, { cacheName: CACHE }).then((cached) => cached ?? fetch(request)),
  );
});
