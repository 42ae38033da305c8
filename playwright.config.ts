// End-to-end tests: the production build, served by `vite preview` on a
// fixed port (E2E_PORT overrides it, so that two checkouts can test at
// once), driven in headless Chromium. The system Chromium is used when
// it is installed (Debian's /usr/bin/chromium), else Playwright's own; see
// e2e/browser.ts, which the browser benchmark shares.
// Run with `npm run test:e2e` (it builds first).

import { defineConfig, devices } from '@playwright/test';
import { CHROMIUM_LAUNCH_OPTIONS, VIEWPORT } from './e2e/browser.ts';

const PORT = Number(process.env.E2E_PORT ?? 4179);

// The graph's legend opens on a person's first visit and covers part of the
// graph: every test starts as someone who has closed it (e2e/cards.spec.ts,
// which tests the first visit, starts with empty storage).
const LEGEND_CLOSED = {
  cookies: [],
  origins: [
    {
      origin: `http://127.0.0.1:${PORT}`,
      localStorage: [{ name: 'nomad-reconciler-playground.legend', value: 'closed' }],
    },
  ],
};

export default defineConfig({
  testDir: 'e2e',
  outputDir: 'e2e/test-results',
  fullyParallel: false,
  workers: 2,
  retries: 0,
  timeout: 60_000,
  expect: { timeout: 10_000 },
  reporter: [['list']],
  use: {
    baseURL: `http://127.0.0.1:${PORT}`,
    headless: true,
    viewport: VIEWPORT,
    trace: 'retain-on-failure',
    storageState: LEGEND_CLOSED,
    launchOptions: CHROMIUM_LAUNCH_OPTIONS,
  },
  projects: [{ name: 'chromium', use: { ...devices['Desktop Chrome'], viewport: VIEWPORT } }],
  webServer: {
    command: `npx vite preview --port ${PORT} --strictPort --host 127.0.0.1`,
    url: `http://127.0.0.1:${PORT}`,
    reuseExistingServer: false,
    timeout: 60_000,
  },
});
