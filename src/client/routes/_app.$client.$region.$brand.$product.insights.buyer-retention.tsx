import { createFileRoute } from '@tanstack/react-router';
import { lazy, Suspense } from 'react';
import { requireArea } from '../lib/guards';

// Loaded on first use: the shell carries neither Buyer Retention's page nor its queries (decision 006's budget).
const RetentionPage = lazy(() => import('../features/analysis/retention-page').then((m) => ({ default: m.RetentionPage })));

export const Route = createFileRoute('/_app/$client/$region/$brand/$product/insights/buyer-retention')({
  beforeLoad: ({ context }) => requireArea('buyer-retention', context.scope),
  component: RetentionRoute,
});

function RetentionRoute() {
  const { scope } = Route.useRouteContext();
  return (
    <Suspense fallback={<p role="status">Loading</p>}>
      <RetentionPage scope={scope} />
    </Suspense>
  );
}
