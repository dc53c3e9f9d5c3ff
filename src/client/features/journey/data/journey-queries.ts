import { queryOptions } from '@tanstack/react-query';
import { parseContextHeader } from '@shared/rules/context';
import { ERROR_CODES } from '@shared/schemas/error';
import {
  journeyCountsResponseSchema, journeyListResponseSchema, journeyResponseSchema,
  type JourneyCounts, type JourneyTab,
} from '@shared/schemas/journeys';
import { api } from '../../../lib/api-client';
import { ApiRequestError } from '../../../lib/api-error';
import { DATA_NOT_READY_RETRY_MS, isDataNotReady } from '../../../lib/insights-queries';
import { deviceDb } from '../../../lib/offline/device-db';
import { entityListStore, entityStore, readThrough } from '../../../lib/offline/read-through';
import { JOURNEY_ENTITY } from './journey-keys';
import { journeyFromEdit, parseJourneyPath, type JourneySummaryView, type JourneyView } from './journey-edits';
import { journeyKeys } from './journey-keys';

export { journeyKeys };
export type { JourneySummaryView, JourneyView };

/**
 * The Journey pages' reads. `context` is the X-Context string (client/region/brand/product):
 * part of every key. The list, each journey and each journey's last counts per tab are written
 * through to the device (the journeys table), so a journey opened once draws at a client meeting
 * with the server stopped, with the counts it last had (decision 013).
 */
const slugs = (context: string) => parseContextHeader(context);
const FIVE_MINUTES = 5 * 60_000;
const TABLE = 'journeys';
const journeyStore = (context: string, id: number | string) => entityStore<JourneyView>(TABLE, `${context}#journey`, String(id));
/** Counts carry no id of their own: kept under the journey's id, one row per tab. */
type StoredCounts = JourneyCounts & { id: string };

export const isTemporaryId = (id: number | string): id is string => typeof id === 'string' && id.startsWith('tmp-');

export const journeysQueryOptions = (context: string) =>
  queryOptions({
    queryKey: journeyKeys.list(context),
    queryFn: ({ queryKey, signal }): Promise<JourneySummaryView[]> =>
      readThrough(
        queryKey,
        async (): Promise<JourneySummaryView[]> => (await api('/api/journeys', journeyListResponseSchema, { context: slugs(context), signal })).data,
        entityListStore<JourneySummaryView>(TABLE, `${context}#list`),
      ),
    staleTime: FIVE_MINUTES,
    meta: { handlesErrors: true },
  });

/**
 * A journey made (or copied) on this device and not yet sent has only its queued command: it
 * shows as that command makes it, pending, under its temporary id.
 */
async function queuedJourney(context: string, id: string): Promise<JourneyView> {
  const db = await deviceDb();
  const commands = await db.outbox.where('[entity+entityId]').equals([JOURNEY_ENTITY, id]).sortBy('createdAt');
  const made = commands.find((c) => c.method === 'POST');
  if (!made) throw new ApiRequestError(404, ERROR_CODES.notFound, 'That journey is not on this device.');
  const { journeyId } = parseJourneyPath(made.path);
  const source = journeyId === null ? undefined : (await journeyStore(context, journeyId).load())?.value;
  return journeyFromEdit(made, source);
}

export const journeyQueryOptions = (context: string, id: number | string) =>
  queryOptions({
    queryKey: journeyKeys.journey(context, id),
    queryFn: ({ queryKey, signal }): Promise<JourneyView> =>
      isTemporaryId(id)
        ? queuedJourney(context, id)
        : readThrough(
          queryKey,
          async (): Promise<JourneyView> => (await api(`/api/journeys/${id}`, journeyResponseSchema, { context: slugs(context), signal })).data,
          journeyStore(context, id),
        ),
    staleTime: FIVE_MINUTES,
    meta: { handlesErrors: true },
  });

/**
 * A journey's stage and transition counts on a tab. `version` is part of the key: an edit of the
 * journey asks again. Offline, the last counts of the journey on that tab answer.
 */
export const journeyCountsQueryOptions = (context: string, id: number | string, tab: JourneyTab, version?: number) =>
  queryOptions({
    queryKey: [...journeyKeys.counts(context, id, tab), version ?? null] as const,
    queryFn: async ({ queryKey, signal }): Promise<JourneyCounts> => {
      const counted = await readThrough<StoredCounts>(
        queryKey,
        async () => ({ ...(await api(`/api/journeys/${id}/counts`, journeyCountsResponseSchema, { method: 'POST', body: { tab }, context: slugs(context), signal })).data, id: `${id}:${tab}` }),
        entityStore<StoredCounts>(TABLE, `${context}#counts`, `${id}:${tab}`),
      );
      const { id: _key, ...counts } = counted;
      return counts;
    },
    enabled: !isTemporaryId(id),
    staleTime: FIVE_MINUTES,
    // While the region's data is being prepared (503 DATA_NOT_READY) ask again, as Grow's counts do.
    refetchInterval: (query) => (isDataNotReady(query.state.error) ? DATA_NOT_READY_RETRY_MS : false),
    meta: { handlesErrors: true },
  });

export { discussionNodesQueryOptions } from '../../../lib/discussion-queries';
