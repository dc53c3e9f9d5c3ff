import { QueryClient } from '@tanstack/react-query';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import type { ResolvedContext } from '@shared/rules/context';
import { NO_DATA } from '@shared/rules/navigation';
import { api } from './api-client';
import { ApiRequestError } from './api-error';
import { dataAvailabilityQueryOptions } from './data-queries';
import { queryClient as appQueryClient } from './query-client';

vi.mock('./api-client', () => ({ api: vi.fn() }));
const apiMock = vi.mocked(api);

// Only the fields the data checks read: the client's slug and flags, the others' slugs and the brand id.
const context = {
  client: { slug: 'acme', feature_flags: {} },
  region: { slug: 'us' },
  brand: { id: 3, slug: 'fizz-cola' },
  product: { slug: 'fizz-original' },
} as unknown as ResolvedContext;

const everything = { bestCustomer: true, customerAttrition: true, siteVisitation: true, customerSegmentation: false };

beforeEach(() => {
  apiMock.mockReset();
});

describe('data availability', () => {
  it('counts a check the server refused as unavailable', async () => {
    apiMock.mockRejectedValue(new ApiRequestError(403, 'FORBIDDEN', 'No access'));
    const qc = new QueryClient({ defaultOptions: appQueryClient.getDefaultOptions() });
    await expect(qc.fetchQuery(dataAvailabilityQueryOptions(context))).resolves.toEqual(NO_DATA);
  });

  it('fails, rather than answering "not available", when the server cannot be reached', async () => {
    apiMock.mockRejectedValue(new TypeError('Failed to fetch'));
    const qc = new QueryClient({ defaultOptions: appQueryClient.getDefaultOptions() });
    await expect(qc.fetchQuery(dataAvailabilityQueryOptions(context))).rejects.toBeInstanceOf(TypeError);
  });

  it('keeps the last known answer through a check that cannot reach the server', async () => {
    const qc = new QueryClient({ defaultOptions: appQueryClient.getDefaultOptions() });
    apiMock.mockResolvedValue({ data: [{ vendor_name: 'x' }] } as Awaited<ReturnType<typeof api>>);
    await expect(qc.fetchQuery(dataAvailabilityQueryOptions(context))).resolves.toEqual(everything);
    // One check of several fails to get through: the whole answer stays the last known one.
    apiMock.mockReset();
    apiMock.mockResolvedValueOnce({ data: [] } as Awaited<ReturnType<typeof api>>).mockRejectedValue(new ApiRequestError(502, 'BAD_GATEWAY', 'Bad Gateway'));
    await expect(qc.fetchQuery({ ...dataAvailabilityQueryOptions(context), staleTime: 0 })).resolves.toEqual(everything);
    expect(qc.getQueryState(dataAvailabilityQueryOptions(context).queryKey)?.status).toBe('success');
  });
});
