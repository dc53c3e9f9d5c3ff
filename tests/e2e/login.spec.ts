import { expect, test } from '@playwright/test';
import { USERS, logIn } from './helpers';

function relayStateOf(href: string | null): unknown {
  const state = new URL(href ?? '', 'http://x').searchParams.get('RelayState') ?? '';
  return JSON.parse(Buffer.from(state, 'base64').toString('utf8'));
}

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
  await expect(page.getByRole('link', { name: /single sign-on/i })).toHaveCount(0);
});

test('the single sign-on link carries the returnUrl as a base64 JSON RelayState', async ({ page }) => {
  await page.route('**/api/auth/providers', (route) =>
    route.fulfill({ json: { data: { sso: { loginUrl: 'https://idp.example.com/sso/login?app=insights' } } } }),
  );
  await page.goto('/login?returnUrl=%2Facme%2Fus%2Ffizz-cola%2Ffizz-original%2Finsights%2Fgrow');
  const sso = page.getByRole('link', { name: /single sign-on/i });
  await expect(sso).toBeVisible();
  const href = await sso.getAttribute('href');
  expect(href).toMatch(/^https:\/\/idp\.example\.com\/sso\/login\?app=insights&RelayState=/);
  expect(relayStateOf(href)).toEqual({ returnUrl: '/acme/us/fizz-cola/fizz-original/insights/grow' });
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
