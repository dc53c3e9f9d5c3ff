import { QueryClient } from '@tanstack/react-query';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { ApiRequestError } from './api-error';
import { audienceCountQueryOptions, categoriesQueryOptions, insightErrorMessage, normalizeRules, widgetQueryOptions } from './insights-queries';

const ctx = 'acme/us/fizz-cola/fizz-original';

describe('normalizeRules', () => {
  it('spells a rule one way: ids sorted and once, groups sorted and once, excludes sorted', () => {
    expect(normalizeRules({ include: { and: [[10, 2, 2], [1], [2, 10]] }, exclude: [9, 3, 9], values: [] })).toEqual({ include: { and: [[1], [2, 10]] }, exclude: [3, 9] });
  });

  it('spells value groups the same way, and leaves them out when there are none', () => {
    expect(normalizeRules({ include: { and: [[4]] }, values: [[9, 3], [3, 9], [1]] })).toEqual({ include: { and: [[4]] }, exclude: [], values: [[1], [3, 9]] });
  });
});

describe('insights query keys', () => {
  it('hold the context and the rule, so each context keeps its own insights', () => {
    const a = { include: { and: [[2, 1]] }, exclude: [], values: [] };
    // Without values the key is spelt as before they existed (keys kept on a device still match).
    const b = { include: { and: [[1, 2]] }, exclude: [] };
    expect(categoriesQueryOptions(ctx).queryKey).toEqual(['insights', ctx, 'categories']);
    expect(widgetQueryOptions(ctx, a, 7).queryKey).toEqual(['insights', ctx, 'widget', b, '7']);
    expect(widgetQueryOptions(ctx, a, 'Age').queryKey).toEqual(widgetQueryOptions(ctx, b, 'Age').queryKey);
    expect(audienceCountQueryOptions(ctx, a).queryKey).toEqual(['insights', ctx, 'audience-count', b]);
    expect(audienceCountQueryOptions('acme/au/fizz-cola/fizz-original', a).queryKey).not.toEqual(audienceCountQueryOptions(ctx, a).queryKey);
  });
});

describe('the widget of everyone (rules null)', () => {
  afterEach(() => {
    vi.unstubAllGlobals();
  });

  it('has a key of its own, stable across calls, apart from any rule', () => {
    expect(widgetQueryOptions(ctx, null, 7).queryKey).toEqual(['insights', ctx, 'widget', 'everyone', '7']);
    expect(widgetQueryOptions(ctx, null, 7).queryKey).toEqual(widgetQueryOptions(ctx, null, '7').queryKey);
    expect(widgetQueryOptions(ctx, null, 7).queryKey).not.toEqual(widgetQueryOptions(ctx, { include: { and: [[1]] } }, 7).queryKey);
  });

  it('asks without rules', async () => {
    const bodies: unknown[] = [];
    vi.stubGlobal('fetch', vi.fn(async (_path: string, init: RequestInit) => {
      bodies.push(JSON.parse(String(init.body)));
      const data = { category: { id: 7, name: 'Age' }, audience_count: 10, base_count: 10, rows: [] };
      return new Response(JSON.stringify({ data }), { status: 200, headers: { 'content-type': 'application/json' } });
    }));
    const client = new QueryClient();
    await client.fetchQuery(widgetQueryOptions(ctx, null, 7));
    await client.fetchQuery(widgetQueryOptions(ctx, { include: { and: [[2, 1]] } }, 7));
    expect(bodies).toEqual([{ category: 7 }, { rules: { include: { and: [[1, 2]] }, exclude: [] }, category: 7 }]);
  });
});

describe('insightErrorMessage', () => {
  it('explains data not ready, passes on the server message, and names a missing network', () => {
    expect(insightErrorMessage(new ApiRequestError(503, 'DATA_NOT_READY', 'Data is being prepared'))).toBe('Counts become available when the data is ready.');
    expect(insightErrorMessage(new ApiRequestError(422, 'VALIDATION_FAILED', 'At most 20 OR-groups'))).toBe('At most 20 OR-groups');
    expect(insightErrorMessage(new TypeError('Failed to fetch'))).toMatch(/could not be reached/);
  });
});
