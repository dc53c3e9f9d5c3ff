import { expect, test, type BrowserContext, type Page, type PlaywrightWorkerArgs } from '@playwright/test';
import { USERS } from './helpers';
import { apiOf, baseUrlOf, chartArea, chartWith, logInAs, openChart, renameMarketInPage, syncButton, tile, unique, waitForDemoData, type Chart } from './grow-helpers';

// Issue 12, cases 3 to 5: A edits a chart at a meeting with no network while B, in the office,
// edits the same chart. On reconnect only a field both changed is a conflict, and a refused or
// dropped edit takes nothing but what depends on it.
test.use({ serviceWorkers: 'allow' });

test.beforeAll(async ({ playwright }, testInfo) => {
  test.setTimeout(180_000);
  await waitForDemoData(playwright, testInfo);
});

/** B's writes, through a request context of B's own session. */
async function asColleague(playwright: PlaywrightWorkerArgs['playwright'], baseURL: string) {
  const request = await playwright.request.newContext({ baseURL });
  const res = await request.post('/api/auth/login', { data: { email: USERS.analyst.email, password: 'demo-password' } });
  expect(res.status()).toBe(200);
  const headers = { 'x-csrf-token': res.headers()['x-csrf-token'] ?? '', 'x-context': 'acme/us/fizz-cola/fizz-original' };
  const send = async (method: 'put' | 'delete', path: string, data?: unknown) => {
    const answer = await request[method](path, { headers: { ...headers, 'x-request-id': crypto.randomUUID() }, ...(data === undefined ? {} : { data }) });
    expect(answer.status(), `${method} ${path}: ${await answer.text()}`).toBe(200);
    return ((await answer.json()) as { data: Chart }).data;
  };
  return {
    renameMarket: (chart: Chart, name: string, to: string) => {
      const market = chart.markets.find((m) => m.name === name)!;
      return send('put', `/api/mekkos/${chart.id}/markets/${market.id}`, { name: to, version: chart.version, base: { name } });
    },
    renameAudience: (chart: Chart, name: string, to: string) => {
      // As GET gives it, less what an edit does not send.
      const audience = chart.markets.flatMap((m) => m.sub_markets).find((a) => a.name === name) as unknown as Record<string, unknown>;
      const { id, market_id: _market, order: _order, in_prediction_model: _model, ...fields } = audience;
      return send('put', `/api/mekkos/${chart.id}/audiences/${String(id)}`, { ...fields, name: to, version: chart.version, base: { name } });
    },
    deleteAudience: (chart: Chart, name: string) => {
      const audience = chart.markets.flatMap((m) => m.sub_markets).find((a) => a.name === name)!;
      return send('delete', `/api/mekkos/${chart.id}/audiences/${audience.id}?version=${chart.version}`);
    },
    dispose: () => request.dispose(),
  };
}
/** Where every case starts: the admin, a new chart of these markets open in Edit mode, and no network. */
async function offlineInEditMode(page: Page, context: BrowserContext, name: string, markets: Parameters<typeof chartWith>[2]) {
  await logInAs(page, USERS.admin);
  const api = await apiOf(page);
  const chart = await chartWith(api, unique(name), markets);
  await openChart(page, chart.id, chart.name);
  await page.getByRole('group', { name: 'Chart mode' }).getByRole('button', { name: 'Edit' }).click();
  await context.setOffline(true);
  return { api, chart };
}

/** Renames an audience in its panel, and sets its population in the same edit when given. */
async function renameAudienceInPage(page: Page, from: string, to: string, population?: number) {
  await tile(page, from).click();
  const panel = page.getByRole('dialog', { name: `Edit audience ${from}` });
  await panel.getByLabel('Audience name').fill(to);
  if (population !== undefined) await panel.getByLabel('Audience Population').fill(String(population));
  await panel.getByRole('button', { name: 'Save' }).click();
  await expect(panel).toBeHidden();
}

const marketNames = (chart: Chart) => chart.markets.map((m) => m.name);
const audienceNames = (chart: Chart) => chart.markets.flatMap((m) => m.sub_markets.map((a) => a.name));

