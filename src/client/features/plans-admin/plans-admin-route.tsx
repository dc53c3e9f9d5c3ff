import { lazy, Suspense } from 'react';
import type { PermissionSet } from '@shared/permissions';
import type { ContextSlugs } from '@shared/rules/context';

// Loaded with its route: the shell carries neither the page nor its queries (decision 006's budget).
const PlansAdminPage = lazy(() => import('./plans-admin-page').then((m) => ({ default: m.PlansAdminPage })));

/** Scenario Planner Management (issue 31): plan imports and the product's response curves. */
export function PlansAdminRoute(props: { context: ContextSlugs; permissions: PermissionSet; currency: string }) {
  return (
    <Suspense fallback={<p role="status">Loading</p>}>
      <PlansAdminPage {...props} />
    </Suspense>
  );
}
