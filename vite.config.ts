import { defineConfig } from 'vitest/config';
import react from '@vitejs/plugin-react';

// The playground is a static single-page app: everything, Monaco and its
// workers included, is bundled; nothing is loaded from a CDN.
export default defineConfig({
  plugins: [react()],
  worker: { format: 'es' },
  build: { target: 'es2022' },
  test: {
    include: ['test/**/*.test.ts'],
  },
});
