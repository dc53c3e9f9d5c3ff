import { expect, test } from '@playwright/test';
import { USERS, expectGreeting, logIn } from './helpers';

test('an admin views as another user and stops viewing as', async ({ page }) => {
  await logIn(page, USERS.admin);
  await expectGreeting(page, USERS.admin.name);

  await page.getByRole('button', { name: /^User menu/ }).click();
  await page.getByRole('menuitem', { name: 'View as...' }).click();
  const dialog = page.getByRole('dialog', { name: 'View as...' });
  await dialog.getByLabel('Search users').fill('viewer@globex');
  await dialog.getByRole('button', { name: /Sam Okafor/ }).click();

  await expect(page.getByRole('heading', { level: 1 })).toHaveText(/Hello Sam Okafor \(Viewing as\)/);
  await expect(page.getByRole('button', { name: /^User menu: Viewing as Sam/ })).toBeVisible();
  // The viewed user's hierarchy: globex only.
  await expect(page.getByRole('combobox', { name: 'Client', exact: true }).locator('option')).toHaveText(['Globex']);

  await page.getByRole('button', { name: /^User menu/ }).click();
  await expect(page.getByRole('menuitem', { name: 'Logout' })).toHaveCount(0);
  await page.getByRole('menuitem', { name: 'Stop Viewing As' }).click();
  await expectGreeting(page, USERS.admin.name);
  await expect(page.getByRole('heading', { level: 1 })).not.toHaveText(/Viewing as/);
});

test('a non-admin is not offered View as', async ({ page }) => {
  await logIn(page, USERS.analyst);
  await expectGreeting(page, USERS.analyst.name);
  await page.getByRole('button', { name: /^User menu/ }).click();
  await expect(page.getByRole('menuitem', { name: 'Logout' })).toBeVisible();
  await expect(page.getByRole('menuitem', { name: 'View as...' })).toHaveCount(0);
});
