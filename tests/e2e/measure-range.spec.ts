import { expect, test, type APIRequestContext, type Page } from '@playwright/test';
import {
  OUTCOMES_TEXT, addMonths, lastQuarter, monthLabel, monthTitle, toServerMonth, type YearMonth,
} from '../../src/shared/rules/outcomes';
import { CONTEXT, apiOf, chartWith, waitForDemoData, type Chart } from './grow-helpers';
import { USERS, csrfOf, logInAs, unique } from './helpers';

// Issue 18, "a range of 12 months grouped by market" and "the 13-month refusal" (spec 3 §2.5
// time period selector and stacked container, §5 range limit, §9 Measure): a chart of two
// markets with 15 past months of figures set through the API, ranged over 12 months, grouped by
// market, an audience toggled by its stack; a preset; a 15-month range refused.

const measureOf = (chartId: number) => `/${CONTEXT}/outcomes/measure/${chartId}`;
const MARKETS = [
  { name: 'Sparkling', audiences: ['Fans', 'Switchers'] },
  { name: 'Still', audiences: ['Runners', 'Walkers'] },
];
/** The figure an audience has in a month: k months before today, audience a (0-3) of the chart. */
const figure = (k: number, a: number) => 10_000 + a * 2_500 + (15 - k) * 300;

/** Posts a past month's timeframe with every audience's Matched figure (month zero-based, §3). */
async function addTimeframe(request: APIRequestContext, csrf: string, chart: Chart, month: YearMonth, k: number) {
  const audiences = chart.markets.flatMap((m) => m.sub_markets);
  const submarkets = audiences.map((s, a) => ({ sub_market_id: s.id, market_id: s.market_id, total: figure(k, a) * 3, matched: figure(k, a), modeled: figure(k, a) * 2 }));
  const markets = chart.markets.map((m) => {
    const own = submarkets.filter((s) => s.market_id === m.id);
    const sum = (key: 'total' | 'matched' | 'modeled') => own.reduce((n, s) => n + s[key], 0);
    return { market_id: m.id, total: sum('total'), matched: sum('matched'), modeled: sum('modeled') };
  });
  const all = (key: 'total' | 'matched' | 'modeled') => markets.reduce((n, m) => n + m[key], 0);
  const res = await request.post(`/api/mekkos/${chart.id}/outcome-timeframes`, {
    headers: { 'x-csrf-token': csrf, 'x-context': CONTEXT, 'x-request-id': crypto.randomUUID() },
    data: {
      outcome_timeframe: {
        year: month.year, month: toServerMonth(month.month), total: all('total'), matched: all('matched'), modeled: all('modeled'),
        market_outcomes_attributes: markets, submarket_outcomes_attributes: submarkets,
      },
    },
  });
  expect(res.status(), `POST ${monthTitle(month)}: ${await res.text()}`).toBe(201);
}

/** A new chart of two markets of two audiences, with the 15 months before the server's current one. */
async function chartWithFifteenMonths(page: Page): Promise<{ chart: Chart; today: YearMonth }> {
  const grow = await apiOf(page);
  const chart = await chartWith(grow, unique('range'), MARKETS.map((m) => ({ name: m.name, audiences: m.audiences.map((name) => ({ name, segment: null })) })));
  const csrf = await csrfOf(page);
  const list = await page.request.get(`/api/mekkos/${chart.id}/outcome-timeframes`, { headers: { 'x-csrf-token': csrf, 'x-context': CONTEXT } });
  expect(list.status(), await list.text()).toBe(200);
  const { meta } = (await list.json()) as { meta: { today: YearMonth } };
  for (let k = 15; k >= 1; k -= 1) await addTimeframe(page.request, csrf, chart, addMonths(meta.today, -k), k);
  return { chart, today: meta.today };
}

const trigger = (page: Page) => page.getByRole('button', { name: /^Time period:/ });
const picker = (page: Page) => page.getByRole('dialog', { name: 'Choose the time period' });

async function openPicker(page: Page) {
  await trigger(page).click();
  await expect(picker(page)).toBeVisible();
  return picker(page);
}

