import { and, eq, gte, sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { addMonths, monthIndex, monthOf, type YearMonth } from '@shared/rules/outcomes';
import type { Db } from './client';
import { marketOutcomes, markets as marketsTable, mekkos, outcomeTimeframes, submarketOutcomes } from './schema';
import { Random } from '../engine/generator/random';
import { findProductScope } from '../modules/hierarchy/hierarchy-repository';
import { clientRegionId } from '../modules/insights/insights-repository';
import { chartForSynthesis, dataManagerCounter, synthesiseCurrentMonth, type OutcomeCounter } from '../modules/outcomes/outcome-synthesis';

/**
 * The demo's Outcomes Measure history (issue 18): both demo Grow charts of
 * acme/us/fizz-cola/fizz-original get the 23 months before the current one, as if the month-close
 * job had recorded each, with plausible trends per market (one growing, one shrinking, one
 * seasonal with a summer peak, the rest flat with a little noise). The months are generated
 * BACKWARDS from the chart's current month (as the server synthesises it), so the series meets
 * today's figures and every preset and the 13-month limit can be tried.
 */

// ---- the pure trend generator -------------------------------------------------------------------

export interface Figures {
  total: number;
  matched: number;
  modeled: number;
}

/** A month's figures at the three levels (a timeframe's, months one-based). */
export interface OutcomeMonthFigures extends Figures, YearMonth {
  market_outcomes: (Figures & { market_id: number })[];
  submarket_outcomes: (Figures & { sub_market_id: number; market_id: number })[];
}

/** The current month's figures: the chart's, each market's and each audience's. */
export interface CurrentFigures extends Figures {
  market_outcomes: readonly (Figures & { market_id: number })[];
  submarket_outcomes: readonly (Figures & { sub_market_id: number; market_id: number })[];
}

/** A chart's markets in order, each with its audiences' ids in order. */
export interface ChartShape {
  markets: { id: number; audiences: number[] }[];
}

export type MarketTrend =
  /** Monthly growth: 0.02 is about +2 % a month, -0.015 about -1.5 %. */
  | { kind: 'trend'; monthly: number }
  /** A yearly wave: amplitude 0.15 is ±15 % around the level, highest in peakMonth (1-12). */
  | { kind: 'seasonal'; amplitude: number; peakMonth: number }
  | { kind: 'flat' };

export const FLAT: MarketTrend = { kind: 'flat' };

export interface PastMonthsInput {
  current: CurrentFigures;
  chart: ChartShape;
  /** The current month: the generated months are the `months` before it. */
  today: YearMonth;
  /** By market id; a market without one is flat. */
  trends: ReadonlyMap<number, MarketTrend>;
  seed: string | number;
  /** How many past months (23: with the current one, two years). */
  months?: number;
  /** Month to month noise of every figure, ±this share (0.01: ±1 %). */
  noise?: number;
}

const seasonWave = (amplitude: number, peakMonth: number, month: number) => 1 + amplitude * Math.cos((2 * Math.PI * (month - peakMonth)) / 12);

/** A market's (or one of its audiences') level in `m` relative to `today` (1 in today). */
function level(trend: MarketTrend, today: YearMonth, m: YearMonth): number {
  switch (trend.kind) {
    case 'trend':
      return (1 + trend.monthly) ** (monthIndex(m) - monthIndex(today));
    case 'seasonal':
      return seasonWave(trend.amplitude, trend.peakMonth, m.month) / seasonWave(trend.amplitude, trend.peakMonth, today.month);
    case 'flat':
      return 1;
  }
}

/** Each audience follows its market's trend, a little faster or slower, so the markets are not identical lines. */
function audienceTrend(trend: MarketTrend, random: Random): MarketTrend {
  const spread = 0.8 + 0.4 * random.next();
  switch (trend.kind) {
    case 'trend':
      return { kind: 'trend', monthly: trend.monthly * spread };
    case 'seasonal':
      return { kind: 'seasonal', amplitude: Math.min(0.95, trend.amplitude * spread), peakMonth: trend.peakMonth };
    case 'flat':
      return trend;
  }
}

const whole = (n: number) => Math.max(0, Math.round(n));
const sum = (xs: readonly number[]) => xs.reduce((a, b) => a + b, 0);

/**
 * A figure of a level above its parts: its current ratio to the sum of its parts kept (a market's
 * Matched is the union of its audiences', less than their sum when they overlap); when the parts
 * are all 0 now, it follows `fallback`, its own level relative to now.
 */
const keepRatio = (now: number, partsNow: number, partsThen: number, fallback: number) =>
  whole(partsNow > 0 ? (now * partsThen) / partsNow : now * fallback);

/**
 * The `months` months before `today` (oldest first), generated backwards from `current`: each
 * audience's figures follow its market's trend times a little noise (none in `today`, so the
 * series meets the current figures); a market's Total Population is the sum of its audiences',
 * its Matched and Modeled keep their current ratio to the sum of its audiences' but are never
 * under its largest audience's (decision 014: no part above its whole); the chart's likewise to
 * its markets'. Deterministic for the same input and seed; whole numbers, 0 or more.
 */
export function pastOutcomeMonths(input: PastMonthsInput): OutcomeMonthFigures[] {
  const { current, chart, today, trends } = input;
  const months = input.months ?? 23;
  const noise = input.noise ?? 0.01;
  const random = new Random(input.seed);
  const marketNow = new Map(current.market_outcomes.map((m) => [m.market_id, m]));
  const audienceNow = new Map(current.submarket_outcomes.map((a) => [a.sub_market_id, a]));
  const zero: Figures = { total: 0, matched: 0, modeled: 0 };

  // Draws by position in the chart, not by id, so the same chart gets the same history in any database.
  const markets = chart.markets.map((market, i) => {
    const trend = trends.get(market.id) ?? FLAT;
    const stream = random.fork(`market ${i}`);
    return {
      id: market.id,
      trend,
      now: marketNow.get(market.id) ?? zero,
      audiences: market.audiences.map((id, j) => ({ id, trend: audienceTrend(trend, stream), stream: stream.fork(`audience ${j}`), now: audienceNow.get(id) ?? zero })),
    };
  });

  const wobble = (stream: Random) => 1 + noise * (2 * stream.next() - 1);
  const answer: OutcomeMonthFigures[] = [];
  for (let back = months; back >= 1; back--) {
    const m = addMonths(today, -back);
    const marketRows: OutcomeMonthFigures['market_outcomes'] = [];
    const audienceRows: OutcomeMonthFigures['submarket_outcomes'] = [];
    for (const market of markets) {
      const rows = market.audiences.map((a) => {
        const f = level(a.trend, today, m);
        return {
          sub_market_id: a.id,
          market_id: market.id,
          total: whole(a.now.total * f * wobble(a.stream)),
          matched: whole(a.now.matched * f * wobble(a.stream)),
          modeled: whole(a.now.modeled * f * wobble(a.stream)),
        };
      });
      audienceRows.push(...rows);
      const f = level(market.trend, today, m);
      const parts = (key: keyof Figures) => [sum(market.audiences.map((a) => a.now[key])), sum(rows.map((r) => r[key]))] as const;
      // Never under its largest audience (decision 014): audiences drift apart going back, so the ratio alone could put one above it.
      const atLeastParts = (key: keyof Figures, figure: number) => Math.max(figure, ...rows.map((r) => r[key]));
      marketRows.push({
        market_id: market.id,
        total: rows.length ? sum(rows.map((r) => r.total)) : whole(market.now.total * f),
        matched: atLeastParts('matched', keepRatio(market.now.matched, ...parts('matched'), f)),
        modeled: atLeastParts('modeled', keepRatio(market.now.modeled, ...parts('modeled'), f)),
      });
    }
    const marketParts = (key: keyof Figures) => [sum(markets.map((mk) => mk.now[key])), sum(marketRows.map((r) => r[key]))] as const;
    const [totalNow, totalThen] = marketParts('total');
    const chartLevel = totalNow > 0 ? totalThen / totalNow : 1;
    answer.push({
      year: m.year,
      month: m.month,
      total: markets.length ? totalThen : whole(current.total),
      matched: Math.max(keepRatio(current.matched, ...marketParts('matched'), chartLevel), ...marketRows.map((r) => r.matched)),
      modeled: Math.max(keepRatio(current.modeled, ...marketParts('modeled'), chartLevel), ...marketRows.map((r) => r.modeled)),
      market_outcomes: marketRows,
      submarket_outcomes: audienceRows,
    });
  }
  return answer;
}

// ---- the demo's charts and their markets' trends ------------------------------------------------

const GROWING: MarketTrend = { kind: 'trend', monthly: 0.02 };
const SHRINKING: MarketTrend = { kind: 'trend', monthly: -0.015 };
const SUMMER: MarketTrend = { kind: 'seasonal', amplitude: 0.15, peakMonth: 7 };

/** The charts that get a history (names of demo-grow.ts's charts), each market's trend by name; the rest are flat. */
export const DEMO_OUTCOMES = {
  where: { client: 'acme', region: 'us', brand: 'fizz-cola', product: 'fizz-original' },
  months: 23,
  charts: [
    {
      name: 'Fizz Original Market Map',
      trends: { 'Health & Wellness': GROWING, Foodies: SHRINKING, 'Active Lifestyles': SUMMER } as Record<string, MarketTrend>,
    },
    {
      name: 'Summer Reach Planner',
      trends: { 'Outdoor Fans': GROWING, 'Summer Readers': SHRINKING, 'Summer Travelers': SUMMER } as Record<string, MarketTrend>,
    },
  ],
} as const;

// ---- the writer ---------------------------------------------------------------------------------

/** When the month-close job (1st of the next month, 00:10 UTC) would have recorded `m`. */
export const closedAt = (m: YearMonth) => new Date(Date.UTC(m.year, m.month, 1, 0, 10));

/**
 * Writes a chart's past months that are missing (one transaction; a month that exists, recorded,
 * entered or edited, is left as it is). Answers how many it wrote.
 */
async function writeMonths(db: Db, mekkoId: number, clientId: number, months: OutcomeMonthFigures[]): Promise<number> {
  return db.transaction(async (tx) => {
    let wrote = 0;
    for (const m of months) {
      const at = closedAt(m);
      const [row] = await tx.insert(outcomeTimeframes)
        .values({ mekkoId, clientId, year: m.year, month: m.month, total: m.total, matched: m.matched, modeled: m.modeled, source: 'recorded', recordedAt: at, createdAt: at, updatedAt: at })
        .onConflictDoNothing({ target: [outcomeTimeframes.mekkoId, outcomeTimeframes.year, outcomeTimeframes.month] })
        .returning({ id: outcomeTimeframes.id });
      if (!row) continue;
      wrote++;
      if (m.market_outcomes.length) await tx.insert(marketOutcomes).values(m.market_outcomes.map((r) => ({ timeframeId: row.id, marketId: r.market_id, total: r.total, matched: r.matched, modeled: r.modeled })));
      if (m.submarket_outcomes.length) await tx.insert(submarketOutcomes).values(m.submarket_outcomes.map((r) => ({ timeframeId: row.id, subMarketId: r.sub_market_id, marketId: r.market_id, total: r.total, matched: r.matched, modeled: r.modeled })));
    }
    return wrote;
  });
}

/**
 * Gives each chart of DEMO_OUTCOMES the months before the current one that it lacks, generated
 * backwards from its current month as the server synthesises it (so it waits for the region's
 * data: main.ts runs it once acme/us is ready; without the data it writes nothing rather than
 * zeros). Running it again adds nothing that exists. Answers '<chart>: <n> months' per chart written.
 */
export async function completeOutcomesDemo(db: Db, counter: OutcomeCounter, now = new Date()): Promise<string[]> {
  const d = DEMO_OUTCOMES;
  const scope = await findProductScope(db, d.where);
  if (!scope) return [];
  const region = await clientRegionId(db, scope.clientId, scope.regionId);
  if (region === null) return [];
  const today = monthOf(now);
  const oldest = addMonths(today, -d.months);
  const made: string[] = [];
  for (const c of d.charts) {
    const [chart] = await db.select({ id: mekkos.id }).from(mekkos)
      .where(and(eq(mekkos.productId, scope.productId), eq(mekkos.regionId, scope.regionId), eq(mekkos.name, c.name)));
    if (!chart) continue;
    const [{ stored } = { stored: 0 }] = await db.select({ stored: sql<number>`count(*)::int` }).from(outcomeTimeframes)
      .where(and(eq(outcomeTimeframes.mekkoId, chart.id), gte(sql`${outcomeTimeframes.year} * 12 + ${outcomeTimeframes.month} - 1`, monthIndex(oldest)), sql`${outcomeTimeframes.year} * 12 + ${outcomeTimeframes.month} - 1 < ${monthIndex(today)}`));
    if (stored >= d.months) continue;
    const { markets, liveShortIds } = await chartForSynthesis(db, chart.id, region);
    const current = await synthesiseCurrentMonth(markets, region, counter, liveShortIds);
    if (!current.dataReady) continue;
    const names = await db.select({ id: marketsTable.id, name: marketsTable.name }).from(marketsTable).where(eq(marketsTable.mekkoId, chart.id));
    const trends = new Map<number, MarketTrend>(names.flatMap((m) => {
      const trend = (c.trends as Record<string, MarketTrend | undefined>)[m.name];
      return trend ? [[m.id, trend] as const] : [];
    }));
    const months = pastOutcomeMonths({ current, chart: { markets: markets.map((m) => ({ id: m.id, audiences: m.audiences.map((a) => a.id) })) }, today, trends, seed: `${c.name} outcomes`, months: d.months });
    const wrote = await writeMonths(db, chart.id, scope.clientId, months);
    if (wrote) made.push(`${c.name}: ${wrote} month${wrote === 1 ? '' : 's'}`);
  }
  return made;
}

/** main.ts's step: the engine of the API thread, once the region's data is ready. */
export function completeOutcomesDemoOf(app: FastifyInstance, now = new Date()): Promise<string[]> {
  return completeOutcomesDemo(app.database.db, dataManagerCounter(app.data, 'molecula', 'demo:outcomes'), now);
}
