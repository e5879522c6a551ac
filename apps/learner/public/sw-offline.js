/* global self, caches */
// What Ajar Belajar keeps for offline use, pulled into sw.js with importScripts
// (docs/decisions.md, "Offline: seen screens and saved files in the service worker").
// - Member API answers (GET, signed in, JSON) go to the network first; each answer is kept in the
//   'ajar-seen' cache by its address and answered from there when the network fails, so screens
//   seen before open offline. A 401 clears it (the session ended). The app clears it on sign-out.
//   An answer from the cache is told to the page ('ajar-seen-answer'): the browser may say it is
//   online a moment before the network works again, and the app then reads once more.
// - Media files (/media/…) are answered from the caches of activities saved with 'Simpan untuk
//   offline' ('ajar-simpan-<activity id>', filled by the app), a byte range sliced from the saved
//   file, else from the network.
(() => {
  const seenCache = 'ajar-seen';
  const savedPrefix = 'ajar-simpan-';
  const memberApi = '/api/member/v1/';
  const keptAnswerMessage = 'ajar-seen-answer';

  /** A member API read the worker keeps: a GET with the member's token. */
  function isKeptApiCall(request, url) {
    return (
      request.method === 'GET' &&
      url.pathname.startsWith(memberApi) &&
      request.headers.has('authorization')
    );
  }

  /** Tells the page that asked that it was answered from the cache, not the network. */
  async function tellKeptAnswer(clientId) {
    if (!clientId || !self.clients) return;
    const client = await self.clients.get(clientId);
    if (client) client.postMessage({ type: keptAnswerMessage });
  }

  async function seenOrNetwork(request, clientId) {
    let response;
    try {
      response = await fetch(request);
    } catch (error) {
      const kept = await caches.match(request.url, { cacheName: seenCache });
      if (!kept) throw error;
      await tellKeptAnswer(clientId);
      return kept;
    }
    if (response.status === 401) {
      await caches.delete(seenCache);
    } else if (
      response.ok &&
      (response.headers.get('content-type') || '').includes('application/json')
    ) {
      const copy = response.clone();
      const cache = await caches.open(seenCache);
      await cache.put(request.url, copy);
    }
    return response;
  }

  /** `Range: bytes=a-b` of a saved file: 206 with that slice, 416 outside the file. */
  async function partialResponse(whole, rangeHeader) {
    const match = /^bytes=(\d*)-(\d*)$/.exec((rangeHeader || '').trim());
    if (!match || (match[1] === '' && match[2] === '')) return whole;
    const blob = await whole.blob();
    const size = blob.size;
    let start;
    let end;
    if (match[1] === '') {
      start = Math.max(0, size - Number(match[2]));
      end = size - 1;
    } else {
      start = Number(match[1]);
      end = match[2] === '' ? size - 1 : Math.min(Number(match[2]), size - 1);
    }
    if (start >= size || start > end) {
      return new Response(null, { status: 416, headers: { 'content-range': `bytes */${size}` } });
    }
    const headers = new Headers(whole.headers);
    headers.set('content-range', `bytes ${start}-${end}/${size}`);
    headers.set('content-length', String(end - start + 1));
    return new Response(blob.slice(start, end + 1), { status: 206, headers });
  }

  async function findSaved(url) {
    const names = (await caches.keys()).filter((name) => name.startsWith(savedPrefix));
    for (const name of names) {
      const hit = await caches.match(url, { cacheName: name });
      if (hit) return hit;
    }
    return null;
  }

  async function savedOrNetwork(request) {
    const saved = await findSaved(request.url);
    if (!saved) return fetch(request);
    return partialResponse(saved, request.headers.get('range'));
  }

  /**
   * Answers the request when it is one of these; false leaves it to the worker's other rules.
   */
  function handleFetch(event) {
    const request = event.request;
    const url = new URL(request.url);
    if (url.origin !== self.location.origin || request.method !== 'GET') return false;
    if (isKeptApiCall(request, url)) {
      event.respondWith(seenOrNetwork(request, event.clientId));
      return true;
    }
    if (url.pathname.startsWith('/media/')) {
      event.respondWith(savedOrNetwork(request));
      return true;
    }
    return false;
  }

  self.ajarOffline = { handleFetch, seenOrNetwork, savedOrNetwork, partialResponse };
})();
