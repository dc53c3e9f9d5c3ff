import { createFileRoute } from '@tanstack/react-router';
import { ToolboxPage } from '../features/toolbox/toolbox-page';
import { requireArea } from '../lib/guards';
import { toolboxUnitsQueryOptions } from '../lib/toolbox-queries';

export const Route = createFileRoute('/_app/$client/$region/$brand/$product/toolbox')({
  beforeLoad: ({ context }) => requireArea('toolbox', context.scope),
  // Offline, the units come from the device; a failed read shows on the page, not as an error page.
  loader: ({ context }) => context.queryClient.ensureQueryData(toolboxUnitsQueryOptions(context.scope.context.client.slug)).catch(() => undefined),
  component: ToolboxRoute,
});

function ToolboxRoute() {
  const { scope } = Route.useRouteContext();
  return <ToolboxPage context={scope.context} permissions={scope.permissions} />;
}
