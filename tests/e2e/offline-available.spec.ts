import { expect, test, type BrowserContext, type Page } from '@playwright/test';
import { USERS, csrfOf, logInAs, unique } from './helpers';
import { CONTEXT, GROW, PRODUCT, chartPicker, chartWith, escape, growApi, matchedTab, tile, type Chart } from './grow-helpers';
import { freshProfileDir, launchProfile, startOwnServer, waitForOwnDemoData, type OwnServer } from './own-server';
import { demoSurveyPlaces, openAudienceMarketLevel, openStageMarketLevel } from './survey-helpers';

// Issue 12 item 2: "Make available offline" takes everything the context's pages need, says
// exactly what it did, and what a context holds is listed and can be removed. The server really
// stops (own-server.ts) and the profile is persistent, as an installed app's is.
// Needs the sync panel to render features/shell/make-available-offline.tsx.

let server: OwnServer;

test.beforeAll(async () => {
  test.setTimeout(300_000);
  server = await startOwnServer('avail');
  await waitForOwnDemoData(server);
});

test.afterAll(async () => {
  await server?.stop();
});

const syncPanelButton = (page: Page) => page.getByRole('button', { name: /^(All saved|\d+ pending)$/ });
const panel = (page: Page) => page.locator('.sync-panel');
const tab = (page: Page, name: string) => page.getByRole('tab', { name: new RegExp(`^${escape(name)}`) });
const tabNumber = (name: string) => new RegExp(`${escape(name)}\\s*\\S*\\s*\\d[\\d,]*`);

/** The page's persisted query cache and device rows for the context, as an offline reload finds them. */
const heldOnDevice = (page: Page) =>
  page.evaluate((context) => new Promise<{ queries: number; charts: number }>((resolve) => {
    const open = indexedDB.open('audience-insights');
    open.onsuccess = () => {
      const db = open.result;
      const tx = db.transaction(['queryCache', 'charts']);
      const cache = tx.objectStore('queryCache').get('client');
      const charts = tx.objectStore('charts').getAll();
      tx.oncomplete = () => {
        const row = cache.result as { value?: { clientState?: { queries?: { queryKey: unknown[] }[] } } } | undefined;
        const queries = (row?.value?.clientState?.queries ?? []).filter((q) => (q.queryKey[0] === 'grow' || q.queryKey[0] === 'insights') && q.queryKey[1] === context).length;
        const rows = (charts.result as { scope: string }[]).filter((r) => r.scope === context || r.scope.startsWith(`${context}#`)).length;
        db.close();
        resolve({ queries, charts: rows });
      };
    };
  }), CONTEXT);

/** A chart nobody has opened in this browser: every audience with a matched and a modeled segment. */
async function chartNeverOpened(page: Page): Promise<{ chart: Chart; ageId: number }> {
  const headers = { 'x-context': CONTEXT, 'x-csrf-token': await csrfOf(page) };
  const segments = (await (await page.request.get('/api/segments?region=us&per_page=200', { headers })).json()) as { data: { id: number; vendor_type: string; deleted: boolean }[] };
  const modeled = segments.data.filter((s) => s.vendor_type === 'modeled' && !s.deleted).map((s) => s.id);
  expect(modeled.length).toBeGreaterThan(2);
  const api = growApi(page.request, await csrfOf(page));
  const chart = await chartWith(api, unique('never opened'), [
    { name: 'Coast', audiences: [{ name: 'Gamers', segment: 'Gaming', modeled: modeled[0]! }, { name: 'Healthy Eaters', segment: 'Healthy Eating', modeled: modeled[1]! }] },
    { name: 'Inland', audiences: [{ name: 'Runners', segment: 'Running', modeled: modeled[2]! }] },
  ]);
  const categories = (await (await page.request.get('/api/insights/categories', { headers })).json()) as { data: { id: number; name: string }[] };
  return { chart, ageId: categories.data.find((c) => c.name === 'Age')!.id };
}

