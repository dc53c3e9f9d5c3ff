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

/**
 * Whether a server watch is running (server-watch.ts): the network is up and the server's health
 * check does not answer. The top bar says "Server unreachable" and the edits "Waiting for the
 * server" while it is (issue 27), even when no query on screen has failed yet.
 */
let away = false;
const awayListeners = new Set<() => void>();

export function setServerAway(value: boolean): void {
  if (away === value) return;
  away = value;
  for (const listener of awayListeners) listener();
}

export function serverAway(): boolean {
  return away;
}

export function onServerAway(listener: () => void): () => void {
  awayListeners.add(listener);
  return () => awayListeners.delete(listener);
}
