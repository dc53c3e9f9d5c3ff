import { expect, test } from '@playwright/test';
import { USERS, expectGreeting, logIn, openNavigation } from './helpers';

test('an unknown path shows the not-found page with a link to the default page', async ({ page }) => {
  await logIn(page, USERS.analyst);
  await expectGreeting(page, USERS.analyst.name);
  await page.goto('/this/path/does/not/exist/anywhere/at-all');
  await expect(page.getByRole('heading', { name: 'No page matches that URL' })).toBeVisible();
  await page.getByRole('link', { name: /home|default/i }).click();
  await expectGreeting(page, USERS.analyst.name);
});

test('an unknown client warns and goes home', async ({ page }) => {
  await logIn(page, USERS.analyst);
  await expectGreeting(page, USERS.analyst.name);
  await page.goto('/nosuchclient/us/brand/product/home');
  await expect(page.getByText('Invalid client: nosuchclient')).toBeVisible();
  await expect(page.getByText('Routing Error: The URL did not specify an active client')).toBeVisible();
  await expectGreeting(page, USERS.analyst.name);
});

test("another tenant's client is an invalid client for the analyst", async ({ page }) => {
  await logIn(page, USERS.analyst);
  await expectGreeting(page, USERS.analyst.name);
  await page.goto('/globex/us/globex-auto/roadster/home');
  await expect(page.getByText('Invalid client: globex')).toBeVisible();
  await expect(page).toHaveURL(/\/acme\//);
});

test('a region without brands leads to the notice page', async ({ page }) => {
  await logIn(page, USERS.admin);
  await expectGreeting(page, USERS.admin.name);
  await page.goto('/initech/ca/home');
  await expect(page).toHaveURL(/\/notice/);
  await expect(page.getByText(/contact your Agency Admin/)).toBeVisible();
});

test('a user without permission is redirected away from a guarded page', async ({ page }) => {
  // The viewer reads journeys but may not build them (journeys C, R, U).
  await logIn(page, USERS.viewer);
  await expectGreeting(page, USERS.viewer.name);
  await page.goto('/globex/us/globex-auto/roadster/insights/journey-builder');
  await expect(page).toHaveURL(/\/globex\/us\/globex-auto\/roadster\/home$/);
  await expectGreeting(page, USERS.viewer.name);
});

test('a feature the client lacks is not reachable', async ({ page }) => {
  // globex has no overlap feature.
  await logIn(page, USERS.viewer);
  await expectGreeting(page, USERS.viewer.name);
  await page.goto('/globex/us/globex-auto/roadster/insights/overlap');
  await expect(page).toHaveURL(/\/globex\/us\/globex-auto\/roadster\/home$/);
});

test('a permitted feature page shows its header and its content (the analysis pages had none before issue 32)', async ({ page }) => {
  await logIn(page, USERS.analyst);
  await expectGreeting(page, USERS.analyst.name);
  await page.goto('/acme/us/fizz-cola/fizz-original/insights/customer-value');
  await expect(page.getByRole('heading', { level: 1, name: 'Customer Value' })).toBeVisible();
  await expect(page.getByText('Data through October 2026')).toBeVisible();
  await expect(page.getByText('This page has no content yet.')).toHaveCount(0);
});

test('brand management without its permission says so', async ({ page }) => {
  await logIn(page, USERS.analyst);
  await expectGreeting(page, USERS.analyst.name);
  await page.goto('/acme/brands/admin');
  await expect(page.getByRole('heading', { level: 1, name: 'Brand Management' })).toBeVisible();
  // Spec 2 §2's words for the page's Missing Permissions state.
  await expect(page.getByRole('alert').filter({ hasText: "You don't have permissions to view this page." })).toBeVisible();
});

test('{hierarchy}/insights opens the first insights feature the user may use', async ({ page }) => {
  await logIn(page, USERS.analyst);
  await expectGreeting(page, USERS.analyst.name);
  await page.goto('/acme/us/fizz-cola/fizz-original/insights');
  await expect(page).toHaveURL(/\/acme\/us\/fizz-cola\/fizz-original\/insights\/explore$/);
  await expect(page.getByRole('heading', { level: 1, name: 'Explore' })).toBeVisible();
});

test('the admin index lists every admin page the admin may open, and the global admin pages lead back to it', async ({ page }) => {
  await logIn(page, USERS.admin);
  await expectGreeting(page, USERS.admin.name);
  await page.getByRole('button', { name: /^User menu/ }).click();
  await page.getByRole('menuitem', { name: 'Admin' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Global Administration' })).toBeVisible();
  const main = page.getByRole('main');
  for (const name of ['Clients', 'Regions', 'Dashboard', 'Roles', 'Users', 'Brand Management', 'Grow / Widgets Upload', 'Surveys Upload',
    'Discussions Upload', 'Journeys / Widgets Upload', 'Explore / Widgets Upload', 'Scenario Planner Management']) {
    await expect(main.getByRole('link', { name, exact: true })).toBeVisible();
  }
  await main.getByRole('link', { name: 'Scenario Planner Management', exact: true }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Scenario Planner Management' })).toBeVisible();
  await page.goto('/global/admin/roles');
  await openNavigation(page);
  await page.getByRole('navigation', { name: 'Main navigation' }).getByRole('link', { name: 'Admin', exact: true }).click();
  await expect(page).toHaveURL(/\/global\/admin$/);
  await expect(page.getByRole('heading', { level: 1, name: 'Global Administration' })).toBeVisible();
});
