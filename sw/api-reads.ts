/**
 * Which requests the service worker answers from its API cache (issue 4). Pure, so the rule
 * is tested without a browser.
 */

/**
 * GETs under /api/ that must always reach the server: health checks must tell the truth,
 * tokens and the login providers are fresh each time, the admin's user list and the API
 * description are never needed offline, and downloads (a report, Report History) are files, not reads.
 */
const ALWAYS_NETWORK: readonly RegExp[] = [
  /^\/api\/api-gateway-health-check$/,
  /^\/api\/[^/]+\/health$/,
  /^\/api\/auth\/(providers|sso-token|impersonable-users)$/,
  /^\/api\/openapi\.json$/,
  /\/(download|export)(\/|$)/,
  /^\/api\/report-history$/,
];

/**
 * True for the API reads kept for offline use: every same-origin GET under /api/ (the
 * session, permissions, hierarchy, home, notifications, toolbox, insights and every later
 * entity read) except the ones above.
 */
export function isCachedApiRead(method: string, url: URL, origin: string): boolean {
  if (method !== 'GET' || url.origin !== origin || !url.pathname.startsWith('/api/')) return false;
  return !ALWAYS_NETWORK.some((pattern) => pattern.test(url.pathname));
}

/** The query parameter that carries X-Context in a cache key only (never sent to the server). */
export const CONTEXT_KEY_PARAM = '__context';

/**
 * The cache key of an API read: its URL plus the X-Context it was asked in, since the same URL
 * answers differently in another client/region/brand/product.
 */
export function apiCacheKey(url: string, context: string | null): string {
  const key = new URL(url);
  key.searchParams.delete(CONTEXT_KEY_PARAM);
  if (context) key.searchParams.set(CONTEXT_KEY_PARAM, context);
  return key.href;
}

/**
 * Requests after which the cached reads belong to someone else: logging in or out and
 * starting or stopping "View as". The cache is wiped when one is made, online or not.
 */
export function changesWhoIsLoggedIn(method: string, url: URL, origin: string): boolean {
  if (method === 'GET' || url.origin !== origin) return false;
  return /^\/api\/auth\/(login|logout|impersonate)$/.test(url.pathname);
}
