import { expect, test } from '@playwright/test';
import { USERS, expectGreeting, logIn, openNavigation } from './helpers';

const AMS_PATH = /\/acme\/us\/fizz-cola\/fizz-original\/audiences\/activations/;

test('an analyst sees the activations on the home, opens one, and activates an audience that completes', async ({ page }) => {
  test.setTimeout(90_000);
  await logIn(page, USERS.analyst);
  await expectGreeting(page, USERS.analyst.name);

  // The home's Activations tab (spec 1 §2.4): the demo's activations, each linked to its detail.
  const activity = page.getByRole('region', { name: 'Your Recent Audience Activity' });
  await activity.getByRole('tab', { name: 'Activations' }).click();
  const onHold = activity.getByRole('row').filter({ hasText: 'Weekend Snackers (shared)' });
  await expect(onHold.getByText('On Hold', { exact: true })).toBeVisible();
  await expect(activity.getByRole('columnheader')).toHaveText(['Audience Name', 'Last Refresh', 'Sent Date', 'End Date', 'Delivery Status']);
  const failed = activity.getByRole('row').filter({ hasText: 'Sports Fans 25-44' });
  await expect(failed.getByText('Error', { exact: true })).toBeVisible();
  // Open-ended: End Date "-".
  await expect(failed.getByRole('cell').nth(3)).toHaveText('-');
  await onHold.getByRole('link', { name: 'Weekend Snackers (shared)' }).click();

  await expect(page).toHaveURL(/\/audiences\/activations\?activationId=\d+&audienceId=\d+$/);
  const detail = page.getByRole('region', { name: 'Weekend Snackers (shared)' });
  await expect(detail.getByText('On Hold', { exact: true })).toBeVisible();
  await expect(detail.getByText('Meta Ads')).toBeVisible();
  await detail.getByRole('button', { name: 'Close details' }).click();
  await expect(detail).toHaveCount(0);

  // The Ams page from the navigation.
  await page.goto('/acme/us/fizz-cola/fizz-original/home');
  await openNavigation(page);
  await page.getByRole('navigation', { name: 'Main navigation' }).getByRole('link', { name: 'ams' }).click();
  await expect(page).toHaveURL(AMS_PATH);
  await expect(page.getByRole('heading', { level: 1, name: 'Activations' })).toBeVisible();
  const table = page.getByRole('table');
  await expect(table.getByRole('columnheader')).toHaveText(['Audience Name', 'Destination', 'Last Refresh', 'Sent Date', 'End Date', 'Delivery Status', 'Members', 'Actions']);
  // The demo's first activation is delivered for real once its data is ready: Complete, and its detail names the file.
  await table.getByRole('link', { name: 'Health-conscious Millennials' }).click();
  const delivered = page.getByRole('region', { name: 'Health-conscious Millennials' });
  await expect(delivered.getByText('Complete', { exact: true })).toBeVisible({ timeout: 60_000 });
  await expect(delivered.getByText(/^\d+-\d{8}T\d{9}Z\.csv$/)).toBeVisible();
  await delivered.getByRole('button', { name: 'Close details' }).click();

  // Filters: only the errors, then all again.
  await page.getByLabel('Delivery status').selectOption({ label: 'Error' });
  await expect(table.getByRole('row')).toHaveCount(2);
  await expect(table.getByRole('row').nth(1)).toContainText('Sports Fans 25-44');
  await page.getByLabel('Delivery status').selectOption({ label: 'All statuses' });

  // Activate an audience, and see it delivered.
  await page.getByRole('button', { name: 'Activate an audience' }).click();
  const dialog = page.getByRole('dialog', { name: 'Activate an audience' });
  await dialog.getByLabel('Audience').selectOption({ label: 'Optimized Summer Reach' });
  await dialog.getByLabel('Destination').selectOption({ label: 'The Trade Desk' });
  await dialog.getByRole('button', { name: 'Activate' }).click();
  await expect(dialog).toHaveCount(0);
  const opened = page.getByRole('region', { name: 'Optimized Summer Reach' });
  await expect(opened.getByText('The Trade Desk')).toBeVisible();
  await expect(opened.getByText('Complete', { exact: true })).toBeVisible({ timeout: 60_000 });
  await expect(opened.getByText(/^\d+-\d{8}T\d{9}Z\.csv$/)).toBeVisible();
  const row = table.getByRole('row').filter({ hasText: 'Optimized Summer Reach' }).filter({ hasText: 'The Trade Desk' });
  await expect(row.getByText('Complete', { exact: true })).toBeVisible();
  await expect(row.getByRole('cell').nth(6)).toHaveText(/^[1-9][\d,]*$/);

  // Refresh it again from its row: In Progress (or already done), then Complete.
  await row.getByRole('button', { name: /^Refresh / }).click();
  await expect(row.getByText('Complete', { exact: true })).toBeVisible({ timeout: 60_000 });
});

test('the activations page is refused without ams_activation read, and its entry is not in the navigation', async ({ page }) => {
  await page.route('**/api/auth/authorize', async (route) => {
    const response = await route.fetch();
    const body = (await response.json()) as { data: { permissions: Record<string, { read: boolean }> } };
    if (body.data.permissions.ams_activation) body.data.permissions.ams_activation.read = false;
    await route.fulfill({ response, json: body });
  });
  await logIn(page, USERS.analyst);
  await expectGreeting(page, USERS.analyst.name);
  await expect(page.getByRole('region', { name: 'Your Recent Audience Activity' }).getByRole('tab', { name: 'Activations' })).toHaveCount(0);
  await openNavigation(page);
  await expect(page.getByRole('navigation', { name: 'Main navigation' }).getByRole('link', { name: 'ams' })).toHaveCount(0);
  await page.goto('/acme/us/fizz-cola/fizz-original/audiences/activations');
  await expect(page).toHaveURL(/\/acme\/us\/fizz-cola\/fizz-original\/home$/);
});

test('a failed read of the activations is only logged: no Activations tab, no error banner (spec 1 §8)', async ({ page }) => {
  const warnings: string[] = [];
  page.on('console', (m) => {
    if (m.type() === 'warning') warnings.push(m.text());
  });
  await page.route('**/api/activations?*', (route) => route.fulfill({ status: 500, json: { error: { code: 'INTERNAL', message: 'Something broke' } } }));
  await logIn(page, USERS.analyst);
  await expectGreeting(page, USERS.analyst.name);
  const activity = page.getByRole('region', { name: 'Your Recent Audience Activity' });
  await expect(activity.getByRole('tab', { name: 'Audiences' })).toBeVisible();
  await expect.poll(() => warnings.some((w) => w.includes('Recent activations could not be read'))).toBe(true);
  await expect(activity.getByRole('tab', { name: 'Activations' })).toHaveCount(0);
  await expect(page.getByText('Something went wrong with this page')).toHaveCount(0);
});
