import { createFileRoute } from '@tanstack/react-router';
import { checkArea } from '@shared/rules/access';
import { slugsOf } from '@shared/rules/context';
import { PlansRoute } from '../features/plans/plans-route';
import { requireArea } from '../lib/guards';

/** The Scenario Planner: the feature's page loads with the route, not the shell. */
export const Route = createFileRoute('/_app/$client/$region/$brand/$product/plans/')({
  beforeLoad: ({ context }) => requireArea('plans', context.scope),
  component: Plans,
});

function Plans() {
  const { scope } = Route.useRouteContext();
  // Who may open Scenario Planner Management is told where to import a plan; others whom to ask.
  const canManage = checkArea('plans-admin', scope.context.client.feature_flags, scope.permissions).ok;
  return <PlansRoute context={slugsOf(scope.context)} productPath={scope.productPath} canManage={canManage} />;
}
