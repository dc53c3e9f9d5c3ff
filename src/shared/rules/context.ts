import type { Brand, Client, Hierarchy, Product, Region } from '../schemas/hierarchy';

/** The four-level context carried in X-Context and in the URL. */
export interface ContextSlugs {
  client: string;
  region?: string;
  brand?: string;
  product?: string;
}

const SLUG = /^[a-z0-9][a-z0-9_-]{0,62}$/;

/** Parses "client/region/brand/product" (or a shorter prefix). Returns null when malformed. */
export function parseContextHeader(value: string | undefined | null): ContextSlugs | null {
  if (!value) return null;
  const parts = value.trim().replace(/^\/+|\/+$/g, '').split('/');
  if (parts.length < 1 || parts.length > 4 || !parts.every((p) => SLUG.test(p))) return null;
  const [client, region, brand, product] = parts as [string, string?, string?, string?];
  return { client, region, brand, product };
}

export function formatContext(ctx: ContextSlugs): string {
  return [ctx.client, ctx.region, ctx.brand, ctx.product].filter(Boolean).join('/');
}

export interface ResolvedContext {
  client: Client;
  region?: Region;
  brand?: Brand;
  product?: Product;
}

/** The slugs of a resolved context (what X-Context and the URL carry). */
export function slugsOf(ctx: ResolvedContext): ContextSlugs {
  return { client: ctx.client.slug, region: ctx.region?.slug, brand: ctx.brand?.slug, product: ctx.product?.slug };
}

/** Looks the slugs up in a hierarchy; each level resolves only if its parent did. */
export function resolveContext(hierarchy: Hierarchy, ctx: ContextSlugs): ResolvedContext | null {
  const client = hierarchy.find((c) => c.slug === ctx.client);
  if (!client) return null;
  const region = ctx.region ? client.regions.find((r) => r.slug === ctx.region) : undefined;
  const brand = region && ctx.brand ? region.brands.find((b) => b.slug === ctx.brand) : undefined;
  const product = brand && ctx.product ? brand.products.find((p) => p.slug === ctx.product) : undefined;
  return { client, region, brand, product };
}

/** Brands in picker order: grouped by category, then by name (spec 1 §2.6). */
export function sortBrands(brands: readonly Brand[]): Brand[] {
  return [...brands].sort(
    (a, b) => a.category.localeCompare(b.category) || a.name.localeCompare(b.name),
  );
}

export function defaultRegion(client: Client): Region | undefined {
  return client.regions.find((r) => r.is_default) ?? client.regions[0];
}

/** The home of the first brand and product of a region, or the notice page without brands. */
export function regionDefaultPath(client: Client, region: Region): string {
  const brand = sortBrands(region.brands).find((b) => b.products.length > 0);
  const product = brand?.products[0];
  if (!brand || !product) return '/notice';
  return `/${client.slug}/${region.slug}/${brand.slug}/${product.slug}/home`;
}

/** Where /home leads: the remembered context if still valid, else the first client's default. */
export function defaultHomePath(hierarchy: Hierarchy, remembered?: ContextSlugs | null): string | null {
  if (remembered) {
    const r = resolveContext(hierarchy, remembered);
    if (r?.product && r.client.active) return `/${formatContext(remembered)}/home`;
    if (r?.region && r.client.active) return regionDefaultPath(r.client, r.region);
  }
  const client = hierarchy.find((c) => c.active);
  if (!client) return null;
  const region = defaultRegion(client);
  if (!region) return '/notice';
  return regionDefaultPath(client, region);
}

export type ContextDecision =
  | { kind: 'allow'; context: ResolvedContext }
  | { kind: 'redirect'; to: string }
  | { kind: 'invalid-client'; slug: string; to: string };

/**
 * The context guard of spec 1 §2.2 for paths that start with a client slug.
 * Four valid segments allow; two valid segments go to the region's default sub-route;
 * anything else goes to a default route; an unknown or inactive client warns and goes home.
 * `depth` is how many context segments the route itself requires (1, 2, 3 or 4).
 */
export function decideContext(hierarchy: Hierarchy, segments: ContextSlugs, depth: 1 | 2 | 3 | 4): ContextDecision {
  const client = hierarchy.find((c) => c.slug === segments.client);
  if (!client || !client.active) return { kind: 'invalid-client', slug: segments.client, to: '/home' };
  const resolved = resolveContext(hierarchy, segments);
  if (!resolved) return { kind: 'invalid-client', slug: segments.client, to: '/home' };
  const valid = resolved.product ? 4 : resolved.brand ? 3 : resolved.region ? 2 : 1;
  if (valid >= depth) return { kind: 'allow', context: resolved };
  if (resolved.region) return { kind: 'redirect', to: regionDefaultPath(client, resolved.region) };
  const region = defaultRegion(client);
  return { kind: 'redirect', to: region ? regionDefaultPath(client, region) : '/notice' };
}

/** A region home whose region has no brand or product shows the notice page instead (spec 1 §2.1). */
export function regionHomeRedirect(resolved: ResolvedContext): '/notice' | null {
  const hasProduct = resolved.region?.brands.some((b) => b.products.length > 0) ?? false;
  return hasProduct ? null : '/notice';
}
