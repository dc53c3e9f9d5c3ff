import { createFileRoute } from '@tanstack/react-router';
import { lazy, Suspense } from 'react';
import { requireArea } from '../lib/guards';

// Loaded on first use: the shell carries neither Customer Attrition's page nor its queries (decision 006's budget).
const AttritionPage = lazy(() => import('../features/analysis/attrition-page').then((m) => ({ default: m.AttritionPage })));

export const Route = createFileRoute('/_app/$client/$region/$brand/$product/insights/customer-attrition')({
  beforeLoad: ({ context }) => requireArea('customer-attrition', context.scope),
  component: AttritionRoute,
});

function AttritionRoute() {
  const { scope } = Route.useRouteContext();
  return (
    <Suspense fallback={<p role="status">Loading</p>}>
      <AttritionPage scope={scope} />
    </Suspense>
  );
}
