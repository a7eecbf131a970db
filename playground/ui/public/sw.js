// The page's offline shell: its own files (HTML, JS, CSS) come from the network while there is
// one and from this cache when there is not. API requests are never cached: the store's own
// persistence (IndexedDB) holds the data, and paused requests wait for the network.
const CACHE = 'playground-shell-v1';

self.addEventListener('install', () => self.skipWaiting());
self.addEventListener('activate', event => event.waitUntil(self.clients.claim()));
self.addEventListener('fetch', event => {
  const url = new URL(event.request.url);
  if (event.request.method !== 'GET' || url.origin !== self.location.origin || url.pathname.startsWith('/api/')) return;
  event.respondWith(
    fetch(event.request)
      .then(response => {
        if (response.ok) {
          const copy = response.clone();
          event.waitUntil(caches.open(CACHE).then(cache => cache.put(event.request, copy)));
        }
        return response;
      })
      .catch(() => caches.match(event.request).then(hit => hit ?? Response.error())),
  );
});
