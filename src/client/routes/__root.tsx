import { createRootRouteWithContext, Outlet } from '@tanstack/react-router';
import type { QueryClient } from '@tanstack/react-query';
import { GlobalMessages } from '../components/global-messages';
import { NotFoundPage } from '../components/not-found-page';
import { ErrorPage } from '../components/error-page';
import { BuildInfo } from '../components/build-info';

export interface RouterContext {
  queryClient: QueryClient;
}

export const Route = createRootRouteWithContext<RouterContext>()({
  component: RootLayout,
  notFoundComponent: NotFoundPage,
  errorComponent: ErrorPage,
});

function RootLayout() {
  return (
    <GlobalMessages>
      <Outlet />
      <BuildInfo />
    </GlobalMessages>
  );
}
