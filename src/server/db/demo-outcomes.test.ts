import { describe, expect, it } from 'vitest';
import { addMonths, figureHierarchyProblems, monthIndex, type YearMonth } from '@shared/rules/outcomes';
import { DEMO_GROW_CHARTS } from './demo-grow';
import { DEMO_OUTCOMES, pastOutcomeMonths, type ChartShape, type CurrentFigures, type MarketTrend, type OutcomeMonthFigures } from './demo-outcomes';

// A 4-market chart: growing, shrinking, seasonal (July), flat; audiences' Matched ~30 % and Modeled ~50 % of their population.
const chart: ChartShape = {
  markets: [
    { id: 10, audiences: [101, 102] },
    { id: 20, audiences: [201, 202, 203] },
    { id: 30, audiences: [301] },
    { id: 40, audiences: [401, 402] },
  ],
};
const populations: Record<number, number> = { 101: 8_400_000, 102: 12_600_000, 201: 5_100_000, 202: 9_800_000, 203: 11_200_000, 301: 7_300_000, 401: 6_900_000, 402: 4_700_000 };
const submarkets = chart.markets.flatMap((m) => m.audiences.map((id) => ({ sub_market_id: id, market_id: m.id, total: populations[id]!, matched: Math.round(populations[id]! * 0.3), modeled: Math.round(populations[id]! * 0.5) })));
const markets = chart.markets.map((m) => {
  const rows = submarkets.filter((s) => s.market_id === m.id);
  const total = rows.reduce((a, r) => a + r.total, 0);
  // A market's union is less than its audiences' sum (they overlap).
  return { market_id: m.id, total, matched: Math.round(rows.reduce((a, r) => a + r.matched, 0) * 0.8), modeled: Math.round(rows.reduce((a, r) => a + r.modeled, 0) * 0.9) };
});
const current: CurrentFigures = {
  total: markets.reduce((a, m) => a + m.total, 0),
  matched: Math.round(markets.reduce((a, m) => a + m.matched, 0) * 0.7),
  modeled: Math.round(markets.reduce((a, m) => a + m.modeled, 0) * 0.75),
  market_outcomes: markets,
  submarket_outcomes: submarkets,
};
const trends = new Map<number, MarketTrend>([
  [10, { kind: 'trend', monthly: 0.02 }],
  [20, { kind: 'trend', monthly: -0.015 }],
  [30, { kind: 'seasonal', amplitude: 0.15, peakMonth: 7 }],
]);
const today: YearMonth = { year: 2026, month: 3 };
const generate = (seed: string | number = 'test', at = today) => pastOutcomeMonths({ current, chart, today: at, trends, seed });
const market = (m: OutcomeMonthFigures, id: number) => m.market_outcomes.find((r) => r.market_id === id)!;

