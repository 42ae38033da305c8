// Registers the service worker of a production build (src/sw/serviceWorker.ts),
// next to the page wherever the page is served, so that the app opens
// offline after its first visit. The development server has none.

/** registerServiceWorker starts the built service worker; a browser without them, or one that refuses, runs the app online only. */
export function registerServiceWorker(): void {
  if (!import.meta.env.PROD || !('serviceWorker' in navigator)) return;
  // Relative to the page, so that a build served under any path keeps its worker there;
  // never from the HTTP cache, so that the next build's worker is seen at once.
  const register = () =>
    navigator.serviceWorker.register('./sw.js', { updateViaCache: 'none' }).catch(() => {
      // Private windows and some policies refuse: the app still works online.
    });
  // After the page has loaded: caching the whole build must not slow the first graph.
  if (document.readyState === 'complete') void register();
  else window.addEventListener('load', () => void register(), { once: true });
}
