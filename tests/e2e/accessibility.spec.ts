import AxeBuilder from '@axe-core/playwright';
import { expect, test, type Page } from '@playwright/test';
import { USERS, expectGreeting, logIn } from './helpers';

async function seriousViolations(page: Page) {
  const results = await new AxeBuilder({ page }).analyze();
  return results.violations
    .filter((v) => v.impact === 'serious' || v.impact === 'critical')
    .map((v) => `${v.id}: ${v.help} (${v.nodes.map((n) => n.target.join(' ')).join(', ')})`);
}

test('the login page has no serious accessibility violation', async ({ page }) => {
  await page.goto('/login');
  await expect(page.getByRole('button', { name: 'Log in' })).toBeVisible();
  expect(await seriousViolations(page)).toEqual([]);
});

test('the shell pages have no serious accessibility violation', async ({ page }) => {
  // Four axe passes: CPU-bound, and slow on a busy 2-core machine.
  test.setTimeout(60_000);
  await logIn(page, USERS.admin);
  await expectGreeting(page, USERS.admin.name);
  await expect(page.getByRole('table')).toBeVisible();
  expect(await seriousViolations(page)).toEqual([]);

  await page.goto('/health');
  await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
  expect(await seriousViolations(page)).toEqual([]);

  await page.goto('/initech/ca/home');
  await expect(page).toHaveURL(/\/notice/);
  expect(await seriousViolations(page)).toEqual([]);

  await page.goto('/no/such/page/here/at/all/x');
  await expect(page.getByRole('heading', { name: 'No page matches that URL' })).toBeVisible();
  expect(await seriousViolations(page)).toEqual([]);
});

test('the shell can be used from the keyboard', async ({ page }) => {
  await page.goto('/login');
  await page.keyboard.press('Tab');
  // Tab reaches the email field and the button without a mouse.
  await page.getByLabel('Email').focus();
  await page.keyboard.type(USERS.viewer.email);
  await page.keyboard.press('Tab');
  await page.keyboard.type('demo-password');
  await page.keyboard.press('Enter');
  await expectGreeting(page, USERS.viewer.name);
  await page.getByRole('button', { name: /^User menu/ }).focus();
  await page.keyboard.press('Enter');
  await expect(page.getByRole('menuitem', { name: 'Logout' })).toBeVisible();
  await page.keyboard.press('Escape');
  await expect(page.getByRole('menuitem', { name: 'Logout' })).toHaveCount(0);
});
