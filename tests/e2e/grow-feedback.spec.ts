import { expect, test, type Page } from '@playwright/test';
import { USERS } from './helpers';
import { GROW, apiOf, chartPicker, chartWith, expectCounts, logInAs, openChart, unique, waitForDemoData, type GrowApi } from './grow-helpers';

// Issue 13, item 10: the Grow screen says what it is doing. 'Loading' while the chart, its counts, a
// save, a copy or a delete is on its way (here every answer is held back 2 s, as on a slow
// network); "Saved" once the server has the edit, "Saved on this device" when it is only queued.

const DELAY_MS = 2_000;
const ON_DEVICE = 'This chart is saved on this device and opens once the server has it';

test.beforeAll(async ({ playwright }, testInfo) => {
  test.setTimeout(180_000);
  await waitForDemoData(playwright, testInfo);
});

/** Holds back the API's answers to requests that `match`, as a slow network does. */
async function slowApi(page: Page, match: (method: string, path: string) => boolean) {
  await page.route('**/api/**', async (route) => {
    const request = route.request();
    if (match(request.method(), new URL(request.url()).pathname)) await new Promise((resolve) => setTimeout(resolve, DELAY_MS));
    await route.fallback();
  });
}

const loading = (page: Page) => page.getByRole('status').filter({ hasText: /^Loading$/ });
/** A notice (toast) whose title is exactly `text`. */
const notice = (page: Page, text: string) => page.locator('.toast__title').filter({ hasText: new RegExp(`^${text}$`) });

async function smallChart(api: GrowApi) {
  return chartWith(api, unique('feedback'), [{ name: 'Coast', audiences: [{ name: 'Gamers', segment: 'Gaming' }] }, { name: 'Inland', audiences: [{ name: 'Runners', segment: 'Running' }] }]);
}

