import { defineConfig, type Plugin } from 'vitest/config';
import react from '@vitejs/plugin-react';
import { bundleReport } from './vite/bundleReport.ts';
import { serviceWorker } from './vite/serviceWorker.ts';

// devWithoutCsp drops index.html's Content Security Policy from the dev
// server only: its hot reload runs an inline script the policy forbids.
// Builds (and so `vite preview` and the browser tests) keep it.
const devWithoutCsp: Plugin = {
  name: 'dev-without-csp',
  apply: 'serve',
  transformIndexHtml: (html) => html.replace(/<meta\s+http-equiv="Content-Security-Policy"[^>]*>/s, ''),
};

// The playground is a static single-page app: everything, Monaco and its
// workers included, is bundled; nothing is loaded from a CDN. Every address
// in the build is relative (base './'), so it works wherever it is served:
// at a domain's root or under any path.
export default defineConfig({
  base: './',
  plugins: [react(), devWithoutCsp, serviceWorker(), bundleReport()],
  worker: {
    format: 'es',
    // As the page's minified build writes them (no comments, annotations
    // included), so that a chunk the page and a worker share is the same file.
    rolldownOptions: { output: { comments: false }, checks: { pluginTimings: false } },
  },
  build: {
    target: 'es2022',
    // The manifest tells the bundle report which file is loaded when.
    manifest: true,
    // Monaco (3.4 MB) is large on purpose and loads lazily; the bundle
    // report lists every size, so Vite's own warning about it would only be
    // noise.
    chunkSizeWarningLimit: 4096,
    rolldownOptions: { checks: { pluginTimings: false } },
  },
  test: {
    include: ['test/**/*.test.ts'],
  },
});
