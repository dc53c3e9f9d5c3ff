import { createFileRoute } from '@tanstack/react-router';
import { lazy, Suspense } from 'react';

// Loaded with the route, never with the shell.
const DashboardPage = lazy(() => import('../features/admin-clients/dashboard-page').then((m) => ({ default: m.DashboardPage })));

export const Route = createFileRoute('/_app/global/admin/dashboard')({
  component: Dashboard,
});

function Dashboard() {
  const { permissions } = Route.useRouteContext();
  return (
    <Suspense fallback={<p role="status">Loading</p>}>
      <DashboardPage permissions={permissions} />
    </Suspense>
  );
}
