import { createRouter } from '@tanstack/react-router';
import { routeTree } from './route-tree.gen';
import { queryClient } from './lib/query-client';
import { setAppNavigate } from './lib/app-navigate';
import { configureErrorHandling } from './lib/error-handling';
import { endSessionLocally } from './lib/session-actions';
import { clearBannerOnNavigate } from './lib/ui-store';
import { NotFoundPage } from './components/not-found-page';

export const router = createRouter({
  routeTree,
  context: { queryClient },
  defaultPreload: 'intent',
  // Loaders only fill the query cache; the query client decides freshness.
  defaultPreloadStaleTime: 0,
  notFoundMode: 'root',
  defaultNotFoundComponent: NotFoundPage,
  scrollRestoration: true,
});

declare module '@tanstack/react-router' {
  interface Register {
    router: typeof router;
  }
}

setAppNavigate((href) => void router.navigate({ href, replace: true }));
configureErrorHandling({ onSessionLost: endSessionLocally });

// The generic error banner clears on the next navigation to another page (spec 1 §8).
router.subscribe('onBeforeNavigate', (event) => {
  if (event.fromLocation?.pathname !== event.toLocation.pathname) clearBannerOnNavigate();
});
