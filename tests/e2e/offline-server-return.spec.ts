import { expect, test, type Page } from '@playwright/test';
import { USERS, logInAs, persistedQueryKeys, unique } from './helpers';
import { GROW, apiOf, chartArea, chartPicker, chartWith, matchedTab, openChart, renameMarketInPage } from './grow-helpers';

// Issue 27 item 10: the server goes away while the browser keeps its network (every API call
// answers 502, as a gateway with no server behind it does), then comes back. The shared server
// stays up: the test only cuts the page off from it.

const serverAway = (page: Page) => page.route('**/api/**', (route) => route.fulfill({ status: 502, body: 'Bad gateway' }));
const unreachable = (page: Page) => page.getByRole('status').filter({ hasText: /^Server unreachable/ });

test('back from an outage, the top bar and the data are refreshed within 15 s; meanwhile edits wait for the server and Grow is not "Loading"', async ({ page }) => {
  test.setTimeout(60_000);
  await logInAs(page, USERS.admin);
  const api = await apiOf(page);
  const chart = await chartWith(api, unique('outage'), [{ name: 'North', audiences: [{ name: 'Gamers', segment: 'Gaming' }] }]);
  await openChart(page, chart.id, chart.name);
  // The counts are on the device (the cache is written at most once a second).
  await expect.poll(async () => (await persistedQueryKeys(page)).some((k) => k[0] === 'grow' && k.includes('counts'))).toBe(true);

  // The server goes away; a reload shows the last good data.
  await serverAway(page);
  await page.reload();
  await expect(matchedTab(page)).toContainText(/\d/);
  await expect(unreachable(page)).toBeVisible();

  // Two edits of the chart: the first waits for a retry, the second behind it.
  await page.getByRole('group', { name: 'Chart mode' }).getByRole('button', { name: 'Edit' }).click();
  await renameMarketInPage(page, 'North', 'North one');
  await renameMarketInPage(page, 'North one', 'North two');
  await page.getByRole('button', { name: '2 pending' }).click();
  const edits = page.getByRole('list', { name: 'Pending edits' }).getByRole('listitem');
  await expect(edits).toHaveCount(2);
  for (const edit of await edits.all()) await expect(edit).toContainText('Waiting for the server');
  await page.keyboard.press('Escape');
  await expect(page.getByText('Loading', { exact: true })).toBeHidden();

  // Someone else makes a chart meanwhile; the server comes back.
  const other = await api.createChart(unique('made meanwhile'));
  await page.unroute('**/api/**');
  await expect(unreachable(page)).toBeHidden({ timeout: 16_000 });
  await expect(page.getByRole('button', { name: 'All saved' })).toBeVisible();
  await expect(chartArea(page).getByRole('group', { name: 'North two' })).toBeVisible();
  // The screen's data was asked again: the chart list has the new chart.
  await chartPicker(page).click();
  await expect(page.getByRole('menuitem', { name: other.name })).toBeVisible();
  expect(page.url()).toContain(`${GROW}/${chart.id}`);
});
