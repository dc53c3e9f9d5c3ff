import { expect, test } from '@playwright/test';
import { OFFLINE } from '../../src/shared/constants';

// The app's service worker runs in these tests (the config blocks it everywhere else).
test.use({ serviceWorkers: 'allow' });

const UPDATE_AVAILABLE = 'A new version is available';

test('the update prompt appears when a new service worker is waiting', async ({ page, context }) => {
  // Each sw.js fetched through Playwright gets its own last line, so the worker installed on the
  // first visit is not byte-identical to the next one the browser fetches: the next update
  // check finds a new version, whether Chromium routes that check through here or asks the
  // server directly (it does the latter today).
  let served = 0;
  await context.route('**/sw.js', async (route) => {
    served += 1;
    const response = await route.fetch();
    await route.fulfill({ response, body: `${await response.text()}\n// e2e copy ${served}\n` });
  });

  await page.goto('/login');
  await page.waitForFunction(() => navigator.serviceWorker.controller !== null);
  expect(served).toBeGreaterThan(0);
  await expect(page.getByText(UPDATE_AVAILABLE)).toHaveCount(0);

  // The second visit; the update check the app makes hourly and when the tab shows is made now.
  await page.reload();
  await page.evaluate(async () => {
    await (await navigator.serviceWorker.getRegistration())?.update();
  });
  const prompt = page.getByRole('status').filter({ hasText: UPDATE_AVAILABLE });
  await expect(prompt).toBeVisible();
  expect(await page.evaluate(async () => !!(await navigator.serviceWorker.getRegistration())?.waiting)).toBe(true);
  // Nothing happens until the user chooses: the page still runs, the new version still waits.
  await page.waitForTimeout(500);
  expect(await page.evaluate(async () => !!(await navigator.serviceWorker.getRegistration())?.waiting)).toBe(true);

  // The outbox is sending (it holds its Web Lock): Reload waits for it to finish.
  await page.evaluate((lock) => new Promise<void>((granted) => {
    void navigator.locks.request(lock, () => {
      granted();
      return new Promise<void>((release) => Object.assign(window, { beforeUpdate: true, finishSending: release }));
    });
  }), OFFLINE.outboxLock);
  // The button is reached by keyboard.
  const reload = prompt.getByRole('button', { name: 'Reload' });
  await reload.focus();
  await expect(reload).toBeFocused();
  await page.keyboard.press('Enter');
  await page.waitForTimeout(1_000);
  expect(await page.evaluate(async () => ({
    samePage: 'beforeUpdate' in window,
    waiting: !!(await navigator.serviceWorker.getRegistration())?.waiting,
  }))).toEqual({ samePage: true, waiting: true });

  // Once it has sent, the waiting worker is activated and the page reloads under it.
  await Promise.all([
    page.waitForEvent('load'),
    page.evaluate(() => (window as unknown as { finishSending: () => void }).finishSending()),
  ]);
  await expect.poll(() => page.evaluate(() => 'beforeUpdate' in window)).toBe(false);
  await expect(page.getByText(UPDATE_AVAILABLE)).toHaveCount(0);
  const after = await page.evaluate(async () => {
    const registration = await navigator.serviceWorker.getRegistration();
    return { waiting: !!registration?.waiting, active: registration?.active?.state, controlled: navigator.serviceWorker.controller !== null };
  });
  expect(after).toEqual({ waiting: false, active: 'activated', controlled: true });
});
