/**
 * Answers the service worker served from its cache while the network was gone: the oldest one's
 * time, until the network is back. The top bar's "data as of" counts it (the query that got it
 * looks freshly fetched). Kept apart from freshness.ts so the API client does not load React.
 */
let oldest: number | null = null;
const listeners = new Set<() => void>();

export function noteCachedAnswer(at: number): void {
  if (oldest !== null && oldest <= at) return;
  oldest = at;
  for (const listener of listeners) listener();
}

export function oldestCachedAnswer(): number | null {
  return oldest;
}

export function onCachedAnswer(listener: () => void): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

if (typeof window !== 'undefined') {
  window.addEventListener('online', () => {
    oldest = null;
    for (const listener of listeners) listener();
  });
}
