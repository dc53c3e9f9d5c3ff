import { lazy, Suspense } from 'react';
import type { ContextSlugs } from '@shared/rules/context';

// Loaded with its route, as the other uploaders' pages are.
const DiscussionsPage = lazy(() => import('./discussions-page').then((m) => ({ default: m.DiscussionsPage })));

/** Discussions Upload (issue 30): the library of discussion clusters and its drawer. */
export function DiscussionsRoute({ context }: { context: ContextSlugs }) {
  return (
    <Suspense fallback={<p role="status">Loading</p>}>
      <DiscussionsPage context={context} />
    </Suspense>
  );
}
