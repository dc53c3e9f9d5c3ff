import { createFileRoute } from '@tanstack/react-router';
import { BrandManagementPage } from '../features/admin-brands/brand-management-page';
import { requireContext } from '../lib/guards';

export const Route = createFileRoute('/_app/$client/$region/brands/admin')({
  beforeLoad: ({ context, params }) => ({ resolved: requireContext(context.hierarchy, { client: params.client, region: params.region }, 2) }),
  component: BrandAdmin,
});

function BrandAdmin() {
  const { permissions } = Route.useRouteContext();
  return <BrandManagementPage permissions={permissions} />;
}
