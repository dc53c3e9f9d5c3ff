import { createFileRoute } from '@tanstack/react-router';
import { lazy, Suspense } from 'react';

// Loaded with the route, never with the shell.
const AdminIndexPage = lazy(() => import('../features/admin-clients/admin-index-page').then((m) => ({ default: m.AdminIndexPage })));

export const Route = createFileRoute('/_app/global/admin/')({
  component: AdminIndex,
});

function AdminIndex() {
  const { permissions } = Route.useRouteContext();
  return (
    <Suspense fallback={<p role="status">Loading</p>}>
      <AdminIndexPage permissions={permissions} />
    </Suspense>
  );
}
