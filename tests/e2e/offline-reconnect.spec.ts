import { expect, test, type BrowserContext, type Page } from '@playwright/test';
import { USERS, logInAs } from './helpers';
import { GROW, chartArea, matchedTab } from './grow-helpers';
import { freshProfileDir, launchProfile, startOwnServer, waitForOwnDemoData, type OwnServer } from './own-server';

// Issue 12 cases 0 and 8: a server of the test's own, really stopped; a persistent profile, as an
// installed app has (its service worker runs).

let server: OwnServer;
let browser: BrowserContext | null = null;

test.beforeAll(async () => {
  test.setTimeout(240_000);
  server = await startOwnServer('offline-reconnect');
  await waitForOwnDemoData(server);
});

test.afterAll(async () => {
  await server?.stop();
});

test.afterEach(async () => {
  await browser?.close();
  browser = null;
  if (!server.running()) await server.start();
});

async function freshPage(name: string): Promise<Page> {
  browser = await launchProfile(freshProfileDir(name), server.baseURL);
  return browser.pages()[0] ?? (await browser.newPage());
}

/**
 * Toasts last seconds and the login reloads the page: every page of the tab notes, in session
 * storage, the text of each toast it showed.
 */
async function recordToasts(page: Page): Promise<() => Promise<string[]>> {
  await page.addInitScript(() => {
    const seen = () => JSON.parse(sessionStorage.getItem('e2e-toasts') ?? '[]') as string[];
    new MutationObserver(() => {
      for (const toast of document.querySelectorAll('.toast')) {
        const text = toast.textContent ?? '';
        if (!seen().includes(text)) sessionStorage.setItem('e2e-toasts', JSON.stringify([...seen(), text]));
      }
    }).observe(document, { childList: true, subtree: true });
  });
  return () => page.evaluate(() => JSON.parse(sessionStorage.getItem('e2e-toasts') ?? '[]') as string[]);
}

test('case 0: the session that installed the app reloads Grow offline, once told it is available offline', async () => {
  test.setTimeout(90_000);
  const page = await freshPage('first-visit');
  const toasts = await recordToasts(page);
  await logInAs(page, USERS.admin);
  await page.goto(GROW);
  await expect(matchedTab(page)).toContainText(/\d/, { timeout: 20_000 });
  const matched = (await matchedTab(page).textContent())!;
  // The page says when the first install has taken it over; nothing was in control before.
  await expect.poll(toasts, { timeout: 30_000 }).toContain('Available offlineThis app now works without a network.');
  expect(await page.evaluate(() => navigator.serviceWorker.controller?.state)).toBe('activated');

  // The server is gone: the reload is the worker's (shell precached), the counts the device's.
  // (Later offline reloads keeping the counts is issue 12 case 1, not this one.)
  await server.stop();
  await page.reload();
  await expect(chartArea(page)).toBeVisible({ timeout: 15_000 });
  await expect(matchedTab(page)).toHaveText(matched);
});
