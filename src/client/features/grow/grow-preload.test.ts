import { afterEach, describe, expect, it, vi } from 'vitest';
import { QueryClient } from '@tanstack/react-query';
import type { ProductScope } from '../../lib/guards';

// The API answers after 4 s, as in issue 13's report: the route must not hold the page for it.
const { slow } = vi.hoisted(() => ({
  slow: (key: string) => ({ queryKey: ['grow', key], queryFn: () => new Promise((resolve) => setTimeout(() => resolve([]), 4_000)) }),
}));
vi.mock('../../lib/grow-queries', () => ({
  mekkosQueryOptions: () => slow('mekkos'),
  mekkoQueryOptions: () => slow('mekko'),
  tabsConfigurationQueryOptions: () => slow('tabs'),
}));
vi.mock('./grow-queries', () => ({
  countsQueryOptions: () => slow('counts'),
  tvSettingsQueryOptions: () => slow('tv'),
}));

const scope = { context: { client: { slug: 'acme' }, region: { slug: 'us' }, brand: { slug: 'fizz' }, product: { slug: 'original' } } } as unknown as ProductScope;

afterEach(() => vi.useRealTimers());

describe('preloadGrow', () => {
  it('lets the page show (and say Loading) after a short wait when the API is slow, and goes on reading', async () => {
    vi.useFakeTimers();
    const { preloadGrow, ROUTE_WAIT_MS } = await import('./grow-preload');
    const client = new QueryClient();
    let done = false;
    void preloadGrow(client, scope, undefined).then(() => (done = true));
    await vi.advanceTimersByTimeAsync(ROUTE_WAIT_MS + 10);
    expect(done).toBe(true);
    expect(client.getQueryState(['grow', 'mekkos'])?.fetchStatus).toBe('fetching');
    await vi.advanceTimersByTimeAsync(4_000);
    expect(client.getQueryData(['grow', 'mekkos'])).toEqual([]);
  });
});
