import { createFileRoute } from '@tanstack/react-router';
import { lazy, Suspense } from 'react';
import { adminContextOf } from '@shared/rules/admin-pages';
import { resolveContext } from '@shared/rules/context';
import { storage } from '../lib/storage';

// Loaded with the route, never with the shell.
const AdminIndexPage = lazy(() => import('../features/admin-clients/admin-index-page').then((m) => ({ default: m.AdminIndexPage })));

export const Route = createFileRoute('/_app/global/admin/')({
  component: AdminIndex,
});

function AdminIndex() {
  const { permissions, hierarchy } = Route.useRouteContext();
  // The context-scoped admin pages open in the context the user last worked in.
  const remembered = storage.lastContext();
  const at = adminContextOf(remembered ? resolveContext(hierarchy, remembered) : null);
  return (
    <Suspense fallback={<p role="status">Loading</p>}>
      <AdminIndexPage permissions={permissions} at={at} />
    </Suspense>
  );
}
