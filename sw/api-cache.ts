/// <reference lib="webworker" />
import { ExpirationPlugin } from 'workbox-expiration';
import { registerRoute } from 'workbox-routing';
import { NetworkFirst } from 'workbox-strategies';
import type { WorkboxPlugin } from 'workbox-core/types';
import { HEADERS, OFFLINE } from '@shared/constants';
import { apiCacheKey, changesWhoIsLoggedIn, isCachedApiRead } from './api-reads';

declare const self: ServiceWorkerGlobalScope;

/** Same URL, other context, other answer: the X-Context joins the cache key. */
const contextKey: WorkboxPlugin = {
  cacheKeyWillBeUsed: async ({ request }) => apiCacheKey(request.url, request.headers.get(HEADERS.context)),
};

/**
 * A cached answer says so (header OFFLINE.cachedHeader), so the page's "data as of" counts it by
 * its own Date, not as fresh.
 */
const markCached: WorkboxPlugin = {
  cachedResponseWillBeUsed: async ({ cachedResponse }) => {
    if (!cachedResponse) return cachedResponse;
    const headers = new Headers(cachedResponse.headers);
    headers.set(OFFLINE.cachedHeader, '1');
    return new Response(cachedResponse.body, { status: cachedResponse.status, statusText: cachedResponse.statusText, headers });
  },
};

// No answer expires by age (issue 27): a context made available offline is kept until the user
// removes it (make-available.ts deletes its reads). The least recently used past 500 go (a bound,
// not a budget; "Make available offline" of the demo product makes about 200).
const expiration = new ExpirationPlugin({ maxEntries: 500, purgeOnQuotaError: true });

/**
 * API reads: the network first, the last 200 answer when the network fails or has not
 * answered within 4 s (a dead network that still looks "online"). With nothing cached the
 * read waits for the network and fails as it would without a service worker. NetworkFirst
 * stores only 200 answers (and opaque ones, which same-origin reads never are).
 */
export const apiReads = new NetworkFirst({
  cacheName: OFFLINE.apiCache,
  networkTimeoutSeconds: 4,
  plugins: [contextKey, expiration, markCached],
});

export function registerApiReads(): void {
  // Registered before the route, so a login, logout or "View as" wipes what the last user read.
  self.addEventListener('fetch', (event) => {
    if (changesWhoIsLoggedIn(event.request.method, new URL(event.request.url), self.location.origin)) {
      event.waitUntil(expiration.deleteCacheAndMetadata());
    }
  });
  registerRoute(({ request, url }) => isCachedApiRead(request.method, url, self.location.origin), apiReads);
}
