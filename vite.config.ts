import { defineConfig, type Plugin } from 'vitest/config';
import react from '@vitejs/plugin-react';

// devWithoutCsp drops index.html's Content Security Policy from the dev
// server only: its hot reload runs an inline script the policy forbids.
// Builds (and so `vite preview` and the browser tests) keep it.
const devWithoutCsp: Plugin = {
  name: 'dev-without-csp',
  apply: 'serve',
  transformIndexHtml: (html) => html.replace(/<meta\s+http-equiv="Content-Security-Policy"[^>]*>/s, ''),
};

// The playground is a static single-page app: everything, Monaco and its
// workers included, is bundled; nothing is loaded from a CDN.
export default defineConfig({
  plugins: [react(), devWithoutCsp],
  worker: { format: 'es' },
  build: { target: 'es2022' },
  test: {
    include: ['test/**/*.test.ts'],
  },
});
