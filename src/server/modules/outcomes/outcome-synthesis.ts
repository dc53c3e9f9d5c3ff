import { and, asc, eq, inArray } from 'drizzle-orm';
import type { MarketOutcome, OutcomeFigures, SubmarketOutcome } from '@shared/rules/outcomes';
import type { DataSource } from '@shared/schemas/auth';
import type { Executor } from '../../db/client';
import { markets as marketsTable, segments, subMarkets } from '../../db/schema';
import type { DataManager } from '../../engine/data-manager';
import type { CountsAnswer, CountsQuestion } from '../../engine/questions';
import { countsSql } from '../../engine/sql/sql-questions';
import type { JobContext } from '../../jobs/types';

/**
 * The current month of a Grow chart, made from the chart as it is now (decision 014, spec 3 §4
 * Measure): Total Population from the audiences' populations (a market's is the sum of its
 * audiences', the chart's the sum of its markets', as Grow's widths); Matched and Modeled from ONE
 * count-engine counts question, the chart's markets as its markets: each audience's segment
 * count, each market's union of its audiences' segments, and the chart's union. The levels are
 * independent, not sums: overlapping audiences count their shared people once in the market.
 *
 * It runs on the API thread (the list's synthesised month) and in the job thread (the record
 * jobs), so it asks through an abstract counter: `dataManagerCounter` (API thread),
 * `jobCounter` (JobContext.ask) or `sqlCounter` (the SQL engine straight on a database, e.g.
 * when the demo seed builds a history from the current figures).
 */

/** One counts question of a client region's engine; null when the region's data is not ready (Matched and Modeled are then 0). */
export type OutcomeCounter = (clientRegionId: number, question: CountsQuestion) => Promise<CountsAnswer | null>;

/** An audience as the synthesis needs it: its population and its segments (null: none; a deleted segment counts as none). */
export interface SynthesisAudience {
  id: number;
  population: number;
  matchedShortId: number | null;
  modeledShortId: number | null;
}

/** A market of the chart with its audiences, both in the chart's order. */
export interface SynthesisMarket {
  id: number;
  audiences: readonly SynthesisAudience[];
}

/** The month's figures at the three levels, every market and audience listed in the chart's order. */
export interface SynthesisedMonth extends OutcomeFigures {
  market_outcomes: MarketOutcome[];
  submarket_outcomes: SubmarketOutcome[];
  /** False when the counter said the region's data is not ready: Matched and Modeled are then 0. */
  dataReady: boolean;
}

/**
 * The current month's figures of a chart.
 *
 * @param markets the chart's markets in order, each with its audiences in order (`chartForSynthesis` reads them)
 * @param clientRegionId the chart's client region (the engine's id of the region's data)
 * @param counter asks the one counts question (`dataManagerCounter`, `jobCounter` or `sqlCounter`)
 * @param liveShortIds when given, only these segment short ids count (a deleted segment counts as no segment)
 * @returns chart, market and audience figures (Total from populations; Matched and Modeled from the engine) and whether the data was ready
 */
