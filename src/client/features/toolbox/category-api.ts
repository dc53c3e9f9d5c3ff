import type { QueryClient } from '@tanstack/react-query';
import { reorder, sortCategories } from '@shared/rules/toolbox';
import { okResponseSchema } from '@shared/schemas/auth';
import { toolboxCategoriesResponseSchema, toolboxCategoryResponseSchema, type ToolboxCategory } from '@shared/schemas/toolbox';
import { api } from '../../lib/api-client';
import { whenEntitySent } from '../../lib/offline/outbox-client';
import { toolboxCategoriesQueryOptions, toolboxUnitsQueryOptions } from '../../lib/toolbox-queries';

/**
 * Category writes (spec 1 §7) are online only: offline they fail with the network error and the
 * page keeps what the user typed. Each success refreshes the lists it changed.
 */
const context = (clientSlug: string) => ({ client: clientSlug });
const categoriesKey = (clientSlug: string) => toolboxCategoriesQueryOptions(clientSlug).queryKey;

export async function createCategory(queryClient: QueryClient, clientSlug: string, name: string): Promise<ToolboxCategory> {
  const { data } = await api('/api/toolbox/categories', toolboxCategoryResponseSchema, { method: 'POST', body: { name, client_slug: clientSlug }, context: context(clientSlug) });
  queryClient.setQueryData(categoriesKey(clientSlug), (list) => sortCategories([...(list ?? []), data]));
  return data;
}

/** Rename: the units that name the category are renamed on the server too, so both lists are read again. */
export async function renameCategory(queryClient: QueryClient, category: ToolboxCategory, name: string): Promise<ToolboxCategory> {
  const { data } = await api(`/api/toolbox/categories/${category.id}`, toolboxCategoryResponseSchema, {
    method: 'PUT', body: { name, version: category.version }, context: context(category.client_slug),
  });
  queryClient.setQueryData(categoriesKey(category.client_slug), (list) => (list ?? []).map((c) => (c.id === data.id ? data : c)));
  await queryClient.invalidateQueries({ queryKey: toolboxUnitsQueryOptions(category.client_slug).queryKey });
  return data;
}

/** How long a category delete waits for the unit edits queued before it (their deletes) to be sent. */
const UNIT_EDITS_WAIT_MS = 10_000;

export async function deleteCategory(queryClient: QueryClient, category: ToolboxCategory): Promise<void> {
  // Its last unit may have been deleted a moment ago through the outbox: the server must see that first.
  await whenEntitySent('toolbox_unit', UNIT_EDITS_WAIT_MS);
  await api(`/api/toolbox/categories/${category.id}?version=${category.version}`, okResponseSchema, { method: 'DELETE', context: context(category.client_slug) });
  queryClient.setQueryData(categoriesKey(category.client_slug), (list) => (list ?? []).filter((c) => c.id !== category.id));
}

/**
 * Moves a category to a position: shown at once, saved with PUT …/bulk (every category's new
 * priority); on failure the server's order is read again and the error is thrown.
 */
export async function moveCategory(queryClient: QueryClient, clientSlug: string, categories: readonly ToolboxCategory[], id: number, toIndex: number): Promise<void> {
  const order = reorder(categories, id, toIndex);
  const priorities = new Map(order.map((c) => [c.id, c.priority]));
  const key = categoriesKey(clientSlug);
  await queryClient.cancelQueries({ queryKey: key });
  queryClient.setQueryData(key, sortCategories(categories.map((c) => ({ ...c, priority: priorities.get(c.id) ?? c.priority }))));
  try {
    const { data } = await api(`/api/toolbox/categories/${id}/bulk`, toolboxCategoriesResponseSchema, { method: 'PUT', body: order, context: context(clientSlug) });
    queryClient.setQueryData(key, data);
  } catch (error) {
    await queryClient.invalidateQueries({ queryKey: key });
    throw error;
  }
}
