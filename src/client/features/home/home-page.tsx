import { TEXT } from '@shared/constants';
import type { PermissionSet } from '@shared/permissions';
import { canAccessAudiences } from '@shared/rules/cards';
import type { ResolvedContext } from '@shared/rules/context';
import type { SessionUser } from '@shared/schemas/auth';
import { PageHeader } from '../../components/page-header';
import { QuickLinkCards } from './quick-link-cards';
import { RecentActivity } from './recent-activity';

export interface HomePageProps {
  context: ResolvedContext;
  session: SessionUser;
  permissions: PermissionSet;
}

function productPathOf(context: ResolvedContext): string | null {
  const { client, region, brand, product } = context;
  return region && brand && product ? `${client.slug}/${region.slug}/${brand.slug}/${product.slug}` : null;
}

/** Home at any context level (spec 1 §2.4). */
export function HomePage({ context, session, permissions }: HomePageProps) {
  const { first_name, last_name } = session.user;
  const viewingAs = session.parentUser ? ` ${TEXT.viewingAs}` : '';
  const productPath = productPathOf(context);
  const audiencesOpen = canAccessAudiences(context.client.feature_flags, permissions);
  return (
    <div className="page home">
      <PageHeader title={`Hello ${first_name} ${last_name}${viewingAs}`} />
      <QuickLinkCards
        context={context}
        productPath={productPath}
        permissions={permissions}
        canAccessAudiences={audiencesOpen}
      />
      {audiencesOpen ? <RecentActivity productPath={productPath} flags={context.client.feature_flags} permissions={permissions} /> : null}
    </div>
  );
}