/**
 * One insights read fails with a 500 while `failing` says so: the Age widget of the chart's
 * whole-chart selection on the Matched Addressable tab. The other widgets are slowed a little,
 * so "n of m" is on screen long enough to be seen.
 */
async function failOneWidget(context: BrowserContext, chart: Chart, ageId: number) {
  const matched = [...new Set(chart.markets.flatMap((m) => m.sub_markets.map((a) => a.matched_short_id!)))].sort((a, b) => a - b).join(',');
  const state = { failing: true, asked: [] as string[] };
  await context.route('**/api/insights/widgets', async (route) => {
    // Explore's all-data persona asks the widgets of everyone: no rules.
    const body = route.request().postDataJSON() as { rules?: { include: { and: number[][] } }; category: number };
    const ids = [...new Set((body.rules?.include.and ?? []).flat())].sort((a, b) => a - b).join(',');
    state.asked.push(`${ids}|${body.category}`);
    if (state.failing && body.category === ageId && ids === matched) {
      return route.fulfill({ status: 500, json: { error: { code: 'INTERNAL_ERROR', message: 'Injected failure' } } });
    }
    await new Promise((r) => setTimeout(r, 150));
    return route.fallback();
  });
  return { state, failedKey: `${matched}|${ageId}` };
}

test('Make available offline takes every chart with its counts and insights, names what failed, retries only that; held contexts are listed and removed', async () => {
  test.setTimeout(240_000);
  const context = await launchProfile(freshProfileDir('avail'), server.baseURL);
  try {
    const page = context.pages()[0] ?? (await context.newPage());
    await logInAs(page, USERS.admin);
    await page.waitForFunction(() => navigator.serviceWorker.controller !== null);
    const { chart, ageId } = await chartNeverOpened(page);
    const { state, failedKey } = await failOneWidget(context, chart, ageId);

    // Online, on the product's home (Grow never opened): make the context available offline.
    await page.goto(`${PRODUCT}/home`);
    await expect(page.getByRole('heading', { level: 1, name: /^Hello / })).toBeVisible();
    await syncPanelButton(page).click();
    await expect(panel(page).getByRole('heading', { name: 'Saved for offline use' })).toBeVisible();
    await expect(panel(page)).toContainText('Nothing is saved for offline use on this device.');
    await panel(page).getByRole('button', { name: 'Make available offline' }).click();
    const status = panel(page).getByRole('status');
    await expect(status).toHaveText(/^Saving .*Fizz Original for offline use: \d+ of \d+ steps$/);

    // The end: exactly one step failed, named, with its reason; never "available" alone.
    const failedLabel = `Chart “${chart.name}” · Matched Addressable insights: Age`;
    await expect(status).toHaveText(/Fizz Original is only partly available offline: 1 of \d+ steps failed, \d+ done\.$/, { timeout: 180_000 });
    const failures = panel(page).getByRole('list', { name: 'Not saved' });
    await expect(failures.getByRole('listitem')).toHaveCount(1);
    await expect(failures.getByRole('listitem')).toHaveText(`${failedLabel}: the server answered 500: Injected failure`);
    // Every widget of both person tabs of the new chart was asked (15 categories each).
    expect(state.asked.filter((a) => a.endsWith(`|${ageId}`)).length).toBeGreaterThanOrEqual(4);

    // Retry: only the failed step runs again, and now it works.
    state.failing = false;
    const askedBefore = state.asked.length;
    const reads: string[] = [];
    page.on('request', (r) => {
      if (/\/api\/(mekkos|insights|audiences\/count|tabs-configuration|tv-count-settings)/.test(r.url())) reads.push(`${r.method()} ${new URL(r.url()).pathname}`);
    });
    await panel(page).getByRole('button', { name: 'Retry the failed step' }).click();
    await expect(status).toHaveText(/Fizz Original is available offline: all \d+ steps done\.$/, { timeout: 60_000 });
    await expect(failures).toBeHidden();
    expect(state.asked.slice(askedBefore)).toEqual([failedKey]);
    expect(reads).toEqual(['POST /api/insights/widgets']);

    // The context is listed with its size and time.
    const held = panel(page).getByRole('list', { name: 'Saved for offline use' }).getByRole('listitem');
    await expect(held).toHaveCount(1);
    await expect(held).toContainText('Fizz Original');
    await expect(held).toContainText(/\d+(\.\d)? (KB|MB) · saved \d/);
    const before = await heldOnDevice(page);
    expect(before.queries).toBeGreaterThan(30);
    expect(before.charts).toBeGreaterThan(2);

    // Where the demo's surveys and discussions are, asked while the server answers.
    const places = await demoSurveyPlaces(page);

    // The server stops. The chart never opened online opens, with counts on every tab and insights.
    await context.unroute('**/api/insights/widgets');
    await server.stop();
    await page.goto(`${GROW}/${chart.id}`);
    await expect(chartPicker(page)).toContainText(chart.name, { timeout: 15_000 });
    await expect(matchedTab(page)).toHaveText(tabNumber('Matched Addressable'));
    await expect(tab(page, 'Modeled Addressable')).toHaveText(tabNumber('Modeled Addressable'));
    await expect(tab(page, 'Total Population')).toHaveText(tabNumber('Total Population'));
    await expect(tile(page, 'Gamers')).toHaveAttribute('aria-label', /^Gamers, \w+, \d[\d,]*(, |$)/);

    // The whole chart selected: its insights on the Matched tab, then on the Modeled tab.
    for (const name of ['Gamers', 'Healthy Eaters', 'Runners']) await tile(page, name).click();
    await page.getByRole('button', { name: 'Show/Hide Insights' }).click();
    const insights = page.getByRole('region', { name: 'Insights' });
    await expect(insights).toContainText('Matched Addressable · 3 audiences selected');
    await expect(insights.getByText(/^People in the audience: [\d,]+$/)).toBeVisible();
    await expect(insights.getByRole('region', { name: 'Age', exact: true }).getByText(/[\d,]+ people in the audience/)).toBeVisible();
    await expect(insights.getByRole('region', { name: 'Gender', exact: true }).getByRole('row')).not.toHaveCount(1);
    await page.getByRole('button', { name: 'Show/Hide Insights' }).click();
    await tab(page, 'Modeled Addressable').click();
    await page.getByRole('button', { name: 'Show/Hide Insights' }).click();
    await expect(insights).toContainText('Modeled Addressable · 3 audiences selected');
    await expect(insights.getByText(/^People in the audience: [\d,]+$/)).toBeVisible();
    await expect(insights.getByRole('region', { name: 'Age', exact: true }).getByText(/[\d,]+ people in the audience/)).toBeVisible();
    await expect(insights.getByRole('alert')).toHaveCount(0);

    // Issue 30, still offline: the demo audience's word bubbles and survey answers, never opened online.
    await page.goto(`${GROW}/${places.chart.id}`);
    await expect(chartPicker(page)).toContainText(places.chart.name, { timeout: 15_000 });
    await openAudienceMarketLevel(page, places.audience);
    await expect(insights.getByRole('region', { name: 'Discussion: Summer refreshment talk' }).getByRole('listitem')).toHaveCount(12);
    await expect(insights.getByRole('region', { name: `Survey Fizz Original audience pulse of ${places.audience}` }).getByRole('row', { name: /Supermarket/ })).toContainText('412');
    // The journey stage's survey, and its cell's word bubbles in the stage's panel.
    await openStageMarketLevel(page, places);
    await expect(page.getByRole('region', { name: `Survey Purchase moment survey of ${places.brand} · ${places.stage}` })).toContainText('On promotion');
    await page.getByRole('button', { name: `${places.stage}: show every brand` }).click();
    await expect(page.getByRole('dialog', { name: `${places.stage} by brand` }).getByRole('region', { name: 'Discussion: Switching brands talk' }).getByRole('listitem')).toHaveCount(9);
    await page.keyboard.press('Escape');
    // The region's survey on Explore's Market Level.
    await page.goto(`${PRODUCT}/insights/explore`);
    await page.getByRole('tab', { name: 'Market Level' }).click();
    await expect(page.getByRole('region', { name: 'Survey US soft drinks tracker of the region' }).getByRole('row', { name: /Every day/ })).toContainText('21.0%');

    // The Scenario Planner (issue 31): its plan, curves and saved scenarios are on the device, and
    // the maths runs in the page: it optimises, exports and saves (queued) with the server stopped.
    await page.goto(`${PRODUCT}/plans`);
    await expect(page.getByRole('heading', { level: 1, name: 'Scenario Planner' })).toBeVisible();
    await expect(page.getByText('FZ-2027-SPRING · 13 weeks', { exact: false })).toBeVisible({ timeout: 15_000 });
    await expect(page.getByRole('table', { name: 'Scenario by media type' }).getByRole('rowheader')).toHaveCount(7);
    const savedScenarios = page.getByRole('table', { name: 'Saved scenarios' });
    await expect(savedScenarios.getByRole('rowheader', { name: 'Spring burst as planned', exact: true })).toBeVisible();
    await page.getByRole('button', { name: 'Optimise' }).click();
    await expect(page.getByText(/^Gain over the plan: \+/)).toBeVisible();
    const [exported] = await Promise.all([page.waitForEvent('download'), page.getByRole('button', { name: 'Export scenario' }).click()]);
    expect(exported.suggestedFilename()).toMatch(/^Fizz Original spring burst 2027 \d{4}-\d{2}-\d{2}\.xlsx$/);
    const offlineName = unique('offline-scenario');
    await page.getByLabel('Scenario name').fill(offlineName);
    await page.getByRole('button', { name: 'Save scenario' }).click();
    await expect(savedScenarios.getByRole('rowheader', { name: `${offlineName} (not sent yet)` })).toBeVisible();
    await expect(syncPanelButton(page)).toHaveText('1 pending');

    // The analysis pages (issue 32): each one's figures as it opens, and its groups' profiles.
    await page.goto(`${PRODUCT}/insights/customer-value`);
    await expect(page.getByRole('region', { name: 'Buyers by value tier', exact: true }).getByRole('rowheader')).toHaveCount(5);
    await expect(page.getByRole('region', { name: 'Who the tiers are', exact: true }).getByRole('region', { name: 'Age', exact: true })).toBeVisible();
    await page.goto(`${PRODUCT}/insights/customer-attrition`);
    await expect(page.getByRole('region', { name: 'Month by month', exact: true }).getByRole('rowheader')).toHaveCount(12);
    await page.goto(`${PRODUCT}/insights/buyer-retention`);
    await expect(page.getByRole('region', { name: 'Cohorts by first purchase (N-month)', exact: true }).getByRole('rowheader', { name: /Nov 2024/ })).toBeVisible();
    await page.goto(`${PRODUCT}/insights/site-visitation`);
    await expect(page.getByRole('region', { name: 'Site-visit groups', exact: true })).toContainText('Customer site non-visitors');
    await page.goto(`${PRODUCT}/insights/best-customer`);
    await expect(page.getByRole('region', { name: 'Best customers', exact: true })).toContainText('Top tier: bought in 10 to 12 of the last 12 months');

    // Remove (still offline: it is the device's own data): the list is empty, and so is the device.
    await page.goto(`${PRODUCT}/home`);
    await expect(page.getByRole('heading', { level: 1, name: /^Hello / })).toBeVisible();
    await syncPanelButton(page).click();
    await expect(held).toHaveCount(1);
    await panel(page).getByRole('button', { name: /^Remove .*Fizz Original from this device$/ }).click();
    await expect(panel(page)).toContainText('Nothing is saved for offline use on this device.');
    await expect.poll(() => heldOnDevice(page)).toEqual({ queries: 0, charts: 0 });
  } finally {
    await context.close();
  }
});
