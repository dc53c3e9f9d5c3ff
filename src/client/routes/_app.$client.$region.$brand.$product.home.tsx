import { createFileRoute } from '@tanstack/react-router';
import { canAccessAudiences } from '@shared/rules/cards';
import { HomePage } from '../features/home/home-page';
import { homeEntitiesQueryOptions } from '../features/home/home-entities-query';

export const Route = createFileRoute('/_app/$client/$region/$brand/$product/home')({
  // A visit starts the recent audiences here and renders at once; a preload ("Make available
  // offline") waits for them, so they are saved before it reports the screen done.
  loader: async ({ context, preload }) => {
    const { scope, queryClient } = context;
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
