import { createFileRoute } from '@tanstack/react-router';
import { ToolboxUnitPage } from '../components/toolbox-unit-page';
import { requireContext } from '../lib/guards';
import { requireIframedUnit } from '../lib/toolbox-queries';

export const Route = createFileRoute('/_app/$client/$region/toolbox-app/$unitName')({
  beforeLoad: async ({ context, params }) => {
    const resolved = requireContext(context.hierarchy, params, 2);
    const home = `/${params.client}/${params.region}/home`;
    return requireIframedUnit(context.queryClient, resolved, params.unitName, home);
  },
  component: UnitRoute,
});

function UnitRoute() {
  const { unit } = Route.useRouteContext();
  return <ToolboxUnitPage unit={unit} />;
}
