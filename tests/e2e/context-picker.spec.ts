import { expect, test, type Page } from '@playwright/test';
import { USERS, expectGreeting, logIn } from './helpers';

async function pick(page: Page, level: 'Client' | 'Region' | 'Brand' | 'Product', option: string) {
  await page.getByRole('combobox', { name: level, exact: true }).selectOption({ label: option });
}

test.beforeEach(async ({ page }) => {
  await logIn(page, USERS.analyst);
  await expectGreeting(page, USERS.analyst.name);
  await expect(page).toHaveURL(/\/acme\/us\/fizz-cola\/fizz-original\/home$/);
});

test('on home, choosing a product goes to that product home', async ({ page }) => {
  await pick(page, 'Product', 'Fizz Zero');
  await expect(page).toHaveURL(/\/acme\/us\/fizz-cola\/fizz-zero\/home$/);
  await expectGreeting(page, USERS.analyst.name);
});

test('choosing a brand lands on one of its products; brands are grouped by category', async ({ page }) => {
  const brand = page.getByRole('combobox', { name: 'Brand', exact: true });
  const groups = await brand.locator('optgroup').evaluateAll((els) => els.map((e) => e.getAttribute('label')));
  expect(groups).toEqual(['Beverages', 'Personal Care', 'Snacks']);
  await expect(brand.locator('optgroup[label="Snacks"] option')).toHaveText(['Crunchies', 'Nutty Bar']);
  await pick(page, 'Brand', 'Crunchies');
  await expect(page).toHaveURL(/\/acme\/us\/crunchies\/[a-z-]+\/home$/);
});

test('on a feature page, choosing a product keeps the page path in the new context', async ({ page }) => {
  await page.goto('/acme/us/fizz-cola/fizz-original/insights/grow');
  await expect(page.getByRole('heading', { level: 1, name: 'Grow' })).toBeVisible();
  await pick(page, 'Product', 'Fizz Zero');
  await expect(page).toHaveURL(/\/acme\/us\/fizz-cola\/fizz-zero\/insights\/grow$/);
  await expect(page.getByRole('heading', { level: 1, name: 'Grow' })).toBeVisible();
});

test('choosing a region moves the context to that region', async ({ page }) => {
  await pick(page, 'Region', 'United Kingdom');
  await expect(page).toHaveURL(/\/acme\/uk\//);
  await expect(page.getByRole('combobox', { name: 'Region', exact: true })).toHaveValue('uk');
});

test('the analyst is offered only acme, and no admin shortcuts', async ({ page }) => {
  await expect(page.getByRole('combobox', { name: 'Client', exact: true }).locator('option')).toHaveText(['Acme Corporation']);
  await expect(page.getByRole('option', { name: /^Add / })).toHaveCount(0);
});


test('an admin sees the Add shortcuts in the picker', async ({ browser }) => {
  const page = await browser.newPage();
  await logIn(page, USERS.admin);
  await expectGreeting(page, USERS.admin.name);
  await page.getByRole('combobox', { name: 'Brand', exact: true }).selectOption({ label: 'Add brands' });
  // ?new=1 opens a new brand (the page drops it from the address once it has).
  await expect(page).toHaveURL(/\/acme\/us\/brands\/admin(\?new=\w+)?$/);
  await expect(page.getByRole('heading', { level: 1, name: 'Brand Management' })).toBeVisible();
  await expect(page.getByText('Not Saved', { exact: true })).toBeVisible();
  // The picker is disabled on admin pages.
  await expect(page.getByRole('combobox', { name: 'Client', exact: true })).toBeDisabled();
  await page.close();
});

test('choosing a region without brands lands on the notice page with that region picked and no brand or product', async ({ browser }) => {
  const page = await browser.newPage();
  await logIn(page, USERS.admin);
  await expectGreeting(page, USERS.admin.name);
  await pick(page, 'Client', 'Initech');
  await expect(page).toHaveURL(/\/initech\/us\/red-stapler\/stapler\/home$/);
  await pick(page, 'Region', 'Canada');
  await expect(page).toHaveURL(/\/notice$/);
  await expect(page.getByRole('combobox', { name: 'Client', exact: true })).toHaveValue('initech');
  await expect(page.getByRole('combobox', { name: 'Region', exact: true })).toHaveValue('ca');
  await expect(page.getByRole('combobox', { name: 'Brand', exact: true })).toHaveValue('');
  await expect(page.getByRole('combobox', { name: 'Product', exact: true })).toHaveValue('');
  await page.close();
});
