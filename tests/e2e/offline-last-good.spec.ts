import { expect, test, type BrowserContext, type Locator, type Page } from '@playwright/test';
import { USERS, expectGreeting, logInAs, openNavigation, persistedQueryKeys } from './helpers';
import { DEMO_DEFAULT_CHART, GROW, PRODUCT, chartArea, chartPicker, expectCounts, matchedTab } from './grow-helpers';
import { freshProfileDir, launchProfile, startOwnServer, waitForOwnDemoData, type OwnServer } from './own-server';

// Issue 12, items 1 and 6: with the server really stopped (not the browser told it is offline),
// the last good counts, insights and data checks survive every offline reload and a browser
// restart, with their "as of"; the navigation and the home cards do not change.
test.describe.configure({ mode: 'serial' });

const HOME = `${PRODUCT}/home`;
const UNREACHABLE = 'The server could not be reached';
/** An "as of" time as the user's locale writes it: Chromium here runs en-US (12 hours). */
const AS_OF = /(\d\d\/\d\d\/\d\d )?\d{1,2}:\d\d\s[AP]M/;

let server: OwnServer | null = null;
let browser: BrowserContext | null = null;
const profile = freshProfileDir('offline-last-good');

test.beforeAll(async () => {
  test.setTimeout(240_000);
  server = await startOwnServer('offline-last-good');
  await waitForOwnDemoData(server);
});

test.afterAll(async () => {
  await browser?.close();
  await server?.stop();
});

const nav = (page: Page) => page.getByRole('navigation', { name: 'Main navigation' });
const insights = (page: Page) => page.getByRole('region', { name: 'Insights' });
const peopleCount = (page: Page) => insights(page).getByText(/^People in the audience: [\d,]+$/);
const widgetCount = (page: Page) => insights(page).getByRole('region').first().getByText(/^[\d,]+ people in the audience$/);
/** Every audience tile's accessible name ("name, tag, count"): the tiles' counts. */
const tileLabels = (page: Page) =>
  chartArea(page).getByRole('button', { name: /, (Owned|Opportunity|None),/ }).evaluateAll((els) => els.map((e) => e.getAttribute('aria-label') ?? ''));
/** Each link of a region, as text and target: what offline must not change. */
const links = (scope: Locator) =>
  scope.getByRole('link').evaluateAll((els) => els.map((e) => `${(e.textContent ?? '').trim()} -> ${e.getAttribute('href') ?? ''}`));
/** The navigation's links, opened first (at this 1366 px window it starts as its rail). */
const navLinks = async (page: Page) => {
  await openNavigation(page);
  return links(nav(page));
};

/** Whether the persisted query cache holds every read this test needs offline: the chart's counts, the audience count, an insight widget and the data checks. */
/** The reads the offline reloads show are on the device: the counts, the audience's, each widget drawn (one read per widget), the data checks. */
async function readsPersisted(page: Page, widgets: number): Promise<boolean> {
  const saved = await persistedQueryKeys(page);
  const has = (first: string, third: string) => saved.some((k) => k[0] === first && k[2] === third);
  const savedWidgets = saved.filter((k) => k[0] === 'insights' && k[2] === 'widget').length;
  return has('grow', 'counts') && has('insights', 'audience-count') && savedWidgets >= widgets && saved.some((k) => k[0] === 'data' && k[1] === 'availability');
}

interface Seen {
  matched: string;
  tiles: string[];
  tile: string;
  people: string;
  widget: string;
  nav: string[];
  cards: string[];
}

/** Selects the first tile with people in it and shows its insights (a reload forgets both). */
async function showInsightsOf(page: Page, tileLabel: string) {
  const tile = chartArea(page).getByRole('button', { name: tileLabel, exact: true });
  await tile.click();
  await expect(tile).toHaveAttribute('aria-pressed', 'true');
  await page.getByRole('button', { name: 'Show/Hide Insights' }).click();
}

/** Grow as it must be with the server gone: the last good counts and insights, each with its "as of". */
async function expectLastGood(page: Page, seen: Seen, when: string) {
  await expect(chartPicker(page), when).toContainText(DEMO_DEFAULT_CHART);
  await expect(matchedTab(page), when).toContainText(seen.matched);
  await expect.poll(() => tileLabels(page), { message: when }).toEqual(seen.tiles);
  await expect(page.getByRole('status').filter({ hasText: new RegExp(`^Offline · counts as of ${AS_OF.source}`) }), when).toBeVisible({ timeout: 15_000 });
  await showInsightsOf(page, seen.tile);
  await expect(peopleCount(page), when).toHaveText(seen.people);
  await expect(widgetCount(page), when).toHaveText(seen.widget);
  await expect(insights(page).getByRole('status').filter({ hasText: new RegExp(`^Offline · as of ${AS_OF.source}$`) }).first(), when).toBeVisible();
  // Never a dash for the counts, never the error.
  await expect(matchedTab(page), when).not.toContainText('—');
  await expect(page.getByText(UNREACHABLE), when).toHaveCount(0);
  await expect(page.getByRole('alert'), when).toHaveCount(0);
  await expect.poll(() => navLinks(page), { message: when }).toEqual(seen.nav);
}

