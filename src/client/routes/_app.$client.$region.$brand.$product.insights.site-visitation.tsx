import { createFileRoute } from '@tanstack/react-router';
import { lazy, Suspense } from 'react';
import { requireArea } from '../lib/guards';

// Loaded on first use: the shell carries neither Site Visitation's page nor its queries (decision 006's budget).
const SiteVisitationPage = lazy(() => import('../features/analysis/site-visitation-page').then((m) => ({ default: m.SiteVisitationPage })));

export const Route = createFileRoute('/_app/$client/$region/$brand/$product/insights/site-visitation')({
  beforeLoad: ({ context }) => requireArea('site-visitation', context.scope),
  component: SiteVisitationRoute,
});

function SiteVisitationRoute() {
  const { scope } = Route.useRouteContext();
  return (
    <Suspense fallback={<p role="status">Loading</p>}>
      <SiteVisitationPage scope={scope} />
    </Suspense>
  );
}
