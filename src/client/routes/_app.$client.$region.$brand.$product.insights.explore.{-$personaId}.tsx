import { lazy, Suspense } from 'react';
import { createFileRoute } from '@tanstack/react-router';
import { IndexReportHost } from '../features/reports/index-report-host';
import { requireArea, parseOptionalId, stringifyOptionalId } from '../lib/guards';

// Explore's page and its queries load with the route, never with the shell.
const ExplorePage = lazy(() => import('../features/explore/explore-page').then((m) => ({ default: m.ExplorePage })));

export const Route = createFileRoute('/_app/$client/$region/$brand/$product/insights/explore/{-$personaId}')({
  params: {
    parse: (raw) => ({ personaId: parseOptionalId(raw.personaId) }),
    stringify: (parsed) => ({ personaId: stringifyOptionalId(parsed.personaId) }),
  },
  beforeLoad: ({ context }) => requireArea('explore', context.scope),
  // The persona list, the persona on view and its widgets. A failed read shows on the page
  // (offline with nothing saved), not as an error page.
  loader: ({ context, params }) =>
    import('../features/explore/explore-preload')
      .then(({ preloadExplore }) => preloadExplore(context.queryClient, context.scope, params.personaId))
      .catch(() => undefined),
  component: ExploreRoute,
});

function ExploreRoute() {
  const { scope } = Route.useRouteContext();
  const { personaId } = Route.useParams();
  return (
    <>
      <Suspense fallback={<p role="status">Loading…</p>}>
        <ExplorePage scope={scope} personaId={personaId} />
      </Suspense>
      <IndexReportHost />
    </>
  );
}
