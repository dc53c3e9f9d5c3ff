import { QueryClient } from '@tanstack/react-query';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { customerValueFixture } from './analysis-fixtures.test-support';
import { analysisSearch, bestCustomerQueryOptions, customerAttritionQueryOptions, customerValueQueryOptions } from './analysis-queries';

const ctx = 'acme/us/fizz-cola/fizz-original';

describe('analysis query keys', () => {
  it('hold the context second (persisted and made available offline with it), the page, the filters and the settings', () => {
    expect(customerValueQueryOptions(ctx, [[4, 5], [6]]).queryKey).toEqual(['analysis', ctx, 'customer-value', '4,5;6', {}]);
    expect(bestCustomerQueryOptions(ctx, [], { best: 'tier', percent: 20 }).queryKey).toEqual(['analysis', ctx, 'best-customer', '', { best: 'tier' }]);
    expect(bestCustomerQueryOptions(ctx, [], { best: 'percent', percent: 20 }).queryKey).toEqual(['analysis', ctx, 'best-customer', '', { best: 'percent', percent: 20 }]);
    expect(customerAttritionQueryOptions(ctx, [], { window: 4 }).queryKey).toEqual(['analysis', ctx, 'customer-attrition', '', { window: 4 }]);
  });
});

describe('the query string', () => {
  it('names filters only when there are some, and the settings given', () => {
    expect(analysisSearch([])).toBe('');
    expect(analysisSearch([[1, 2], [3]])).toBe('?filters=1%2C2%3B3');
    expect(analysisSearch([], { best: 'percent', percent: 15, window: undefined })).toBe('?best=percent&percent=15');
  });
});

describe('a page’s read', () => {
  afterEach(() => vi.unstubAllGlobals());

  it('asks the page with the context’s X-Context and answers the parsed figures', async () => {
    const asked: { path: string; context: string | null }[] = [];
    vi.stubGlobal('fetch', vi.fn(async (path: string, init: RequestInit) => {
      asked.push({ path, context: new Headers(init.headers).get('x-context') });
      return new Response(JSON.stringify({ data: customerValueFixture }), { status: 200, headers: { 'content-type': 'application/json' } });
    }));
    const data = await new QueryClient().fetchQuery(customerValueQueryOptions(ctx, [[900]]));
    expect(asked).toEqual([{ path: '/api/analysis/customer-value?filters=900', context: ctx }]);
    expect(data.tiers.map((t) => t.key)).toEqual(['top', 'high', 'medium', 'low']);
  });

  it('refuses an answer that is not the contract’s', async () => {
    vi.stubGlobal('fetch', vi.fn(async () => new Response(JSON.stringify({ data: { tiers: 'none' } }), { status: 200, headers: { 'content-type': 'application/json' } })));
    await expect(new QueryClient().fetchQuery(customerValueQueryOptions(ctx, []))).rejects.toMatchObject({ code: 'INVALID_RESPONSE' });
  });

  it('keeps the figures shown while new filters are asked, never another context’s', () => {
    const options = customerValueQueryOptions(ctx, [[1]]);
    const placeholder = options.placeholderData as (previous: unknown, query: { queryKey: readonly unknown[] } | undefined) => unknown;
    expect(placeholder('figures', { queryKey: ['analysis', ctx, 'customer-value', '', {}] })).toBe('figures');
    expect(placeholder('figures', { queryKey: ['analysis', 'acme/us/fizz-cola/fizz-zero', 'customer-value', '', {}] })).toBeUndefined();
    expect(placeholder('figures', { queryKey: ['analysis', ctx, 'best-customer', '', {}] })).toBeUndefined();
  });
});
