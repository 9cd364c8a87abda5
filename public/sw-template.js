// Tablée's service worker: every file of the site precached at install, served
// cache-first, so the app works offline after its first load. Written into dist/
// by scripts/pwa-hook.mjs (a Trunk post_build hook), which replaces the
// placeholders: the list of files, a cache name derived from their hashes, the
// first visit's packs and the function that reads them (scripts/packs.mjs).
// A new deploy has a new cache name: the new worker installs beside the old one,
// waits until the page asks it to take over ("update available — reload"), then
// deletes the old caches.
const CACHE = '__TABLEE_CACHE__';
const FILES = __TABLEE_FILES__;
// A first visit reads its modules from packs (scripts/packs.mjs); each holds
// modules of FILES, in the order `readPack(response, take)` hands them over.
const PACKS = __TABLEE_PACKS__;
const readPack = __TABLEE_READ_PACK__;

// A file whose name carries its contents' hash (Trunk's `-<hash>` names, the
// page's `app-<hash>/` parts) never changes under that name: the copy the page
// just fetched (the HTTP cache) is reused. Every other file is asked again
// (`no-cache`: revalidated, so never an older deploy's copy).
const HASHED = /(?:-[0-9a-f]{16}[._]|\/app-[0-9a-f]{12}\/)/;

/**
 * The modules of the packs the page has read (in the HTTP cache: never fetched
 * for this), put in `cache`; returns their files. A pack not in the HTTP
 * cache, or one that fails, only leaves its modules to be fetched.
 */
async function fromPacks(cache) {
  const wanted = new Set(FILES);
  const taken = new Set();
  const puts = [];
  for (const pack of PACKS) {
    const dir = pack.slice(0, pack.lastIndexOf('/') + 1);
    try {
      const response = await fetch(pack, { cache: 'only-if-cached', mode: 'same-origin' });
      await readPack(response, (name, bytes) => {
        const file = dir + name;
        if (!wanted.has(file) || taken.has(file)) return;
        taken.add(file);
        puts.push(cache.put(file, new Response(bytes, { headers: { 'Content-Type': 'application/wasm' } })));
      });
    } catch {
      // Not read by the page (or not whole): its modules come from their files.
    }
  }
  await Promise.all(puts);
  return taken;
}

self.addEventListener('install', (event) => {
  const request = (file) => new Request(file, { cache: HASHED.test(file) ? 'default' : 'no-cache' });
  event.waitUntil(
    caches.open(CACHE).then(async (cache) => {
      // A first visit's modules came in packs: not fetched a second time.
      const taken = await fromPacks(cache).catch(() => new Set());
      await cache.addAll(FILES.filter((file) => !taken.has(file)).map(request));
    }),
  );
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
