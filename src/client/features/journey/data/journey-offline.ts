import { journeyTabSchema } from '@shared/schemas/journeys';
import type { OfflinePreparer, OfflineStep } from '../../../lib/offline/offline-preparers';
import { surveysQueryOptions } from '../../../lib/survey-queries';
import type { JourneySummaryView } from './journey-edits';
import { discussionNodesQueryOptions, journeyCountsQueryOptions, journeyQueryOptions, journeysQueryOptions } from './journey-queries';

/**
 * What the Journey page needs offline in a product context, as steps of "Make available
 * offline", through the page's own query options so the device answers it (decision 013): the
 * journey list, each saved journey and its counts on every tab, and the discussion cluster nodes.
 * A journey with invalid audiences opens on its dialog, which asks no counts: none are taken.
 * The insights of selected stages are read when a stage is selected (any mix of stages may be).
 */
export const prepareJourneyOffline: OfflinePreparer = ({ context, fetch }) => {
  const journeyStep = (summary: JourneySummaryView): OfflineStep => ({
    label: `Journey “${summary.name}”`,
    run: async () => {
      if (typeof summary.id !== 'number') return [];
      const journey = await fetch(journeyQueryOptions(context, summary.id));
      if (journey.segments_checked && journey.invalid_cell_ids.length > 0) return [];
      return journeyTabSchema.options.map((tab): OfflineStep => ({
        label: `Journey “${journey.name}”: counts on ${tab === 'total' ? 'Total Population' : tab === 'matched' ? 'Matched' : 'Modeled'}`,
        run: async () => void (await fetch(journeyCountsQueryOptions(context, summary.id, tab, journey.version))),
      }));
    },
  });
  return [
    { label: 'Journey: the journey list', run: async () => (await fetch(journeysQueryOptions(context))).filter((j) => typeof j.id === 'number').map(journeyStep) },
    { label: 'Journey: discussion clusters', run: async () => void (await fetch(discussionNodesQueryOptions(context))) },
    { label: 'Journey: stage surveys', run: async () => void (await fetch(surveysQueryOptions(context, 'stage'))) },
  ];
};
