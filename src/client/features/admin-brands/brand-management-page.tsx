import type { PermissionSet } from '@shared/permissions';
import { canOpenBrandAdmin } from '@shared/rules/access';
import { TEXT } from '@shared/constants';
import { PageHeader } from '../../components/page-header';
import { PlaceholderPage } from '../../components/placeholder-page';

/** Brand Management (spec 2): its own permission set; without read, the page says so. */
export function BrandManagementPage({ permissions }: { permissions: PermissionSet }) {
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
