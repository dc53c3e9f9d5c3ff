import { lazy, Suspense } from 'react';
import type { PermissionSet } from '@shared/permissions';
import type { Client, Hierarchy, Region } from '@shared/schemas/hierarchy';

// Loaded with its route: the shell carries neither the page nor its queries (decision 006's budget).
const BrandManagementPage = lazy(() => import('./brand-management-page').then((m) => ({ default: m.BrandManagementPage })));

/** `?new=1` (the top bar's "Add brands" shortcut) opens a new brand. */
export type BrandAdminSearch = { new?: boolean };

export function parseBrandAdminSearch(raw: Record<string, unknown>): BrandAdminSearch {
  return raw.new === 1 || raw.new === '1' || raw.new === true ? { new: true } : {};
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
      <BrandManagementPage {...props} openNew={search.new === true} />
    </Suspense>
  );
}
