import { expect, test, type Locator, type Page } from '@playwright/test';
import { OUTCOMES_TEXT, monthLabel, monthName, monthTitle, type YearMonth } from '../../src/shared/rules/outcomes';
import { CONTEXT, apiOf, apiSession, baseUrlOf, chartWith, tile, type Chart } from './grow-helpers';
import { USERS, csrfOf, logInAs, unique, withoutPermission } from './helpers';
import { measureOf, outcomesApi, waitForDemoDataFirst } from './measure-helpers';

// Issue 18, "Timeframes admin" (spec 3 §2.5 Admin Outcomes panel, §4 timeframe card and new
// timeframe, §5, §6 Measure): adding a timeframe for a past month, editing a market's and an
// audience's figure and keeping them over a reload, Cancel restoring the copy, deleting after a
// confirmation; a viewer has no Timeframe Settings.

const GLOBEX = 'globex/us/globex-auto/roadster';
const panelOf = (page: Page) => page.getByRole('dialog', { name: OUTCOMES_TEXT.panelTitle });
const card = (panel: Locator, month: YearMonth) => panel.getByRole('region', { name: monthTitle(month) });
const rowOf = (scope: Locator, name: string) => scope.getByRole('row').filter({ has: scope.page().getByRole('rowheader', { name, exact: true }) });
const people = (n: number) => n.toLocaleString('en-US');
/** A notice (the toast's title; an earlier one with the same words may still be up). */
const toast = (page: Page, text: string) => page.getByText(text, { exact: true }).last();

async function openSettings(page: Page) {
  await expect(page.getByRole('heading', { name: OUTCOMES_TEXT.header })).toBeVisible({ timeout: 30_000 });
  await expect(page.getByRole('button', { name: /^Time period:/ })).toBeVisible({ timeout: 30_000 });
  await page.getByRole('button', { name: /^Time period:/ }).click();
  await page.getByRole('button', { name: OUTCOMES_TEXT.settings }).click();
  const panel = panelOf(page);
  await expect(panel).toBeVisible();
  return panel;
}

async function expandCard(panel: Locator, month: YearMonth) {
  const title = card(panel, month).getByRole('button', { name: monthTitle(month) });
  if ((await title.getAttribute('aria-expanded')) !== 'true') await title.click();
  await expect(title).toHaveAttribute('aria-expanded', 'true');
}

async function expandMarket(scope: Locator, market: string) {
  const toggle = scope.getByRole('rowheader', { name: market, exact: true }).getByRole('button');
  if ((await toggle.getAttribute('aria-expanded')) !== 'true') await toggle.click();
  await expect(toggle).toHaveAttribute('aria-expanded', 'true');
}

waitForDemoDataFirst();

