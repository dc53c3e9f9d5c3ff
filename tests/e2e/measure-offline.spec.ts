import { expect, test, type Locator, type Page } from '@playwright/test';
import { GROW_TEXT } from '../../src/shared/rules/grow';
import { OUTCOMES_TEXT, addMonths, monthKey, monthLabel, monthTitle, type YearMonth } from '../../src/shared/rules/outcomes';
import { PRODUCT, apiOf, tile } from './grow-helpers';
import { USERS, csrfOf, logInAs, unique } from './helpers';
import { chartWithTimeframes, clickMonth, matched, measureOf, openPicker, outcomesApi, picker, trigger } from './measure-helpers';
import { freshProfileDir, launchProfile, startOwnServer, waitForOwnDemoData, type OwnServer } from './own-server';

// Issue 18, "the whole page offline after 'Make available offline'" (spec 3 §2.5, decision 007):
// the product made available offline while online, Measure never opened, then the server really
// stops (own-server.ts: the browser still thinks it is online, as at a meeting with a dead
// network) and Measure works from the device: the chart picker, the months, the mekko with its
// overlay, the info boxes, range mode and the Timeframe Settings panel. An edit there is kept on
// the device ('Saved on this device') and reaches the server when it is back.

let server: OwnServer;

test.beforeAll(async () => {
  test.setTimeout(300_000);
  server = await startOwnServer('measure-offline');
  await waitForOwnDemoData(server);
});

test.afterAll(async () => {
  await server?.stop();
});

const MARKETS = [
  { name: 'Sparkling', audiences: ['Fans', 'Switchers'] },
  { name: 'Still', audiences: ['Runners'] },
];
/** Matched figures: Fans +25 %, Switchers -25 %, Runners +150 % (shown clamped to +100 %). */
const BEFORE = { Fans: matched(1_000), Switchers: matched(2_000), Runners: matched(4_000) };
const AFTER = { Fans: matched(1_250), Switchers: matched(1_500), Runners: matched(10_000) };

const syncPanelButton = (page: Page) => page.getByRole('button', { name: /^(All saved|\d+ pending)$/ });
const syncPanel = (page: Page) => page.locator('.sync-panel');
const tileBox = (page: Page, name: string) => page.locator('.audience-tile').filter({ has: tile(page, name) });
const infoBox = (page: Page, title: string) => page.getByRole('region', { name: title });
const settingsPanel = (page: Page) => page.getByRole('dialog', { name: OUTCOMES_TEXT.panelTitle });
const card = (panel: Locator, month: YearMonth) => panel.getByRole('region', { name: monthTitle(month) });

