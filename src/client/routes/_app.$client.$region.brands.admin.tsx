import { createFileRoute } from '@tanstack/react-router';
import { BrandAdminRoute, parseBrandAdminSearch } from '../features/admin-brands/brand-admin-route';
import { requireContext } from '../lib/guards';

/** Brand Management of one region of the client. */
export const Route = createFileRoute('/_app/$client/$region/brands/admin')({
  validateSearch: parseBrandAdminSearch,
  beforeLoad: ({ context, params }) => ({ resolved: requireContext(context.hierarchy, { client: params.client, region: params.region }, 2) }),
  component: BrandAdmin,
});

function BrandAdmin() {
  const { permissions, hierarchy, resolved } = Route.useRouteContext();
  return <BrandAdminRoute permissions={permissions} hierarchy={hierarchy} client={resolved.client} region={resolved.region ?? null} search={Route.useSearch()} />;
}
