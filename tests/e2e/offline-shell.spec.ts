import { expect, test, type Page } from '@playwright/test';
import { USERS, expectGreeting, logIn } from './helpers';

// The app's service worker runs in these tests (the config blocks it everywhere else).
test.use({ serviceWorkers: 'allow' });

/** A same-origin GET from the page (through the service worker), with its Date header. */
const read = (page: Page, path: string) =>
  page.evaluate(async (url) => {
    try {
      const response = await fetch(url, { headers: { accept: 'application/json' } });
      return { status: response.status, date: response.headers.get('date') };
    } catch {
      return { status: 0, date: null };
    }
  }, path);

test('the manifest and its icons are served, and the app is installable', async ({ page, request }) => {
  await page.goto('/login');
  await expect(page.locator('link[rel="manifest"]')).toHaveAttribute('href', '/manifest.webmanifest');
  const response = await request.get('/manifest.webmanifest');
  expect(response.status()).toBe(200);
  expect(response.headers()['content-type']).toMatch(/^application\/manifest\+json/);
  const manifest = (await response.json()) as { name: string; start_url: string; display: string; icons: Array<{ src: string; sizes: string }> };
  expect(manifest).toMatchObject({ name: 'Audience Insights', start_url: '/home', display: 'standalone' });
  expect(manifest.icons.map((i) => i.sizes)).toEqual(expect.arrayContaining(['192x192', '512x512']));
  for (const icon of manifest.icons) {
    const image = await request.get(icon.src);
    expect(image.status(), icon.src).toBe(200);
    expect(image.headers()['content-type'], icon.src).toBe('image/png');
  }
  // The last installability condition: a service worker controls the page.
  await page.waitForFunction(() => navigator.serviceWorker.controller !== null);
});

test('after one online visit, the app shell and the cached API reads load offline', async ({ page, context }) => {
  await logIn(page, USERS.analyst);
  await expectGreeting(page, USERS.analyst.name);
  await page.waitForFunction(() => navigator.serviceWorker.controller !== null);
  // The first visit read the API before the worker controlled the page: this one reads through it.
  await page.goto('/home');
  await expectGreeting(page, USERS.analyst.name);
  const online = await read(page, '/api/clients/hierarchy');
  expect(online.status).toBe(200);
  // A second later, an answer from the network would carry another Date.
  await page.waitForTimeout(1_100);

  await context.setOffline(true);
  // A cached read is the one stored online (same Date); an uncached one fails as without a worker.
  await expect.poll(() => read(page, '/api/clients/hierarchy')).toEqual(online);
  expect((await read(page, '/api/never-read-before')).status).toBe(0);

  // The shell comes from the precache and the page's reads from the API cache.
  await page.goto('/home');
  await expectGreeting(page, USERS.analyst.name);
  await expect(page.getByRole('navigation', { name: 'Main navigation' })).toBeVisible();
  await context.setOffline(false);
});

test('the service worker polls the tasks and raises a desktop notification when a report becomes ready', async ({ page, context }) => {
  // A login and two reloads, each waiting the 5 s before its first poll: more than 30 s on a loaded machine.
  test.setTimeout(60_000);
  const report = (status: string) => ({
    data: [{
      id: 41, report_type: 'index_report', status, name: 'Fizz buyers', ui_name: 'Fizz buyers', created_at: '2026-01-02T10:00:00Z',
      downloaded_at: null, read_at: null, product_slug: 'acme/us/fizz-cola/fizz-original', request_id: 'r41', job_id: null, error: null,
    }],
  });
  let status = 'processing';
  const polls: string[] = [];
  await context.route('**/api/notifications', (route) => {
    polls.push(route.request().headers()['x-context'] ?? '');
    return route.fulfill({ json: report(status) });
  });
  await context.grantPermissions(['notifications']);
  await logIn(page, USERS.analyst);
  await expectGreeting(page, USERS.analyst.name);
  await page.waitForFunction(() => navigator.serviceWorker.controller !== null);
  await page.getByRole('button', { name: /^Notifications/ }).click();
  await page.getByRole('button', { name: 'Allow desktop notifications' }).click();
  await expect(page.getByText('Desktop notifications are on.')).toBeVisible();
  await expect(page.getByText('IN-PROGRESS: Fizz buyers')).toBeVisible({ timeout: 10_000 });

  // A reload starts the schedule again: a poll through the worker, which now knows the report
  // in progress (the first poll may have been the page's own, before the worker took over).
  const pollAfterReload = async () => {
    const before = polls.length;
    await page.reload();
    await expect.poll(() => polls.length, { timeout: 10_000 }).toBeGreaterThan(before);
  };
  await pollAfterReload();
  expect(await page.evaluate(async () => (await (await navigator.serviceWorker.getRegistration())?.getNotifications())?.length)).toBe(0);

  // The next poll finds the report done.
  status = 'completed';
  await pollAfterReload();
  await expect.poll(() => page.evaluate(async () => {
    const registration = await navigator.serviceWorker.getRegistration();
    return (await registration?.getNotifications())?.map((n) => `${n.title}: ${n.body}`);
  })).toEqual(['Index report ready: Fizz buyers is ready to download.']);
  expect(polls.at(-1)).toMatch(/^acme\//);
});
