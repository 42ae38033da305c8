// The browser the end-to-end tests and the browser benchmark drive: Debian's
// system Chromium when it is installed, else Playwright's own, with the
// same switches and window size. Shared by playwright.config.ts and
// bench/browser.ts so that both measure and test the same browser.

import { existsSync } from 'node:fs';

/** SYSTEM_CHROMIUM is where Debian installs Chromium. */
export const SYSTEM_CHROMIUM = '/usr/bin/chromium';

/** CHROMIUM_LAUNCH_OPTIONS are the options both launch Chromium with. */
export const CHROMIUM_LAUNCH_OPTIONS = {
  executablePath: existsSync(SYSTEM_CHROMIUM) ? SYSTEM_CHROMIUM : undefined,
  args: ['--no-sandbox', '--disable-background-networking', '--disable-component-update', '--disable-sync'],
};

/** VIEWPORT is the page size of every test and measurement. */
export const VIEWPORT = { width: 1600, height: 900 };
