import { expect, test } from '@playwright/test';
import { USERS, expectGreeting, logIn } from './helpers';

test('going to a completed outcome reads it at once, and the server is told once through the outbox', async ({ page }) => {
  const task = {
    id: 77, report_type: 'outcome_completed', status: 'completed', name: 'Q3 Fizz outcome', ui_name: 'Q3 Fizz outcome',
    created_at: '2026-11-20T10:00:00Z', downloaded_at: null, read_at: null, product_slug: 'acme/us/fizz-cola/fizz-original', request_id: null, job_id: null, error: null,
  };
  await page.route('**/api/notifications', (route) => route.fulfill({ json: { data: [task] } }));
  // The first "read" loses its answer; the outbox sends it again under the same key.
  const keys: string[] = [];
  await page.route('**/api/notifications/77/read', (route) => {
    keys.push(route.request().headers()['x-request-id'] ?? '');
    return keys.length === 1 ? route.abort('connectionreset') : route.fulfill({ status: 200, contentType: 'text/plain', body: 'OK' });
  });

  await logIn(page, USERS.analyst);
  await expectGreeting(page, USERS.analyst.name);
  const bell = page.getByRole('button', { name: /^Notifications/ });
  await expect(bell).toHaveAccessibleName('Notifications, 1 new', { timeout: 10_000 });
  await bell.click();
  await page.getByRole('link', { name: 'Q3 Fizz outcome' }).click();

  await expect(page).toHaveURL(/\/acme\/us\/fizz-cola\/fizz-original\/outcomes\/measure$/);
  await expect(bell).toHaveAccessibleName('Notifications');
  await expect.poll(() => keys.length, { timeout: 10_000 }).toBe(2);
  expect(keys[1]).toBe(keys[0]);
  await expect(page.getByRole('button', { name: 'All saved' })).toBeVisible();
});
