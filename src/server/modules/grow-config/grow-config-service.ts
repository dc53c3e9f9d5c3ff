import { hasFeature, type Feature } from '@shared/rules/access';
import type * as z from 'zod/mini';
import type { tabsConfigurationQuerySchema, tabsConfigurationResponseSchema } from '@shared/schemas/grow';
import type { Executor } from '../../db/client';
import { forbidden, notFound } from '../../lib/errors';
import type { RequestContext } from '../../types';
import * as repo from './grow-config-repository';

export type { ChartScope } from './grow-config-repository';

const FEATURE_NAMES: Partial<Record<Feature, string>> = { grow: 'Grow', audiences: 'Audiences' };

export const GROW_CONFIG_MESSAGES = {
  featureMissing: (feature: Feature, clientSlug: string) => `${FEATURE_NAMES[feature] ?? feature} is not enabled for ${clientSlug}.`,
  // Worded as the chart routes word it: one entity, one message.
  chartNotFound: (id: number) => `There is no Grow chart ${id} in this product and region: it may have been deleted.`,
  noClientRegion: (where: string) => `${where} is not a region of this client.`,
} as const;

/** The X-Context path, as messages name it. */
const whereOf = (ctx: RequestContext) => [ctx.clientSlug, ctx.regionSlug, ctx.brandSlug, ctx.productSlug].filter(Boolean).join('/');

/** The chart scope of a product-level X-Context (the context plugin has resolved every level). */
export function scopeOf(ctx: RequestContext): repo.ChartScope {
  if (ctx.productId === undefined || ctx.regionId === undefined) throw new Error('a Grow route needs a product X-Context');
  return { clientId: ctx.clientId, productId: ctx.productId, regionId: ctx.regionId };
}

/** Client feature access (spec 3 §6): a client without the area's feature gets 403, whatever the role. */
export async function requireFeature(db: Executor, ctx: RequestContext, feature: Feature): Promise<void> {
  if (!hasFeature(await repo.featureFlags(db, ctx.clientId), feature)) throw forbidden(GROW_CONFIG_MESSAGES.featureMissing(feature, ctx.clientSlug));
}

/** The chart, when it is one of the X-Context product's in its region; 404 otherwise (another tenant's included). */
export async function chartInScope(db: Executor, ctx: RequestContext, id: number, lock = false) {
  const chart = await repo.findChart(db, scopeOf(ctx), id, lock);
  if (!chart) throw notFound(GROW_CONFIG_MESSAGES.chartNotFound(id));
  return chart;
}

async function contextClientRegion(db: Executor, ctx: RequestContext) {
  const found = ctx.regionId === undefined ? null : await repo.clientRegion(db, ctx.clientId, ctx.regionId);
  if (!found) throw notFound(GROW_CONFIG_MESSAGES.noClientRegion(whereOf(ctx)));
  return found;
}

export async function tvCountSettings(db: Executor, ctx: RequestContext) {
  await requireFeature(db, ctx, 'grow');
  const row = await repo.tvSettings(db, (await contextClientRegion(db, ctx)).id);
  return row ? { minimum: row.minimum, maximum: row.maximum, n_pids: row.nPids, const: row.constant } : null;
}

type TabsQuery = z.infer<typeof tabsConfigurationQuerySchema>;
type Tab = z.infer<typeof tabsConfigurationResponseSchema>['data'][number];

export const TAB_KEYS = { person: 'top_level_person', market: 'top_level_market' } as const;

/**
 * The Grow insights tabs (spec 3 §6, §7): Person Level exists unless the context region is
 * market level only, and names the client's market-level-only regions; Market Level always.
 * A tab_key narrows the list to that tab.
 */
export async function tabsConfiguration(db: Executor, ctx: RequestContext, query: TabsQuery): Promise<Tab[]> {
  await requireFeature(db, ctx, 'grow');
  if (query.resource_id !== undefined) await chartInScope(db, ctx, query.resource_id);
  const region = await contextClientRegion(db, ctx);
  const tabs: Tab[] = [
    { name: 'Person Level', visible: !region.marketLevelOnly, tab_key: TAB_KEYS.person, excluded_regions: await repo.marketLevelOnlySlugs(db, ctx.clientId) },
    { name: 'Market Level', visible: true, tab_key: TAB_KEYS.market, excluded_regions: [] },
  ];
  return query.tab_key === undefined ? tabs : tabs.filter((t) => t.tab_key === query.tab_key);
}
