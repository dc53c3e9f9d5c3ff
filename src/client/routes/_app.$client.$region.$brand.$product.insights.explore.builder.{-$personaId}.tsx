import { createFileRoute } from '@tanstack/react-router';
import { AudienceBuilder } from '../features/audiences/audience-builder';
import { audienceBuilderSearchSchema } from '../features/audiences/audience-builder-search';
import { builderScopeProps } from '../features/audiences/builder-route-props';
import { requireArea, parseOptionalId, stringifyOptionalId } from '../lib/guards';

/** The persona builder (spec 3 §2.1, §6: explore create; with a persona, explore update). */
export const Route = createFileRoute('/_app/$client/$region/$brand/$product/insights/explore/builder/{-$personaId}')({
  params: {
    parse: (raw) => ({ personaId: parseOptionalId(raw.personaId) }),
    stringify: (parsed) => ({ personaId: stringifyOptionalId(parsed.personaId) }),
  },
  validateSearch: audienceBuilderSearchSchema,
  beforeLoad: ({ context, params }) => requireArea(params.personaId === undefined ? 'explore-builder' : 'explore-builder-edit', context.scope),
  component: PersonaBuilderRoute,
});

function PersonaBuilderRoute() {
  const { scope } = Route.useRouteContext();
  const { personaId } = Route.useParams();
  return <AudienceBuilder key={personaId ?? 'new'} route="explore" search={Route.useSearch()} {...(personaId !== undefined ? { personaId } : {})} {...builderScopeProps(scope)} />;
}
