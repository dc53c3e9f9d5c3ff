import { createFileRoute } from '@tanstack/react-router';
import { lazy, Suspense } from 'react';

// Loaded with the route, never with the shell (decision 006's budget).
const RolesPage = lazy(() => import('../features/admin-access/roles-page').then((m) => ({ default: m.RolesPage })));

export const Route = createFileRoute('/_app/global/admin/roles')({
  component: RolesRoute,
});

/** The page itself says when the caller may not read roles (no redirect for admin pages). */
function RolesRoute() {
  const { permissions, session } = Route.useRouteContext();
  return (
    <Suspense fallback={<p role="status">Loading</p>}>
      <RolesPage permissions={permissions} session={session} />
    </Suspense>
  );
}
