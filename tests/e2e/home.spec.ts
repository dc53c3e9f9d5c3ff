import { expect, test } from '@playwright/test';
import { USERS, expectGreeting, logIn, openNavigation } from './helpers';

test('the home lists the latest audiences, Last 5 or Last 10, newest first, each linked', async ({ page }) => {
  await logIn(page, USERS.analyst);
  await expectGreeting(page, USERS.analyst.name);
  const activity = page.getByRole('region', { name: 'Your Recent Audience Activity' });
  const rows = activity.getByRole('row');
  // A header row plus five audiences (the demo's lookalikes and motivation audience join them once
  // the region's data is ready, so which five depends on when the page is read).
  await expect(rows).toHaveCount(6);
  const created = async () => (await activity.getByRole('row').allInnerTexts()).slice(1).map((t) => Date.parse(t.trim().split(/\s+/).pop()!));
  const five = await created();
  expect(five).toEqual([...five].sort((x, y) => y - x));
  await activity.getByLabel('Show').selectOption({ label: 'Last 10' });
  await expect(activity.getByRole('link', { name: 'Health-conscious Millennials' })).toHaveAttribute(
    'href',
    /\/acme\/us\/fizz-cola\/fizz-original\/audiences\/overview\/audience\/\d+$/,
  );
  await expect(activity.getByRole('link', { name: 'Optimized Summer Reach' })).toBeVisible();
  await expect(rows.filter({ hasText: 'Optimized Summer Reach' })).toContainText('Optimized Audience');
  expect(await rows.count()).toBeGreaterThan(6);
  expect(await rows.count()).toBeLessThanOrEqual(11);
  await expect(activity.getByRole('link', { name: 'Go to Audiences' })).toHaveAttribute(
    'href',
    '/acme/us/fizz-cola/fizz-original/audiences/overview',
  );
});

test('a product with no audiences says "Data unavailable"', async ({ page }) => {
  await logIn(page, USERS.analyst);
  await expectGreeting(page, USERS.analyst.name);
  await page.goto('/acme/us/crunchies/bbq/home');
  await expectGreeting(page, USERS.analyst.name);
  await expect(page.getByRole('cell', { name: 'Data unavailable' })).toBeVisible();
});

test('a lapsed session sends the user back to login', async ({ page, context }) => {
  await logIn(page, USERS.viewer);
  await expectGreeting(page, USERS.viewer.name);
  // The session ends elsewhere (expiry, logout on another device); a moment later the user moves on.
  await context.clearCookies();
  await openNavigation(page);
  await page.waitForTimeout(1_500);
  await page.getByRole('link', { name: 'Grow' }).click();
  await expect(page).toHaveURL(/\/login/);
  await expect(page.getByRole('button', { name: 'Log in' })).toBeVisible();
});

test('a client without the audiences feature gets no recent audience activity on the home', async ({ page }) => {
  await page.route('**/api/clients/hierarchy', async (route) => {
    const response = await route.fetch();
    const body = (await response.json()) as { data: { slug: string; feature_flags: Record<string, boolean> }[] };
    for (const client of body.data) if (client.slug === 'acme') client.feature_flags.audiences = false;
    await route.fulfill({ response, json: body });
  });
  await logIn(page, USERS.analyst);
  await expectGreeting(page, USERS.analyst.name);
  // Cards show, so no welcome card; the activity (and its "Go to Audiences") would lead to a refused page.
  await expect(page.getByRole('region', { name: 'Quick links' })).toBeVisible();
  await expect(page.getByRole('heading', { name: 'Your Recent Audience Activity' })).toHaveCount(0);
  await expect(page.getByRole('link', { name: 'Go to Audiences' })).toHaveCount(0);
});