for (const viewport of [{ width: 1280, height: 720 }, { width: 1366, height: 768 }]) {
  test.describe(`at ${viewport.width}×${viewport.height}`, () => {
    test.use({ viewport });

    test("'Loading' shows while the chart list, the chart and its counts are slow to come", async ({ page }) => {
      test.setTimeout(90_000);
      await logInAs(page, USERS.admin);
      const chart = await smallChart(await apiOf(page));
      await slowApi(page, (method, path) => method === 'GET' && (path.startsWith('/api/mekkos') || path.startsWith('/api/insights/counts')) || path === '/api/insights/counts');
      await page.goto(`${GROW}/${chart.id}`);
      // While the answers are held back, not after them: the page shows and says Loading before the
      // chart is there (read in one go, so a busy machine's timing cannot make it pass or fail).
      const seen = async () => page.evaluate(() => ({
        loading: [...document.querySelectorAll('[role="status"]')].some((e) => e.textContent === 'Loading'),
        picker: document.querySelector('[aria-label="Grow chart"]')?.textContent ?? null,
      }));
      await expect.poll(async () => (await seen()).loading, { timeout: 30_000, intervals: [100] }).toBe(true);
      const first = await seen();
      expect(first.picker).not.toBeNull();
      expect(first.picker).not.toContain(chart.name);
      await expect(page.getByRole('heading', { level: 1, name: 'Grow' })).toBeVisible();
      await expect(chartPicker(page)).toContainText(chart.name, { timeout: 20_000 });
      await expectCounts(page);
      await expect(loading(page)).toBeHidden({ timeout: 15_000 });
    });

    test('saving an existing chart: Loading, then "Saved" once the server has it, never the message of a chart made on this device', async ({ page }) => {
      test.setTimeout(90_000);
      await logInAs(page, USERS.admin);
      const api = await apiOf(page);
      const chart = await smallChart(api);
      await openChart(page, chart.id, chart.name);
      await expect(loading(page)).toBeHidden();
      await slowApi(page, (method, path) => method === 'PUT' && path === `/api/mekkos/${chart.id}`);

      const renamed = `${chart.name} renamed`;
      await page.getByRole('button', { name: 'Edit chart' }).click();
      const panel = page.getByRole('dialog', { name: `Edit chart ${chart.name}` });
      await panel.getByLabel('Chart name').fill(renamed);
      await panel.getByRole('button', { name: 'Save' }).click();
      await expect(panel).toBeHidden();
      await expect(loading(page)).toBeVisible({ timeout: 3_000 });
      await expect(chartPicker(page)).toContainText(renamed);
      // While the server has not answered: no "Saved", and not the words of a chart made offline.
      await page.waitForTimeout(1_500);
      await expect(notice(page, 'Saved')).toHaveCount(0);
      await expect(page.getByText(ON_DEVICE)).toHaveCount(0);
      await expect(notice(page, 'Saved')).toBeVisible({ timeout: 10_000 });
      await expect(loading(page)).toBeHidden();
      await expect(page.getByText(ON_DEVICE)).toHaveCount(0);
      expect((await api.chart(chart.id)).name).toBe(renamed);
    });

    test('an edit made offline says "Saved on this device", and is sent on reconnect', async ({ page, context }) => {
      test.setTimeout(90_000);
      await logInAs(page, USERS.admin);
      const api = await apiOf(page);
      const chart = await smallChart(api);
      await openChart(page, chart.id, chart.name);
      // One save online first: the form and the notices load with their first use (offline, the
      // service worker would serve them; this test blocks it to watch the network).
      const online = `${chart.name} online`;
      await page.getByRole('button', { name: 'Edit chart' }).click();
      const first = page.getByRole('dialog', { name: `Edit chart ${chart.name}` });
      await first.getByLabel('Chart name').fill(online);
      await first.getByRole('button', { name: 'Save' }).click();
      await expect(notice(page, 'Saved')).toBeVisible();
      await expect(notice(page, 'Saved')).toHaveCount(0, { timeout: 10_000 });

      await context.setOffline(true);
      const renamed = `${chart.name} offline`;
      await page.getByRole('button', { name: 'Edit chart' }).click();
      const panel = page.getByRole('dialog', { name: `Edit chart ${online}` });
      await panel.getByLabel('Chart name').fill(renamed);
      await panel.getByRole('button', { name: 'Save' }).click();
      await expect(notice(page, 'Saved on this device')).toBeVisible();
      await page.waitForTimeout(1_000);
      await expect(notice(page, 'Saved')).toHaveCount(0);
      await expect(page.getByText(ON_DEVICE)).toHaveCount(0);
      // Nothing is loading while the edit waits for the network.
      await expect(loading(page)).toBeHidden();

      await context.setOffline(false);
      await expect.poll(async () => (await api.chart(chart.id)).name, { timeout: 20_000 }).toBe(renamed);
    });

    test('copy and delete show Loading until the server has done them, then "Copied" and "Deleted"', async ({ page }) => {
      test.setTimeout(90_000);
      await logInAs(page, USERS.admin);
      const api = await apiOf(page);
      const chart = await smallChart(api);
      await openChart(page, chart.id, chart.name);
      await slowApi(page, (method, path) => (method === 'POST' && path === `/api/mekkos/${chart.id}/copy`) || method === 'DELETE');

      await page.getByRole('button', { name: 'Copy chart' }).click();
      await expect(loading(page)).toBeVisible({ timeout: 3_000 });
      await page.waitForTimeout(1_500);
      await expect(notice(page, 'Copied')).toHaveCount(0);
      await expect(notice(page, 'Copied')).toBeVisible({ timeout: 10_000 });
      // The copy opens once the server has named it.
      await expect(chartPicker(page)).toContainText(`${chart.name}`);
      await expect(page).not.toHaveURL(new RegExp(`/insights/grow/${chart.id}$`));
      await expect(loading(page)).toBeHidden({ timeout: 15_000 });
      const copyId = Number(new URL(page.url()).pathname.split('/').pop());

      await page.getByRole('button', { name: 'Delete chart' }).click();
      await page.getByRole('alertdialog').getByRole('button', { name: 'Delete chart' }).click();
      await expect(loading(page)).toBeVisible({ timeout: 3_000 });
      await page.waitForTimeout(1_500);
      await expect(notice(page, 'Deleted')).toHaveCount(0);
      await expect(notice(page, 'Deleted')).toBeVisible({ timeout: 10_000 });
      await expect.poll(() => api.chartStatus(copyId)).toBe(404);
    });
  });
}
