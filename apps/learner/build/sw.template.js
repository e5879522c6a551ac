// Ajar Belajar's service worker (scope /belajar/). The build fills in the precache list.
// - The app shell (index.html, hashed scripts and styles, manifest, icons) is precached, so the
//   app opens offline; the app itself then says 'Anda sedang offline'.
// - Pages (navigations) go to the network first and fall back to the cached index.html.
// - Member API answers and saved media files: public/sw-offline.js.
// - Scripts not precached (on-demand libraries such as pdf.js) are kept once loaded, so a PDF
//   saved for offline can be shown offline.
const PRECACHE = self.__PRECACHE__;
const VERSION = self.__VERSION__;
const BASE = self.__BASE__;
const CACHE = `ajar-belajar-${VERSION}`;
const INDEX = `${BASE}index.html`;
importScripts(`${BASE}sw-push.js`); // Web Push: public/sw-push.js
importScripts(`${BASE}sw-offline.js`); // seen screens and saved files: public/sw-offline.js

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
  if (self.ajarOffline.handleFetch(event)) return;
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
    caches.match(request, { cacheName: CACHE }).then(async (cached) => {
      if (cached) return cached;
      const response = await fetch(request);
      // Hashed files never change: one loaded on demand is kept with the shell.
      if (response.ok && url.pathname.startsWith(`${BASE}assets/`)) {
        const copy = response.clone();
        await caches.open(CACHE).then((cache) => cache.put(request, copy));
      }
      return response;
    }),
  );
});
