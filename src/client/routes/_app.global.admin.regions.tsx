import { createFileRoute } from '@tanstack/react-router';
import { lazy, Suspense } from 'react';
import { parseNewSearch } from '../features/admin-clients/new-search';

// Loaded with the route, never with the shell.
const RegionsPage = lazy(() => import('../features/admin-clients/regions-page').then((m) => ({ default: m.RegionsPage })));

export const Route = createFileRoute('/_app/global/admin/regions')({
  validateSearch: parseNewSearch,
  component: Regions,
});

function Regions() {
  const { permissions } = Route.useRouteContext();
  const search = Route.useSearch();
  return (
    <Suspense fallback={<p role="status">Loading</p>}>
      <RegionsPage permissions={permissions} openNew={search.new === 1} />
    </Suspense>
  );
}
