import { createFileRoute } from '@tanstack/react-router';
import { AudienceBuilder } from '../features/audiences/audience-builder';
import { audienceBuilderSearchSchema } from '../features/audiences/audience-builder-search';
import { builderScopeProps } from '../features/audiences/builder-route-props';
import { requireArea, parseOptionalId, stringifyOptionalId } from '../lib/guards';

/** The motivation audience builder (spec 3 §6: request_motivation_audiences create); a persona named is the rule to start from. */
export const Route = createFileRoute('/_app/$client/$region/$brand/$product/insights/motivation-audience/builder/{-$personaId}')({
  params: {
    parse: (raw) => ({ personaId: parseOptionalId(raw.personaId) }),
    stringify: (parsed) => ({ personaId: stringifyOptionalId(parsed.personaId) }),
  },
  validateSearch: audienceBuilderSearchSchema,
  beforeLoad: ({ context }) => requireArea('motivation-builder', context.scope),
  component: MotivationBuilderRoute,
});

function MotivationBuilderRoute() {
  const { scope } = Route.useRouteContext();
  const { personaId } = Route.useParams();
  return <AudienceBuilder key={personaId ?? 'new'} route="motivation" search={Route.useSearch()} {...(personaId !== undefined ? { personaId } : {})} {...builderScopeProps(scope)} />;
}
