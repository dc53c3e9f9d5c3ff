import { createFileRoute } from '@tanstack/react-router';
import { lazy, Suspense } from 'react';

// Loaded with the route, never with the shell (decision 006's budget).
const UsersPage = lazy(() => import('../features/admin-access/users-page').then((m) => ({ default: m.UsersPage })));

export const Route = createFileRoute('/_app/global/admin/users')({
  component: UsersRoute,
});

/** The page itself says when the caller may not read users (no redirect for admin pages). */
function UsersRoute() {
  const { permissions, session, hierarchy } = Route.useRouteContext();
  return (
    <Suspense fallback={<p role="status">Loading</p>}>
      <UsersPage permissions={permissions} session={session} hierarchy={hierarchy} />
    </Suspense>
  );
}
