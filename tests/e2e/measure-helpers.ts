import { expect, type APIRequestContext, type Page } from '@playwright/test';
import { toServerMonth, type YearMonth } from '../../src/shared/rules/outcomes';
import { CONTEXT, apiOf, chartWith, type Chart } from './grow-helpers';
import { csrfOf } from './helpers';

/**
 * Measure's browser tests set up their data as another program would: a Grow chart through the
 * Grow API, its past months through POST /api/mekkos/{id}/outcome-timeframes (months zero-based, §3).
 */

export const measureOf = (chartId: number, search = '', context = CONTEXT) => `/${context}/outcomes/measure/${chartId}${search ? `?${search}` : ''}`;

export interface Figures { total: number; matched: number; modeled: number }
/** An audience's figures in a month, by its name. */
export type MonthFigures = Record<string, Figures>;

export function outcomesApi(request: APIRequestContext, csrf: string, context = CONTEXT) {
  const headers = { 'x-csrf-token': csrf, 'x-context': context };
  return {
    /** The server's current month (what 'current' and the presets go by). */
    async today(chartId: number): Promise<YearMonth> {
      const res = await request.get(`/api/mekkos/${chartId}/outcome-timeframes`, { headers });
      expect(res.status(), await res.text()).toBe(200);
      return ((await res.json()) as { meta: { today: YearMonth } }).meta.today;
    },
    /** A past month's timeframe: each audience's figures by name; a market's are its audiences' sums, the chart's the markets'. */
    async addTimeframe(chart: Chart, month: YearMonth, figures: MonthFigures): Promise<void> {
      const of = (name: string): Figures => figures[name] ?? { total: 0, matched: 0, modeled: 0 };
      const submarkets = chart.markets.flatMap((m) => m.sub_markets.map((s) => ({ sub_market_id: s.id, market_id: m.id, ...of(s.name) })));
      const sum = <T extends Figures>(rows: T[]) => ({
        total: rows.reduce((n, r) => n + r.total, 0), matched: rows.reduce((n, r) => n + r.matched, 0), modeled: rows.reduce((n, r) => n + r.modeled, 0),
      });
      const markets = chart.markets.map((m) => ({ market_id: m.id, ...sum(submarkets.filter((s) => s.market_id === m.id)) }));
      const res = await request.post(`/api/mekkos/${chart.id}/outcome-timeframes`, {
        headers: { ...headers, 'x-request-id': crypto.randomUUID() },
        data: { outcome_timeframe: { year: month.year, month: toServerMonth(month.month), ...sum(markets), market_outcomes_attributes: markets, submarket_outcomes_attributes: submarkets } },
      });
      expect(res.status(), `POST timeframe ${month.year}-${month.month}: ${await res.text()}`).toBe(201);
    },
  };
}

/** A new chart of the given markets and audiences (no segments), with a timeframe for each month given. */
export async function chartWithTimeframes(
  page: Page,
  name: string,
  markets: { name: string; audiences: string[] }[],
  months: (today: YearMonth) => { month: YearMonth; figures: MonthFigures }[],
): Promise<{ chart: Chart; today: YearMonth }> {
  const chart = await chartWith(await apiOf(page), name, markets.map((m) => ({ name: m.name, audiences: m.audiences.map((a) => ({ name: a, segment: null })) })));
  const api = outcomesApi(page.request, await csrfOf(page));
  const today = await api.today(chart.id);
  for (const { month, figures } of months(today)) await api.addTimeframe(chart, month, figures);
  return { chart, today };
}

/** Matched figures only (Total and Modeled derived), for tests that read the default tab. */
export const matched = (n: number): Figures => ({ total: n * 3, matched: n, modeled: n * 2 });

export const trigger = (page: Page) => page.getByRole('button', { name: /^Time period:/ });
