import { expect, test, type Locator, type Page } from '@playwright/test';
import { monthKey, monthOf } from '../../src/shared/rules/outcomes';
import { waitForDemoData } from './grow-helpers';
import { USERS, expectGreeting, logIn } from './helpers';
import { trigger } from './measure-helpers';

/**
 * Issue 13 item 9: small laptops. From 1280 px up nothing scrolls sideways; below 1480 px the
 * navigation is its 56 px rail until the user opens it; the notification panel sits under the
 * top bar however far the page has scrolled; the "Invalid client" warning leaves the picker and
 * the user menu visible.
 */
const PRODUCT = '/acme/us/fizz-cola/fizz-original';

// Each test loads several pages (three window sizes, two pages each).
test.describe.configure({ timeout: 120_000 });

const nav = (page: Page) => page.getByRole('navigation', { name: 'Main navigation' });
const userMenu = (page: Page) => page.getByRole('button', { name: /^User menu/ });

async function box(locator: Locator) {
  const b = await locator.boundingBox();
  if (!b) throw new Error(`no box for ${locator.toString()}`);
  return b;
}

/** The page does not scroll sideways, and the element lies wholly inside the window. */
async function expectInsideWindow(page: Page, what: Locator) {
  const { scrollWidth, innerWidth } = await page.evaluate(() => ({ scrollWidth: document.scrollingElement!.scrollWidth, innerWidth: window.innerWidth }));
  expect(scrollWidth, `page width at ${innerWidth}`).toBeLessThanOrEqual(innerWidth);
  for (const one of await what.all()) {
    const b = await box(one);
    expect(b.x, `${await one.textContent()} starts in the window`).toBeGreaterThanOrEqual(0);
    expect(b.x + b.width, `${await one.textContent()} ends in the window at ${innerWidth}`).toBeLessThanOrEqual(innerWidth);
  }
}

/** The user's name in the menu button is shown whole (not cut off, not ellipsed). */
async function expectNameWhole(page: Page) {
  const name = userMenu(page).getByText(USERS.admin.name, { exact: true });
  await expect(name).toBeVisible();
  await expectInsideWindow(page, userMenu(page));
  expect(await name.evaluate((e) => e.scrollWidth <= e.clientWidth)).toBe(true);
}

/** The tests that size the window themselves run once, not again in the laptop project. */
const ownSizes = () => test.skip(test.info().project.name === 'laptop', 'sets its own window sizes');

test('at 1280, 1366 and 1440 px nothing scrolls sideways, the name, the cards and "Add unit" show whole and the navigation is its rail', async ({ page }) => {
  ownSizes();
  await logIn(page, USERS.admin);
  await expectGreeting(page, USERS.admin.name);
  for (const [width, height] of [[1366, 768], [1440, 900], [1280, 800]] as const) {
    await page.setViewportSize({ width, height });
    await page.goto(`${PRODUCT}/home`);
    await expectGreeting(page, USERS.admin.name);
    await expect(nav(page).getByRole('button', { name: 'Expand navigation' })).toBeVisible();
    expect((await box(nav(page))).width).toBe(56);
    await expectNameWhole(page);
    const cards = page.getByRole('region', { name: 'Quick links' }).getByRole('article');
    expect(await cards.count()).toBeGreaterThanOrEqual(4);
    await expectInsideWindow(page, cards);

    await page.goto(`${PRODUCT}/toolbox`);
    await expect(page.getByRole('button', { name: 'Add unit' })).toBeVisible();
    await expectInsideWindow(page, page.getByRole('button', { name: 'Add unit' }));
    await expectNameWhole(page);
  }

  // The user can still open it; the page then makes room rather than scrolling sideways.
  await page.goto(`${PRODUCT}/home`);
  await nav(page).getByRole('button', { name: 'Expand navigation' }).click();
  expect((await box(nav(page))).width).toBe(200);
  await expectInsideWindow(page, page.getByRole('region', { name: 'Quick links' }).getByRole('article'));
  await expectNameWhole(page);
});

test('the navigation opens by itself from 1480 px and closes to its rail below', async ({ page }) => {
  ownSizes();
  await page.setViewportSize({ width: 1920, height: 1080 });
  await logIn(page, USERS.admin);
  await expectGreeting(page, USERS.admin.name);
  expect((await box(nav(page))).width).toBe(200);
  await page.setViewportSize({ width: 1479, height: 900 });
  await expect(nav(page).getByRole('button', { name: 'Expand navigation' })).toBeVisible();
  expect((await box(nav(page))).width).toBe(56);
  await page.setViewportSize({ width: 1480, height: 900 });
  await expect(nav(page).getByRole('button', { name: 'Collapse navigation' })).toBeVisible();
  expect((await box(nav(page))).width).toBe(200);
});

