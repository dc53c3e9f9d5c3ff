import { fillMissingOutcomes, sameMonth, type OutcomeChartShape, type YearMonth } from '@shared/rules/outcomes';
import type { OutcomeSource, OutcomeTimeframe } from '@shared/schemas/outcomes';
import type { SynthesisedMonth } from './outcome-synthesis';
import type { StoredTimeframe, TimeframeFigures } from './outcomes-repository';

const iso = (d: Date | null) => (d ? d.toISOString() : null);

/** A stored timeframe's figures, every market and audience of the chart now listed (missing ones 0, gone ones dropped). */
export function storedFigures(chart: OutcomeChartShape, stored: StoredTimeframe): TimeframeFigures {
  const { row } = stored;
  return {
    total: row.total,
    matched: row.matched,
    modeled: row.modeled,
    ...fillMissingOutcomes(chart, {
      market_outcomes: stored.markets.map((m) => ({ market_id: m.marketId, total: m.total, matched: m.matched, modeled: m.modeled })),
      submarket_outcomes: stored.submarkets.map((s) => ({ sub_market_id: s.subMarketId, market_id: s.marketId, total: s.total, matched: s.matched, modeled: s.modeled })),
    }),
  };
}

/** A stored timeframe as the API answers it: month one-based, its figures filled over the chart as it is now. */
export function toTimeframe(chart: OutcomeChartShape, stored: StoredTimeframe, today: YearMonth): OutcomeTimeframe {
  const { row } = stored;
  const figures = storedFigures(chart, stored);
  return {
    id: row.id,
    mekko_id: row.mekkoId,
    year: row.year,
    month: row.month,
    current: sameMonth(row, today),
    source: row.source as OutcomeSource,
    recorded_at: iso(row.recordedAt),
    version: row.version,
    updated_at: iso(row.updatedAt),
    total: figures.total,
    matched: figures.matched,
    modeled: figures.modeled,
    market_outcomes: [...figures.market_outcomes],
    submarket_outcomes: [...figures.submarket_outcomes],
  };
}

/** The current month synthesised from the chart (id null, version 0: it has no actions, §2.5). */
export function synthesisedTimeframe(chart: OutcomeChartShape, mekkoId: number, figures: SynthesisedMonth, today: YearMonth): OutcomeTimeframe {
  return {
    id: null,
    mekko_id: mekkoId,
    year: today.year,
    month: today.month,
    current: true,
    source: 'synthesised',
    recorded_at: null,
    version: 0,
    updated_at: null,
    total: figures.total,
    matched: figures.matched,
    modeled: figures.modeled,
    ...fillMissingOutcomes(chart, figures),
  };
}
