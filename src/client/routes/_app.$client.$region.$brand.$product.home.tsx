import { createFileRoute } from '@tanstack/react-router';
import { HomePage } from '../features/home/home-page';

export const Route = createFileRoute('/_app/$client/$region/$brand/$product/home')({
  // A visit starts the recent audiences here and renders at once; a preload ("Make available
  // offline") waits for them, so they are saved before it reports the screen done.
  loader: async ({ context, preload }) => {
    const { scope, queryClient } = context;
    // Imported here, so the route tree (loaded with the shell) does not carry the home's code.
    const [{ canAccessAudiences }, { homeEntitiesQueryOptions }] = await Promise.all([import('@shared/rules/cards'), import('../features/home/home-entities-query')]);
    if (!canAccessAudiences(scope.context.client.feature_flags, scope.permissions)) return;
    const audiences = queryClient.prefetchQuery(homeEntitiesQueryOptions(scope.productPath, 5));
    if (preload) await audiences;
  },
  component: ProductHome,
});

function ProductHome() {
  const { resolved, session, permissions } = Route.useRouteContext();
  return <HomePage context={resolved} session={session} permissions={permissions} />;
}
