// Tablée's service worker: every file of the site precached at install, served
// cache-first, so the app works offline after its first load. Written into dist/
// by scripts/pwa-hook.mjs (a Trunk post_build hook), which replaces the two
// placeholders: the list of files and a cache name derived from their hashes.
// A new deploy has a new cache name: the new worker installs beside the old one,
// waits until the page asks it to take over ("update available — reload"), then
// deletes the old caches.
const CACHE = '__TABLEE_CACHE__';
const FILES = __TABLEE_FILES__;

// A file whose name carries its contents' hash (Trunk's `-<hash>` names, the
// page's `app-<hash>/` parts) never changes under that name: the copy the page
// just fetched (the HTTP cache) is reused. Every other file is asked again
// (`no-cache`: revalidated, so never an older deploy's copy).
const HASHED = /(?:-[0-9a-f]{16}[._]|\/app-[0-9a-f]{12}\/)/;

self.addEventListener('install', (event) => {
  const request = (file) => new Request(file, { cache: HASHED.test(file) ? 'default' : 'no-cache' });
  event.waitUntil(caches.open(CACHE).then((cache) => cache.addAll(FILES.map(request))));
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
