import { expect, test, type APIRequestContext, type Page } from '@playwright/test';
import { OUTCOMES_TEXT, monthTitle, toServerMonth, type YearMonth } from '../../src/shared/rules/outcomes';
import type { OutcomeTimeframe } from '../../src/shared/schemas/outcomes';
import { CONTEXT, apiOf, chartWith, waitForDemoData, type Chart } from './grow-helpers';
import { USERS, csrfOf, logInAs } from './helpers';

/**
 * Measure's browser tests set up their data as another program would: a Grow chart through the
 * Grow API, its past months through POST /api/mekkos/{id}/outcome-timeframes (months zero-based, §3).
 */

export const measureOf = (chartId: number, search = '', context = CONTEXT) => `/${context}/outcomes/measure/${chartId}${search ? `?${search}` : ''}`;

export interface Figures { total: number; matched: number; modeled: number }
/** An audience's figures in a month, by its name. */
export type MonthFigures = Record<string, Figures>;
/** A month's market figures by name and the chart's, when they are not the sums (overlapping audiences). */
export interface Counted { markets?: Record<string, Figures>; chart?: Figures }

/** The outcomes API as another program sees it (its answers as the server sends them: months one-based). */
export function outcomesApi(request: APIRequestContext, csrf: string, context = CONTEXT) {
  const headers = { 'x-csrf-token': csrf, 'x-context': context };
  const api = {
    /** A chart's timeframes, newest first, with the server's current month. */
    async timeframes(chartId: number): Promise<{ data: OutcomeTimeframe[]; meta: { today: YearMonth } }> {
      const res = await request.get(`/api/mekkos/${chartId}/outcome-timeframes`, { headers });
      expect(res.status(), await res.text()).toBe(200);
      return (await res.json()) as { data: OutcomeTimeframe[]; meta: { today: YearMonth } };
    },
    /** The server's current month (what 'current' and the presets go by). */
    async today(chartId: number): Promise<YearMonth> {
      return (await api.timeframes(chartId)).meta.today;
    },
    /** The status a new (zero) timeframe of a chart is answered with. */
    async createStatus(chartId: number, year: number, zeroBasedMonth: number): Promise<number> {
      const res = await request.post(`/api/mekkos/${chartId}/outcome-timeframes`, {
        headers: { ...headers, 'x-request-id': crypto.randomUUID() },
        data: { outcome_timeframe: { year, month: zeroBasedMonth, total: 0, matched: 0, modeled: 0, market_outcomes_attributes: [], submarket_outcomes_attributes: [] } },
      });
      return res.status();
    },
    /**
     * A past month's timeframe: each audience's figures by name; a market's are its audiences' sums
     * and the chart's the markets', unless `counted` gives them (people counted once, when audiences overlap).
     */
    async addTimeframe(chart: Chart, month: YearMonth, figures: MonthFigures, counted: Counted = {}): Promise<void> {
      const of = (name: string): Figures => figures[name] ?? { total: 0, matched: 0, modeled: 0 };
      const submarkets = chart.markets.flatMap((m) => m.sub_markets.map((s) => ({ sub_market_id: s.id, market_id: m.id, ...of(s.name) })));
      const sum = <T extends Figures>(rows: T[]) => ({
        total: rows.reduce((n, r) => n + r.total, 0), matched: rows.reduce((n, r) => n + r.matched, 0), modeled: rows.reduce((n, r) => n + r.modeled, 0),
      });
      const markets = chart.markets.map((m) => ({ market_id: m.id, ...(counted.markets?.[m.name] ?? sum(submarkets.filter((s) => s.market_id === m.id))) }));
      const res = await request.post(`/api/mekkos/${chart.id}/outcome-timeframes`, {
        headers: { ...headers, 'x-request-id': crypto.randomUUID() },
        data: { outcome_timeframe: { year: month.year, month: toServerMonth(month.month), ...(counted.chart ?? sum(markets)), market_outcomes_attributes: markets, submarket_outcomes_attributes: submarkets } },
      });
      expect(res.status(), `POST timeframe ${month.year}-${month.month}: ${await res.text()}`).toBe(201);
    },
  };
  return api;
}

/** A new chart of the given markets and audiences (no segments), with a timeframe for each month given. */
export async function chartWithTimeframes(
  page: Page,
  name: string,
  markets: { name: string; audiences: string[] }[],
  months: (today: YearMonth) => { month: YearMonth; figures: MonthFigures; counted?: Counted }[],
): Promise<{ chart: Chart; today: YearMonth }> {
  const chart = await chartWith(await apiOf(page), name, markets.map((m) => ({ name: m.name, audiences: m.audiences.map((a) => ({ name: a, segment: null })) })));
  const api = outcomesApi(page.request, await csrfOf(page));
  const today = await api.today(chart.id);
  for (const { month, figures, counted } of months(today)) await api.addTimeframe(chart, month, figures, counted);
  return { chart, today };
}

/** Matched figures only (Total and Modeled derived), for tests that read the default tab. */
export const matched = (n: number): Figures => ({ total: n * 3, matched: n, modeled: n * 2 });

export const trigger = (page: Page) => page.getByRole('button', { name: /^Time period:/ });

/** Every Measure spec waits once for the demo data (the charts' counts that the current month is made of). */
export function waitForDemoDataFirst(): void {
  test.beforeAll(async ({ playwright }, testInfo) => {
    test.setTimeout(180_000);
    await waitForDemoData(playwright, testInfo);
  });
}

/** Logged in as the admin, a new chart with a timeframe for each month given (chartWithTimeframes). */
export async function adminWithChart(page: Page, ...args: Parameters<typeof chartWithTimeframes> extends [Page, ...infer R] ? R : never) {
  await logInAs(page, USERS.admin);
  return chartWithTimeframes(page, ...args);
}

export const picker = (page: Page) => page.getByRole('dialog', { name: 'Choose the time period' });

export async function openPicker(page: Page) {
  await trigger(page).click();
  await expect(picker(page)).toBeVisible();
  return picker(page);
}

/** A month's button in the picker, paging a year at a time until its grid shows. */
export async function monthButton(page: Page, month: YearMonth) {
  const dialog = picker(page);
  const button = dialog.getByRole('button', { name: monthTitle(month), exact: true });
  for (let i = 0; i < 4 && !(await button.isVisible()); i += 1) {
    const shown = Number(await dialog.getByRole('group', { name: /^\d{4}$/ }).first().getAttribute('aria-label'));
    await dialog.getByRole('button', { name: month.year < shown ? 'Earlier year' : 'Later year' }).click();
  }
  await expect(button).toBeVisible();
  return button;
}

export async function clickMonth(page: Page, month: YearMonth) {
  const button = await monthButton(page, month);
  await expect(button).toBeEnabled();
  await button.click();
}

/** Measure on a chart, once its header is up (the page loads lazily). */
export async function openMeasure(page: Page, chartId: number, search = '', context = CONTEXT) {
  await page.goto(measureOf(chartId, search, context));
  await expect(page.getByRole('heading', { name: OUTCOMES_TEXT.header })).toBeVisible({ timeout: 30_000 });
}
