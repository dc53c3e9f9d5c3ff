import { queryOptions } from '@tanstack/react-query';
import { parseContextHeader } from '@shared/rules/context';
import { outcomeTimeframesResponseSchema } from '@shared/schemas/outcomes';
import { api } from '../../lib/api-client';
import { entityStore, readThrough } from '../../lib/offline/read-through';
// Measure shows Grow's charts: the same reads and cache, not a copy (lib/grow-queries.ts).
import { mekkoQueryOptions, mekkosQueryOptions, tabsConfigurationQueryOptions } from '../../lib/grow-queries';
import { timeframesView, type OutcomeTimeframesView, type OutcomeTimeframeView } from './measure-edits';
import { measureKeys } from './measure-keys';

export { measureKeys, mekkoQueryOptions, mekkosQueryOptions, tabsConfigurationQueryOptions };
export type { OutcomeTimeframesView, OutcomeTimeframeView };

/**
 * Measure's reads. The charts, each chart and its tabs configuration are Grow's (the same query
 * options, so the same cache and device copy). A chart's timeframes, the synthesised current month
 * included (decision 014), are written through to the device (the timeframes table), so Measure
 * draws with the server stopped after "Make available offline".
 */
const FIVE_MINUTES = 5 * 60_000;
type Stored = OutcomeTimeframesView & { id: string };

export const outcomeTimeframesQueryOptions = (context: string, mekkoId: number) =>
  queryOptions({
    queryKey: measureKeys.timeframes(context, mekkoId),
    queryFn: async ({ queryKey, signal }): Promise<OutcomeTimeframesView> => {
      const stored = await readThrough<Stored>(
        queryKey,
        async () => ({
          id: String(mekkoId),
          ...timeframesView(mekkoId, await api(`/api/mekkos/${mekkoId}/outcome-timeframes`, outcomeTimeframesResponseSchema, { context: parseContextHeader(context), signal })),
        }),
        entityStore<Stored>('timeframes', `${context}#timeframes`, String(mekkoId)),
      );
      const { id: _id, ...view } = stored;
      return view;
    },
    staleTime: FIVE_MINUTES,
    meta: { handlesErrors: true },
  });