test('add a timeframe for a past month, edit a market and an audience, keep them over a reload, cancel, delete', async ({ page }) => {
  test.setTimeout(120_000);
  await logInAs(page, USERS.admin);
  const grow = await apiOf(page);
  const outcomes = outcomesApi(page.request, await csrfOf(page), CONTEXT);
  const chart: Chart = await chartWith(grow, unique('measure-settings'), [
    { name: 'Soda', audiences: [{ name: 'Teens', segment: null }, { name: 'Parents', segment: null }] },
    { name: 'Water', audiences: [{ name: 'Runners', segment: null }] },
  ]);
  const soda = chart.markets.find((m) => m.name === 'Soda')!;
  const teens = soda.sub_markets.find((a) => a.name === 'Teens')!;
  const { today } = (await outcomes.timeframes(chart.id)).meta;
  // The month before this one: past, so it may be added (decision 014), and it becomes Measure's previous month.
  const last: YearMonth = today.month === 1 ? { year: today.year - 1, month: 12 } : { year: today.year, month: today.month - 1 };

  await page.goto(measureOf(chart.id));
  const panel = await openSettings(page);
  await expect(panel).toHaveCSS('width', '800px');

  // 'Select year to view': this year and the nine before; the current month has no actions.
  const year = panel.getByLabel(OUTCOMES_TEXT.selectYear);
  await expect(year.locator('option')).toHaveText(Array.from({ length: 10 }, (_, i) => String(today.year - i)));
  await expect(year).toHaveValue(String(today.year));
  await year.selectOption(String(last.year));
  const current = card(panel, today);
  if (last.year === today.year) {
    await expect(current.getByText(OUTCOMES_TEXT.currentTimeframe)).toBeVisible();
    await expect(current.getByRole('button', { name: OUTCOMES_TEXT.edit })).toHaveCount(0);
    await expect(current.getByRole('button', { name: OUTCOMES_TEXT.delete })).toHaveCount(0);
  }

  // New Timeframe: the year's past months without a timeframe, the first chosen; Cancel discards.
  await panel.getByRole('button', { name: OUTCOMES_TEXT.addTimeframe }).click();
  const form = panel.getByRole('form', { name: OUTCOMES_TEXT.newTimeframe });
  const month = form.getByLabel(OUTCOMES_TEXT.selectMonth);
  await expect(month.locator('option')).toHaveText(Array.from({ length: last.month }, (_, i) => monthName(i + 1)));
  await expect(month).toHaveValue('1');
  await form.getByRole('button', { name: OUTCOMES_TEXT.cancel }).click();
  await expect(form).toHaveCount(0);
  await expect(card(panel, { year: last.year, month: 1 })).toHaveCount(0);

  // Apply adds last month with zero figures; it travels zero-based and comes back one-based.
  await panel.getByRole('button', { name: OUTCOMES_TEXT.addTimeframe }).click();
  await month.selectOption(monthName(last.month));
  await form.getByRole('button', { name: OUTCOMES_TEXT.apply }).click();
  await expect(form).toHaveCount(0);
  await expect(card(panel, last)).toBeVisible();
  await expect(toast(page, OUTCOMES_TEXT.saved(monthTitle(last)))).toBeVisible();
  await expect.poll(async () => (await outcomes.timeframes(chart.id)).data.filter((t) => t.id !== null).map((t) => [t.year, t.month, t.total, t.matched])).toEqual([[last.year, last.month, 0, 0]]);
  const createdVersion = (await outcomes.timeframes(chart.id)).data.find((t) => t.id !== null)!.version;

  // Edit: numeric inputs refusing signs and exponents; a bad figure is named and blocks Save.
  const added = card(panel, last);
  await added.getByRole('button', { name: OUTCOMES_TEXT.edit }).click();
  await expandCard(panel, last);
  const sodaMatched = added.getByRole('spinbutton', { name: `Soda: ${OUTCOMES_TEXT.columns.matched}` });
  await expect(sodaMatched).toHaveValue('0');
  await sodaMatched.fill('');
  await expect(added.getByRole('alert')).toHaveText('Enter a number.');
  await expect(added.getByRole('button', { name: OUTCOMES_TEXT.save })).toBeDisabled();
  // The chart's Matched first: a market may not have more people than its chart (decision 014).
  await added.getByRole('spinbutton', { name: `${OUTCOMES_TEXT.chartTotal}: ${OUTCOMES_TEXT.columns.matched}` }).fill('2000');
  await sodaMatched.pressSequentially('12-e+.34');
  await expect(sodaMatched).toHaveValue('1234');
  await expect(added.getByRole('alert')).toHaveCount(0);
  await expandMarket(added, 'Soda');
  const teensMatched = added.getByRole('spinbutton', { name: `Soda > Teens: ${OUTCOMES_TEXT.columns.matched}` });
  await teensMatched.fill('567');
  await added.getByRole('button', { name: OUTCOMES_TEXT.save }).click();
  // Save leaves edit mode once queued, and the card shows the figures.
  await expect(added.getByRole('button', { name: OUTCOMES_TEXT.edit })).toBeVisible();
  await expect(added.getByRole('spinbutton')).toHaveCount(0);
  await expect(rowOf(added, 'Soda')).toContainText(people(1234));
  await expect(rowOf(added, 'Teens')).toContainText(people(567));
  await expect(toast(page, OUTCOMES_TEXT.saved(monthTitle(last)))).toBeVisible();
  await expect.poll(async () => {
    const stored = (await outcomes.timeframes(chart.id)).data.find((t) => t.id !== null)!;
    return [stored.market_outcomes.find((m) => m.market_id === soda.id)?.matched, stored.submarket_outcomes.find((s) => s.sub_market_id === teens.id)?.matched, stored.version];
  }).toEqual([1234, 567, createdVersion + 1]);

  // Kept over a reload: in the info boxes (last month is Measure's previous month, on Matched
  // Addressable) for the market and for the audience selected in the mekko, and in the panel.
  await page.reload();
  await expect(page.getByRole('button', { name: /^Time period:/ })).toContainText(`${monthLabel(last)} to ${monthLabel(today)}`, { timeout: 30_000 });
  const previousBox = page.getByRole('region', { name: OUTCOMES_TEXT.previousPopulation(monthLabel(last)) });
  await page.getByRole('group', { name: 'Soda' }).getByRole('button', { name: 'Soda', exact: true }).click();
  await expect(previousBox).toContainText(people(1234));
  await tile(page, 'Teens').click();
  await expect(previousBox).toContainText(people(567));
  const again = await openSettings(page);
  await again.getByLabel(OUTCOMES_TEXT.selectYear).selectOption(String(last.year));
  const kept = card(again, last);
  await expandCard(again, last);
  await expandMarket(kept, 'Soda');
  await expect(rowOf(kept, 'Soda')).toContainText(people(1234));
  await expect(rowOf(kept, 'Teens')).toContainText(people(567));

  // Cancel restores the copy taken at Edit; nothing is sent.
  await kept.getByRole('button', { name: OUTCOMES_TEXT.edit }).click();
  await kept.getByRole('spinbutton', { name: `Soda: ${OUTCOMES_TEXT.columns.matched}` }).fill('9999');
  await kept.getByRole('spinbutton', { name: `Soda > Teens: ${OUTCOMES_TEXT.columns.total}` }).fill('42');
  await kept.getByRole('button', { name: OUTCOMES_TEXT.cancel }).click();
  await expect(kept.getByRole('spinbutton')).toHaveCount(0);
  await expect(rowOf(kept, 'Soda')).toContainText(people(1234));
  await expect(rowOf(kept, 'Soda')).not.toContainText(people(9999));
  await expect(rowOf(kept, 'Teens')).not.toContainText('42');
  expect((await outcomes.timeframes(chart.id)).data.find((t) => t.id !== null)!.version).toBe(createdVersion + 1);

  // Delete asks first: Cancel keeps it, Delete removes it.
  await kept.getByRole('button', { name: OUTCOMES_TEXT.delete }).click();
  const confirm = page.getByRole('alertdialog', { name: OUTCOMES_TEXT.deleteConfirmTitle });
  await expect(confirm).toContainText(OUTCOMES_TEXT.deleteConfirm(monthTitle(last)));
  await confirm.getByRole('button', { name: 'Cancel' }).click();
  await expect(confirm).toHaveCount(0);
  await expect(kept).toBeVisible();
  await kept.getByRole('button', { name: OUTCOMES_TEXT.delete }).click();
  await confirm.getByRole('button', { name: OUTCOMES_TEXT.delete }).click();
  await expect(kept).toHaveCount(0);
  await expect(toast(page, OUTCOMES_TEXT.deleted(monthTitle(last)))).toBeVisible();
  await expect.poll(async () => (await outcomes.timeframes(chart.id)).data.filter((t) => t.id !== null)).toEqual([]);
});

