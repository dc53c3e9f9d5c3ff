import { describe, expect, it } from 'vitest';
import { hashKey, QueryClient, type QueryKey } from '@tanstack/react-query';
import { selectionRules } from '@shared/rules/grow';
import type { Mekko } from '@shared/schemas/grow';
import type { ProductScope } from '../../lib/guards';
import { audienceCountQueryOptions, categoriesQueryOptions, widgetQueryOptions } from '../../lib/insights-queries';
import { runSteps, type OfflineStep } from '../../lib/offline/offline-preparers';
import { countsBodyOf, toSelectable } from './chart-data';
import { prepareGrowOffline } from './grow-offline';
import { mekkoQueryOptions, mekkosQueryOptions, tabsConfigurationQueryOptions } from '../../lib/grow-queries';
import { countsQueryOptions, tvSettingsQueryOptions } from './grow-queries';
import { discussionNodesQueryOptions } from '../../lib/discussion-queries';
import { surveysQueryOptions } from '../../lib/survey-queries';

const CONTEXT = 'acme/us/fizz-cola/fizz-original';
const audience = (id: number, marketId: number, matched: number | null, modeled: number | null) => ({
  id, market_id: marketId, name: `A${id}`, tag: 'owned' as const, order: 0, matched_short_id: matched, modeled_short_id: modeled, population: 1_000,
  webo_cluster_id: null, discussion_cluster_node_id: null, in_prediction_model: false,
});
const chart = (id: number, invalid: number[] = []): Mekko => ({
  id, name: `Chart ${id}`, default: id === 1, measurement_label: 'Penetration', count_type: 'people_count', vertical_type: null, version: 1, updated_at: '',
  markets: [
    { id: 10, name: 'M1', order: 0, sub_markets: [audience(1, 10, 101, 201), audience(2, 10, 102, null)] },
    { id: 20, name: 'M2', order: 1, sub_markets: [audience(3, 20, 103, 203)] },
  ],
  segments: [101, 102, 103, 201, 203].map((s) => ({ id: s, identifier: `s-${s}`, name: `S${s}`, path_parts: [`S${s}`], vendor_type: 'third_party', deleted: false, people_count: 10, create_audience_single: true })),
  invalid_audience_ids: invalid, segments_checked: true, region_people: 1_000_000,
});
const CATEGORIES = [{ id: 7, name: 'Age', values: [] }, { id: 8, name: 'Gender', values: [] }];

/** Runs Grow's steps with a fake server, and returns the keys it asked for (by hash) and the step labels. */
async function prepare(charts: Mekko[], personLevel = true) {
  const asked = new Set<string>();
  const answer = (key: QueryKey): unknown => {
    const [, , kind, id] = key as unknown[];
    if (kind === 'mekkos') return charts.map((c) => ({ ...c, invalid_audience_count: c.invalid_audience_ids.length }));
    if (kind === 'mekko') return charts.find((c) => String(c.id) === id);
    if (kind === 'tabs') return [{ name: 'Person Level', visible: personLevel }, { name: 'Market Level', visible: true }];
    if (kind === 'categories') return CATEGORIES;
    return {};
  };
  const labels: string[] = [];
  const steps = prepareGrowOffline({
    queryClient: new QueryClient(),
    scope: { productPath: CONTEXT } as ProductScope,
    context: CONTEXT,
    fetch: async <T,>(options: { queryKey: QueryKey }) => {
      asked.add(hashKey(options.queryKey));
      return answer(options.queryKey) as T;
    },
  });
  const label = (s: OfflineStep): OfflineStep => ({ label: s.label, run: async () => {
    labels.push(s.label);
    const found = await s.run();
    return found ? found.map(label) : undefined;
  } });
  const result = await runSteps(steps.map(label), { concurrency: 2, askAgain: () => false, askAgainEveryMs: 1, askAgainForMs: 1, onProgress: () => undefined });
  return { asked, labels, result };
}

const keyOf = (options: { queryKey: QueryKey }) => hashKey(options.queryKey);

describe('Grow\'s offline steps', () => {
  it('ask, with the page\'s own query options, the list, TV settings, each chart, its tabs, its counts and the whole chart\'s insights on both person tabs', async () => {
    const c = chart(1);
    const { asked, labels, result } = await prepare([c]);
    expect(result.failures).toEqual([]);
    const selected = c.markets.flatMap((m) => m.sub_markets).map(toSelectable);
    const matched = selectionRules(selected, 'matched')!;
    const modeled = selectionRules(selected, 'modeled')!;
    const expected = [
      mekkosQueryOptions(CONTEXT), tvSettingsQueryOptions(CONTEXT), categoriesQueryOptions(CONTEXT), discussionNodesQueryOptions(CONTEXT), surveysQueryOptions(CONTEXT, 'audience'), mekkoQueryOptions(CONTEXT, 1),
      tabsConfigurationQueryOptions(CONTEXT, 1), countsQueryOptions(CONTEXT, countsBodyOf(c)),
      audienceCountQueryOptions(CONTEXT, matched), audienceCountQueryOptions(CONTEXT, modeled),
      ...CATEGORIES.flatMap((cat) => [widgetQueryOptions(CONTEXT, matched, cat.id), widgetQueryOptions(CONTEXT, modeled, cat.id)]),
    ].map(keyOf);
    expect([...asked].sort()).toEqual(expected.sort());
    // All of it is named for the user, chart by chart and tab by tab.
    expect(labels).toContain('Chart “Chart 1”: counts for every tab');
    expect(labels).toContain('Chart “Chart 1” · Modeled Addressable insights: Gender');
    expect(labels).toContain('Chart “Chart 1” · Matched Addressable: people in the audience');
    expect(result.total).toBe(labels.length);
  });

  it('takes neither counts nor insights of an invalid chart (its page asks neither), and no insights where Person Level is hidden', async () => {
    const invalid = await prepare([chart(2, [3])]);
    expect(invalid.labels.filter((l) => l.startsWith('Chart “Chart 2”'))).toEqual(['Chart “Chart 2”', 'Chart “Chart 2”: tabs configuration']);
    const hidden = await prepare([chart(1)], false);
    expect(hidden.labels.some((l) => l.includes('insights') && l.startsWith('Chart'))).toBe(false);
    expect(hidden.labels).toContain('Chart “Chart 1”: counts for every tab');
  });
});
