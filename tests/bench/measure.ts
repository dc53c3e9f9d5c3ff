/**
 * npm run bench:measure: how fast Outcomes Measure draws a 13-month range grouped by market for a
 * 6 x 5 chart (issue 18: at most 300 ms), in a real Chromium against the real server, by
 * grow-render.ts's method.
 *
 * Through the API, in acme/us/fizz-original: a chart of 6 markets x 5 audiences and a 1 x 1 chart
 * (the baseline), every audience with a matched segment of the demo data, each given the 12 months
 * before the current one (the current one is synthesised by the server): a range of 13 months.
 * Each run opens a chart's Measure page on that range, Total Population tab, grouped by none, and
 * waits until it is drawn (its chart and timeframes are then in the query cache); then 'Group by
 * Market' is chosen in the View menu (an in-app navigation of the search), timed in the page from
 * the click on the menu item until every market's chart is in the DOM with a segment for every
 * audience and month (a MutationObserver), and until the next animation frame after that (the
 * frame that paints it). The two charts alternate, so both see the same machine state.
 * Figures only; nothing fails on a time.
 */
import os from 'node:os';
import path from 'node:path';
import type { Page } from '@playwright/test';
import { addMonths, monthIndex, monthKey, monthOf, OUTCOMES_TEXT, toServerMonth, type YearMonth } from '../../src/shared/rules/outcomes';
import { fmt, launchChromium, logIn, matchedIds, median, p90, ROOT, sessionApi, startDemoServer, stop, type BenchChart as Chart } from './lib';

const DATA_DIR = path.join(ROOT, '.tmp/bench-measure-data');
const PORT = Number(process.env.MEASURE_BENCH_PORT ?? 8298);
const BASE = `http://127.0.0.1:${PORT}`;
const CONTEXT = 'acme/us/fizz-cola/fizz-original';
const MEASURE = `${BASE}/${CONTEXT}/outcomes/measure`;
const RUNS = 11;
const TARGET_MS = 300;
/** The range: the current month and the 12 before it. */
const MONTHS = 13;

type Api = Awaited<ReturnType<typeof sessionApi>>;

/**
 * A past month's timeframe with figures for every market and audience: a rising line near the
 * audiences' populations (the current month's Total Population), so no segment is empty.
 */
async function addTimeframe(api: Api, chart: Chart, month: YearMonth, step: number): Promise<void> {
  const figures = (base: number) => ({ total: base * 60 + step * 5_000, matched: base * 3 + step * 300, modeled: base * 5 + step * 500 });
  const submarkets = chart.markets.flatMap((m, i) => m.sub_markets.map((a, j) => ({ sub_market_id: a.id, market_id: m.id, ...figures(20_000 + 1_000 * i + 100 * j) })));
  const markets = chart.markets.map((m) => {
    const own = submarkets.filter((s) => s.market_id === m.id);
    return { market_id: m.id, total: own.reduce((a, s) => a + s.total, 0), matched: own.reduce((a, s) => a + s.matched, 0), modeled: own.reduce((a, s) => a + s.modeled, 0) };
  });
  await api.post(`/api/mekkos/${chart.id}/outcome-timeframes`, {
    outcome_timeframe: {
      year: month.year,
      month: toServerMonth(month.month),
      total: markets.reduce((a, m) => a + m.total, 0),
      matched: markets.reduce((a, m) => a + m.matched, 0),
      modeled: markets.reduce((a, m) => a + m.modeled, 0),
      market_outcomes_attributes: markets,
      submarket_outcomes_attributes: submarkets,
    },
  }, 201);
}

/** The server's current month (what the page's range ends at). */
async function serverToday(api: Api, chart: Chart): Promise<YearMonth> {
  return (await api.get<{ meta: { today: YearMonth } }>(`/api/mekkos/${chart.id}/outcome-timeframes`)).meta.today;
}

/**
 * In the page: is the range drawn as `charts` stacked charts of `months` months with `segments`
 * segments in all? (Installed as an init script: the page's CSP refuses eval.)
 */
function rangeDrawn(charts: number, months: number, segments: number): boolean {
  const section = [...document.querySelectorAll('section[aria-label]')].find((s) => s.getAttribute('aria-label')?.endsWith(' by month'));
  if (!section) return false;
  const drawn = [...section.querySelectorAll('svg[role="group"]')].filter((s) => s.getAttribute('aria-label')?.endsWith(`stacked by audience, ${months} months`));
  return drawn.length === charts && section.querySelectorAll('rect[data-sub-market-id]').length === segments;
}
type RangeDrawn = typeof rangeDrawn;

const view = (page: Page) => page.getByRole('button', { name: OUTCOMES_TEXT.view, exact: true });