describe('pastOutcomeMonths: the demo history generated backwards from the current month', () => {
  const months = generate();

  it('gives the 23 months before the current one, consecutive, oldest first', () => {
    expect(months).toHaveLength(23);
    expect(months[0]).toMatchObject({ year: 2024, month: 4 });
    expect(months[22]).toMatchObject({ year: 2026, month: 2 });
    months.forEach((m, i) => expect(monthIndex(m)).toBe(monthIndex(today) - 23 + i));
    // Across a year end too.
    const january = generate('test', { year: 2027, month: 1 });
    expect(january.at(-1)).toMatchObject({ year: 2026, month: 12 });
    expect(january[0]).toMatchObject({ year: 2025, month: 2 });
  });

  it('lists every market and audience of the chart, in order, every month', () => {
    for (const m of months) {
      expect(m.market_outcomes.map((r) => r.market_id)).toEqual([10, 20, 30, 40]);
      expect(m.submarket_outcomes.map((r) => [r.market_id, r.sub_market_id])).toEqual(submarkets.map((s) => [s.market_id, s.sub_market_id]));
    }
  });

  it('has whole figures, 0 or more, at all three levels', () => {
    for (const m of months) {
      const figures = [m, ...m.market_outcomes, ...m.submarket_outcomes].flatMap((r) => [r.total, r.matched, r.modeled]);
      for (const f of figures) {
        expect(Number.isInteger(f)).toBe(true);
        expect(f).toBeGreaterThanOrEqual(0);
      }
    }
    // A chart of zeros stays zeros (nothing negative, nothing divided by 0).
    const zeros = pastOutcomeMonths({ current: { ...current, total: 0, matched: 0, modeled: 0, market_outcomes: markets.map((m) => ({ ...m, total: 0, matched: 0, modeled: 0 })), submarket_outcomes: submarkets.map((s) => ({ ...s, total: 0, matched: 0, modeled: 0 })) }, chart, today, trends, seed: 1 });
    expect(zeros.flatMap((m) => [m.total, m.matched, m.modeled, ...m.market_outcomes.map((r) => r.total + r.matched + r.modeled)]).every((f) => f === 0)).toBe(true);
  });

  it('meets the current figures: the month before is within a few percent of today at every level', () => {
    const last = months.at(-1)!;
    const near = (then: number, now: number, share: number) => expect(Math.abs(then - now) / now).toBeLessThan(share);
    near(last.total, current.total, 0.05);
    near(last.matched, current.matched, 0.05);
    // A month's step: up to 2 % a month plus noise; the seasonal wave moves up to 7 % a month.
    for (const m of current.market_outcomes) near(market(last, m.market_id).total, m.total, m.market_id === 30 ? 0.08 : 0.04);
    for (const a of current.submarket_outcomes) near(last.submarket_outcomes.find((r) => r.sub_market_id === a.sub_market_id)!.modeled, a.modeled, a.market_id === 30 ? 0.1 : 0.04);
  });

  it('keeps the levels consistent: a market is the sum of its audiences (Total) or keeps its ratio to it (Matched, Modeled); the chart likewise', () => {
    for (const m of months) {
      for (const mk of current.market_outcomes) {
        const rows = m.submarket_outcomes.filter((r) => r.market_id === mk.market_id);
        const sum = (key: 'total' | 'matched' | 'modeled') => rows.reduce((a, r) => a + r[key], 0);
        expect(market(m, mk.market_id).total).toBe(sum('total'));
        // ... never under its largest audience (decision 014): the fixture's one-audience market 30 is clamped up to it.
        const kept = Math.round(sum('matched') * (mk.matched / submarkets.filter((s) => s.market_id === mk.market_id).reduce((a, s) => a + s.matched, 0)));
        expect(market(m, mk.market_id).matched).toBe(Math.max(kept, ...rows.map((r) => r.matched)));
        if (rows.length > 1) expect(market(m, mk.market_id).matched).toBeLessThan(sum('matched'));
      }
      expect(m.total).toBe(m.market_outcomes.reduce((a, r) => a + r.total, 0));
      expect(m.modeled).toBeLessThan(m.market_outcomes.reduce((a, r) => a + r.modeled, 0));
    }
  });

  it('grows the growing market (about +2 % a month) and shrinks the shrinking one (about -1.5 %)', () => {
    const series = (id: number, key: 'total' | 'matched') => [...months.map((m) => market(m, id)[key]), current.market_outcomes.find((r) => r.market_id === id)![key]];
    for (const key of ['total', 'matched'] as const) {
      const growing = series(10, key);
      const shrinking = series(20, key);
      // Over a year: 1.02^12 = 1.27; 0.985^12 = 0.83.
      expect(growing.at(-1)! / growing.at(-13)!).toBeGreaterThan(1.18);
      expect(growing.at(-1)! / growing.at(-13)!).toBeLessThan(1.36);
      expect(shrinking.at(-1)! / shrinking.at(-13)!).toBeLessThan(0.88);
      expect(shrinking.at(-1)! / shrinking.at(-13)!).toBeGreaterThan(0.78);
      // Quarter by quarter, always the same way.
      for (let i = 3; i < growing.length; i += 3) {
        expect(growing[i]!).toBeGreaterThan(growing[i - 3]!);
        expect(shrinking[i]!).toBeLessThan(shrinking[i - 3]!);
      }
    }
  });

  it('peaks the seasonal market in summer (±15 %) and keeps the flat one within its noise', () => {
    for (const year of [2024, 2025]) {
      const ofYear = months.filter((m) => m.year === year && m.month >= (year === 2024 ? 4 : 1));
      const peak = ofYear.reduce((best, m) => (market(m, 30).total > market(best, 30).total ? m : best));
      expect([6, 7, 8]).toContain(peak.month);
    }
    const seasonal = months.map((m) => market(m, 30).total);
    const swing = Math.max(...seasonal) / Math.min(...seasonal);
    expect(swing).toBeGreaterThan(1.2);
    expect(swing).toBeLessThan(1.45);
    const flat = months.map((m) => market(m, 40).total / current.market_outcomes[3]!.total);
    for (const f of flat) expect(Math.abs(f - 1)).toBeLessThan(0.02);
    expect(new Set(flat).size).toBeGreaterThan(1);
  });

  it('obeys decision 014: no audience above its market, no market above the chart, even where one audience holds its whole market (issue 27)', () => {
    const named = { markets: chart.markets.map((m) => ({ id: m.id, name: `M${m.id}`, sub_markets: m.audiences.map((id) => ({ id, name: `A${id}` })) })) };
    // Nested: each market's Matched and Modeled are its largest audience's (the others inside it), the chart's its largest market's.
    const nestedMarkets = markets.map((m) => {
      const rows = submarkets.filter((s) => s.market_id === m.market_id);
      return { ...m, matched: Math.max(...rows.map((r) => r.matched)), modeled: Math.max(...rows.map((r) => r.modeled)) };
    });
    const nested: CurrentFigures = { ...current, matched: Math.max(...nestedMarkets.map((m) => m.matched)), modeled: Math.max(...nestedMarkets.map((m) => m.modeled)), market_outcomes: nestedMarkets };
    for (const seed of ['test', 'other', 1, 2, 3]) {
      for (const input of [current, nested]) {
        for (const m of pastOutcomeMonths({ current: input, chart, today, trends, seed })) expect(figureHierarchyProblems(m, named), `${seed} ${m.year}-${m.month}`).toEqual([]);
      }
    }
  });

  it('is deterministic: the same seed gives the same months, another seed other noise', () => {
    expect(generate('test')).toEqual(months);
    expect(generate('other')).not.toEqual(months);
  });
});

