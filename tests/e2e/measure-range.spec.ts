import { expect, test, type Page } from '@playwright/test';
import { readFile } from 'node:fs/promises';
import { OUTCOMES_TEXT, addMonths, axisTickFormat, lastQuarter, monthKey, yAxisTicks, monthLabel, monthTitle, type YearMonth } from '../../src/shared/rules/outcomes';
import { USERS, logInAs, unique } from './helpers';
import { chartWithTimeframes, clickMonth, matched, measureOf, monthButton, openMeasure, openPicker, picker, trigger, waitForDemoDataFirst } from './measure-helpers';

// Issue 18, "a range of 12 months grouped by market" and "the 13-month refusal" (spec 3 §2.5
// time period selector and stacked container, §5 range limit, §9 Measure): a chart of two
// markets with 15 past months of figures set through the API, ranged over 12 months, grouped by
// market, an audience toggled by its stack; a preset; a 15-month range refused.

const MARKETS = [
  { name: 'Sparkling', audiences: ['Fans', 'Switchers'] },
  { name: 'Still', audiences: ['Runners', 'Walkers'] },
];
/** The figure an audience has in a month: k months before today, audience a (0-3) of the chart. */
const figure = (k: number, a: number) => 10_000 + a * 2_500 + (15 - k) * 300;

/** A new chart of two markets of two audiences, with the 15 months before the server's current one. */
const chartWithFifteenMonths = (page: Page) => chartWithTimeframes(page, unique('range'), MARKETS, (today) => {
  const audiences = MARKETS.flatMap((m) => m.audiences);
  return Array.from({ length: 15 }, (_, i) => 15 - i).map((k) => ({
    month: addMonths(today, -k),
    figures: Object.fromEntries(audiences.map((name, a) => [name, matched(figure(k, a))])),
  }));
});

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

waitForDemoDataFirst();

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
    // Every tick in one number format (issue 27).
    const axis = yAxisTicks(tallest).ticks;
    const ticks = plot.locator('text[transform^="translate(-10,0)"]');
    await expect(ticks).toHaveCount(12);
    await expect(ticks).toHaveText(axis.map(axisTickFormat(axis)));
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

test('a stack counts each person once: overlapping audiences share their market, the axis in one format (issue 27)', async ({ page }) => {
  await logInAs(page, USERS.admin);
  // Fans and Switchers overlap: 9,000 + 6,000 audience figures, 10,000 people in the market and the chart.
  const { chart, today } = await chartWithTimeframes(page, unique('overlap'), [{ name: 'Sparkling', audiences: ['Fans', 'Switchers'] }], (t) => [1, 2].map((k) => ({
    month: addMonths(t, -k),
    figures: { Fans: matched(9_000), Switchers: matched(6_000) },
    counted: { markets: { Sparkling: matched(10_000) }, chart: matched(10_000) },
  })));
  await openMeasure(page, chart.id, `previous=${monthKey(addMonths(today, -2))}&current=${monthKey(addMonths(today, -1))}&range=true`);
  const plot = page.getByRole('group', { name: 'All markets: Matched Addressable stacked by audience, 2 months' });
  await expect(plot).toBeVisible();
  await expect(page.getByText(OUTCOMES_TEXT.countedOnce)).toBeVisible();
  // The segments name each audience's own figure; the stack reaches the market's 10,000, not 15,000.
  const fans = plot.getByRole('img', { name: `Fans (Sparkling), ${monthLabel(addMonths(today, -1))}: 9,000` });
  const switchers = plot.getByRole('img', { name: `Switchers (Sparkling), ${monthLabel(addMonths(today, -1))}: 6,000` });
  // 12 ticks in steps of round(10,000 × 1.2 / 12) = 1,000, all in one format (thousands, as the largest is 11,000).
  const ticks = plot.locator('text[transform^="translate(-10,0)"]');
  await expect(ticks).toHaveText(['0', '1K', '2K', '3K', '4K', '5K', '6K', '7K', '8K', '9K', '10K', '11K']);
  const top = (await switchers.boundingBox())!.y;
  const bottom = (await fans.boundingBox())!;
  const tick = async (i: number) => { const b = (await ticks.nth(i).boundingBox())!; return b.y + b.height / 2; };
  expect(Math.abs(top - (await tick(10)))).toBeLessThan(2);
  expect(Math.abs(bottom.y + bottom.height - (await tick(0)))).toBeLessThan(2);
  await expect(page.getByRole('table', { name: 'All markets: Matched Addressable by month' }).getByRole('row', { name: /^Sparkling, counted once/ })).toContainText('10,000');
});

test("Measure's mekko and range chart export to SVG and PNG from what they draw (issue 27)", async ({ page }) => {
  await logInAs(page, USERS.admin);
  const { chart, today } = await chartWithTimeframes(page, unique('export'), [{ name: 'Sparkling', audiences: ['Fans', 'Switchers'] }], (t) => [2, 1].map((k) => ({
    month: addMonths(t, -k),
    figures: { Fans: matched(k === 1 ? 9_000 : 6_000), Switchers: matched(6_000) },
    counted: { markets: { Sparkling: matched(10_000) }, chart: matched(10_000) },
  })));
  const previous = monthKey(addMonths(today, -2));
  const current = monthKey(addMonths(today, -1));
  const saved = async (button: string) => {
    const [download] = await Promise.all([page.waitForEvent('download'), page.getByRole('button', { name: button }).click()]);
    const path = await download.path();
    return { name: download.suggestedFilename(), body: path ? await readFile(path) : Buffer.from('') };
  };

  // The mekko: its markets, audiences and each block's percent change.
  await openMeasure(page, chart.id, `previous=${previous}&current=${current}`);
  await expect(page.locator('.audience-tile').first()).toBeVisible();
  const mekko = await saved('Export SVG');
  expect(mekko.name).toMatch(/\.svg$/);
  const mekkoSvg = mekko.body.toString('utf8');
  for (const text of ['>Sparkling</text>', '>Fans</text>', '>+50.0%</text>', `${monthLabel(addMonths(today, -2))} to ${monthLabel(addMonths(today, -1))}`]) expect(mekkoSvg).toContain(text);
  const png = await saved('Export PNG');
  expect(png.name).toMatch(/\.png$/);
  expect(png.body.subarray(1, 4).toString('latin1')).toBe('PNG');

  // The range's stacks, with the legend's note.
  await openMeasure(page, chart.id, `previous=${previous}&current=${current}&range=true`);
  await expect(page.getByRole('group', { name: 'All markets: Matched Addressable stacked by audience, 2 months' })).toBeVisible();
  const rangeSvg = (await saved('Export SVG')).body.toString('utf8');
  expect(rangeSvg).toContain(`<title>Fans (Sparkling), ${monthLabel(addMonths(today, -1))}: 9,000</title>`);
  expect(rangeSvg).toContain('class="range-note"');
  expect((await saved('Export PNG')).body.subarray(1, 4).toString('latin1')).toBe('PNG');
});
