import { can, type PermissionSet } from '@shared/permissions';
import { CURVE_TEXT } from '@shared/rules/curves';
import type { ContextSlugs } from '@shared/rules/context';
import { PageHeader } from '../../components/page-header';
import { useOnline } from '../../lib/offline/freshness';
import { CurvesCard } from './curves-card';
import { ImportsCard } from './imports-card';
import './plans-admin.css';

interface Props {
  context: ContextSlugs;
  permissions: PermissionSet;
  /** The region's currency, for an imported plan's total budget. */
  currency: string;
}

/**
 * Scenario Planner Management (spec 2 §2, §4, §5, §8; issue 31): plan imports by Project ID and
 * the product's response curves, generic or uploaded.
 */
export function PlansAdminPage({ context, permissions, currency }: Props) {
  const online = useOnline();
  return (
    <div className="page plans-admin-page">
      <PageHeader title={CURVE_TEXT.title} />
      {online ? null : (
        <p className="plans-offline" role="status">
          You are offline. Curves and plan imports need the server: Import, Apply and Delete come back once you are online.
        </p>
      )}
      <ImportsCard context={context} currency={currency} online={online} mayDelete={can(permissions, 'plans', 'destroy')} />
      <CurvesCard context={context} online={online} mayDelete={can(permissions, 'curves', 'destroy')} />
    </div>
  );
}