test('a market above its chart is refused before it is sent, with the rule in the message (issue 27, decision 014)', async ({ page }) => {
  await logInAs(page, USERS.admin);
  const grow = await apiOf(page);
  const outcomes = outcomesApi(page.request, await csrfOf(page), CONTEXT);
  const chart: Chart = await chartWith(grow, unique('measure-levels'), [{ name: 'Soda', audiences: [{ name: 'Teens', segment: null }] }]);
  const { today } = (await outcomes.timeframes(chart.id)).meta;
  const last: YearMonth = today.month === 1 ? { year: today.year - 1, month: 12 } : { year: today.year, month: today.month - 1 };
  await outcomes.addTimeframe(chart, last, { Teens: { total: 1_200_000, matched: 1_000, modeled: 1_000 } });

  await page.goto(measureOf(chart.id));
  const panel = await openSettings(page);
  await panel.getByLabel(OUTCOMES_TEXT.selectYear).selectOption(String(last.year));
  const edited = card(panel, last);
  await edited.getByRole('button', { name: OUTCOMES_TEXT.edit }).click();
  await expandCard(panel, last);
  const sodaTotal = edited.getByRole('spinbutton', { name: `Soda: ${OUTCOMES_TEXT.columns.total}` });
  await sodaTotal.fill('5000000');
  await expect(edited.getByRole('alert')).toHaveText("Soda's Total Population (5,000,000) is more than the chart's (1,200,000): a market cannot have more people than its chart.");
  await expect(sodaTotal).toHaveAttribute('aria-invalid', 'true');
  await expect(edited.getByRole('button', { name: OUTCOMES_TEXT.save })).toBeDisabled();
  await sodaTotal.fill('1200000');
  await expect(edited.getByRole('alert')).toHaveCount(0);
  await expect(edited.getByRole('button', { name: OUTCOMES_TEXT.save })).toBeEnabled();
});

