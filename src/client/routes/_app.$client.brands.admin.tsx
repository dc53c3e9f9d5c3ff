import { createFileRoute } from '@tanstack/react-router';
import { BrandAdminRoute, parseBrandAdminSearch } from '../features/admin-brands/brand-admin-route';
import { requireContext } from '../lib/guards';

/** Brand Management for all the client's regions ('*'). */
export const Route = createFileRoute('/_app/$client/brands/admin')({
  validateSearch: parseBrandAdminSearch,
  beforeLoad: ({ context, params }) => ({ resolved: requireContext(context.hierarchy, { client: params.client }, 1) }),
  component: BrandAdmin,
});

function BrandAdmin() {
  const { permissions, hierarchy, resolved } = Route.useRouteContext();
  return <BrandAdminRoute permissions={permissions} hierarchy={hierarchy} client={resolved.client} region={null} search={Route.useSearch()} />;
}
