import { describe, expect, it } from 'vitest';
import type { QueryClient, QueryKey } from '@tanstack/react-query';
import type { ProductScope } from '../../lib/guards';
import type { OfflineStep } from '../../lib/offline/offline-preparers';
import { prepareOverlapOffline } from './overlap-offline';

const CONTEXT = 'acme/us/fizz-cola/fizz-original';

describe('Overlap made available offline', () => {
  it('reads the saved comparisons, then each one, and the lists the picker offers, by the page’s own keys', async () => {
    const asked: QueryKey[] = [];
    const answers: Record<string, unknown> = {
      comparisons: [{ id: 4, name: 'Fans vs buyers' }, { id: 'tmp-1', name: 'Not on the server yet' }, { id: 9, name: 'Three' }],
      audiences: [],
      personas: [],
      comparison: { id: 0 },
    };
    const fetch = (options: { queryKey: QueryKey }) => {
      asked.push(options.queryKey);
      return Promise.resolve(answers[String(options.queryKey[2])]);
    };
    const input = { context: CONTEXT, fetch, queryClient: {} as QueryClient, scope: {} as ProductScope } as unknown as Parameters<typeof prepareOverlapOffline>[0];
    const queue: OfflineStep[] = [...prepareOverlapOffline(input)];
    const labels: string[] = [];
    while (queue.length > 0) {
      const step = queue.shift()!;
      labels.push(step.label);
      queue.push(...((await step.run()) ?? []));
    }
    expect(labels).toEqual([
      'Overlap: the saved comparisons', 'Overlap: the audiences to compare', 'Overlap: the personas to compare', 'Comparison “Fans vs buyers”', 'Comparison “Three”',
    ]);
    expect(asked).toEqual([
      ['overlap', CONTEXT, 'comparisons'], ['overlap', CONTEXT, 'audiences'], ['overlap', CONTEXT, 'personas'],
      ['overlap', CONTEXT, 'comparison', '4'], ['overlap', CONTEXT, 'comparison', '9'],
    ]);
  });
});
