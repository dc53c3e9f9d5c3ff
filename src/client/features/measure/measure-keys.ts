/**
 * Measure's query keys and outbox entity, on their own: the outbox handler registered at start
 * needs them, and must not load the queries and schemas with them (decision 006).
 */
export const measureKeys = {
  all: (context: string) => ['measure', context] as const,
  /** Without a chart: every chart's timeframes of the context (an edit names the timeframe, not its chart). */
  timeframes: (context: string, mekkoId?: number | string) =>
    (mekkoId === undefined ? ['measure', context, 'timeframes'] : ['measure', context, 'timeframes', String(mekkoId)]) as readonly string[],
};

/** The outbox entity of every timeframe write (decision 014): one timeframe, versioned. */
export const OUTCOME_TIMEFRAME_ENTITY = 'outcome_timeframe';
