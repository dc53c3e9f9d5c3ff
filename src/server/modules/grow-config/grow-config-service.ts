import type * as z from 'zod/mini';
import type { tabsConfigurationQuerySchema, tabsConfigurationResponseSchema } from '@shared/schemas/grow';
import type { Executor } from '../../db/client';
import type { DataManager } from '../../engine/data-manager';
import type { RequestContext } from '../../types';
import { chartInScope } from '../grow/grow-common';
import { contextClientRegion } from '../insights/insights-service';
import * as repo from './grow-config-repository';

// The grow feature is the routes' (config.feature): the context plugin has checked it.

export async function tvCountSettings(scope: { db: Executor; ctx: RequestContext; data: DataManager }) {
  const row = await repo.tvSettings(scope.db, await contextClientRegion(scope));
  return row ? { minimum: row.minimum, maximum: row.maximum, n_pids: row.nPids, const: row.constant } : null;
}

type TabsQuery = z.infer<typeof tabsConfigurationQuerySchema>;
type Tab = z.infer<typeof tabsConfigurationResponseSchema>['data'][number];

const TAB_KEYS = { person: 'top_level_person', market: 'top_level_market' } as const;

/**
 * The Grow insights tabs (spec 3 §6, §7): Person Level exists unless the context region is
 * market level only, and names the client's market-level-only regions; Market Level always.
 * A tab_key narrows the list to that tab.
 */
export async function tabsConfiguration(db: Executor, ctx: RequestContext, query: Pick<TabsQuery, 'tab_key'> & Partial<Pick<TabsQuery, 'resource_id'>>): Promise<Tab[]> {
  if (query.resource_id !== undefined) await chartInScope(db, ctx, query.resource_id);
  const excluded = await repo.marketLevelOnlySlugs(db, ctx.clientId);
  const tabs: Tab[] = [
    { name: 'Person Level', visible: !excluded.includes(ctx.regionSlug!), tab_key: TAB_KEYS.person, excluded_regions: excluded },
    { name: 'Market Level', visible: true, tab_key: TAB_KEYS.market, excluded_regions: [] },
  ];
  return query.tab_key === undefined ? tabs : tabs.filter((t) => t.tab_key === query.tab_key);
}
