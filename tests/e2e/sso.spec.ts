import fs from 'node:fs';
import path from 'node:path';
import { expect, test } from '@playwright/test';
import { startDemoIdp, type DemoIdp } from '../../scripts/lib/demo-idp-server';
import { startOwnServer, type OwnServer } from './own-server';

/**
 * SAML single sign-on through the demo identity provider (issue 26), as a user meets it: the
 * login page's two choices, the identity provider's page, and back on the page they asked for.
 * The shared server has no identity provider: this one is started against the demo's.
 */

const ROOT = path.resolve(import.meta.dirname, '../..');
const RETURN_URL = '/acme/us/fizz-cola/fizz-original/home';

let idp: DemoIdp;
let server: OwnServer;
let keyDir: string;

test.describe.configure({ mode: 'serial' });

test.beforeAll(async () => {
  test.setTimeout(180_000);
  // Its own keys: a key made by another run (or by the demo) at the same moment is not half-written here.
  keyDir = fs.mkdtempSync(path.join(ROOT, '.tmp', 'e2e-idp-keys-'));
  idp = await startDemoIdp({ port: 0, keyDir });
  server = await startOwnServer('sso', idp.env);
});

test.afterAll(async () => {
  await server?.stop();
  await idp?.close();
  if (keyDir) fs.rmSync(keyDir, { recursive: true, force: true });
});

// A sign-on is three page loads and two servers; a loaded machine needs more than the default.
test.beforeEach(() => test.setTimeout(60_000));

test('a user signs in by single sign-on, lands on the page they asked for, and logs out through the identity provider', async ({ page }) => {
  await page.goto(`${server.baseURL}/login?returnUrl=${encodeURIComponent(RETURN_URL)}`);
  const sso = page.getByRole('link', { name: 'Sign in with single sign-on' });
  await expect(sso).toBeVisible();
  await expect(page.getByText('or', { exact: true })).toBeVisible();
  await expect(page.getByRole('button', { name: 'Log in' })).toBeVisible();

  await sso.click();
  await expect(page.getByRole('heading', { name: 'Demo identity provider' })).toBeVisible();
  expect(page.url().startsWith(idp.ssoUrl)).toBe(true);
  await page.getByRole('button', { name: /analyst@acme\.test/ }).click();

  await expect(page).toHaveURL(`${server.baseURL}${RETURN_URL}`);
  await expect(page.getByRole('heading', { level: 1, name: /^Hello Priya Raman/ })).toBeVisible();
  // No login call on this page: the CSRF token came with self.json, or no write would pass.
  expect(await page.evaluate(() => localStorage.getItem('csrfToken'))).toBeTruthy();

  await page.getByRole('button', { name: /User menu|Priya/ }).click();
  await page.getByRole('menuitem', { name: 'Logout' }).click();
  // Through the identity provider's logout, which sends the browser back to the login page.
  await expect(page).toHaveURL(`${server.baseURL}/login`);
  await expect(page.getByRole('link', { name: 'Sign in with single sign-on' })).toBeVisible();
  // The logout is a write: the server ended the session only if it had the CSRF token.
  expect((await page.request.get(`${server.baseURL}/api/auth/self.json`)).status()).toBe(401);
  await page.goto(`${server.baseURL}${RETURN_URL}`);
  await expect(page).toHaveURL(/\/login\?returnUrl=/);
});

test('someone the identity provider signs in but the product does not know lands on Request Access, told why', async ({ page }) => {
  await page.goto(`${server.baseURL}/login`);
  await page.getByRole('link', { name: 'Sign in with single sign-on' }).click();
  await expect(page.getByRole('heading', { name: 'Demo identity provider' })).toBeVisible();
  await page.getByLabel('Another email').fill('stranger@acme.test');
  await page.getByRole('button', { name: 'Sign in with this email' }).click();

  await expect(page).toHaveURL(`${server.baseURL}/login?tab=request&sso=unknown`);
  await expect(page.getByRole('tab', { name: 'Request Access' })).toHaveAttribute('aria-selected', 'true');
  await expect(page.getByRole('status')).toHaveText(/signed you in, but this product has no account for that email address/);
  await expect(page.getByRole('link', { name: 'Request Access' })).toBeVisible();
  expect((await page.request.get(`${server.baseURL}/api/auth/self.json`)).status()).toBe(401);
});

test('an answer the product cannot trust brings the user back to the login page, told it failed', async ({ page }) => {
  // A forged post to the assertion consumer, sent from the identity provider's origin as its answers come.
  await page.goto(idp.logoutUrl);
  await page.setContent(`<form method="post" action="${server.baseURL}/api/auth/saml/acs">`
    + `<input type="hidden" name="SAMLResponse" value="${Buffer.from('<samlp:Response/>').toString('base64')}">`
    + '<input type="hidden" name="RelayState" value="never-issued"><button type="submit">Post</button></form>');
  await page.getByRole('button', { name: 'Post' }).click();

  await expect(page).toHaveURL(`${server.baseURL}/login?sso=failed`);
  await expect(page.getByRole('tab', { name: 'Current Users' })).toHaveAttribute('aria-selected', 'true');
  await expect(page.getByRole('alert')).toHaveText(/Single sign-on did not complete, so you are not signed in/);
  await expect(page.getByRole('link', { name: 'Sign in with single sign-on' })).toBeVisible();
  expect((await page.request.get(`${server.baseURL}/api/auth/self.json`)).status()).toBe(401);
});