/** The timed regrouping: the View menu is opened, then, in the page, 'Group by Market' is clicked and the drawing timed. */
async function timedGroupByMarket(page: Page, charts: number, segments: number): Promise<{ dom: number; frame: number }> {
  await view(page).click();
  await page.getByRole('menuitemradio', { name: OUTCOMES_TEXT.groupByMarket }).waitFor();
  return page.evaluate(([label, c, m, s]) => new Promise<{ dom: number; frame: number }>((resolve, reject) => {
    const isDrawn = (globalThis as unknown as { rangeDrawn: RangeDrawn }).rangeDrawn;
    const item = [...document.querySelectorAll('[role="menuitemradio"]')].find((e) => e.textContent?.trim() === label);
    if (!(item instanceof HTMLElement)) return reject(new Error(`no menu item ${label}`));
    const timeout = setTimeout(() => reject(new Error(`the range was not drawn by market within 30 s`)), 30_000);
    const observer = new MutationObserver(() => {
      if (!isDrawn(c, m, s)) return;
      const dom = performance.now() - t0;
      observer.disconnect();
      requestAnimationFrame(() => {
        clearTimeout(timeout);
        resolve({ dom, frame: performance.now() - t0 });
      });
    });
    observer.observe(document.body, { subtree: true, childList: true, attributes: true, characterData: true });
    const t0 = performance.now();
    item.click();
  }), [OUTCOMES_TEXT.groupByMarket, charts, MONTHS, segments] as const);
}

/** The chart's Measure page on the range of the 13 months ending `today`, grouped by none, drawn. */
async function openRange(page: Page, chart: Chart, today: YearMonth, segments: number) {
  const search = new URLSearchParams({ previous: monthKey(addMonths(today, -(MONTHS - 1))), current: monthKey(today), range: 'true', group: 'none', tab: 'total' });
  await page.goto(`${MEASURE}/${chart.id}?${search.toString()}`);
  await page.waitForFunction(([m, s]) => (globalThis as unknown as { rangeDrawn: RangeDrawn }).rangeDrawn(1, m, s), [MONTHS, segments] as const, { timeout: 60_000 });
}

async function main() {
  const server = await startDemoServer(DATA_DIR, PORT);
  const browser = await launchChromium();
  try {
    const page = await browser.newPage({ viewport: { width: 1600, height: 900 } });
    // tsx names inner functions with a __name helper the page does not have.
    await page.addInitScript('globalThis.__name = (f) => f');
    await page.addInitScript(`globalThis.rangeDrawn = ${rangeDrawn.toString()}`);
    await logIn(page, BASE);

    const a = await sessionApi(page, BASE, CONTEXT);
    const segments = matchedIds(await a.waitForSegments());
    const stamp = Date.now().toString(36);
    const big = await a.chart(`Bench 6 x 5 ${stamp}`, 6, 5, segments);
    const small = await a.chart(`Bench 1 x 1 ${stamp}`, 1, 1, segments);
    const today = await serverToday(a, big);
    if (monthIndex(today) !== monthIndex(monthOf(new Date()))) console.log(`  (the server's month is ${monthKey(today)})`);
    for (const chart of [big, small]) {
      for (let back = MONTHS - 1; back >= 1; back--) await addTimeframe(a, chart, addMonths(today, -back), MONTHS - back);
    }

    const cases = [
      { label: '1 x 1 chart (baseline): ', chart: small, charts: 1, segments: MONTHS },
      { label: '6 x 5 chart (6 charts): ', chart: big, charts: 6, segments: 30 * MONTHS },
    ];
    const runs = new Map(cases.map((c) => [c, { dom: [] as number[], frame: [] as number[] }]));
    for (let i = 0; i < RUNS; i++) {
      for (const c of cases) {
        await openRange(page, c.chart, today, c.segments);
        const t = await timedGroupByMarket(page, c.charts, c.segments);
        runs.get(c)!.dom.push(t.dom);
        runs.get(c)!.frame.push(t.frame);
      }
    }

    const line = (label: string, r: { dom: number[]; frame: number[] }) =>
      `  ${label} median ${fmt(median(r.frame), 0)} ms, p90 ${fmt(p90(r.frame), 0)} ms (every segment in the DOM: median ${fmt(median(r.dom), 0)} ms, p90 ${fmt(p90(r.dom), 0)} ms; min ${fmt(Math.min(...r.frame), 0)}, max ${fmt(Math.max(...r.frame), 0)})`;
    const [base, measured] = cases.map((c) => runs.get(c)!) as [{ dom: number[]; frame: number[] }, { dom: number[]; frame: number[] }];
    const bigMedian = median(measured.frame);
    const bigP90 = p90(measured.frame);
    console.log(`\nMeasure range render (issue 18): 'Group by Market' on a ${MONTHS}-month range whose data is in the query cache, until every chart and segment is drawn; ${RUNS} runs each`);
    console.log(`  (machine: ${os.cpus().length} CPUs, load average ${os.loadavg().map((l) => fmt(l, 1)).join(' / ')} over 1 / 5 / 15 min)`);
    for (const c of cases) console.log(line(c.label, runs.get(c)!));
    console.log(`  ratio 6 x 5 / 1 x 1: median ${fmt(bigMedian / median(base.frame), 2)}x, p90 ${fmt(bigP90 / p90(base.frame), 2)}x`);
    console.log(`  target ≤ ${TARGET_MS} ms (6 x 5, median): ${bigMedian <= TARGET_MS ? 'met' : 'missed'}; p90 ${fmt(bigP90, 0)} ms ${bigP90 <= TARGET_MS ? 'also within' : 'over'} the target`);
  } finally {
    await browser.close();
    await stop(server);
  }
}

await main();
