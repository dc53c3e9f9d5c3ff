import { createFileRoute } from '@tanstack/react-router';
import { lazy, Suspense } from 'react';
import { requireArea } from '../lib/guards';
import { attritionSearch, parseAttritionSearch } from '../features/analysis/analysis-search';

// Loaded on first use: the shell carries neither Customer Attrition's page nor its queries (decision 006's budget).
const AttritionPage = lazy(() => import('../features/analysis/attrition-page').then((m) => ({ default: m.AttritionPage })));

export const Route = createFileRoute('/_app/$client/$region/$brand/$product/insights/customer-attrition')({
  validateSearch: parseAttritionSearch,
  beforeLoad: ({ context }) => requireArea('customer-attrition', context.scope),
  component: AttritionRoute,
});

function AttritionRoute() {
  const { scope } = Route.useRouteContext();
  const { window } = Route.useSearch();
  const navigate = Route.useNavigate();
  return (
    <Suspense fallback={<p role="status">Loading</p>}>
      <AttritionPage scope={scope} window={window} onWindow={(next) => void navigate({ search: attritionSearch(next), replace: true })} />
    </Suspense>
  );
}
