// Tablée's service worker: every file of the site precached at install, served
// cache-first, so the app works offline after its first load. Written into dist/
// by scripts/pwa-hook.mjs (a Trunk post_build hook), which replaces the two
// placeholders: the list of files and a cache name derived from their hashes.
// A new deploy has a new cache name: the new worker installs beside the old one,
// waits until the page asks it to take over ("update available — reload"), then
// deletes the old caches.
const CACHE = '__TABLEE_CACHE__';
const FILES = __TABLEE_FILES__;

self.addEventListener('install', (event) => {
  event.waitUntil(caches.open(CACHE).then((cache) => cache.addAll(FILES.map((file) => new Request(file, { cache: 'reload' })))));
});

self.addEventListener('activate', (event) => {
  event.waitUntil(
    caches
      .keys()
      .then((keys) => Promise.all(keys.filter((key) => key.startsWith('tablee-') && key !== CACHE).map((key) => caches.delete(key))))
      .then(() => self.clients.claim()),
  );
});

self.addEventListener('message', (event) => {
  if (event.data === 'skipWaiting') self.skipWaiting();
});

self.addEventListener('fetch', (event) => {
  const request = event.request;
  if (request.method !== 'GET' || new URL(request.url).origin !== self.location.origin) return;
  event.respondWith(
    (async () => {
      const cache = await caches.open(CACHE);
      // Deals are query strings on index.html (?seed=...): pages match without them.
      const hit =
        request.mode === 'navigate'
          ? (await cache.match(request, { ignoreSearch: true })) || (await cache.match('./'))
          : await cache.match(request);
      return hit || fetch(request);
    })(),
  );
});
