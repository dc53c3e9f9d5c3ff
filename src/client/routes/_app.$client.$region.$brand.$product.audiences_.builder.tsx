import { createFileRoute } from '@tanstack/react-router';
import { AudienceBuilder } from '../features/audiences/audience-builder';
import { audienceBuilderSearchSchema } from '../features/audiences/audience-builder-search';
import { builderScopeProps } from '../features/audiences/builder-route-props';
import { requireArea } from '../lib/guards';

/**
 * The audience builder (Save Audience from Grow, spec 3 §2.2; issue 15). Not nested in the
 * audiences route ('audiences_'): that one is a page of its own with no outlet; the URL is still
 * {product scope}/audiences/builder, and the same area guard applies.
 */
export const Route = createFileRoute('/_app/$client/$region/$brand/$product/audiences_/builder')({
  validateSearch: audienceBuilderSearchSchema,
  beforeLoad: ({ context }) => requireArea('audiences', context.scope),
  component: AudienceBuilderRoute,
});

function AudienceBuilderRoute() {
  const { scope } = Route.useRouteContext();
  return <AudienceBuilder route="audiences" search={Route.useSearch()} {...builderScopeProps(scope)} />;
}
