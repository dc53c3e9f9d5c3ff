import { expect, test, type Page } from '@playwright/test';
import { USERS, expectGreeting, logIn, openNavigation } from './helpers';

const HOME = '/acme/us/fizz-cola/fizz-original';
const GENERIC = 'Something went wrong with this page. Please refresh and try again';

async function asAdmin(page: Page) {
  await logIn(page, USERS.admin);
  await expectGreeting(page, USERS.admin.name);
  await page.goto(`${HOME}/home`);
  await expectGreeting(page, USERS.admin.name);
  await openNavigation(page);
}

test('the left navigation lists the categories in order, 200 px expanded and 56 px collapsed', async ({ page }) => {
  await asAdmin(page);
  const nav = page.getByRole('navigation', { name: 'Main navigation' });
  const categories = await nav.locator('.left-nav__category').evaluateAll((els) => els.map((e) => e.textContent?.trim().toLowerCase()));
  const order = ['insights', 'audiences', 'plans', 'outcomes', 'creative', 'toolbox', 'analytics', 'home'];
  expect(categories.length).toBeGreaterThan(2);
  expect(categories).toEqual(order.filter((c) => categories.includes(c)));
  expect(categories.at(-1)).toBe('home');
  expect((await nav.boundingBox())?.width).toBe(200);
  await expect(page.locator('.top-bar')).toHaveCSS('height', '80px');

  await nav.getByRole('button', { name: 'Collapse navigation' }).click();
  await expect(nav.getByRole('button', { name: 'Expand navigation' })).toBeVisible();
  expect((await nav.boundingBox())?.width).toBe(56);
  // Collapsed, every category still has a name.
  for (const link of await nav.locator('.left-nav__category').all()) {
    expect(await link.getAttribute('aria-label')).toBeTruthy();
  }
});

test('every navigation entry has a title, so a long name cut off can still be read', async ({ page }) => {
  await asAdmin(page);
  const nav = page.getByRole('navigation', { name: 'Main navigation' });
  for (const link of await nav.locator('.left-nav__link').all()) {
    const label = (await link.textContent())?.trim();
    expect(await link.getAttribute('title')).toBe(label);
  }
  await expect(nav.locator('.left-nav__link').first()).toHaveCSS('text-overflow', 'ellipsis');
  await expect(nav.locator('.left-nav__category .left-nav__text').first()).toHaveCSS('text-overflow', 'ellipsis');
  // The navigation clips what overflows it, so the focus ring is drawn inside the entry.
  await nav.getByRole('button', { name: 'Collapse navigation' }).focus();
  await page.keyboard.press('Tab');
  await expect(nav.locator('.left-nav__category').first()).toBeFocused();
  await expect(nav.locator('.left-nav__category').first()).toHaveCSS('outline-offset', '-3px');
});

test('the navigation highlights journey on the journey builder and overview on the audience builder', async ({ page }) => {
  await asAdmin(page);
  const nav = page.getByRole('navigation', { name: 'Main navigation' });
  await expect(nav.locator('[aria-current="page"]')).toHaveText(/^home$/i);
  await page.goto(`${HOME}/insights/journey-builder`);
  await openNavigation(page);
  await expect(nav.locator('[aria-current="page"]')).toHaveText(/^journey$/i);
  await page.goto(`${HOME}/audiences/builder`);
  await openNavigation(page);
  await expect(nav.locator('[aria-current="page"]')).toHaveText(/^overview$/i);
});

test('the user menu lists its items in order; no data source toggle without molecula_access read', async ({ page }) => {
  await logIn(page, USERS.viewer);
  await expectGreeting(page, USERS.viewer.name);
  await page.getByRole('button', { name: /^User menu/ }).click();
  await expect(page.getByRole('menuitem')).toHaveText(['Admin', 'Help on this Page', 'Help Center', 'Request Support', 'Logout']);
});

test('with molecula_access read and two sources the menu offers "Toggle to ES/Molecula", worded as the spec says', async ({ page }) => {
  await logIn(page, USERS.analyst);
  await expectGreeting(page, USERS.analyst.name);
  await page.getByRole('button', { name: /^User menu/ }).click();
  await expect(page.getByRole('menuitem')).toHaveText(
    ['Admin', 'Help on this Page', 'Help Center', 'Request Support', 'Toggle to ES/Molecula', 'Logout'],
    { useInnerText: true },
  );
});

