import { createFileRoute, redirect } from '@tanstack/react-router';
import { regionHomeRedirect } from '@shared/rules/context';
import { HomePage } from '../features/home/home-page';
import { requireContext } from '../lib/guards';
import { storage } from '../lib/storage';

export const Route = createFileRoute('/_app/$client/$region/home')({
  beforeLoad: ({ context, params }) => {
    const resolved = requireContext(context.hierarchy, { client: params.client, region: params.region }, 2);
    const notice = regionHomeRedirect(resolved);
    if (notice) {
      // The notice page has no context in its URL: the picker shows the one remembered, which
      // must be this region (with no brand or product), not the one the user came from.
      storage.setLastContext({ client: params.client, region: params.region });
      throw redirect({ to: notice, replace: true });
    }
    return { resolved };
  },
  component: ContextHome,
});

function ContextHome() {
  const { resolved, session, permissions } = Route.useRouteContext();
  return <HomePage context={resolved} session={session} permissions={permissions} />;
}
