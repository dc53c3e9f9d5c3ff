import type { OfflinePreparer, OfflineStep } from '../../lib/offline/offline-preparers';
import type { ComparisonView } from './comparison-edits';
import { comparisonQueryOptions, comparisonsQueryOptions, pickableAudiencesQueryOptions, pickablePersonasQueryOptions } from './overlap-queries';

/**
 * What the Overlap page needs offline in a product context (issue 16), as steps of "Make
 * available offline", through the page's own query options so the device answers it: the saved
 * comparisons, each one with its last counts, and the audiences and personas its picker offers.
 */
export const prepareOverlapOffline: OfflinePreparer = ({ context, fetch }) => {
  const comparisonStep = (c: ComparisonView): OfflineStep => ({
    label: `Comparison “${c.name}”`,
    run: async () => void (typeof c.id === 'number' ? await fetch(comparisonQueryOptions(context, c.id)) : undefined),
  });
  return [
    { label: 'Overlap: the saved comparisons', run: async () => (await fetch(comparisonsQueryOptions(context))).filter((c) => typeof c.id === 'number').map(comparisonStep) },
    { label: 'Overlap: the audiences to compare', run: async () => void (await fetch(pickableAudiencesQueryOptions(context))) },
    { label: 'Overlap: the personas to compare', run: async () => void (await fetch(pickablePersonasQueryOptions(context))) },
  ];
};
