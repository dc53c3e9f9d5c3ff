import { GROW_TEXT, selectionRules, type GrowTab } from '@shared/rules/grow';
import { hasShortIds } from '@shared/rules/insights';
import type { MekkoSummary } from '@shared/schemas/grow';
import type { AudienceRules } from '@shared/schemas/audience-rules';
import { audienceCountQueryOptions, categoriesQueryOptions, widgetQueryOptions } from '../../lib/insights-queries';
import { sharedRead, type OfflinePreparer, type OfflinePrepareInput, type OfflineStep } from '../../lib/offline/offline-preparers';
import { countsBodyOf, toSelectable } from './chart-data';
import { mekkoQueryOptions, mekkosQueryOptions, tabsConfigurationQueryOptions } from '../../lib/grow-queries';
import { discussionNodesQueryOptions } from '../../lib/discussion-queries';
import { surveysQueryOptions } from '../../lib/survey-queries';
import { countsQueryOptions, tvSettingsQueryOptions } from './grow-queries';

/**
 * What Grow's pages need offline in a product context (issue 12), as the steps of "Make
 * available offline". Every read uses the query options the page uses, so the persisted query
 * cache answers the page offline:
 * - the chart list and the TV count settings;
 * - each chart, its tabs configuration, and its counts: one counts call serves every tab (Total
 *   Population draws the typed populations, Matched and Modeled Addressable the engine's counts
 *   of the same call, countsBodyOf has no tab in it);
 * - on each person tab (Matched, Modeled Addressable) the insights of the whole chart, every
 *   audience selected, as the insights panel asks: the people in the audience and the widget of
 *   every category (the user may choose any of them offline); the categories themselves.
 * Market Level insights are worked out from the chart itself and need no read of their own.
 */

const PERSON_TABS: { tab: Exclude<GrowTab, 'total'>; label: string }[] = [
  { tab: 'matched', label: GROW_TEXT.tabMatched },
  { tab: 'modeled', label: GROW_TEXT.tabModeled },
];

const named = (chart: { name: string }) => `Chart “${chart.name}”`;

export const prepareGrowOffline: OfflinePreparer = ({ context, fetch }: OfflinePrepareInput) => {
  // The categories are one read shared by every chart's insights.
  const categoriesOnce = sharedRead(() => fetch(categoriesQueryOptions(context)));

  const widgetStep = (chartLabel: string, tabLabel: string, rules: AudienceRules, category: { id: number; name: string }): OfflineStep => ({
    label: `${chartLabel} · ${tabLabel} insights: ${category.name}`,
    run: async () => void (await fetch(widgetQueryOptions(context, rules, category.id))),
  });

  const insightSteps = (chartLabel: string, tabLabel: string, rules: AudienceRules): OfflineStep[] => [
    {
      label: `${chartLabel} · ${tabLabel}: people in the audience`,
      run: async () => void (await fetch(audienceCountQueryOptions(context, rules))),
    },
    {
      label: `${chartLabel} · ${tabLabel} insights: the categories`,
      run: async () => (await categoriesOnce()).map((c) => widgetStep(chartLabel, tabLabel, rules, c)),
    },
  ];

  const chartStep = (summary: MekkoSummary): OfflineStep => ({
    label: named(summary),
    run: async () => {
      const chart = await fetch(mekkoQueryOptions(context, summary.id));
      const label = named(chart);
      // A chart with audiences the region no longer has opens on the invalid-chart dialog: the
      // page asks neither counts nor insights for it, so neither is taken.
      const valid = !(chart.segments_checked && chart.invalid_audience_ids.length > 0);
      const body = countsBodyOf(chart);
      const audiences = chart.markets.flatMap((m) => m.sub_markets).map(toSelectable);
      const steps: OfflineStep[] = [{
        label: `${label}: tabs configuration`,
        run: async () => {
          const tabs = await fetch(tabsConfigurationQueryOptions(context, chart.id));
          // The insights panel shows Person Level (and so its reads) only when the tabs configuration does.
          const person = tabs.find((t) => t.name === 'Person Level')?.visible ?? true;
          if (!valid || !person) return [];
          return PERSON_TABS.flatMap(({ tab, label: tabLabel }) => {
            const rules = selectionRules(audiences, tab);
            return rules ? insightSteps(label, tabLabel, rules) : [];
          });
        },
      }];
      if (valid && hasShortIds(body)) {
        steps.push({ label: `${label}: counts for every tab`, run: async () => void (await fetch(countsQueryOptions(context, body))) });
      }
      return steps;
    },
  });

  return [
    { label: 'Grow: the chart list', run: async () => (await fetch(mekkosQueryOptions(context))).map(chartStep) },
    { label: 'Grow: TV count settings', run: async () => void (await fetch(tvSettingsQueryOptions(context))) },
    { label: 'Grow: insight categories', run: async () => void (await categoriesOnce()) },
    // The word bubbles of audiences with a discussion cluster (issue 30).
    { label: 'Grow: discussion clusters', run: async () => void (await fetch(discussionNodesQueryOptions(context))) },
    { label: 'Grow: audience surveys', run: async () => void (await fetch(surveysQueryOptions(context, 'audience'))) },
  ];
};
