import { createFileRoute } from '@tanstack/react-router';
import { slugsOf } from '@shared/rules/context';
import { PlansAdminRoute } from '../features/plans-admin/plans-admin-route';
import { requireArea } from '../lib/guards';

/** Scenario Planner Management: the feature's page loads with the route, not the shell. */
export const Route = createFileRoute('/_app/$client/$region/$brand/$product/plans/admin')({
  beforeLoad: ({ context }) => requireArea('plans-admin', context.scope),
  component: PlansAdmin,
});

function PlansAdmin() {
  const { scope } = Route.useRouteContext();
  return <PlansAdminRoute context={slugsOf(scope.context)} permissions={scope.permissions} currency={scope.context.region?.currency ?? 'USD'} />;
}
