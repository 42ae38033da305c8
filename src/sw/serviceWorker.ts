// The service worker: keeps the app working offline after its first visit.
// The build writes it (vite/serviceWorker.ts) with the list of every file it
// made and a name for that list, so each build's worker differs from the
// last: the browser installs the new one, which caches the new files and
// deletes the caches of earlier builds. Requests are answered from the cache
// first (built files never change under their hashed names); a page visit
// is answered with the cached index.html; anything else goes to the network.

// The project's types include the page's; in this file the global scope is a service worker's.
const worker = globalThis as unknown as ServiceWorkerGlobalScope;
// Set by the build: the files to cache, relative to the worker, and this build's cache name.
declare const PRECACHE_FILES: readonly string[];
declare const CACHE_NAME: string;

/** CACHE_PREFIX starts the name of every cache this app keeps; other caches at the same origin are left alone. */
const CACHE_PREFIX = 'nomad-playground-';
const INDEX = 'index.html';

const scope = () => new URL(worker.registration.scope);
const inScope = (url: string) => new URL(url, scope()).href;

worker.addEventListener('install', (event) => {
  event.waitUntil(
    (async () => {
      const cache = await caches.open(CACHE_NAME);
      await cache.addAll(PRECACHE_FILES.map(inScope));
      // The new build takes over at once: its files are all cached.
      await worker.skipWaiting();
    })(),
  );
});

worker.addEventListener('activate', (event) => {
  event.waitUntil(
    (async () => {
      for (const name of await caches.keys()) {
        if (name.startsWith(CACHE_PREFIX) && name !== CACHE_NAME) await caches.delete(name);
      }
      await worker.clients.claim();
    })(),
  );
});

worker.addEventListener('fetch', (event) => {
  const request = event.request;
  if (request.method !== 'GET' || !request.url.startsWith(scope().href)) return;
  event.respondWith(answer(request));
});

// answer serves a request from this build's cache when it holds it, else from the network.
async function answer(request: Request): Promise<Response> {
  const cache = await caches.open(CACHE_NAME);
  // A page visit (with or without a query, a fragment never reaches here) gets the app's page.
  const key = request.mode === 'navigate' ? inScope(INDEX) : request.url;
  return (await cache.match(key, { ignoreSearch: request.mode === 'navigate' })) ?? fetch(request);
}
