import { queryOptions } from '@tanstack/react-query';
import { anyRunning } from '@shared/rules/activations';
import { parseContextHeader } from '@shared/rules/context';
import {
  activatableAudiencesResponseSchema,
  activationDetailResponseSchema,
  activationsPageSchema,
  destinationsResponseSchema,
  type ActivationState,
  type ActivationsPage,
} from '@shared/schemas/activations';
import { api } from './api-client';

/**
 * Activations of a product context (Audiences > Ams, and the home page's Activations tab): here
 * and not in a feature, because both the home page and the Ams page read them.
 */

/** While a delivery runs, its list and detail are asked again this often: the state moves on by itself. */
export const DELIVERY_POLL_MS = 2_000;

export interface ActivationFilters {
  state?: ActivationState;
  destinationId?: number;
  q?: string;
  page?: number;
  perPage?: number;
}

export const activationKeys = {
  all: ['activations'] as const,
  product: (productPath: string) => ['activations', productPath] as const,
  list: (productPath: string, filters: ActivationFilters) => ['activations', productPath, 'list', filters] as const,
  detail: (productPath: string, id: number) => ['activations', productPath, 'detail', id] as const,
  destinations: (productPath: string) => ['activations', productPath, 'destinations'] as const,
  audiences: (productPath: string) => ['activations', productPath, 'audiences'] as const,
};

function listPath(filters: ActivationFilters): string {
  const params = new URLSearchParams();
  if (filters.state) params.set('state', filters.state);
  if (filters.destinationId) params.set('destination_id', String(filters.destinationId));
  if (filters.q?.trim()) params.set('q', filters.q.trim());
  params.set('page', String(filters.page ?? 1));
  params.set('per_page', String(filters.perPage ?? 25));
  return `/api/activations?${params.toString()}`;
}

const pollWhileRunning = (page: ActivationsPage | undefined) => (page && anyRunning(page.data) ? DELIVERY_POLL_MS : false);

/** A page of the product's activations, last changed first; asked again every 2 s while one is being delivered. */
export const activationsQueryOptions = (productPath: string, filters: ActivationFilters = {}) =>
  queryOptions({
    queryKey: activationKeys.list(productPath, filters),
    queryFn: ({ signal }) => api(listPath(filters), activationsPageSchema, { context: parseContextHeader(productPath), signal }),
    refetchInterval: (query) => pollWhileRunning(query.state.data),
    staleTime: 10_000,
  });

/**
 * The home page's Activations tab: a failed read raises no banner (spec 1 §8); the tab logs it
 * and shows what it had, or nothing. Not caught here: a failed refetch keeps the last good list.
 */
export const recentActivationsQueryOptions = (productPath: string) =>
  queryOptions({
    ...activationsQueryOptions(productPath, { perPage: 10 }),
    meta: { handlesErrors: true },
  });

export const activationQueryOptions = (productPath: string, id: number) =>
  queryOptions({
    queryKey: activationKeys.detail(productPath, id),
    queryFn: async ({ signal }) => (await api(`/api/activations/${id}`, activationDetailResponseSchema, { context: parseContextHeader(productPath), signal })).data,
    refetchInterval: (query) => (query.state.data && anyRunning([query.state.data]) ? DELIVERY_POLL_MS : false),
    // The page says the activation is not there; no banner.
    meta: { handlesErrors: true },
  });

export const destinationsQueryOptions = (productPath: string) =>
  queryOptions({
    queryKey: activationKeys.destinations(productPath),
    queryFn: async ({ signal }) => (await api('/api/activations/destinations', destinationsResponseSchema, { context: parseContextHeader(productPath), signal })).data,
    staleTime: 5 * 60_000,
  });

/** The saved audiences of the product that can be activated. */
export const activatableAudiencesQueryOptions = (productPath: string) =>
  queryOptions({
    queryKey: activationKeys.audiences(productPath),
    queryFn: async ({ signal }) => (await api('/api/activations/audiences', activatableAudiencesResponseSchema, { context: parseContextHeader(productPath), signal })).data,
  });
