import { and, eq, inArray } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { addMonths, monthIndex, monthOf, type YearMonth } from '../../src/shared/rules/outcomes';
import { outcomeTimeframesResponseSchema, type OutcomeTimeframe } from '../../src/shared/schemas/outcomes';
import { markets, mekkos, outcomeTimeframes } from '../../src/server/db/schema';
import { DEMO_GROW_CHARTS } from '../../src/server/db/demo-grow';
import { closedAt, completeOutcomesDemo, completeOutcomesDemoOf, DEMO_OUTCOMES } from '../../src/server/db/demo-outcomes';
import { ACME_PRODUCT, ADMIN, buildTestApp, login } from './helper';

describe('the Outcomes Measure demo data', async () => {
  const { app, database } = await buildTestApp({}, { jobs: false });
  const db = database.db;
  const admin = await login(app, ADMIN);
  const today = monthOf(new Date());

  const chartId = async (name: string) => {
    const [row] = await db.select({ id: mekkos.id }).from(mekkos).where(eq(mekkos.name, name));
    expect(row, name).toBeDefined();
    return row!.id;
  };
  const charts = await Promise.all(DEMO_OUTCOMES.charts.map(async (c) => ({ ...c, id: await chartId(c.name) })));
  const stored = async () => db.select({ id: outcomeTimeframes.id, mekkoId: outcomeTimeframes.mekkoId }).from(outcomeTimeframes).where(inArray(outcomeTimeframes.mekkoId, charts.map((c) => c.id)));

  const timeframes = async (mekkoId: number): Promise<OutcomeTimeframe[]> => {
    const res = await admin.request({ method: 'GET', url: `/api/mekkos/${mekkoId}/outcome-timeframes`, context: ACME_PRODUCT });
    expect(res.statusCode, res.body).toBe(200);
    return outcomeTimeframesResponseSchema.parse(res.json()).data;
  };
  const marketId = async (mekkoId: number, name: string) => {
    const [row] = await db.select({ id: markets.id }).from(markets).where(and(eq(markets.mekkoId, mekkoId), eq(markets.name, name)));
    return row!.id;
  };
  const marketTotal = (t: OutcomeTimeframe, id: number) => t.market_outcomes.find((m) => m.market_id === id)!.total;
  const at = (list: OutcomeTimeframe[], m: YearMonth) => list.find((t) => t.year === m.year && t.month === m.month)!;

  it('writes nothing while the region has no data (rather than zeros): the counter says not ready', async () => {
    expect(await completeOutcomesDemo(db, () => Promise.resolve(null))).toEqual([]);
    expect(await stored()).toEqual([]);
  });

  it('gives both fizz-original charts the 23 months before the current one once the data is ready', async () => {
    expect(charts.map((c) => c.name).sort()).toEqual(DEMO_GROW_CHARTS.filter((c) => c.product === 'fizz-original').map((c) => c.name).sort());
    const made = await completeOutcomesDemoOf(app);
    expect(made.sort()).toEqual(charts.map((c) => `${c.name}: 23 months`).sort());
  });

  it('lists 24 consecutive months per chart, newest first: the synthesised current month, then 23 months the month-close job recorded', async () => {
    for (const c of charts) {
      const list = await timeframes(c.id);
      expect(list, c.name).toHaveLength(24);
      expect(list[0]).toMatchObject({ id: null, current: true, source: 'synthesised', year: today.year, month: today.month });
      list.forEach((t, i) => expect(monthIndex(t), `${c.name} #${i}`).toBe(monthIndex(today) - i));
      for (const t of list.slice(1)) {
        expect(t).toMatchObject({ current: false, source: 'recorded', version: 1 });
        expect(t.id).not.toBeNull();
        expect(new Date(t.recorded_at!).toISOString()).toBe(closedAt(t).toISOString());
        // A market's Total Population is its audiences'; the chart's its markets'.
        for (const m of t.market_outcomes) expect(m.total).toBe(t.submarket_outcomes.filter((s) => s.market_id === m.market_id).reduce((a, s) => a + s.total, 0));
        expect(t.total).toBe(t.market_outcomes.reduce((a, m) => a + m.total, 0));
        for (const f of [t, ...t.market_outcomes, ...t.submarket_outcomes].flatMap((r) => [r.total, r.matched, r.modeled])) expect(Number.isInteger(f) && f >= 0).toBe(true);
      }
      // The history meets today's figures: last month is within a few percent of the current one.
      expect(Math.abs(list[1]!.total / list[0]!.total - 1), c.name).toBeLessThan(0.06);
      expect(list[0]!.matched, `${c.name}: counted`).toBeGreaterThan(0);
      expect(Math.abs(list[1]!.matched / list[0]!.matched - 1), c.name).toBeLessThan(0.08);
    }
  });

  it('has a growing, a shrinking and a summer-peaking market per chart, and flat ones', async () => {
    for (const c of charts) {
      const list = await timeframes(c.id);
      const yearAgo = addMonths(today, -12);
      for (const [name, trend] of Object.entries(c.trends)) {
        const id = await marketId(c.id, name);
        const change = marketTotal(list[0]!, id) / marketTotal(at(list, yearAgo), id);
        if (trend.kind === 'trend' && trend.monthly > 0) expect(change, `${c.name} / ${name} grows over the year`).toBeGreaterThan(1.15);
        if (trend.kind === 'trend' && trend.monthly < 0) expect(change, `${c.name} / ${name} shrinks over the year`).toBeLessThan(0.9);
        if (trend.kind === 'seasonal') {
          // The twelve stored months ending last month: the highest is in summer.
          const year = list.slice(1, 13);
          const peak = year.reduce((best, t) => (marketTotal(t, id) > marketTotal(best, id) ? t : best));
          expect([6, 7, 8], `${c.name} / ${name} peaks in summer`).toContain(peak.month);
        }
      }
      const flat = (await db.select({ id: markets.id, name: markets.name }).from(markets).where(eq(markets.mekkoId, c.id))).filter((m) => !(m.name in c.trends));
      expect(flat.length).toBeGreaterThan(0);
      for (const m of flat) {
        const totals = list.map((t) => marketTotal(t, m.id));
        expect(Math.max(...totals) / Math.min(...totals), `${c.name} / ${m.name} is flat`).toBeLessThan(1.05);
      }
    }
  });

  it('is idempotent: run again it adds nothing; a missing month is filled, an entered one left as typed', async () => {
    const before = await stored();
    expect(before).toHaveLength(46);
    expect(await completeOutcomesDemoOf(app)).toEqual([]);
    expect(await stored()).toHaveLength(46);

    const [first] = charts;
    const lastMonth = addMonths(today, -1);
    const twoAgo = addMonths(today, -2);
    await db.update(outcomeTimeframes).set({ total: 123, source: 'entered' }).where(and(eq(outcomeTimeframes.mekkoId, first!.id), eq(outcomeTimeframes.year, lastMonth.year), eq(outcomeTimeframes.month, lastMonth.month)));
    await db.delete(outcomeTimeframes).where(and(eq(outcomeTimeframes.mekkoId, first!.id), eq(outcomeTimeframes.year, twoAgo.year), eq(outcomeTimeframes.month, twoAgo.month)));
    expect(await completeOutcomesDemoOf(app)).toEqual([`${first!.name}: 1 month`]);
    const list = await timeframes(first!.id);
    expect(list).toHaveLength(24);
    expect(at(list, lastMonth)).toMatchObject({ total: 123, source: 'entered' });
    expect(at(list, twoAgo)).toMatchObject({ source: 'recorded' });
  });
});
