import { expect, test, type Page } from '@playwright/test';
import { USERS, expectGreeting, logIn } from './helpers';

async function pick(page: Page, level: 'Client' | 'Region' | 'Brand' | 'Product', option: string) {
  await page.getByRole('button', { name: new RegExp(`^${level}:`) }).click();
  await page.getByRole('menuitemradio', { name: option, exact: true }).click();
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
  await page.getByRole('button', { name: /^Brand:/ }).click();
  const menu = page.getByRole('menu');
  await expect(menu.getByText('Beverages')).toBeVisible();
  await expect(menu.getByText('Snacks')).toBeVisible();
  await menu.getByRole('menuitemradio', { name: 'Crunchies', exact: true }).click();
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
  await expect(page.getByRole('button', { name: /^Region: United Kingdom/ })).toBeVisible();
});

test('the analyst is offered only acme', async ({ page }) => {
  await page.getByRole('button', { name: /^Client:/ }).click();
  const options = page.getByRole('menuitemradio');
  await expect(options).toHaveText(['Acme Corporation']);
});