test('the notification panel stays under the top bar and beside the navigation when the page has scrolled', async ({ page }) => {
  await logIn(page, USERS.admin);
  await expectGreeting(page, USERS.admin.name);
  await page.goto(`${PRODUCT}/home`);
  await expectGreeting(page, USERS.admin.name);
  await expect(page.getByRole('heading', { name: 'Your Recent Audience Activity' })).toBeVisible();
  const scrolled = await page.evaluate(() => {
    window.scrollTo(0, document.scrollingElement!.scrollHeight);
    return window.scrollY;
  });
  expect(scrolled).toBeGreaterThan(100);
  await page.getByRole('button', { name: /^Notifications/ }).click();
  const panel = page.locator('.notification-panel');
  await expect(panel).toBeVisible();
  const bar = await box(page.locator('.top-bar'));
  const rail = await box(nav(page));
  const shown = await box(panel);
  expect(bar.y).toBe(0);
  expect(shown.y).toBe(bar.y + bar.height);
  expect(shown.x).toBe(rail.x + rail.width);
  // The bell that opened it is still in view.
  await expect(page.getByRole('button', { name: /^Notifications/ })).toBeInViewport();
});

test('the "Invalid client" warning leaves the context picker and the user menu uncovered', async ({ page }) => {
  await logIn(page, USERS.admin);
  await expectGreeting(page, USERS.admin.name);
  await page.goto('/nosuchclient/us/brand/product/home');
  const warning = page.locator('.context-warning').filter({ hasText: 'Invalid client: nosuchclient' });
  await expect(warning).toBeVisible();
  await expectGreeting(page, USERS.admin.name);
  const shown = await box(warning);
  const covered = [page.getByRole('group', { name: 'Context' }), userMenu(page)];
  for (const control of covered) {
    const b = await box(control);
    const overlaps = shown.x < b.x + b.width && b.x < shown.x + shown.width && shown.y < b.y + b.height && b.y < shown.y + shown.height;
    expect(overlaps, `the warning covers ${control.toString()}`).toBe(false);
  }
});

/** The element lies wholly inside the window's height, below the top bar, with the page not scrolled. */
async function expectAboveFold(page: Page, what: Locator, label: string) {
  const { innerHeight, scrollY } = await page.evaluate(() => ({ innerHeight: window.innerHeight, scrollY: window.scrollY }));
  expect(scrollY).toBe(0);
  const b = await box(what);
  expect(b.y, `${label} starts below the top bar at ${innerHeight}`).toBeGreaterThanOrEqual(56);
  expect(b.y + b.height, `${label} ends in the window at ${innerHeight}`).toBeLessThanOrEqual(innerHeight);
}

test("Grow's and Measure's charts show their top and their legend without scrolling at 1366x768 and 1920x1080 (issue 27)", async ({ page, playwright }, testInfo) => {
  ownSizes();
  test.setTimeout(180_000);
  await waitForDemoData(playwright, testInfo);
  await logIn(page, USERS.admin);
  await expectGreeting(page, USERS.admin.name);
  for (const [width, height] of [[1366, 768], [1920, 1080]] as const) {
    await page.setViewportSize({ width, height });
    const legend = page.getByRole('figure', { name: 'Categorization of Audience' });
    await page.goto(`${PRODUCT}/insights/grow`);
    await expect(page.locator('.audience-tile').first()).toBeVisible({ timeout: 30_000 });
    await expectAboveFold(page, page.locator('.mekko__frame'), `Grow's chart at ${width}`);
    await expectAboveFold(page, legend, `Grow's legend at ${width}`);

    await page.goto(`${PRODUCT}/outcomes/measure`);
    await expect(page.locator('.audience-tile').first()).toBeVisible({ timeout: 30_000 });
    await expectAboveFold(page, page.locator('.mekko__frame'), `Measure's chart at ${width}`);
    await expectAboveFold(page, legend, `Measure's legend at ${width}`);

    // Range mode: the legend above the stacks, and the first chart's plot with its Date axis.
    const now = monthKey(monthOf(new Date()));
    await page.goto(`${new URL(page.url()).pathname}?previous=${now}&current=${now}&range=true`);
    await expect(trigger(page)).toContainText(' - ');
    const plot = page.locator('.range-chart__plot').first();
    await expect(plot.getByRole('group')).toBeVisible();
    await expectAboveFold(page, page.getByRole('group', { name: 'Legend' }), `the range legend at ${width}`);
    await expectAboveFold(page, plot, `the range chart at ${width}`);
  }
});