/** A month's button in the picker, paging a year at a time until its grid shows. */
async function monthButton(page: Page, month: YearMonth) {
  const dialog = picker(page);
  const button = dialog.getByRole('button', { name: monthTitle(month), exact: true });
  for (let i = 0; i < 4 && !(await button.isVisible()); i += 1) {
    const shown = Number(await dialog.getByRole('group', { name: /^\d{4}$/ }).first().getAttribute('aria-label'));
    await dialog.getByRole('button', { name: month.year < shown ? 'Earlier year' : 'Later year' }).click();
  }
  await expect(button).toBeVisible();
  return button;
}

async function clickMonth(page: Page, month: YearMonth) {
  const button = await monthButton(page, month);
  await expect(button).toBeEnabled();
  await button.click();
}

/**
 * Picks two months, then turns range mode on: the order a person takes when the pair already
 * shown is too long to range over (switching first would be refused for that pair).
 */
async function chooseRange(page: Page, previous: YearMonth, current: YearMonth) {
  const dialog = await openPicker(page);
  await clickMonth(page, previous);
  await expect(dialog.getByRole('button', { name: monthTitle(previous), exact: true })).toHaveAttribute('aria-pressed', 'true');
  await clickMonth(page, current);
  await expect(dialog).toBeHidden();
  await openPicker(page);
  // click, not check: the page may refuse range mode for this pair and leave it unchecked.
  await dialog.getByRole('radio', { name: OUTCOMES_TEXT.range }).click();
  await page.keyboard.press('Escape');
  await expect(dialog).toBeHidden();
}

test.beforeAll(async ({ playwright }, testInfo) => {
  test.setTimeout(180_000);
  await waitForDemoData(playwright, testInfo);
});

test('a range of 12 months grouped by market: a chart per market, 12 stacks, 12 ticks, a stack toggling its audience', async ({ page }) => {
  test.setTimeout(120_000);
  await logInAs(page, USERS.admin);
  const { chart, today } = await chartWithFifteenMonths(page);
  await page.goto(measureOf(chart.id));
  await expect(page.getByRole('heading', { name: OUTCOMES_TEXT.header })).toBeVisible({ timeout: 30_000 });
  // §4: the newest (the current month) and the second newest, in comparison mode.
  await expect(trigger(page)).toHaveAccessibleName(`Time period: ${monthLabel(addMonths(today, -1))} to ${monthLabel(today)}`);

  // Months picked in reverse order are sorted; the months between are highlighted.
  const first = addMonths(today, -12);
  const last = addMonths(today, -1);
  const dialog = await openPicker(page);
  await dialog.getByRole('radio', { name: OUTCOMES_TEXT.range }).check();
  await clickMonth(page, last);
  await clickMonth(page, first);
  await expect(dialog).toBeHidden();
  await expect(trigger(page)).toHaveAccessibleName(`Time period: ${monthLabel(first)} - ${monthLabel(last)}`);
  await openPicker(page);
  await expect(picker(page).getByRole('button', { name: monthTitle(addMonths(today, -6)), exact: true })).toHaveClass(/is-between/);
  await page.keyboard.press('Escape');
  await expect(picker(page)).toBeHidden();

  await page.getByRole('button', { name: OUTCOMES_TEXT.view, exact: true }).click();
  await page.getByRole('menuitemradio', { name: OUTCOMES_TEXT.groupByMarket }).click();
  for (const market of MARKETS) {
    const plot = page.getByRole('group', { name: `${market.name}: Matched Addressable stacked by audience, 12 months` });
    await expect(plot).toBeVisible();
    // Every month of the range is a stack: its audiences' segments, named by their figures.
    for (let k = 12; k >= 1; k -= 1) {
      const a = MARKETS.flatMap((m) => m.audiences).indexOf(market.audiences[0]!);
      await expect(plot.getByRole('img', { name: `${market.audiences[0]} (${market.name}), ${monthLabel(addMonths(today, -k))}: ${figure(k, a).toLocaleString('en-US')}` })).toBeAttached();
    }
    const table = page.getByRole('table', { name: `${market.name}: Matched Addressable by month` });
    await expect(table.getByRole('columnheader')).toHaveCount(13);
    // 12 y ticks from the market's tallest stack (the newest month): step round(max × 1.2 / 12).
    const a0 = MARKETS.flatMap((m) => m.audiences).indexOf(market.audiences[0]!);
    const tallest = figure(1, a0) + figure(1, a0 + 1);
    const step = Math.round((tallest * 1.2) / 12);
    const ticks = plot.locator('text[transform^="translate(-10,0)"]');
    await expect(ticks).toHaveCount(12);
    await expect(ticks.nth(1)).toHaveText(step >= 10_000 ? `${Math.round(step / 100) / 10}K` : step.toLocaleString('en-US'));
  }

  // A stack's segment toggles its audience: full colour for it, the others dimmed; again clears.
  const walkers = page.getByRole('img', { name: `Walkers (Still), ${monthLabel(addMonths(today, -3))}: ${figure(3, 3).toLocaleString('en-US')}` });
  await walkers.click();
  await expect(page.getByRole('button', { name: 'Walkers', pressed: true })).toBeVisible();
  await expect(walkers).toHaveAttribute('fill-opacity', '1');
  await expect(page.getByRole('img', { name: new RegExp(`^Fans \\(Sparkling\\), ${monthLabel(addMonths(today, -3))}`) })).toHaveAttribute('fill-opacity', '0.25');
  await walkers.click();
  await expect(page.getByRole('button', { name: 'Walkers', pressed: false })).toBeVisible();
  await expect(page.getByRole('img', { name: new RegExp(`^Fans \\(Sparkling\\), ${monthLabel(addMonths(today, -3))}`) })).toHaveAttribute('fill-opacity', '1');

  // Group by None: one chart of every audience.
  await page.getByRole('button', { name: OUTCOMES_TEXT.view, exact: true }).click();
  await page.getByRole('menuitemradio', { name: OUTCOMES_TEXT.groupByNone }).click();
  await expect(page.getByRole('group', { name: 'All markets: Matched Addressable stacked by audience, 12 months' })).toBeVisible();
  await expect(page.getByRole('group', { name: /^Sparkling: Matched Addressable stacked/ })).toHaveCount(0);

  // A preset: the quarter before the current one (§9), in the mode chosen.
  await openPicker(page);
  await picker(page).getByRole('button', { name: OUTCOMES_TEXT.presets.lastQuarter }).click();
  const quarter = lastQuarter(today);
  await expect(trigger(page)).toHaveAccessibleName(`Time period: ${monthLabel(quarter.previous)} - ${monthLabel(quarter.current)}`);
  await expect(page.getByRole('group', { name: 'All markets: Matched Addressable stacked by audience, 3 months' })).toBeVisible();
});