test('a viewer has no Timeframe Settings, and the API refuses their timeframe', async ({ page, playwright }, testInfo) => {
  test.setTimeout(60_000);
  // The admin (who sees every client) makes a chart in globex, the viewer's client.
  const admin = await apiSession(playwright, baseUrlOf(testInfo), USERS.admin.email, GLOBEX);
  let chart: Chart;
  try {
    chart = await chartWith(admin.api, unique('measure-viewer'), [{ name: 'Cars', audiences: [{ name: 'Commuters', segment: null }] }]);
  } finally {
    await admin.dispose();
  }

  await logInAs(page, USERS.viewer);
  const outcomes = outcomesApi(page.request, await csrfOf(page), GLOBEX);
  const { today } = (await outcomes.timeframes(chart.id)).meta;
  expect(await outcomes.createStatus(chart.id, today.year - 1, 0)).toBe(403);

  await page.goto(measureOf(chart.id, '', GLOBEX));
  await expect(page.getByRole('heading', { name: OUTCOMES_TEXT.header })).toBeVisible({ timeout: 30_000 });
  await page.getByRole('button', { name: /^Time period:/ }).click();
  await expect(page.getByRole('dialog', { name: 'Choose the time period' }).or(page.getByLabel('Choose the time period'))).toBeVisible();
  await expect(page.getByRole('button', { name: OUTCOMES_TEXT.settings })).toHaveCount(0);
  await expect(panelOf(page)).toHaveCount(0);
});

test('without destroy an analyst edits but cannot delete; Record this month queues the recording', async ({ page }) => {
  test.setTimeout(60_000);
  await withoutPermission(page, 'outcome_timeframes', 'destroy');
  await logInAs(page, USERS.analyst);
  const grow = await apiOf(page);
  const outcomes = outcomesApi(page.request, await csrfOf(page), CONTEXT);
  const chart = await chartWith(grow, unique('measure-analyst'), [{ name: 'Juice', audiences: [{ name: 'Kids', segment: null }] }]);
  const { today } = (await outcomes.timeframes(chart.id)).meta;
  const old: YearMonth = { year: today.year - 1, month: 3 };
  expect(await outcomes.createStatus(chart.id, old.year, 2)).toBe(201);

  await page.goto(measureOf(chart.id));
  const panel = await openSettings(page);
  await panel.getByLabel(OUTCOMES_TEXT.selectYear).selectOption(String(old.year));
  const march = card(panel, old);
  await expect(march.getByRole('button', { name: OUTCOMES_TEXT.edit })).toBeVisible();
  await expect(march.getByRole('button', { name: OUTCOMES_TEXT.delete })).toHaveCount(0);
  // A year of nine months left: the New Timeframe form lists them, March taken.
  await panel.getByRole('button', { name: OUTCOMES_TEXT.addTimeframe }).click();
  const months = panel.getByRole('form', { name: OUTCOMES_TEXT.newTimeframe }).getByLabel(OUTCOMES_TEXT.selectMonth).locator('option');
  await expect(months).toHaveText(Array.from({ length: 12 }, (_, i) => monthName(i + 1)).filter((m) => m !== 'March'));

  await panel.getByRole('button', { name: OUTCOMES_TEXT.recordMonth }).click();
  await expect(toast(page, OUTCOMES_TEXT.recordQueued(monthTitle(today)))).toBeVisible();
});
