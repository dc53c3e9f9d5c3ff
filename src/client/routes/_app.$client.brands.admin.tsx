import { createFileRoute } from '@tanstack/react-router';
import { canOpenBrandAdmin } from '@shared/rules/access';
import { TEXT } from '@shared/constants';
import { PageHeader } from '../components/page-header';
import { PlaceholderPage } from '../components/placeholder-page';
import { requireContext } from '../lib/guards';

/** Brand admin has its own permission set; without it the page says so. */
export const Route = createFileRoute('/_app/$client/brands/admin')({
  beforeLoad: ({ context, params }) => ({ resolved: requireContext(context.hierarchy, { client: params.client }, 1) }),
  component: BrandAdmin,
});

function BrandAdmin() {
  const { permissions } = Route.useRouteContext();
  if (!canOpenBrandAdmin(permissions)) {
    return (
      <div className="page">
        <PageHeader title="Brand Management" />
        <p role="alert">{TEXT.permissionDenied}</p>
      </div>
    );
  }
  return <PlaceholderPage title="Brand Management" />;
}
