import { createFileRoute } from '@tanstack/react-router';
import { lazy, Suspense } from 'react';
import { parseNewSearch } from '../features/admin-clients/new-search';

// Loaded with the route, never with the shell.
const ClientsPage = lazy(() => import('../features/admin-clients/clients-page').then((m) => ({ default: m.ClientsPage })));

export const Route = createFileRoute('/_app/global/admin/clients')({
  validateSearch: parseNewSearch,
  component: Clients,
});

function Clients() {
  const { permissions } = Route.useRouteContext();
  const search = Route.useSearch();
  return (
    <Suspense fallback={<p role="status">Loading</p>}>
      <ClientsPage permissions={permissions} openNew={search.new === 1} />
    </Suspense>
  );
}