export async function synthesiseCurrentMonth(
  markets: readonly SynthesisMarket[],
  clientRegionId: number,
  counter: OutcomeCounter,
  liveShortIds?: ReadonlySet<number>,
): Promise<SynthesisedMonth> {
  const usable = (shortId: number | null): shortId is number => shortId !== null && (!liveShortIds || liveShortIds.has(shortId));
  const matched: Record<string, number[]> = {};
  const modeled: Record<string, number[]> = {};
  for (const market of markets) {
    const m = [...new Set(market.audiences.map((a) => a.matchedShortId).filter(usable))];
    const d = [...new Set(market.audiences.map((a) => a.modeledShortId).filter(usable))];
    if (m.length) matched[String(market.id)] = m;
    if (d.length) modeled[String(market.id)] = d;
  }
  const asks = Object.keys(matched).length + Object.keys(modeled).length > 0;
  const answer = asks ? await counter(clientRegionId, { matched, modeled, focusMatched: [], focusModeled: [], groups: [] }) : null;
  const dataReady = !asks || answer !== null;
  const segmentCount = (shortId: number | null) => (answer && usable(shortId) ? (answer.segment_counts[String(shortId)] ?? 0) : 0);

  const market_outcomes: MarketOutcome[] = [];
  const submarket_outcomes: SubmarketOutcome[] = [];
  for (const market of markets) {
    let total = 0;
    for (const a of market.audiences) {
      total += a.population;
      submarket_outcomes.push({ sub_market_id: a.id, market_id: market.id, total: a.population, matched: segmentCount(a.matchedShortId), modeled: segmentCount(a.modeledShortId) });
    }
    const counted = answer?.market_counts[String(market.id)];
    market_outcomes.push({ market_id: market.id, total, matched: counted?.matched ?? 0, modeled: counted?.modeled ?? 0 });
  }
  return {
    total: market_outcomes.reduce((sum, m) => sum + m.total, 0),
    matched: answer?.total_matched_count ?? 0,
    modeled: answer?.total_modeled_count ?? 0,
    market_outcomes,
    submarket_outcomes,
    dataReady,
  };
}

/** A chart's markets and audiences (in order) and its client region's live segments among theirs: what synthesiseCurrentMonth takes. */
export async function chartForSynthesis(db: Executor, mekkoId: number, clientRegionId: number): Promise<{ markets: SynthesisMarket[]; liveShortIds: Set<number> }> {
  const [marketRows, audienceRows] = await Promise.all([
    db.select({ id: marketsTable.id }).from(marketsTable).where(eq(marketsTable.mekkoId, mekkoId)).orderBy(asc(marketsTable.position), asc(marketsTable.id)),
    db.select().from(subMarkets).where(eq(subMarkets.mekkoId, mekkoId)).orderBy(asc(subMarkets.position), asc(subMarkets.id)),
  ]);
  const shortIds = [...new Set(audienceRows.flatMap((a) => [a.matchedShortId, a.modeledShortId]).filter((s): s is number => s !== null))];
  const live = shortIds.length
    ? await db.select({ shortId: segments.shortId }).from(segments)
      .where(and(eq(segments.clientRegionId, clientRegionId), eq(segments.deleted, false), inArray(segments.shortId, shortIds)))
    : [];
  return {
    markets: marketRows.map((m) => ({
      id: m.id,
      audiences: audienceRows.filter((a) => a.marketId === m.id).map((a) => ({ id: a.id, population: a.population, matchedShortId: a.matchedShortId, modeledShortId: a.modeledShortId })),
    })),
    liveShortIds: new Set(live.map((s) => s.shortId)),
  };
}

/** The chart's current month read from the database and counted by `counter`. */
export async function synthesiseChart(db: Executor, mekkoId: number, clientRegionId: number, counter: OutcomeCounter): Promise<SynthesisedMonth> {
  const { markets, liveShortIds } = await chartForSynthesis(db, mekkoId, clientRegionId);
  return synthesiseCurrentMonth(markets, clientRegionId, counter, liveShortIds);
}

/**
 * The API thread's counter: the data source's engine, in `slotKey`'s count slots; null while the
 * region's data is not ready (engineFor answers why not).
 */
export function dataManagerCounter(data: DataManager, source: DataSource, slotKey: string): OutcomeCounter {
  return async (clientRegionId, question) => {
    const engine = data.engineFor(clientRegionId, source);
    if (typeof engine === 'string') return null;
    return data.slots.run(slotKey, () => engine.counts(clientRegionId, question));
  };
}

/** The job thread's counter (JobContext.ask): an engine that cannot answer throws its reason, so a job never records zeros for data still loading. */
export function jobCounter(ctx: Pick<JobContext<unknown>, 'ask'>, source: DataSource): OutcomeCounter {
  return (clientRegionId, question) => ctx.ask(clientRegionId, source, { type: 'counts', question });
}

/** The SQL engine straight on a database (the region's member chunks must be stored), e.g. for the demo seed. */
export function sqlCounter(db: Executor): OutcomeCounter {
  return (clientRegionId, question) => countsSql(db, clientRegionId, question);
}
