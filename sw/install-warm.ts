/**
 * A faster first install (issue 12 case 0). Workbox precaches one file at a time (its issue
 * 2528), and the shell is ~150 files: on a busy machine the install took 10-20 s, and until
 * it ends the worker cannot take over the open pages, so a user who went offline in that time
 * reloaded into the browser's error page. Fetching the hashed files a few at a time first puts
 * them in the HTTP cache (they are served immutable), where Workbox's own fetch finds them.
 */

/** A precache manifest entry as vite-plugin-pwa injects it. */
export type ManifestEntry = { url: string; revision: string | null } | string;

/** As many as a browser opens to one host over HTTP/1.1. */
export const WARM_CONCURRENCY = 6;

/**
 * The entries worth fetching ahead: those Workbox fetches through the HTTP cache (no revision:
 * the name carries the hash). Revisioned ones are fetched by Workbox bypassing that cache.
 */
export function warmableUrls(manifest: readonly ManifestEntry[], base: string): string[] {
  return manifest.flatMap((entry) => (typeof entry === 'string' ? [] : entry.revision === null ? [new URL(entry.url, base).href] : []));
}

/** Fetches every URL, `concurrency` at a time; a failure is Workbox's to report, not this one's. */
export async function warmHttpCache(urls: readonly string[], fetchImpl: typeof fetch, concurrency = WARM_CONCURRENCY): Promise<void> {
  let next = 0;
  const worker = async () => {
    while (next < urls.length) {
      const url = urls[next++]!;
      try {
        // The body must be read for the response to be stored in the HTTP cache.
        await (await fetchImpl(url, { credentials: 'same-origin' })).arrayBuffer();
      } catch {
        // Workbox fetches it again and fails the install if it really cannot be had.
      }
    }
  };
  await Promise.all(Array.from({ length: Math.min(concurrency, urls.length) }, worker));
}
