import { queryOptions, useQuery, useQueryClient } from '@tanstack/react-query';
import { useEffect, useRef } from 'react';
import { TIMING } from '@shared/constants';
import type { ResolvedContext } from '@shared/rules/context';
import { availabilityFrom, dataCheckRequests, dataNotice, keepPollingStatus, type DataCheckAnswers } from '@shared/rules/data-checks';
import { NO_DATA, type DataAvailability } from '@shared/rules/navigation';
import { dataAvailabilityResponseSchema, dataStatusResponseSchema, type DataStatus } from '@shared/schemas/data-status';
import { api } from './api-client';
import { isApiError } from './api-error';
import { isUnreachable } from './offline/read-through';

export const dataKeys = {
  availability: ['data', 'availability'] as const,
  /** Every availability of a client region: what turns stale when its data becomes ready. */
  regionAvailability: (client: string, region: string) => [...dataKeys.availability, client, region] as const,
  status: (client: string) => ['data', 'status', client] as const,
};

/**
 * The data checks of the full context (spec 1 §5, §7). They need a brand (the product path);
 * without one nothing is available. A check the server refused counts as unavailable, never as an
 * error. A check that could not reach the server fails the query instead, so the last known answer
 * stays (keepLastGood): offline must not change the navigation or the home cards.
 */
export const dataAvailabilityQueryOptions = (context: ResolvedContext | null | undefined) => {
  const { client, region, brand, product } = context ?? {};
  const requests = client && brand ? dataCheckRequests(client.feature_flags, brand.id) : [];
  const slugs = client && region && brand && product ? { client: client.slug, region: region.slug, brand: brand.slug, product: product.slug } : null;
  return queryOptions({
    // The full context and the checks asked, so a context change asks again.
    queryKey: [...dataKeys.availability, slugs?.client, slugs?.region, slugs?.brand, slugs?.product, requests.flatMap((r) => r.checks)],
    queryFn: async ({ signal }): Promise<DataAvailability> => {
      if (!slugs) return NO_DATA;
      const answers: DataCheckAnswers = {};
      await Promise.all(requests.map(async ({ checks, body }) => {
        const data = await api('/api/data-availability', dataAvailabilityResponseSchema, { method: 'POST', body, context: slugs, signal })
          .then((r) => r.data, (error: unknown) => {
            if (isUnreachable(error)) throw error;
            return null;
          });
        for (const check of checks) answers[check] = data;
      }));
      return availabilityFrom(answers);
    },
    enabled: slugs !== null,
    staleTime: 5 * 60_000,
    meta: { handlesErrors: true },
  });
};

/** The availability of the context, NO_DATA until it is known. */
export function useDataAvailability(context: ResolvedContext | null | undefined): DataAvailability {
  return useQuery(dataAvailabilityQueryOptions(context)).data ?? NO_DATA;
}

/** The demo data status of the client's regions, asked again every 3 s while one is being prepared. */
export const dataStatusQueryOptions = (clientSlug: string) =>
  queryOptions({
    queryKey: dataKeys.status(clientSlug),
    queryFn: async ({ signal }): Promise<DataStatus[]> =>
      (await api('/api/data-status', dataStatusResponseSchema, { context: null, signal })).data.filter((s) => s.client === clientSlug),
    refetchInterval: (query) => {
      // A lapsed login is the session ping's to handle; asking again would only fail again.
      const lapsed = isApiError(query.state.error) && query.state.error.refreshLogin;
      return !lapsed && keepPollingStatus(query.state.data ?? [], clientSlug) ? TIMING.dataStatusPollMs : false;
    },
    meta: { handlesErrors: true },
  });

/**
 * What to say about the current client region's data. When it turns ready the region's
 * availability is asked again, since every check depends on the data.
 */
export function useDataNotice(clientSlug: string | undefined, regionSlug: string | undefined) {
  const queryClient = useQueryClient();
  const statuses = useQuery({ ...dataStatusQueryOptions(clientSlug ?? ''), enabled: !!clientSlug }).data;
  const state = statuses?.find((s) => s.region === regionSlug)?.state;
  const previous = useRef<{ where: string; state: DataStatus['state'] } | null>(null);
  useEffect(() => {
    const where = `${clientSlug}/${regionSlug}`;
    const before = previous.current;
    previous.current = state ? { where, state } : null;
    if (clientSlug && regionSlug && state === 'ready' && before?.where === where && before.state !== 'ready') {
      void queryClient.invalidateQueries({ queryKey: dataKeys.regionAvailability(clientSlug, regionSlug) });
    }
  }, [queryClient, clientSlug, regionSlug, state]);
  return clientSlug ? dataNotice(statuses ?? [], clientSlug, regionSlug) : null;
}
