import AxeBuilder from '@axe-core/playwright';
import { expect, test, type Page } from '@playwright/test';
import { USERS, logIn } from './helpers';

test('the login page shows the copyright, the version and a privacy policy link opening in a new tab', async ({ page }) => {
  await page.goto('/login');
  await expect(page.getByText(/©\s*\d{4}/)).toBeVisible();
  await expect(page.getByText(/^Version\s+\S+/)).toBeVisible();
  const privacy = page.getByRole('link', { name: 'Privacy Policy' });
  await expect(privacy).toHaveAttribute('href', '/privacy-policy');
  await expect(privacy).toHaveAttribute('target', '_blank');
});

test('without an identity provider there is no single sign-on button', async ({ page }) => {
  await page.route('**/api/auth/providers', (route) => route.fulfill({ json: { data: { sso: null } } }));
  await page.goto('/login');
  await expect(page.getByRole('button', { name: 'Log in' })).toBeVisible();
  await expect(page.getByRole('button', { name: 'Log in' })).toHaveClass(/button--primary/);
  await expect(page.getByRole('link', { name: /single sign-on/i })).toHaveCount(0);
  await expect(page.getByText('or', { exact: true })).toHaveCount(0);
});

test('with an identity provider, single sign-on and the password are two different choices with "or" between them', async ({ page }) => {
  await page.route('**/api/auth/providers', (route) =>
    route.fulfill({ json: { data: { sso: { loginUrl: 'https://idp.example.com/sso/login?app=insights' } } } }),
  );
  await page.goto('/login?returnUrl=%2Facme%2Fus%2Ffizz-cola%2Ffizz-original%2Finsights%2Fgrow');
  const sso = page.getByRole('link', { name: 'Sign in with single sign-on' });
  await expect(sso).toBeVisible();
  // The server turns the returnUrl into an opaque RelayState of its own (issue 26).
  await expect(sso).toHaveAttribute('href', 'https://idp.example.com/sso/login?app=insights&returnUrl=%2Facme%2Fus%2Ffizz-cola%2Ffizz-original%2Finsights%2Fgrow');
  await expect(page.getByText('or', { exact: true })).toBeVisible();
  const password = page.getByRole('button', { name: 'Log in' });
  await expect(password).toHaveClass(/button--secondary/);
  await expect(sso).toHaveClass(/button--primary/);
  // One above the other: single sign-on first, then "or", then the password form.
  const [ssoBox, orBox, passwordBox] = await Promise.all([sso.boundingBox(), page.getByText('or', { exact: true }).boundingBox(), password.boundingBox()]);
  expect(ssoBox && orBox && passwordBox && ssoBox.y < orBox.y && orBox.y < passwordBox.y).toBe(true);
  const [ssoBg, passwordBg] = await Promise.all([sso, password].map((el) => el.evaluate((e) => getComputedStyle(e).backgroundColor)));
  expect(ssoBg).not.toBe(passwordBg);
});

test('a returnUrl that could leave the product is not passed to single sign-on', async ({ page }) => {
  await page.route('**/api/auth/providers', (route) => route.fulfill({ json: { data: { sso: { loginUrl: '/api/auth/saml/login' } } } }));
  await page.goto('/login?returnUrl=%2F%09%2Fevil.example');
  await expect(page.getByRole('link', { name: 'Sign in with single sign-on' })).toHaveAttribute('href', '/api/auth/saml/login');
});

test('a failed single sign-on says so on the Current Users tab', async ({ page }) => {
  await page.goto('/login?sso=failed');
  await expect(page.getByRole('tab', { name: 'Current Users' })).toHaveAttribute('aria-selected', 'true');
  await expect(page.getByRole('alert')).toHaveText(/Single sign-on did not complete, so you are not signed in/);
});

test('someone the identity provider knows but the product does not lands on Request Access, told why', async ({ page }) => {
  await page.goto('/login?tab=request&sso=unknown');
  await expect(page.getByRole('tab', { name: 'Request Access' })).toHaveAttribute('aria-selected', 'true');
  await expect(page.getByRole('status')).toHaveText(/signed you in, but this product has no account for that email address/);
  await expect(page.getByRole('link', { name: 'Request Access' })).toBeVisible();
});

test('the two choices and both single sign-on messages have no serious accessibility violation', async ({ page }) => {
  const serious = async (p: Page) =>
    (await new AxeBuilder({ page: p }).analyze()).violations.filter((v) => v.impact === 'serious' || v.impact === 'critical').map((v) => `${v.id}: ${v.help}`);
  await page.route('**/api/auth/providers', (route) => route.fulfill({ json: { data: { sso: { loginUrl: '/api/auth/saml/login' } } } }));
  await page.goto('/login?sso=failed');
  await expect(page.getByRole('alert')).toBeVisible();
  await expect(page.getByRole('link', { name: 'Sign in with single sign-on' })).toBeVisible();
  expect(await serious(page)).toEqual([]);
  await page.goto('/login?tab=request&sso=unknown');
  await expect(page.getByRole('status')).toBeVisible();
  expect(await serious(page)).toEqual([]);
});

test('a user who logs in but has no client lands on the Request Access tab', async ({ page }) => {
  await page.route('**/api/clients/hierarchy', (route) => route.fulfill({ json: { data: [] } }));
  await logIn(page, USERS.viewer);
  await expect(page).toHaveURL(/\/login\?tab=request/);
  await expect(page.getByRole('tab', { name: 'Request Access' })).toHaveAttribute('aria-selected', 'true');
  await expect(page.getByRole('tab', { name: 'Current Users' })).toHaveAttribute('aria-selected', 'false');
  await expect(page.getByRole('link', { name: 'Request Access' })).toBeVisible();
});

test('a signed-in user without a client who opens /login sees the Request Access tab', async ({ page }) => {
  await logIn(page, USERS.viewer);
  await expect(page).toHaveURL(/\/home$/);
  await page.route('**/api/clients/hierarchy', (route) => route.fulfill({ json: { data: [] } }));
  await page.goto('/login');
  await expect(page.getByRole('tab', { name: 'Request Access' })).toHaveAttribute('aria-selected', 'true');
});

test('a stranger on /login is not pinged, and a damaged remembered user does not break the page', async ({ page }) => {
  const pings: string[] = [];
  page.on('request', (r) => {
    if (r.url().includes('/api/auth/self.json')) pings.push(r.url());
  });
  await page.goto('/login');
  await expect(page.getByRole('button', { name: 'Log in' })).toBeVisible();
  expect(pings).toEqual([]);
  await page.evaluate(() => localStorage.setItem('currentUser', '{not json'));
  await page.reload();
  await expect(page.getByRole('tab', { name: 'Current Users' })).toHaveAttribute('aria-selected', 'true');
});

test('passwordReset=true or =1 says the password was reset', async ({ page }) => {
  for (const value of ['true', '1']) {
    await page.goto(`/login?passwordReset=${value}`);
    await expect(page.getByRole('status').filter({ hasText: 'Your password has been reset. Please log in.' })).toBeVisible();
  }
});
