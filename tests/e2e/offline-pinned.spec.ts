import { expect, test, type BrowserContext, type Page } from '@playwright/test';
import { USERS, logInAs, unique } from './helpers';
import { apiOf, chartWith, matchedTab } from './grow-helpers';
import { freshProfileDir, launchProfile } from './own-server';

// Issue 27 item 3: a context made available offline is kept until the user removes it. A
// persistent profile (its service worker serves the shell offline) against the shared server;
// the page's clock jumps 8 days instead of the test waiting them. A product no other test saves
// charts in, with one chart of its own: "Make available offline" takes a few dozen steps.

const CONTEXT = 'acme/us/crunchies/classic';
const PRODUCT = `/${CONTEXT}`;

const DAY_MS = 24 * 60 * 60_000;
const panel = (page: Page) => page.locator('.sync-panel');
const topBarOffline = (page: Page) => page.getByRole('status').filter({ hasText: /^Offline · data as of / });

let browser: BrowserContext | null = null;

test.afterEach(async () => {
  await browser?.close();
  browser = null;
});

test('a context made available offline still shows Grow and Explore offline 8 days later; the panel says whether storage is persistent', async ({ baseURL }) => {
  test.setTimeout(150_000);
  browser = await launchProfile(freshProfileDir('pinned'), baseURL!);
  const page = browser.pages()[0] ?? (await browser.newPage());
  await logInAs(page, USERS.admin);
  await page.waitForFunction(() => navigator.serviceWorker.controller !== null, undefined, { timeout: 30_000 });
  const chart = await chartWith(await apiOf(page, CONTEXT), unique('pinned'), [{ name: 'North', audiences: [{ name: 'Gamers', segment: 'Gaming' }] }]);
  await page.goto(`${PRODUCT}/home`);
  await page.getByRole('button', { name: /^(All saved|\d+ pending)$/ }).click();
  await panel(page).getByRole('button', { name: 'Make available offline' }).click();
  await expect(panel(page).getByRole('status')).toHaveText(/is available offline: all \d+ steps done\.$/, { timeout: 120_000 });
  await expect(panel(page)).toContainText(/Persistent storage (granted|not granted): /);

  // Eight days on, with no network.
  await browser.setOffline(true);
  await page.clock.setSystemTime(Date.now() + 8 * DAY_MS);
  await page.goto(`${PRODUCT}/insights/grow/${chart.id}`);
  await expect(matchedTab(page)).toHaveText(/Matched Addressable\s*\S*\s*\d[\d,]*/, { timeout: 15_000 });
  await expect(topBarOffline(page)).toBeVisible();
  await page.goto(`${PRODUCT}/insights/explore`);
  await expect(page.getByRole('region', { name: 'Age', exact: true }).getByText(/^[\d,]+ people in the audience$/)).toBeVisible({ timeout: 15_000 });
  await expect(topBarOffline(page)).toBeVisible();
});
