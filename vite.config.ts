import { defineConfig } from 'vitest/config';
import react from '@vitejs/plugin-react';
import { bundleReport } from './vite/bundleReport.ts';
import { selfContainedChunks } from './vite/selfContainedChunks.ts';
import { serviceWorker } from './vite/serviceWorker.ts';

// Packages that the page and both workers load lazily: one chunk for all three.
const SHARED_LAZY_PACKAGES = ['hcl2-json-parser'];

// The playground is a static single-page app: everything, Monaco and its
// workers included, is bundled; nothing is loaded from a CDN. Every address
// in the build is relative (base './'), so it works wherever it is served:
// at a domain's root or under any path.
export default defineConfig({
  base: './',
  plugins: [react(), selfContainedChunks(SHARED_LAZY_PACKAGES), serviceWorker(), bundleReport()],
  worker: {
    format: 'es',
    plugins: () => [selfContainedChunks(SHARED_LAZY_PACKAGES)],
    // As the page's minified build writes them (no comments, annotations
    // included), so that a chunk the page and a worker share is the same file.
    rolldownOptions: { output: { comments: false }, checks: { pluginTimings: false } },
  },
  build: {
    target: 'es2022',
    // The manifest tells the bundle report which file is loaded when.
    manifest: true,
    // Monaco (3.4 MB) and the HCL parser (3.3 MB) are large on purpose and
    // load lazily; the bundle report lists every size, so Vite's own
    // warning about them would only be noise.
    chunkSizeWarningLimit: 4096,
    rolldownOptions: { checks: { pluginTimings: false } },
  },
  test: {
    include: ['test/**/*.test.ts'],
  },
});
