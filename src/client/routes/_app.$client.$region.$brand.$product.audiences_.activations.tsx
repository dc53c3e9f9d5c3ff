import { createFileRoute } from '@tanstack/react-router';
import { ActivationsPage } from '../features/activations/activations-page';
import { activationsSearchSchema } from '../features/activations/activations-search';
import { requireArea } from '../lib/guards';

/**
 * Audiences > Ams (issue 14): {product scope}/audiences/activations, with ?activationId&audienceId
 * opening one activation (the home page's Activations tab links there, spec 1 §2.4). Not nested
 * in the audiences route ('audiences_'), which has no outlet; guarded by the ams feature and
 * ams_activation read. The page's code loads with the route.
 */
export const Route = createFileRoute('/_app/$client/$region/$brand/$product/audiences_/activations')({
  validateSearch: activationsSearchSchema,
  beforeLoad: ({ context }) => requireArea('ams', context.scope),
  loader: ({ context }) =>
    import('../lib/activation-queries')
      .then(({ activationsQueryOptions, destinationsQueryOptions }) => Promise.all([
        context.queryClient.ensureQueryData(activationsQueryOptions(context.scope.productPath, { page: 1, perPage: 25 })),
        context.queryClient.ensureQueryData(destinationsQueryOptions(context.scope.productPath)),
      ]))
      // A failed read shows on the page, not as an error page.
      .catch(() => undefined),
  component: ActivationsRoute,
});

function ActivationsRoute() {
  const { scope } = Route.useRouteContext();
  const search = Route.useSearch();
  const navigate = Route.useNavigate();
  return (
    <ActivationsPage
      scope={scope}
      search={search}
      onOpen={(a) => void navigate({ search: a ? { activationId: a.id, audienceId: a.audience_id } : {} })}
    />
  );
}