test('the menu names the data source in use, and the new one at once after a switch', async ({ page }) => {
  await logIn(page, USERS.analyst);
  await expectGreeting(page, USERS.analyst.name);
  const menuButton = page.getByRole('button', { name: /^User menu/ });
  const toggle = page.getByRole('menuitem', { name: 'Toggle to ES/Molecula' });
  await menuButton.click();
  await expect(page.getByRole('menu')).toContainText('Data source: Molecula');
  await expect(toggle).toHaveAccessibleDescription('Data source: Molecula');
  // The switch reloads the page (spec 1 §4); the reloaded menu already names the new source.
  await Promise.all([page.waitForEvent('load'), toggle.click()]);
  await expectGreeting(page, USERS.analyst.name);
  await menuButton.click();
  await expect(page.getByRole('menu')).toContainText('Data source: ES', { timeout: 1_000 });
  await expect(toggle).toHaveAccessibleDescription('Data source: ES');
});

test('with a single data source there is no toggle', async ({ page }) => {
  // The server's one source, as the login and self.json both tell it (the login's answer seeds the session).
  await page.route(/\/api\/auth\/(self\.json|login)$/, async (route) => {
    const response = await route.fetch();
    const body = (await response.json().catch(() => null)) as { data?: { dataSourceCount?: number } } | null;
    if (!response.ok() || typeof body?.data?.dataSourceCount !== 'number') return route.fulfill({ response });
    body.data.dataSourceCount = 1;
    // Not the server's headers: they describe its (compressed) body, not this one.
    return route.fulfill({ status: response.status(), headers: { 'x-csrf-token': response.headers()['x-csrf-token'] ?? '' }, json: body });
  });
  await logIn(page, USERS.analyst);
  await expectGreeting(page, USERS.analyst.name);
  await page.reload();
  await expectGreeting(page, USERS.analyst.name);
  await page.getByRole('button', { name: /^User menu/ }).click();
  await expect(page.getByRole('menuitem', { name: 'Logout' })).toBeVisible();
  await expect(page.getByRole('menuitem', { name: /Toggle/ })).toHaveCount(0);
});

