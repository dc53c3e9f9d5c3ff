import { expect, test } from '@playwright/test';
import { USERS, expectGreeting, logIn } from './helpers';

test('an unauthenticated visit lands on /login with the returnUrl', async ({ page }) => {
  await page.goto('/acme/us/fizz-cola/fizz-original/insights/grow');
  await expect(page).toHaveURL(/\/login\?returnUrl=%2Facme%2Fus%2Ffizz-cola%2Ffizz-original%2Finsights%2Fgrow/);
  await expect(page.getByRole('tab', { name: 'Current Users' })).toBeVisible();
});

test('the root sends an unauthenticated visitor to /login without a returnUrl', async ({ page }) => {
  await page.goto('/');
  await expect(page).toHaveURL(/\/login$/);
});

for (const user of Object.values(USERS)) {
  test(`${user.email} logs in and lands on a product home`, async ({ page }) => {
    await logIn(page, user);
    await expectGreeting(page, user.name);
    await expect(page).toHaveURL(/\/[a-z0-9-]+\/[a-z0-9-]+\/[a-z0-9-]+\/[a-z0-9-]+\/home$/);
  });
}

test('after login the returnUrl is honoured', async ({ page }) => {
  await page.goto('/acme/us/crunchies/classic/home');
  await expect(page).toHaveURL(/\/login\?returnUrl=/);
  await logIn(page, USERS.analyst, page.url());
  await expect(page).toHaveURL(/\/acme\/us\/crunchies\/classic\/home$/);
  await expectGreeting(page, USERS.analyst.name);
});

test('wrong credentials show one generic message', async ({ page }) => {
  await page.goto('/login');
  await page.getByLabel('Email').fill(USERS.analyst.email);
  await page.getByLabel('Password').fill('not-the-password');
  await page.getByRole('button', { name: 'Log in' }).click();
  await expect(page.getByRole('alert')).toHaveText('The email or password is incorrect.');
  await expect(page).toHaveURL(/\/login/);
});

test('logout returns to the login page and the session is gone', async ({ page }) => {
  await logIn(page, USERS.viewer);
  await expectGreeting(page, USERS.viewer.name);
  await page.getByRole('button', { name: /User menu|Sam/ }).click();
  await page.getByRole('menuitem', { name: 'Logout' }).click();
  await expect(page).toHaveURL(/\/login/);
  await page.goto('/home');
  await expect(page).toHaveURL(/\/login/);
});