test('after Make available offline, Measure works with the server stopped, and an edit made then syncs when it is back', async () => {
  test.setTimeout(420_000);
  const context = await launchProfile(freshProfileDir('measure-offline'), server.baseURL);
  const errors: string[] = [];
  try {
    const page = context.pages()[0] ?? (await context.newPage());
    page.on('console', (m) => { if (m.type() === 'error') errors.push(m.text()); });
    await logInAs(page, USERS.admin);
    await page.waitForFunction(() => navigator.serviceWorker.controller !== null);
    // Three past months, Measure never opened in this browser.
    const { chart, today } = await chartWithTimeframes(page, unique('measure offline'), MARKETS, (now) => [
      { month: addMonths(now, -4), figures: BEFORE },
      { month: addMonths(now, -3), figures: BEFORE },
      { month: addMonths(now, -2), figures: AFTER },
    ]);
    const previous = addMonths(today, -3);
    // The demo's charts get their two years once the region's data is idle (main.ts): wait for them
    // (a background job of this test's own server: on a loaded machine it once took over 60 s).
    const summer = (await (await apiOf(page)).charts()).find((c) => c.name === 'Summer Reach Planner')!;
    await expect.poll(async () => (await outcomesApi(page.request, await csrfOf(page)).timeframes(summer.id)).data.length, { timeout: 150_000, intervals: [1_000] }).toBeGreaterThan(20);
    const current = addMonths(today, -2);

    // Online, on the product's home: make the product available offline.
    await page.goto(`${PRODUCT}/home`);
    await expect(page.getByRole('heading', { level: 1, name: /^Hello / })).toBeVisible();
    await syncPanelButton(page).click();
    await syncPanel(page).getByRole('button', { name: 'Make available offline' }).click();
    const status = syncPanel(page).getByRole('status');
    const allDone = /Fizz Original is available offline: all \d+ steps done\.$/;
    await expect(status).toHaveText(/Fizz Original is (available offline: all \d+ steps done|only partly available offline: \d+ of \d+ steps failed, \d+ done)\.$/, { timeout: 180_000 });
    if (!allDone.test((await status.textContent()) ?? '')) {
      // On a loaded machine a few of 206 steps can fail (a clean-clone run of the whole suite: 3,
      // the count engine's time limit or a full queue), named in the panel. As the user would, the
      // test retries only those; every step must then be done.
      test.info().annotations.push({ type: 'retried', description: (await syncPanel(page).textContent()) ?? '' });
      await syncPanel(page).getByRole('button', { name: /^Retry the (failed step|\d+ failed steps)$/ }).click();
      await expect(status).toHaveText(allDone, { timeout: 180_000 });
    }
    await page.keyboard.press('Escape');

    // The server stops. Measure opens from the device on the new chart, with a pair in the address.
    await server.stop();
    await page.goto(measureOf(chart.id, `previous=${monthKey(previous)}&current=${monthKey(current)}`));
    await expect(page.getByRole('heading', { name: OUTCOMES_TEXT.header })).toBeVisible({ timeout: 30_000 });
    await expect(page.getByRole('button', { name: OUTCOMES_TEXT.chartPicker })).toContainText(chart.name, { timeout: 15_000 });
    await expect(trigger(page)).toHaveAccessibleName(`Time period: ${monthLabel(previous)} to ${monthLabel(current)}`);
    await expect(page.getByRole('tab', { name: /^Matched Addressable/, selected: true })).toContainText('12,750');
    // The mekko with its badges (the change since the previous month, clamped to ±100), and the info boxes.
    await expect(tileBox(page, 'Fans')).toContainText('+25.0%');
    await expect(tileBox(page, 'Switchers')).toContainText('-25.0%');
    await expect(tileBox(page, 'Runners')).toContainText('+100.0%');
    await expect(infoBox(page, OUTCOMES_TEXT.previousPopulation(monthLabel(previous)))).toContainText('7,000');
    await expect(infoBox(page, OUTCOMES_TEXT.populationChange)).toContainText('(+82.1%)');

    // The time period picker: another pair of months, picked on the device's timeframes.
    const oldest = addMonths(today, -4);
    await openPicker(page);
    await clickMonth(page, oldest);
    await clickMonth(page, current);
    await expect(picker(page)).toBeHidden();
    await expect(trigger(page)).toHaveAccessibleName(`Time period: ${monthLabel(oldest)} to ${monthLabel(current)}`);
    await expect(infoBox(page, OUTCOMES_TEXT.previousPopulation(monthLabel(oldest)))).toContainText('7,000');

    // Range mode over those months: the stacked bars and their View menu, grouped by market.
    await openPicker(page);
    await picker(page).getByRole('radio', { name: OUTCOMES_TEXT.range }).click();
    await page.keyboard.press('Escape');
    await expect(trigger(page)).toHaveAccessibleName(`Time period: ${monthLabel(oldest)} - ${monthLabel(current)}`);
    await expect(page.locator('.audience-tile')).toHaveCount(0);
    await page.getByRole('button', { name: OUTCOMES_TEXT.view, exact: true }).click();
    await page.getByRole('menuitemradio', { name: OUTCOMES_TEXT.groupByMarket }).click();
    await expect(page).toHaveURL(/group=market/);
    for (const market of MARKETS) await expect(page.getByRole('group', { name: new RegExp(`^${market.name}: `) })).toBeVisible();
    await expect(page.getByRole('alert')).toHaveCount(0);

    // The chart picker: the product's other charts are on the device too (the demo's 24 months).
    await page.getByRole('button', { name: OUTCOMES_TEXT.chartPicker }).click();
    await page.getByRole('option', { name: /^Summer Reach Planner/ }).click();
    await expect(page).toHaveURL(new RegExp(`/outcomes/measure/${summer.id}(\\?|$)`));
    await expect(page.getByRole('button', { name: OUTCOMES_TEXT.chartPicker })).toContainText('Summer Reach Planner');
    await expect(trigger(page)).toHaveAccessibleName(`Time period: ${monthLabel(addMonths(today, -1))} to ${monthLabel(today)}`);
    await expect(page.locator('.audience-tile').first()).toBeVisible();
    await page.goBack();
    await expect(page.getByRole('button', { name: OUTCOMES_TEXT.chartPicker })).toContainText(chart.name);

    // Timeframe Settings, still without the server: an edit is kept on this device.
    await trigger(page).click();
    await page.getByRole('button', { name: OUTCOMES_TEXT.settings }).click();
    const panel = settingsPanel(page);
    await expect(panel).toBeVisible();
    await panel.getByLabel(OUTCOMES_TEXT.selectYear).selectOption(String(current.year));
    const edited = card(panel, current);
    await edited.getByRole('button', { name: OUTCOMES_TEXT.edit }).click();
    const sparkling = edited.getByRole('spinbutton', { name: `Sparkling: ${OUTCOMES_TEXT.columns.matched}` });
    await expect(sparkling).toHaveValue('2750');
    await sparkling.fill('3333');
    await edited.getByRole('button', { name: OUTCOMES_TEXT.save }).click();
    await expect(page.getByText(GROW_TEXT.savedOnDevice, { exact: true }).last()).toBeVisible({ timeout: 15_000 });
    await expect(edited.getByRole('spinbutton')).toHaveCount(0);
    await expect(edited.getByRole('row').filter({ has: page.getByRole('rowheader', { name: 'Sparkling', exact: true }) })).toContainText('3,333');
    // The panel is modal: closed, the header's sync button counts the edit kept on the device.
    await panel.getByRole('button', { name: 'Close' }).click();
    await expect(panel).toBeHidden();
    await expect(page.getByRole('button', { name: '1 pending' })).toBeVisible();

    // The server is back: the edit reaches it, once.
    await server.start();
    await expect(page.getByRole('button', { name: 'All saved' })).toBeVisible({ timeout: 20_000 });
    const stored = (await outcomesApi(page.request, await csrfOf(page)).timeframes(chart.id)).data.find((t) => t.year === current.year && t.month === current.month)!;
    expect(stored.market_outcomes.find((m) => m.market_id === chart.markets[0]!.id)?.matched).toBe(3_333);
    expect(stored.source).toBe('entered');
    await expect(page.getByText(OUTCOMES_TEXT.saveFailed)).toHaveCount(0);
    // Offline reads are answered from the device without errors in the console (failed requests to the stopped server aside).
    expect(errors.filter((e) => !/Failed to load resource|net::ERR_/.test(e))).toEqual([]);
  } finally {
    await context.close();
  }
});