test('renames of two different markets, one offline, merge on reconnect without a dialog', async ({ page, context, playwright }, testInfo) => {
  test.setTimeout(90_000);
  const { api, chart } = await offlineInEditMode(page, context, 'merge', [
    { name: 'Alpha', audiences: [{ name: 'Gamers', segment: 'Gaming' }] },
    { name: 'Gamma', audiences: [{ name: 'Runners', segment: 'Running' }] },
  ]);
  await renameMarketInPage(page, 'Gamma', 'Gamma Ray');
  await expect(syncButton(page, '1 pending')).toBeVisible();

  const b = await asColleague(playwright, baseUrlOf(testInfo));
  await b.renameMarket(chart, 'Alpha', 'Alpha Prime');

  await context.setOffline(false);
  await expect(syncButton(page, 'All saved')).toBeVisible({ timeout: 20_000 });
  await expect(page.getByRole('dialog', { name: 'Someone else changed this' })).toBeHidden();
  expect(marketNames(await api.chart(chart.id))).toEqual(['Alpha Prime', 'Gamma Ray']);
  await expect(chartArea(page).getByRole('group', { name: 'Alpha Prime' })).toBeVisible();
  await expect(chartArea(page).getByRole('group', { name: 'Gamma Ray' })).toBeVisible();
  await b.dispose();
});

test('a field both changed is the one conflict: the dialog shows its base, theirs and mine, and Keep mine wins', async ({ page, context, playwright }, testInfo) => {
  test.setTimeout(90_000);
  const { api, chart } = await offlineInEditMode(page, context, 'conflict', [{ name: 'Gamma', audiences: [{ name: 'Runners', segment: 'Running' }] }]);
  await renameMarketInPage(page, 'Gamma', 'Gamma One');
  const b = await asColleague(playwright, baseUrlOf(testInfo));
  await b.renameMarket(chart, 'Gamma', 'Gamma Two');
  await context.setOffline(false);

  const dialog = page.getByRole('dialog', { name: 'Someone else changed this' });
  await expect(dialog).toBeVisible({ timeout: 20_000 });
  const rows = dialog.getByRole('row');
  await expect(rows).toHaveCount(2);
  await expect(rows.nth(0)).toHaveText(/Field\s*Before\s*Theirs\s*Yours/);
  await expect(rows.nth(1)).toHaveText(/^Name\s*Gamma\s*Gamma Two\s*Gamma One/);
  await dialog.getByRole('button', { name: 'Keep mine' }).click();
  await expect(syncButton(page, 'All saved')).toBeVisible({ timeout: 20_000 });
  expect(marketNames(await api.chart(chart.id))).toEqual(['Gamma One']);
  await b.dispose();
});

test('"Take theirs" takes theirs for the name both changed and keeps my population of the same edit (issue 27)', async ({ page, context, playwright }, testInfo) => {
  test.setTimeout(90_000);
  const { api, chart } = await offlineInEditMode(page, context, 'theirs', [{ name: 'Gamma', audiences: [{ name: 'Runners', segment: 'Running' }] }]);
  await renameAudienceInPage(page, 'Runners', 'Runners A', 123456);
  const b = await asColleague(playwright, baseUrlOf(testInfo));
  await b.renameAudience(chart, 'Runners', 'Runners B');
  await context.setOffline(false);

  const dialog = page.getByRole('dialog', { name: 'Someone else changed this' });
  await expect(dialog).toBeVisible({ timeout: 20_000 });
  await expect(dialog.getByRole('row')).toHaveCount(2);
  await expect(dialog.getByRole('row').nth(1)).toHaveText(/^Name\s*Runners\s*Runners B\s*Runners A/);
  await expect(dialog).toContainText('Take theirs keeps their value there and sends the rest of your edit');
  await dialog.getByRole('button', { name: 'Take theirs' }).click();
  await expect(syncButton(page, 'All saved')).toBeVisible({ timeout: 20_000 });
  const audience = (await api.chart(chart.id)).markets.flatMap((m) => m.sub_markets)[0]!;
  expect(audience).toMatchObject({ name: 'Runners B', population: 123456 });
  await b.dispose();
});

