import { lazy, Suspense } from 'react';
import type { ContextSlugs } from '@shared/rules/context';

// Loaded with its route: the shell carries neither the page, its maths nor nivo's line chart.
const PlansPage = lazy(() => import('./plans-page').then((m) => ({ default: m.PlansPage })));

/** The Scenario Planner (issue 31). */
export function PlansRoute(props: { context: ContextSlugs; productPath: string; canManage: boolean }) {
  return (
    <Suspense fallback={<p role="status">Loading</p>}>
      <PlansPage {...props} />
    </Suspense>
  );
}