test('an unexpected error shows the generic banner until the next navigation', async ({ page }) => {
  await page.route('**/api/home-entities*', (route) =>
    route.fulfill({ status: 500, json: { error: { code: 'INTERNAL', message: 'boom' } } }),
  );
  await asAdmin(page);
  await expect(page.getByRole('alert').filter({ hasText: GENERIC })).toBeVisible();
  await page.unroute('**/api/home-entities*');
  await page.getByRole('navigation', { name: 'Main navigation' }).getByRole('link', { name: 'grow' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Grow' })).toBeVisible();
  await expect(page.getByText(GENERIC)).toHaveCount(0);
});

test("a 403 shows the server's message in the banner", async ({ page }) => {
  await page.route('**/api/home-entities*', (route) =>
    route.fulfill({ status: 403, json: { error: { code: 'FORBIDDEN', message: 'You may not see these audiences.' } } }),
  );
  await asAdmin(page);
  await expect(page.getByRole('alert').filter({ hasText: 'You may not see these audiences.' })).toBeVisible();
  await expect(page.getByText(GENERIC)).toHaveCount(0);
});

test('a CSRF error drops the stored token', async ({ page }) => {
  await asAdmin(page);
  expect(await page.evaluate(() => localStorage.getItem('csrfToken'))).toBeTruthy();
  await page.route('**/api/home-entities*', (route) =>
    route.fulfill({ status: 403, json: { error: { code: 'CSRF_INVALID', message: 'CSRF token missing or invalid.' } } }),
  );
  await page.getByLabel('Show').selectOption({ label: 'Last 10' });
  await expect.poll(() => page.evaluate(() => localStorage.getItem('csrfToken'))).toBeNull();
});

test('refresh_login logs the user out to the login page', async ({ page }) => {
  await asAdmin(page);
  await page.route('**/api/home-entities*', (route) =>
    route.fulfill({ status: 401, json: { error: { code: 'UNAUTHENTICATED', message: 'Log in again.' }, refresh_login: true } }),
  );
  await page.getByLabel('Show').selectOption({ label: 'Last 10' });
  await expect(page).toHaveURL(/\/login/);
  await expect(page.getByRole('button', { name: 'Log in' })).toBeVisible();
});

test('a refusal toast lasts 4 s and cannot be dismissed', async ({ page }) => {
  await logIn(page, USERS.viewer);
  await expectGreeting(page, USERS.viewer.name);
  await page.goto('/globex/us/globex-auto/roadster/insights/journey-builder');
  const toast = page.locator('.toast');
  await expect(toast).toBeVisible();
  await expect(toast.getByRole('button')).toHaveCount(0);
  await page.waitForTimeout(2_500);
  await expect(toast).toBeVisible();
  await expect(toast).toHaveCount(0, { timeout: 3_000 });
});

test('the bell shows "9+" above nine new tasks and opens an 800 px notification panel', async ({ page }) => {
  const tasks = Array.from({ length: 12 }, (_, i) => ({
    id: i + 1, report_type: 'index_report', status: 'complete', name: `Report ${i + 1}`, ui_name: `Report ${i + 1}`,
    created_at: '2026-01-02T10:00:00Z', created_by: 1, downloaded_at: null, read_at: null, product_slug: 'fizz-original',
    request_id: `r${i}`, job_id: null, error: null,
  }));
  await page.route('**/api/notifications*', (route) => route.fulfill({ json: { data: tasks } }));
  await asAdmin(page);
  const bell = page.getByRole('button', { name: /^Notifications/ });
  await expect(bell).toHaveAccessibleName('Notifications, 9+ new', { timeout: 10_000 });
  await expect(bell).toContainText('9+');
  // Expanded (asAdmin opens the navigation), the count sits on the bell's corner, not 45 px away.
  const icon = (await bell.locator('svg').boundingBox())!;
  const count = (await bell.getByText('9+').boundingBox())!;
  expect(Math.abs(count.x - (icon.x + icon.width / 2))).toBeLessThan(16);
  expect(Math.abs(count.y - icon.y)).toBeLessThan(16);
  await bell.click();
  const panel = page.locator('.notification-panel');
  await expect(panel).toBeVisible();
  expect((await panel.boundingBox())?.width).toBe(800);
  // Focus moves into the panel; Escape closes it and gives focus back to the bell.
  await expect(page.getByRole('heading', { name: 'Notifications' })).toBeFocused();
  await page.keyboard.press('Escape');
  await expect(panel).toHaveCount(0);
  await expect(bell).toBeFocused();
});

test('the page keeps one h1 and no duplicate ids with the menu open', async ({ page }) => {
  await asAdmin(page);
  await page.getByRole('button', { name: /^User menu/ }).click();
  await expect(page.getByRole('menuitem', { name: 'Logout' })).toBeVisible();
  await expect(page.locator('h1')).toHaveCount(1);
  const duplicates = await page.evaluate(() => {
    const ids = [...document.querySelectorAll('[id]')].map((e) => e.id);
    return ids.filter((id, i) => ids.indexOf(id) !== i);
  });
  expect(duplicates).toEqual([]);
});

test('navigation entries are named as they read, not by their slugs', async ({ page }) => {
  await asAdmin(page);
  const nav = page.getByRole('navigation', { name: 'Main navigation' });
  await expect(nav.getByRole('link', { name: 'Customer Value', exact: true })).toBeVisible();
  await expect(nav.getByRole('link', { name: 'Insights', exact: true })).toBeVisible();
  await expect(nav.getByRole('link', { name: 'customer value', exact: true })).toHaveCount(0);
  await expect(nav.getByRole('link', { name: 'ams', exact: true })).toHaveCount(0);
});

test('the notification centre says it is loading until the tasks first come, never "No new notifications" meanwhile', async ({ page }) => {
  let release = () => {};
  const gate = new Promise<void>((resolve) => (release = resolve));
  const task = {
    id: 1, report_type: 'index_report', status: 'complete', name: 'Report A', ui_name: 'Report A',
    created_at: '2026-01-02T10:00:00Z', created_by: 1, downloaded_at: null, read_at: null, product_slug: 'fizz-original',
    request_id: 'ra', job_id: null, error: null,
  };
  await page.route('**/api/notifications*', async (route) => {
    await gate;
    await route.fulfill({ json: { data: [task] } });
  });
  await asAdmin(page);
  await page.getByRole('button', { name: /^Notifications/ }).click();
  const panel = page.locator('.notification-panel');
  await expect(panel.getByRole('status').filter({ hasText: 'Loading notifications' })).toBeVisible();
  await expect(panel).not.toContainText('No new notifications to show');
  release();
  await expect(panel.getByText('Report A')).toBeVisible();
  await expect(panel).not.toContainText('Loading notifications');
});

test('with the network gone before any was opened, the notification centre, the user menu and the Edits panel open (issue 28)', async ({ page, context }) => {
  // None is in the shell's first load; each is fetched once the page is idle, not at its first
  // click (offline, that click's fetch failed and the page fell to the generic error).
  const fetched = new Set<string>();
  page.on('response', (response) => {
    const part = /\/assets\/(notification-panel|user-menu-dropdown|sync-panel)-[^/]*\.js$/.exec(response.url())?.[1];
    if (part && response.ok()) fetched.add(part);
  });
  await asAdmin(page);
  await expect.poll(() => [...fetched].sort(), { timeout: 15_000 }).toEqual(['notification-panel', 'sync-panel', 'user-menu-dropdown']);
  // And the chunks those import (clean run 22: the Edits panel's own file had come, one it needs
  // was still on its way when the network went, and the panel rightly said it could not load).
  await page.waitForLoadState('networkidle');
  await context.setOffline(true);

  await page.getByRole('button', { name: /^Notifications/ }).click();
  await expect(page.getByRole('heading', { name: 'Notifications' })).toBeVisible();
  await page.keyboard.press('Escape');
  await page.getByRole('button', { name: /^User menu/ }).click();
  await expect(page.getByRole('menuitem', { name: 'Logout' })).toBeVisible();
  await page.keyboard.press('Escape');
  await page.getByRole('button', { name: 'All saved' }).click();
  await expect(page.getByRole('heading', { name: 'Edits' })).toBeVisible();
  await expect(page.getByText(GENERIC)).toHaveCount(0);
  await context.setOffline(false);
});

test('a panel whose code cannot be fetched (the server gone before it was) says so and keeps the page; a later click opens it', async ({ page }) => {
  // offline-reconnect case 7 on a loaded machine: the server stopped before the Edits panel was
  // fetched, and its first click took the whole page to the generic error.
  let refuse = true;
  await page.route(/\/assets\/(notification-panel|user-menu-dropdown|sync-panel)-[^/]*\.js$/, (route) => (refuse ? route.abort('connectionrefused') : route.continue()));
  await asAdmin(page);
  await page.getByRole('button', { name: 'All saved' }).click();
  await expect(page.getByRole('status').filter({ hasText: 'This panel could not be loaded without the server.' })).toBeVisible();
  await page.getByRole('button', { name: /^Notifications/ }).click();
  await expect(page.getByRole('region', { name: 'Notifications' }).getByRole('status')).toContainText('This panel could not be loaded without the server.');
  await page.getByRole('button', { name: /^User menu/ }).click();
  await expect(page.getByText(GENERIC)).toHaveCount(0);
  await expect(page.getByRole('navigation').first()).toBeVisible();

  refuse = false;
  await page.getByRole('button', { name: 'Try again' }).click();
  await expect(page.getByRole('heading', { name: 'Notifications' })).toBeVisible();
  await page.keyboard.press('Escape');
  await page.getByRole('button', { name: 'All saved' }).click();
  await expect(page.getByRole('heading', { name: 'Edits' })).toBeVisible();
  await page.keyboard.press('Escape');
  await page.getByRole('button', { name: /^User menu/ }).click();
  await expect(page.getByRole('menuitem', { name: 'Logout' })).toBeVisible();
});
