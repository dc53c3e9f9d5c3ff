import fs from 'node:fs';

/**
 * The browsers the tests run in (decision 019). Debian's Chromium headless shell (package
 * chromium-headless-shell, which .ci/run installs): the same Chromium and Blink as
 * /usr/bin/chromium without the full browser's window machinery, at about half its CPU. Desktop
 * notifications (the Notification API) exist only in the full browser. Without the shell, every
 * test uses the full browser; CHROMIUM_PATH overrides both.
 */
const HEADLESS_SHELL = '/usr/lib/chromium/chromium-headless-shell';
export const FULL_BROWSER = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';
export const browserPath = (): string => process.env.CHROMIUM_PATH ?? (fs.existsSync(HEADLESS_SHELL) ? HEADLESS_SHELL : FULL_BROWSER);
export const BROWSER_ARGS = ['--no-sandbox', '--disable-background-networking', '--disable-component-update', '--disable-sync', '--no-first-run', '--disable-gpu'];
