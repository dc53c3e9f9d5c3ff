import { lazy, Suspense } from 'react';
import type { PermissionSet } from '@shared/permissions';
import type { Client, Hierarchy, Region } from '@shared/schemas/hierarchy';

// Loaded with its route: the shell carries neither the page nor its queries (decision 006's budget).
const BrandManagementPage = lazy(() => import('./brand-management-page').then((m) => ({ default: m.BrandManagementPage })));

/**
 * `?new=1` (the top bar's "Add brands" shortcut) opens a new brand; `?mapper=<brand id>` (Site
 * Visitation's link when a brand has no mapping) opens that brand's segment mapper.
 */
export type BrandAdminSearch = { new?: boolean; mapper?: number };

export function parseBrandAdminSearch(raw: Record<string, unknown>): BrandAdminSearch {
  const search: BrandAdminSearch = raw.new === 1 || raw.new === '1' || raw.new === true ? { new: true } : {};
  const mapper = typeof raw.mapper === 'number' || typeof raw.mapper === 'string' ? Number(raw.mapper) : Number.NaN;
  return Number.isSafeInteger(mapper) && mapper > 0 ? { ...search, mapper } : search;
}

interface Props {
  permissions: PermissionSet;
  hierarchy: Hierarchy;
  client: Client;
  /** null: all regions ('*'). */
  region: Region | null;
  search: BrandAdminSearch;
}

/** What both Brand Management routes ({client}/brands/admin, {client}/{region}/brands/admin) render. */
export function BrandAdminRoute({ search, ...props }: Props) {
  return (
    <Suspense fallback={<p role="status">Loading</p>}>
      <BrandManagementPage {...props} openNew={search.new === true} openMapperOf={search.mapper ?? null} />
    </Suspense>
  );
}
