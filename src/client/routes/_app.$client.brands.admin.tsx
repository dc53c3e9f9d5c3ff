import { createFileRoute } from '@tanstack/react-router';
import { BrandManagementPage } from '../features/admin-brands/brand-management-page';
import { requireContext } from '../lib/guards';

export const Route = createFileRoute('/_app/$client/brands/admin')({
  beforeLoad: ({ context, params }) => ({ resolved: requireContext(context.hierarchy, { client: params.client }, 1) }),
  component: BrandAdmin,
});

function BrandAdmin() {
  const { permissions } = Route.useRouteContext();
  return <BrandManagementPage permissions={permissions} />;
}
