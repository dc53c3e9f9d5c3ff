import type { MekkoSummary } from '@shared/schemas/grow';
import type { OfflinePreparer, OfflineStep } from '../../lib/offline/offline-preparers';
import { mekkoQueryOptions, mekkosQueryOptions, outcomeTimeframesQueryOptions, tabsConfigurationQueryOptions } from './measure-queries';

/**
 * What Measure needs offline in a product context, as steps of "Make available offline", through
 * the page's own query options so the device answers it: the chart list, each chart, its tabs
 * configuration and its timeframes (the current month included, decision 014).
 */
export const prepareMeasureOffline: OfflinePreparer = ({ context, fetch }) => {
  const chartStep = (summary: MekkoSummary): OfflineStep => ({
    label: `Measure: chart “${summary.name}”`,
    run: async () => {
      await fetch(mekkoQueryOptions(context, summary.id));
      return [
        { label: `Measure: chart “${summary.name}”: tabs configuration`, run: async () => void (await fetch(tabsConfigurationQueryOptions(context, summary.id))) },
        { label: `Measure: chart “${summary.name}”: timeframes`, run: async () => void (await fetch(outcomeTimeframesQueryOptions(context, summary.id))) },
      ];
    },
  });
  return [{ label: 'Measure: the chart list', run: async () => (await fetch(mekkosQueryOptions(context))).map(chartStep) }];
};
