import type { AudienceSummary } from '@shared/schemas/audiences';
import type { OfflinePreparer, OfflineStep } from '../../lib/offline/offline-preparers';
import { audienceListQueryOptions, audienceQueryOptions } from './audiences-queries';
import { FIRST_PAGE } from './audiences-search';

/**
 * What the Audiences overview needs offline in a product context (issue 16), as steps of "Make
 * available offline", through the page's own query options so the persisted cache answers it:
 * the overview's first page, then each of its audiences' details.
 */
export const prepareAudiencesOffline: OfflinePreparer = ({ context, fetch }) => {
  const detailStep = (a: AudienceSummary): OfflineStep => ({
    label: `Audience “${a.name}”`,
    run: async () => void (await fetch(audienceQueryOptions(context, a.id))),
  });
  return [
    { label: 'Audiences: the overview', run: async () => (await fetch(audienceListQueryOptions(context, FIRST_PAGE))).data.map(detailStep) },
  ];
};
