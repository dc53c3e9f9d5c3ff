import { describe, expect, it } from 'vitest';
import type { QueryClient, QueryKey } from '@tanstack/react-query';
import type { ProductScope } from '../../../lib/guards';
import type { OfflineStep } from '../../../lib/offline/offline-preparers';
import { prepareJourneyOffline } from './journey-offline';

const CONTEXT = 'acme/us/fizz-cola/fizz-original';

describe('Journey made available offline', () => {
  it('reads the list, each saved journey and its counts on every tab by the page’s keys; none for an invalid one', async () => {
    const asked: QueryKey[] = [];
    const journeys: Record<string, unknown> = {
      4: { id: 4, name: 'Funnel', version: 3, segments_checked: true, invalid_cell_ids: [] },
      9: { id: 9, name: 'Broken', version: 1, segments_checked: true, invalid_cell_ids: [12] },
    };
    const fetch = (options: { queryKey: QueryKey }) => {
      asked.push(options.queryKey);
      const [, , what, id] = options.queryKey as string[];
      if (what === 'list') return Promise.resolve([{ id: 4, name: 'Funnel' }, { id: 'tmp-1', name: 'Not yet saved' }, { id: 9, name: 'Broken' }]);
      if (what === 'journey') return Promise.resolve(journeys[id!]);
      return Promise.resolve([]);
    };
    const input = { context: CONTEXT, fetch, queryClient: {} as QueryClient, scope: {} as ProductScope } as unknown as Parameters<typeof prepareJourneyOffline>[0];
    const queue: OfflineStep[] = [...prepareJourneyOffline(input)];
    const labels: string[] = [];
    while (queue.length > 0) {
      const step = queue.shift()!;
      labels.push(step.label);
      queue.push(...((await step.run()) ?? []));
    }
    expect(labels).toEqual([
      'Journey: the journey list', 'Journey: discussion clusters', 'Journey: stage surveys', 'Journey “Funnel”', 'Journey “Broken”',
      'Journey “Funnel”: counts on Total Population', 'Journey “Funnel”: counts on Matched', 'Journey “Funnel”: counts on Modeled',
    ]);
    expect(asked).toEqual([
      ['journey', CONTEXT, 'list'], ['discussions', CONTEXT], ['surveys', CONTEXT, 'stage'], ['journey', CONTEXT, 'journey', '4'], ['journey', CONTEXT, 'journey', '9'],
      ['journey', CONTEXT, 'counts', '4', 'total', 3], ['journey', CONTEXT, 'counts', '4', 'matched', 3], ['journey', CONTEXT, 'counts', '4', 'modeled', 3],
    ]);
  });
});