/** The product's home with the server gone: the same navigation and cards as online. */
async function expectSameHome(page: Page, seen: Seen, when: string) {
  await page.goto(HOME);
  await expectGreeting(page, USERS.admin.first);
  await expect.poll(() => navLinks(page), { message: when }).toEqual(seen.nav);
  await expect.poll(() => links(page.getByRole('region', { name: 'Quick links' })), { message: when }).toEqual(seen.cards);
}

test('with the server stopped, counts, insights, navigation and cards stay through three reloads and a browser restart', async () => {
  test.setTimeout(240_000);
  browser = await launchProfile(profile, server!.baseURL);
  let page = browser.pages()[0] ?? (await browser.newPage());

  await logInAs(page, USERS.admin);
  // An offline reload is served only by a service worker that controls the page. A first install
  // may not claim the page that installed it (issue 12 item 0, fixed elsewhere): then one online
  // reload puts this visit under the worker, as a second visit would be.
  await page.evaluate(() => navigator.serviceWorker.ready);
  if (!(await page.evaluate(() => navigator.serviceWorker.controller !== null))) await page.reload();
  await page.waitForFunction(() => navigator.serviceWorker.controller !== null);

  // Online: the home's navigation and cards once the data checks have answered.
  await page.goto(HOME);
  await expectGreeting(page, USERS.admin.first);
  await openNavigation(page);
  await expect(nav(page).getByRole('link', { name: 'Best Customer', exact: true })).toBeVisible({ timeout: 30_000 });
  const homeNav = await navLinks(page);
  const cards = await links(page.getByRole('region', { name: 'Quick links' }));
  expect(cards.length).toBeGreaterThan(0);

  // Online: Grow's default chart with its counts, an audience selected and its insights.
  await page.goto(GROW);
  await expect(chartPicker(page)).toContainText(DEMO_DEFAULT_CHART);
  await expectCounts(page);
  const tiles = await tileLabels(page);
  const tile = tiles.find((l) => /, [1-9][\d,]*$/.test(l));
  expect(tile, `a tile with people in ${tiles.join(' | ')}`).toBeDefined();
  await showInsightsOf(page, tile!);
  await expect(peopleCount(page)).toBeVisible({ timeout: 30_000 });
  await expect(widgetCount(page)).toBeVisible({ timeout: 30_000 });
  const seen: Seen = {
    matched: (await matchedTab(page).textContent())!.replace('Matched Addressable', '').trim(),
    tiles,
    tile: tile!,
    people: (await peopleCount(page).textContent())!,
    widget: (await widgetCount(page).textContent())!,
    nav: await navLinks(page),
    cards,
  };
  expect(seen.nav).toEqual(homeNav);
  // Every widget drawn (5), not only the first: on a loaded machine the others came later, were
  // not yet on the device when the server went, and said it could not be reached (two clean runs).
  const drawn = insights(page).getByRole('region').filter({ hasText: /[\d,]+ people in the audience/ });
  const shown = insights(page).getByRole('region');
  await expect.poll(async () => (await drawn.count()) === (await shown.count()), { timeout: 30_000 }).toBe(true);
  const widgets = await drawn.count();
  await expect.poll(() => readsPersisted(page, widgets), { timeout: 15_000 }).toBe(true);

  // The server goes away; the browser still thinks it is online.
  await server!.stop();
  for (let reload = 1; reload <= 3; reload++) {
    await page.reload();
    await expectLastGood(page, seen, `offline reload ${reload}`);
  }
  await expectSameHome(page, seen, 'offline home');

  // A browser restart, the server still down.
  await browser.close();
  browser = await launchProfile(profile, server!.baseURL);
  page = browser.pages()[0] ?? (await browser.newPage());
  await page.goto(GROW);
  await expectLastGood(page, seen, 'after a browser restart');
  await page.reload();
  await expectLastGood(page, seen, 'a reload after the restart');
  await expectSameHome(page, seen, 'offline home after the restart');

  // The server is back (it prepares its demo data again first): Grow asks again and the offline notes go.
  await server!.start();
  await waitForOwnDemoData(server!);
  await page.goto(GROW);
  await expectCounts(page);
  await expect(page.getByRole('status').filter({ hasText: /^Offline · counts as of/ })).toHaveCount(0, { timeout: 15_000 });
});
