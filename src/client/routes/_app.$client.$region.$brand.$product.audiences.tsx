import { createFileRoute, Outlet, redirect } from '@tanstack/react-router';
import { requireArea } from '../lib/guards';

/**
 * Audiences (issue 16): {product scope}/audiences is the overview's; its pages are the splat
 * child (audiences/overview, audiences/overview/{type}/{id}). The builder and Ams are routes of
 * their own ('audiences_').
 */
export const Route = createFileRoute('/_app/$client/$region/$brand/$product/audiences')({
  beforeLoad: ({ context, location }) => {
    requireArea('audiences', context.scope);
    if (/\/audiences\/?$/.test(location.pathname)) {
      throw redirect({ href: `/${context.scope.productPath}/audiences/overview`, replace: true });
    }
  },
  component: Outlet,
});
