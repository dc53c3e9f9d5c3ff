import { lazy, Suspense } from 'react';
import { createFileRoute, notFound } from '@tanstack/react-router';
import { formatContext, slugsOf } from '@shared/rules/context';
import { parseAudiencesPath } from '../features/audiences-overview/audiences-path';
import { IndexReportHost } from '../features/reports/index-report-host';
import { requireArea, type ProductScope } from '../lib/guards';

// The pages and their queries load with the route, never with the shell.
const OverviewPage = lazy(() => import('../features/audiences-overview/overview-page').then((m) => ({ default: m.AudiencesOverviewPage })));
const DetailPage = lazy(() => import('../features/audiences-overview/detail-page').then((m) => ({ default: m.AudienceDetailPage })));

const contextOf = (scope: ProductScope) => formatContext(slugsOf(scope.context));

/** Audiences > Overview (issue 16): audiences/overview and audiences/overview/{type lowercased}/{id}; anything else is no page. */
export const Route = createFileRoute('/_app/$client/$region/$brand/$product/audiences/$')({
  beforeLoad: ({ context, params }) => {
    requireArea('audiences', context.scope);
    const view = parseAudiencesPath(params._splat);
    if (!view) throw notFound();
    return { view };
  },
  // The overview's first page or the audience on view. A failed read shows on the page (offline with nothing kept).
  loader: ({ context }) =>
    import('../features/audiences-overview/audiences-preload')
      .then(({ preloadAudiences }) => preloadAudiences(context.queryClient, contextOf(context.scope), context.view))
      .catch(() => undefined),
  component: AudiencesRoute,
});

function AudiencesRoute() {
  const { scope, view } = Route.useRouteContext();
  const context = contextOf(scope);
  return (
    <>
      <Suspense fallback={<p role="status">Loading…</p>}>
        {view.view === 'overview' ? <OverviewPage scope={scope} context={context} /> : <DetailPage key={view.id} scope={scope} context={context} id={view.id} />}
      </Suspense>
      <IndexReportHost />
    </>
  );
}
