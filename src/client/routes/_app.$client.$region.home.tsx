import { createFileRoute } from '@tanstack/react-router';
import { HomePage } from '../features/home/home-page';
import { requireContext } from '../lib/guards';

export const Route = createFileRoute('/_app/$client/$region/home')({
  beforeLoad: ({ context, params }) => ({
    resolved: requireContext(context.hierarchy, { client: params.client, region: params.region }, 2),
  }),
  component: ContextHome,
});

function ContextHome() {
  const { resolved, session, permissions } = Route.useRouteContext();
  return <HomePage context={resolved} session={session} permissions={permissions} />;
}
