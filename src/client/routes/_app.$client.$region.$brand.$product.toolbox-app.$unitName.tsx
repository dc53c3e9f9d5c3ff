import { createFileRoute } from '@tanstack/react-router';
import { ToolboxUnitPage } from '../components/toolbox-unit-page';
import { requireIframedUnit } from '../lib/toolbox-queries';

export const Route = createFileRoute('/_app/$client/$region/$brand/$product/toolbox-app/$unitName')({
  beforeLoad: ({ context, params }) =>
    requireIframedUnit(context.queryClient, context.resolved, params.unitName, `/${context.scope.productPath}/home`),
  component: UnitRoute,
});

function UnitRoute() {
  const { unit } = Route.useRouteContext();
  return <ToolboxUnitPage unit={unit} />;
}
