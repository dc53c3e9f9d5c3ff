import { expect, test, type Page } from '@playwright/test';
import { OUTCOMES_TEXT, addMonths, monthKey } from '../../src/shared/rules/outcomes';
import { tile, waitForDemoData } from './grow-helpers';
import { USERS, logInAs, unique } from './helpers';
import { chartWithTimeframes, matched, measureOf } from './measure-helpers';

// Issue 18: the percent-change badge on Measure's tiles is readable on every tag colour and in
// either theme (text against its chip at least 4.5:1, an arrow green up and red down), and it never
// covers a tile's name or count, on short tiles too.

const MARKETS = [{ name: 'Sparkling', audiences: ['Occasional sparkling water drinkers', 'Lapsed', 'Steady'] }];
/** Matched figures: up 25 %, down 40 % on a short tile, flat. */
const BEFORE = { 'Occasional sparkling water drinkers': matched(8_000), Lapsed: matched(1_000), Steady: matched(2_000) };
const AFTER = { 'Occasional sparkling water drinkers': matched(10_000), Lapsed: matched(600), Steady: matched(2_000) };

const luminance = (rgb: number[]) => {
  const [r, g, b] = rgb.map((v) => { const c = v / 255; return c <= 0.03928 ? c / 12.92 : ((c + 0.055) / 1.055) ** 2.4; });
  return 0.2126 * (r ?? 0) + 0.7152 * (g ?? 0) + 0.0722 * (b ?? 0);
};
const contrast = (a: number[], b: number[]) => {
  const [hi, lo] = [luminance(a), luminance(b)].sort((x, y) => y - x);
  return ((hi ?? 0) + 0.05) / ((lo ?? 0) + 0.05);
};
const rgbOf = (css: string) => (css.match(/[\d.]+/g) ?? []).slice(0, 3).map(Number);

interface Box { x: number; y: number; width: number; height: number }
const overlaps = (a: Box, b: Box) => a.x < b.x + b.width && b.x < a.x + a.width && a.y < b.y + b.height && b.y < a.y + a.height;

async function badgeOf(page: Page, name: string) {
  const box = page.locator('.audience-tile').filter({ has: tile(page, name) });
  const badge = box.locator('.audience-tile__badge');
  await expect(badge).toBeVisible();
  const styles = await badge.evaluate((el) => {
    const arrow = el.querySelector('.audience-tile__badge-arrow');
    return {
      chip: getComputedStyle(el).backgroundColor,
      text: getComputedStyle(el).color,
      arrow: arrow ? getComputedStyle(arrow).color : null,
      clipped: el.scrollWidth > el.clientWidth + 1,
    };
  });
  const badgeBox = await badge.boundingBox();
  const texts: Box[] = [];
  for (const part of await box.locator('.audience-tile__name, .audience-tile__count').all()) {
    const b = await part.boundingBox();
    if (b) texts.push(b);
  }
  return { box, styles, badgeBox, texts };
}

test.beforeAll(async ({ playwright }, testInfo) => {
  test.setTimeout(180_000);
  await waitForDemoData(playwright, testInfo);
});

for (const theme of ['dark', 'light'] as const) {
  test(`${theme} theme: every badge reads at 4.5:1 or more, with its arrow by direction, and covers no name or count`, async ({ page }) => {
    test.setTimeout(120_000);
    await logInAs(page, USERS.admin);
    const { chart, today } = await chartWithTimeframes(page, unique('badge'), MARKETS, (t) => [
      { month: addMonths(t, -3), figures: BEFORE },
      { month: addMonths(t, -2), figures: AFTER },
    ]);
    await page.goto(measureOf(chart.id, `previous=${monthKey(addMonths(today, -3))}&current=${monthKey(addMonths(today, -2))}`));
    await expect(page.getByRole('heading', { name: OUTCOMES_TEXT.header })).toBeVisible({ timeout: 30_000 });
    await page.evaluate((t) => document.documentElement.setAttribute('data-theme', t), theme);

    const cases = [
      { name: 'Occasional sparkling water drinkers', text: '+25.0%', arrow: '▲', rgb: [0x16, 0x65, 0x34] },
      { name: 'Lapsed', text: '-40.0%', arrow: '▼', rgb: [0xb4, 0x23, 0x18] },
      { name: 'Steady', text: '0.0%', arrow: null, rgb: null },
    ];
    for (const c of cases) {
      const { box, styles, badgeBox, texts } = await badgeOf(page, c.name);
      await expect(box.locator('.audience-tile__badge')).toHaveText(`${c.arrow ?? ''}${c.text}`);
      expect(contrast(rgbOf(styles.text), rgbOf(styles.chip)), `${c.name}: text on chip`).toBeGreaterThanOrEqual(4.5);
      if (c.rgb) {
        expect(rgbOf(styles.arrow ?? '')).toEqual(c.rgb);
        expect(contrast(rgbOf(styles.arrow ?? ''), rgbOf(styles.chip)), `${c.name}: arrow on chip`).toBeGreaterThanOrEqual(4.5);
      }
      expect(styles.clipped, `${c.name}: the chip holds its text`).toBe(false);
      expect(badgeBox).not.toBeNull();
      expect(texts.length, `${c.name}: the tile still writes its name`).toBeGreaterThan(0);
      for (const t of texts) expect(overlaps(badgeBox as Box, t), `${c.name}: badge clear of the name and count`).toBe(false);
    }
    // The down tile is a short one (600 of 12,600): the case the badge used to cover.
    await expect(page.locator('.audience-tile').filter({ has: tile(page, 'Lapsed') })).toHaveClass(/audience-tile--short/);
  });
}
