import { createFileRoute } from '@tanstack/react-router';
import { lazy, Suspense } from 'react';
import { requireArea } from '../lib/guards';

// Loaded on first use: the shell carries neither the page nor its queries (decision 006's budget).
const CustomerValuePage = lazy(() => import('../features/analysis/customer-value-page').then((m) => ({ default: m.CustomerValuePage })));

export const Route = createFileRoute('/_app/$client/$region/$brand/$product/insights/customer-value')({
  beforeLoad: ({ context }) => requireArea('customer-value', context.scope),
  component: CustomerValueRoute,
});

function CustomerValueRoute() {
  const { scope } = Route.useRouteContext();
  return (
    <Suspense fallback={<p role="status">Loading</p>}>
      <CustomerValuePage scope={scope} />
    </Suspense>
  );
}
