import { createFileRoute } from '@tanstack/react-router';
import { lazy, Suspense } from 'react';
import { requireArea } from '../lib/guards';
import { parseRetentionSearch, retentionSearch } from '../features/analysis/analysis-search';

// Loaded on first use: the shell carries neither Buyer Retention's page nor its queries (decision 006's budget).
const RetentionPage = lazy(() => import('../features/analysis/retention-page').then((m) => ({ default: m.RetentionPage })));

export const Route = createFileRoute('/_app/$client/$region/$brand/$product/insights/buyer-retention')({
  validateSearch: parseRetentionSearch,
  beforeLoad: ({ context }) => requireArea('buyer-retention', context.scope),
  component: RetentionRoute,
});

function RetentionRoute() {
  const { scope } = Route.useRouteContext();
  const { mode } = Route.useSearch();
  const navigate = Route.useNavigate();
  return (
    <Suspense fallback={<p role="status">Loading</p>}>
      <RetentionPage scope={scope} mode={mode ?? 'n-month'} onMode={(next) => void navigate({ search: retentionSearch(next), replace: true })} />
    </Suspense>
  );
}
