import { hierarchyResponseSchema, type Brand, type Client, type Hierarchy } from '@shared/schemas/hierarchy';
import type { ContextSlugs } from '@shared/rules/context';
import type { Db } from '../../db/client';
import type { RequestContext } from '../../types';
import { brandProductRows, clientRegionRows } from './hierarchy-repository';

/** A slug path is visible when a permitted prefix covers it, or it leads to a permitted path. */
export function isPermitted(permitted: readonly string[], path: string): boolean {
  return permitted.some((p) => p === '*' || path === p || path.startsWith(`${p}/`) || p.startsWith(`${path}/`));
}

/** Builds the hierarchy tree, keeping only what the permitted slug prefixes reach. */
export async function loadHierarchy(db: Db, permitted: readonly string[]): Promise<Hierarchy> {
  if (permitted.length === 0) return [];
  const rows = await clientRegionRows(db);
  const byClient = new Map<number, Client>();
  for (const { client, region, clientRegion } of rows) {
    if (!isPermitted(permitted, client.slug)) continue;
    let c = byClient.get(client.id);
    if (!c) {
      c = {
        id: client.id,
        slug: client.slug,
        name: client.name,
        lite: client.lite,
        active: client.active,
        conversant_company_id: client.conversantCompanyId,
        feature_flags: client.featureFlags,
        regions: [],
      };
      byClient.set(client.id, c);
    }
    if (!region || !clientRegion || !isPermitted(permitted, `${client.slug}/${region.slug}`)) continue;
    c.regions.push({
      id: region.id,
      slug: region.slug,
      name: region.name,
      currency: clientRegion.currency,
      is_default: clientRegion.isDefault,
      molecula_index: clientRegion.moleculaIndex,
      es_index: clientRegion.esIndex,
      brands: [],
    });
  }
  const products = await brandProductRows(db, [...byClient.keys()]);
  for (const { brand, product, regionId } of products) {
    const client = byClient.get(brand.clientId);
    const region = client?.regions.find((r) => r.id === regionId);
    if (!client || !region) continue;
    const fullSlug = `${client.slug}/${region.slug}/${brand.slug}/${product.slug}`;
    if (!isPermitted(permitted, fullSlug)) continue;
    let b: Brand | undefined = region.brands.find((x) => x.id === brand.id);
    if (!b) {
      b = {
        id: brand.id,
        name: brand.name,
        slug: brand.slug,
        category: brand.category,
        conversant_company_id: brand.conversantCompanyId,
        products: [],
      };
      region.brands.push(b);
    }
    b.products.push({ id: product.id, name: product.name, slug: product.slug, fullSlug });
  }
  return [...byClient.values()];
}

/** What a cached hierarchy depends on: the caller's grants and the hierarchy version. */
export interface HierarchyGrant {
  hierarchySlugs: readonly string[];
  hierarchyVersion: number;
}

const CACHE_LIMIT = 1_000;

interface CachedHierarchy {
  tree: Hierarchy;
  /** The response body, checked against the contract once when built. */
  json: string;
}

/** Per database (tests and tools may open several in one process). */
const caches = new WeakMap<Db, { version: number; trees: Map<string, Promise<CachedHierarchy>> }>();

async function build(db: Db, slugs: readonly string[]): Promise<CachedHierarchy> {
  const tree = await loadHierarchy(db, slugs);
  return { tree, json: JSON.stringify(hierarchyResponseSchema.parse({ data: tree })) };
}

/**
 * The caller's hierarchy, built once per distinct set of grants and hierarchy version.
 * Any write to the hierarchy tables bumps the version (a trigger), so no process serves a stale tree.
 */
export function cachedHierarchy(db: Db, grant: HierarchyGrant): Promise<CachedHierarchy> {
  let state = caches.get(db);
  if (!state || state.version !== grant.hierarchyVersion || state.trees.size >= CACHE_LIMIT) {
    state = { version: grant.hierarchyVersion, trees: new Map() };
    caches.set(db, state);
  }
  const cache = state.trees;
  const key = [...grant.hierarchySlugs].sort().join('|');
  let entry = cache.get(key);
  if (!entry) {
    entry = build(db, grant.hierarchySlugs);
    entry.catch(() => cache.delete(key));
    cache.set(key, entry);
  }
  return entry;
}

export const hierarchyFor = async (db: Db, grant: HierarchyGrant) => (await cachedHierarchy(db, grant)).tree;

/**
 * Resolves X-Context slugs within what the user may see. Returns null when any named
 * level is outside the user's hierarchy (another tenant, or an unknown slug).
 */
export async function resolveRequestContext(db: Db, grant: HierarchyGrant, ctx: ContextSlugs): Promise<RequestContext | null> {
  const client = (await hierarchyFor(db, grant)).find((c) => c.slug === ctx.client);
  if (!client || !client.active) return null;
  const out: RequestContext = { clientId: client.id, clientSlug: client.slug, featureFlags: client.feature_flags };
  if (!ctx.region) return out;
  const region = client.regions.find((r) => r.slug === ctx.region);
  if (!region) return null;
  Object.assign(out, { regionId: region.id, regionSlug: region.slug });
  if (!ctx.brand) return out;
  const brand = region.brands.find((b) => b.slug === ctx.brand);
  if (!brand) return null;
  Object.assign(out, { brandId: brand.id, brandSlug: brand.slug });
  if (!ctx.product) return out;
  const product = brand.products.find((p) => p.slug === ctx.product);
  if (!product) return null;
  return Object.assign(out, { productId: product.id, productSlug: product.slug });
}
