import { lazy, useCallback, useMemo, useState, type ComponentType, type LazyExoticComponent } from 'react';

/**
 * A part of the shell loaded on first use (a panel, a menu), which is asked for again after its
 * code failed to load (the server gone before it was fetched): React keeps a failed lazy
 * component failed, so `retry` makes a fresh one, and does nothing while the part is fine.
 * Render it inside a `LoadBoundary` keyed by `attempt`.
 */
export function useLazyPart<P extends object>(load: () => Promise<ComponentType<P>>): {
  Part: LazyExoticComponent<ComponentType<P>>;
  attempt: number;
  retry: () => void;
} {
  const [attempt, setAttempt] = useState(0);
  // One component, and whether its load failed, per attempt: `attempt` is what asks for a new one.
  const part = useMemo(() => {
    const outcome = { failed: false };
    const Part = lazy(async () => {
      try {
        return { default: await load() };
      } catch (error) {
        outcome.failed = true;
        throw error;
      }
    });
    return { Part, outcome, attempt };
  }, [load, attempt]);
  const retry = useCallback(() => {
    if (part.outcome.failed) setAttempt(part.attempt + 1);
  }, [part]);
  return { Part: part.Part, attempt, retry };
}