test('an audience deleted by someone else: its edit is "Deleted by someone else", the independent rename is saved, and Drop keeps it', async ({ page, context, playwright }, testInfo) => {
  test.setTimeout(90_000);
  const { api, chart } = await offlineInEditMode(page, context, 'deleted', [
    { name: 'Beta', audiences: [{ name: 'B1', segment: 'Gaming' }, { name: 'B2', segment: 'Running' }] },
    { name: 'Gamma', audiences: [{ name: 'G1', segment: 'Healthy Eating' }] },
  ]);
  await renameAudienceInPage(page, 'B2', 'B2 renamed');
  await renameMarketInPage(page, 'Gamma', 'Gamma Prime');
  await expect(syncButton(page, '2 pending')).toBeVisible();
  const b = await asColleague(playwright, baseUrlOf(testInfo));
  await b.deleteAudience(chart, 'B2');
  await context.setOffline(false);

  const dialog = page.getByRole('dialog', { name: 'Deleted by someone else' });
  await expect(dialog).toBeVisible({ timeout: 20_000 });
  await expect(dialog).toContainText('Edit audience B2: the audience was deleted by someone else');
  await expect(dialog.getByRole('button', { name: 'Re-create it' })).toBeVisible();
  // The independent rename did not wait for the choice.
  await expect.poll(async () => marketNames(await api.chart(chart.id))).toEqual(['Beta', 'Gamma Prime']);
  await dialog.getByRole('button', { name: 'Drop my edit' }).click();
  await expect(dialog).toBeHidden();
  await expect(syncButton(page, 'All saved')).toBeVisible({ timeout: 20_000 });
  const saved = await api.chart(chart.id);
  expect(marketNames(saved)).toEqual(['Beta', 'Gamma Prime']);
  expect(audienceNames(saved)).toEqual(['B1', 'G1']);
  await b.dispose();
});

test('"Re-create it" makes the deleted audience again with my edit', async ({ page, context, playwright }, testInfo) => {
  test.setTimeout(90_000);
  const { api, chart } = await offlineInEditMode(page, context, 'recreate', [{ name: 'Beta', audiences: [{ name: 'B1', segment: 'Gaming' }, { name: 'B2', segment: 'Running' }] }]);
  await renameAudienceInPage(page, 'B2', 'B2 kept');
  const b = await asColleague(playwright, baseUrlOf(testInfo));
  await b.deleteAudience(chart, 'B2');
  await context.setOffline(false);

  const dialog = page.getByRole('dialog', { name: 'Deleted by someone else' });
  await expect(dialog).toBeVisible({ timeout: 20_000 });
  await dialog.getByRole('button', { name: 'Re-create it' }).click();
  await expect(syncButton(page, 'All saved')).toBeVisible({ timeout: 20_000 });
  expect(audienceNames(await api.chart(chart.id))).toEqual(['B1', 'B2 kept']);
  await b.dispose();
});

test('a refused edit holds back only the edit made on top of it, which says what it waits on; Discard names it first', async ({ page, context, playwright }, testInfo) => {
  test.setTimeout(90_000);
  const { api, chart } = await offlineInEditMode(page, context, 'refused', [
    { name: 'Beta', audiences: [{ name: 'B1', segment: 'Gaming' }, { name: 'B2', segment: 'Running' }] },
    { name: 'Gamma', audiences: [{ name: 'G1', segment: 'Healthy Eating' }] },
  ]);
  await renameAudienceInPage(page, 'B2', 'B2 once');
  await renameAudienceInPage(page, 'B2 once', 'B2 twice');
  await renameMarketInPage(page, 'Gamma', 'Gamma Prime');
  await expect(syncButton(page, '3 pending')).toBeVisible();
  // Meanwhile B1 takes the name B2's first rename wants: only the server can refuse it.
  const b = await asColleague(playwright, baseUrlOf(testInfo));
  await b.renameAudience(chart, 'B1', 'B2 once');
  await context.setOffline(false);

  // The rename of Gamma went; the two B2 edits need the user.
  await expect.poll(async () => marketNames(await api.chart(chart.id))).toEqual(['Beta', 'Gamma Prime']);
  await expect(syncButton(page, '2 need you')).toBeVisible({ timeout: 20_000 });
  await syncButton(page, '2 need you').click();
  const list = page.getByRole('list', { name: 'Pending edits' });
  await expect(list.getByRole('listitem').filter({ hasText: 'Edit audience B2 once' })).toContainText('Waiting on: Edit audience B2');
  await expect(list.getByRole('listitem').filter({ hasText: /^Edit audience B2Not saved/ })).toBeVisible();
  await list.getByRole('button', { name: 'Discard' }).click();
  const confirm = page.getByRole('group', { name: 'Discard Edit audience B2' });
  await expect(confirm).toContainText('Edit audience B2 once');
  await confirm.getByRole('button', { name: 'Discard all 2' }).click();
  await expect(syncButton(page, 'All saved')).toBeVisible();
  const saved = await api.chart(chart.id);
  expect(audienceNames(saved)).toEqual(['B2 once', 'B2', 'G1']);
  expect(marketNames(saved)).toEqual(['Beta', 'Gamma Prime']);
  await b.dispose();
});
