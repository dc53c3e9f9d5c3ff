import { parseContextHeader, type ContextSlugs } from './context';

/** First path segments that are application pages, never a client slug. */
const APP_PAGES = new Set(['', 'login', 'home', 'health', 'notice', 'global', 'privacy-policy']);
/** Segments that end the context part of a path (a page under the context). */
const CONTEXT_END = new Set(['home', 'brands', 'upload', 'toolbox-app']);

/**
 * The context slugs a URL path carries ("/acme/us/b/p/insights/grow" -> acme/us/b/p),
 * used for the X-Context header. Null when the path is not under a client.
 */
export function contextFromPath(pathname: string): ContextSlugs | null {
  const segments = pathname.split('?')[0]!.split('/').filter(Boolean);
  if (segments.length === 0 || APP_PAGES.has(segments[0]!)) return null;
  const slugs: string[] = [];
  for (const segment of segments.slice(0, 4)) {
    if (slugs.length > 0 && CONTEXT_END.has(segment)) break;
    slugs.push(segment);
  }
  return parseContextHeader(slugs.join('/'));
}

/** The "client/region/brand/product" prefix of a full context, or null when shorter. */
export function productPath(ctx: ContextSlugs | null | undefined): string | null {
  if (!ctx?.region || !ctx.brand || !ctx.product) return null;
  return `${ctx.client}/${ctx.region}/${ctx.brand}/${ctx.product}`;
}

/** The home page of whatever level of context is known. */
export function contextHomePath(ctx: ContextSlugs | null | undefined): string {
  if (!ctx) return '/home';
  return `/${[ctx.client, ctx.region, ctx.brand, ctx.product].filter(Boolean).join('/')}/home`;
}

/**
 * Where choosing a new product leads (spec 1 §2.6): the same page in the new context,
 * except from a home page, which goes to the product home.
 */
export function productSwitchPath(currentPath: string, next: Required<ContextSlugs>): string {
  const base = `/${next.client}/${next.region}/${next.brand}/${next.product}`;
  const current = contextFromPath(currentPath);
  const segments = currentPath.split('/').filter(Boolean);
  const rest = current?.product ? segments.slice(4) : [];
  if (rest.length === 0 || rest[0] === 'home') return `${base}/home`;
  return `${base}/${rest.join('/')}`;
}

/** Admin pages, where the context picker is disabled (spec 1 §2.6). */
export function isAdminPath(pathname: string): boolean {
  const path = pathname.split('?')[0]!;
  return path.startsWith('/global/admin') || /\/brands\/admin\/?$/.test(path) || /\/upload\/[^/]+\/admin\/?$/.test(path);
}
