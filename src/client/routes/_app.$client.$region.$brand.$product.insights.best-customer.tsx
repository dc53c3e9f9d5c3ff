import { createFileRoute } from '@tanstack/react-router';
import { lazy, Suspense } from 'react';
import { requireArea } from '../lib/guards';

// Loaded on first use: the shell carries neither the page nor its queries (decision 006's budget).
const BestCustomerPage = lazy(() => import('../features/analysis/best-customer-page').then((m) => ({ default: m.BestCustomerPage })));

export const Route = createFileRoute('/_app/$client/$region/$brand/$product/insights/best-customer')({
  beforeLoad: ({ context }) => requireArea('best-customer', context.scope),
  component: BestCustomerRoute,
});

function BestCustomerRoute() {
  const { scope } = Route.useRouteContext();
  return (
    <Suspense fallback={<p role="status">Loading</p>}>
      <BestCustomerPage scope={scope} />
    </Suspense>
  );
}
