import { queryOptions, type QueryClient } from '@tanstack/react-query';
import type * as z from 'zod/mini';
import { CLIENT_MESSAGES } from '@shared/rules/clients';
import {
  adminClientsResponseSchema,
  adminRegionsResponseSchema,
  dashboardResponseSchema,
  languagesResponseSchema,
} from '@shared/schemas/clients';
import { api } from '../../lib/api-client';
import { writeFailureMessage } from '../../lib/api-error';

/** Administration reads: global (no X-Context), online (never the outbox), the page says when one fails. */
export const adminKeys = {
  all: ['admin'] as const,
  clients: ['admin', 'clients'] as const,
  regions: ['admin', 'regions'] as const,
  dashboard: ['admin', 'dashboard'] as const,
  languages: ['admin', 'languages'] as const,
};

const meta = { handlesErrors: true };

export const adminClientsQueryOptions = () =>
  queryOptions({ queryKey: adminKeys.clients, queryFn: async () => (await api('/api/clients', adminClientsResponseSchema, { context: null })).data, meta });

export const adminRegionsQueryOptions = () =>
  queryOptions({ queryKey: adminKeys.regions, queryFn: async () => (await api('/api/regions', adminRegionsResponseSchema, { context: null })).data, meta });

export const dashboardQueryOptions = () =>
  queryOptions({ queryKey: adminKeys.dashboard, queryFn: async () => (await api('/api/admin/dashboard', dashboardResponseSchema, { context: null })).data, meta });

export const languagesQueryOptions = () =>
  queryOptions({
    queryKey: adminKeys.languages,
    queryFn: async () => (await api('/api/languages', languagesResponseSchema, { context: null })).data,
    staleTime: Infinity,
    meta,
  });

/**
 * An admin write, sent now: the parsed answer, or the reason it failed (the caller keeps the
 * form's values and shows it). Afterwards every admin list is read again.
 */
export async function adminWrite<S extends z.ZodMiniType>(
  queryClient: QueryClient,
  path: string,
  schema: S,
  method: 'POST' | 'PUT',
  body: unknown,
): Promise<{ ok: true; data: z.infer<S> } | { ok: false; message: string }> {
  if (typeof navigator !== 'undefined' && !navigator.onLine) return { ok: false, message: CLIENT_MESSAGES.offline };
  try {
    const data = await api(path, schema, { method, body, context: null });
    void queryClient.invalidateQueries({ queryKey: adminKeys.all });
    return { ok: true, data };
  } catch (error) {
    return { ok: false, message: writeFailureMessage(error, CLIENT_MESSAGES.offline) };
  }
}
