import { expect, test, type Page } from '@playwright/test';
import { USERS, persistedQueryKeys } from './helpers';
import { apiOf, chartArea, chartPicker, chartWith, expectCounts, logInAs, marketOrder, matchedTab, openChart, syncButton, tile, unique, waitForDemoData } from './grow-helpers';

// Issue 5, "Must show": a chart opened once renders offline with its last counts, and an edit made
// offline is synced after reconnect. The app's service worker runs here (blocked everywhere else).
test.use({ serviceWorkers: 'allow' });

test.beforeAll(async ({ playwright }, testInfo) => {
  test.setTimeout(180_000);
  await waitForDemoData(playwright, testInfo);
});

/** Whether the persisted query cache holds this chart's counts: what an offline reload restores them from. */
const countsPersisted = async (page: Page) => (await persistedQueryKeys(page)).some((k) => k[0] === 'grow' && k[2] === 'counts');

test('a chart opened once renders offline with its counts; an edit made offline is pending, then synced once on reconnect', async ({ page, context }) => {
  test.setTimeout(60_000);
  await logInAs(page, USERS.admin);
  await page.waitForFunction(() => navigator.serviceWorker.controller !== null);
  const api = await apiOf(page);
  const chart = await chartWith(api, unique('offline chart'), [
    { name: 'Coast', audiences: [{ name: 'Gamers', segment: 'Gaming' }, { name: 'Healthy Eaters', segment: 'Healthy Eating' }] },
    { name: 'Inland', audiences: [{ name: 'Runners', segment: 'Running' }] },
  ]);

  // Online, once: the chart renders with its counts (the page's reads now go through the worker).
  await openChart(page, chart.id, chart.name);
  const matched = (await matchedTab(page).textContent())!.replace('Matched Addressable', '').trim();
  const gamers = (await tile(page, 'Gamers').getAttribute('aria-label'))!;
  await expect.poll(() => countsPersisted(page)).toBe(true);

  // Offline, a reload: the shell, the chart and its counts come from the device.
  await context.setOffline(true);
  await page.reload();
  await expect(chartPicker(page)).toContainText(chart.name);
  await expect(matchedTab(page)).toContainText(matched);
  await expect(tile(page, 'Gamers')).toHaveAttribute('aria-label', gamers);
  // The time as the user's locale writes it: Chromium here runs en-US, so 12 hours.
  await expect(page.getByRole('status').filter({ hasText: /^Offline · counts as of (\d\d\/\d\d\/\d\d )?\d{1,2}:\d\d\s[AP]M/ })).toBeVisible();
  // Chromium 150 (Debian bookworm's) keeps navigator.onLine true after setOffline with the
  // service worker in charge, so the top bar says the server is unreachable; either way it dates the data.
  await expect(page.getByRole('status').filter({ hasText: /^(Offline|Server unreachable)/ }).filter({ hasText: /data as of/ })).toBeVisible();

  // Edits offline: rename a market, add an audience. Each shows at once, marked Pending.
  await page.getByRole('group', { name: 'Chart mode' }).getByRole('button', { name: 'Edit' }).click();
  await page.getByRole('button', { name: 'Edit market Coast' }).click();
  const marketPanel = page.getByRole('dialog', { name: 'Edit market Coast' });
  await marketPanel.getByLabel('Market name').fill('Coast and Islands');
  await marketPanel.getByRole('button', { name: 'Save' }).click();
  await expect(chartArea(page).getByRole('group', { name: 'Coast and Islands, Pending' })).toBeVisible();
  await expect(syncButton(page, '1 pending')).toBeVisible();

  await page.getByRole('button', { name: 'Add Audience to Inland' }).click();
  const audiencePanel = page.getByRole('dialog', { name: 'Add Audience to Inland' });
  await audiencePanel.getByLabel('Audience name').fill('Hikers');
  await audiencePanel.getByLabel('Audience Population').fill('3200000');
  await audiencePanel.getByRole('button', { name: 'Add' }).click();
  await expect(audiencePanel).toBeHidden();
  await expect(tile(page, 'Hikers')).toHaveAttribute('aria-label', /, Pending$/);
  await expect(syncButton(page, '2 pending')).toBeVisible();

  // Back online: both go, once each.
  await context.setOffline(false);
  await expect(syncButton(page, 'All saved')).toBeVisible({ timeout: 15_000 });
  await expect(chartArea(page).getByRole('group', { name: 'Coast and Islands', exact: true })).toBeVisible();
  await expect(tile(page, 'Hikers')).not.toHaveAttribute('aria-label', /Pending/);
  await expect.poll(() => marketOrder(page)).toEqual(['Coast and Islands', 'Inland']);
  const saved = await api.chart(chart.id);
  expect(saved.markets.map((m) => m.name)).toEqual(['Coast and Islands', 'Inland']);
  const inland = saved.markets[1]!.sub_markets;
  expect(inland.filter((a) => a.name === 'Hikers')).toHaveLength(1);
  expect(inland.map((a) => a.name)).toEqual(['Runners', 'Hikers']);
  // Two edits, each applied once on the version the one before made.
  expect(saved.version).toBe(chart.version + 2);
  await expectCounts(page);
});