describe('DEMO_OUTCOMES', () => {
  it("names both demo charts of fizz-original and, in each, a growing, a shrinking and a seasonal market that the chart has", () => {
    const fizz = DEMO_GROW_CHARTS.filter((c) => c.client === DEMO_OUTCOMES.where.client && c.region === DEMO_OUTCOMES.where.region && c.brand === DEMO_OUTCOMES.where.brand && c.product === DEMO_OUTCOMES.where.product);
    expect(DEMO_OUTCOMES.charts.map((c) => c.name).sort()).toEqual(fizz.map((c) => c.name).sort());
    for (const c of DEMO_OUTCOMES.charts) {
      const names = fizz.find((g) => g.name === c.name)!.markets.map((m) => m.name);
      const trends = Object.entries(c.trends);
      for (const [name] of trends) expect(names).toContain(name);
      expect(trends.map(([, t]) => (t.kind === 'trend' ? Math.sign(t.monthly) : t.kind)).sort()).toEqual([-1, 1, 'seasonal'].sort());
      expect(names.length).toBeGreaterThan(trends.length);
    }
    expect(DEMO_OUTCOMES.months + 1).toBe(24);
    // A use of addMonths so both ends are checked: 23 months back from March 2026 is April 2024.
    expect(addMonths({ year: 2026, month: 3 }, -DEMO_OUTCOMES.months)).toEqual({ year: 2024, month: 4 });
  });
});
