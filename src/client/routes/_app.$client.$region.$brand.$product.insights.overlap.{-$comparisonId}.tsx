import { lazy, Suspense } from 'react';
import { createFileRoute } from '@tanstack/react-router';
import { requireArea, parseOptionalId, stringifyOptionalId } from '../lib/guards';

// Overlap's page, its charts and queries load with the route, never with the shell.
const OverlapPage = lazy(() => import('../features/overlap/overlap-page').then((m) => ({ default: m.OverlapPage })));

export const Route = createFileRoute('/_app/$client/$region/$brand/$product/insights/overlap/{-$comparisonId}')({
  params: {
    parse: (raw) => ({ comparisonId: parseOptionalId(raw.comparisonId) }),
    stringify: (parsed) => ({ comparisonId: stringifyOptionalId(parsed.comparisonId) }),
  },
  beforeLoad: ({ context }) => requireArea('overlap', context.scope),
  // The saved comparisons and the one on view. A failed read shows on the page (offline with
  // nothing saved), not as an error page.
  loader: ({ context, params }) =>
    import('../features/overlap/overlap-preload')
      .then(({ preloadOverlap }) => preloadOverlap(context.queryClient, context.scope, params.comparisonId))
      .catch(() => undefined),
  component: OverlapRoute,
});

function OverlapRoute() {
  const { scope } = Route.useRouteContext();
  const { comparisonId } = Route.useParams();
  return (
    <Suspense fallback={<p role="status">Loading…</p>}>
      <OverlapPage scope={scope} comparisonId={comparisonId} />
    </Suspense>
  );
}
