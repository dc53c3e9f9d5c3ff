import { lazy, Suspense, useCallback, useMemo } from 'react';
import { createFileRoute, notFound } from '@tanstack/react-router';
import { formatContext, slugsOf } from '@shared/rules/context';
import type { AudienceListQuery } from '@shared/schemas/audiences';
import { parseAudiencesPath } from '../features/audiences-overview/audiences-path';
import { audiencesSearchSchema, listQueryOf, searchOf } from '../features/audiences-overview/audiences-search';
import { IndexReportHost } from '../features/reports/index-report-host';
import { requireArea, type ProductScope } from '../lib/guards';

// The pages and their queries load with the route, never with the shell.
const OverviewPage = lazy(() => import('../features/audiences-overview/overview-page').then((m) => ({ default: m.AudiencesOverviewPage })));
const DetailPage = lazy(() => import('../features/audiences-overview/detail-page').then((m) => ({ default: m.AudienceDetailPage })));

const contextOf = (scope: ProductScope) => formatContext(slugsOf(scope.context));

/** Audiences > Overview (issue 16): audiences/overview and audiences/overview/{type lowercased}/{id}; anything else is no page. */
export const Route = createFileRoute('/_app/$client/$region/$brand/$product/audiences/$')({
  // The overview's search, type, sort and page.
  validateSearch: audiencesSearchSchema,
  beforeLoad: ({ context, params }) => {
    requireArea('audiences', context.scope);
    const view = parseAudiencesPath(params._splat);
    if (!view) throw notFound();
    return { view };
  },
  // The overview's first page or the audience on view. A failed read shows on the page (offline with nothing kept).
  loaderDeps: ({ search }) => search,
  loader: ({ context, deps }) =>
    import('../features/audiences-overview/audiences-preload')
      .then(({ preloadAudiences }) => preloadAudiences(context.queryClient, contextOf(context.scope), context.view, listQueryOf(deps)))
      .catch(() => undefined),
  component: AudiencesRoute,
});

function AudiencesRoute() {
  const { scope, view } = Route.useRouteContext();
  const search = Route.useSearch();
  const navigate = Route.useNavigate();
  const context = contextOf(scope);
  const query = useMemo(() => listQueryOf(search), [search]);
  const onQuery = useCallback((next: AudienceListQuery) => void navigate({ search: searchOf(next), replace: true }), [navigate]);
  return (
    <>
      <Suspense fallback={<p role="status">Loading…</p>}>
        {view.view === 'overview' ? <OverviewPage scope={scope} context={context} query={query} onQuery={onQuery} /> : <DetailPage key={view.id} scope={scope} context={context} id={view.id} />}
      </Suspense>
      <IndexReportHost />
    </>
  );
}
