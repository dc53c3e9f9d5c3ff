import { useEffect } from 'react';

/**
 * Fetches a part of the shell that is not in its first load (a panel, a menu) once the page is
 * idle, so that it is at hand when first opened, also with the server gone: before the service
 * worker has the app, a part fetched only at its first click could not be fetched then, and the
 * page fell to "Something went wrong" (found offline with the Edits panel, issue 28).
 */
export function usePreloadWhenIdle(load: () => Promise<unknown>): void {
  useEffect(() => {
    const fetchPart = () => preload(load);
    if (typeof requestIdleCallback !== 'function') {
      const timer = setTimeout(fetchPart, 1_000);
      return () => clearTimeout(timer);
    }
    const idle = requestIdleCallback(fetchPart, { timeout: 5_000 });
    return () => cancelIdleCallback(idle);
  }, [load]);
}

/** Starts fetching a part ahead of its use (the pointer over its button, the focus on it); a failure is left to the use. */
export function preload(load: () => Promise<unknown>): void {
  load().catch(() => undefined);
}