test('the 13-month refusal: a range of 15 months turns range mode off with the §5 message', async ({ page }) => {
  test.setTimeout(120_000);
  await logInAs(page, USERS.admin);
  const { chart, today } = await chartWithFifteenMonths(page);
  await page.goto(measureOf(chart.id));
  await expect(page.getByRole('heading', { name: OUTCOMES_TEXT.header })).toBeVisible({ timeout: 30_000 });

  // 14 months apart (15 months) is over the limit; the months before the first have no data.
  const first = addMonths(today, -15);
  const last = addMonths(today, -1);
  const dialog = await openPicker(page);
  await clickMonth(page, first);
  await expect(await monthButton(page, addMonths(first, -1))).toBeDisabled();
  await page.keyboard.press('Escape');
  await expect(dialog).toBeHidden();
  await chooseRange(page, first, last);

  await expect(page.getByRole('alert').filter({ hasText: OUTCOMES_TEXT.rangeTooLong })).toBeVisible();
  await expect(trigger(page)).toHaveAccessibleName(`Time period: ${monthLabel(first)} to ${monthLabel(last)}`);
  await expect(page.getByRole('button', { name: OUTCOMES_TEXT.view, exact: true })).toHaveCount(0);
  await openPicker(page);
  await expect(picker(page).getByRole('radio', { name: OUTCOMES_TEXT.comparison })).toBeChecked();
  await page.keyboard.press('Escape');

  // 13 months apart is still allowed: range mode again, 13 stacks (the most the chart shows, §9).
  await chooseRange(page, addMonths(today, -14), last);
  await expect(trigger(page)).toHaveAccessibleName(`Time period: ${monthLabel(addMonths(today, -14))} - ${monthLabel(last)}`);
  await expect(page.getByRole('group', { name: /Matched Addressable stacked by audience, 13 months$/ }).first()).toBeVisible();
});
