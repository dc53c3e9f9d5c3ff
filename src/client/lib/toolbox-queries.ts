import { queryOptions, type QueryClient } from '@tanstack/react-query';
import { redirect } from '@tanstack/react-router';
import { canOpenIframedUnit } from '@shared/rules/access';
import type { ResolvedContext } from '@shared/rules/context';
import { toolboxCategoriesResponseSchema, toolboxUnitsResponseSchema, type ToolboxCategory, type ToolboxUnit } from '@shared/schemas/toolbox';
import { api } from './api-client';
import { entityListStore, readThrough } from './offline/read-through';

/** The client's toolbox units; the call names the client in its X-Context as well as its path. */
export const toolboxUnitsQueryOptions = (clientSlug: string) =>
  queryOptions({
    queryKey: ['toolbox', 'units', clientSlug],
    queryFn: ({ queryKey }): Promise<ToolboxUnit[]> =>
      readThrough(
        queryKey,
        async () => (await api(`/api/toolbox/units/type/all/client/${encodeURIComponent(clientSlug)}`, toolboxUnitsResponseSchema, { context: { client: clientSlug } })).data,
        entityListStore<ToolboxUnit>('toolboxUnits', clientSlug),
      ),
    staleTime: 5 * 60_000,
    // The navigation simply shows no units when the list cannot be read.
    meta: { handlesErrors: true },
  });

/** The client's toolbox categories in priority order (online writes; the list is kept with the query cache). */
export const toolboxCategoriesQueryOptions = (clientSlug: string) =>
  queryOptions({
    queryKey: ['toolbox', 'categories', clientSlug],
    queryFn: async ({ signal }): Promise<ToolboxCategory[]> =>
      (await api(`/api/toolbox/categories/client/${encodeURIComponent(clientSlug)}`, toolboxCategoriesResponseSchema, { context: { client: clientSlug }, signal })).data,
    staleTime: 5 * 60_000,
    // The page says when they cannot be read.
    meta: { handlesErrors: true },
  });

/** Iframed-unit guard (spec 1 §2.2): otherwise redirect to the context's home. */
export async function requireIframedUnit(
  queryClient: QueryClient,
  resolved: ResolvedContext,
  unitName: string,
  home: string,
): Promise<{ unit: ToolboxUnit }> {
  const units = await queryClient.ensureQueryData(toolboxUnitsQueryOptions(resolved.client.slug)).catch(() => []);
  const unit = units.find((u) => u.name === unitName);
  if (!unit || !canOpenIframedUnit(unit, resolved.client.slug, resolved.region?.id)) {
    throw redirect({ href: home, replace: true });
  }
  return { unit };
}
