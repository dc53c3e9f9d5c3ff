import { createFileRoute } from '@tanstack/react-router';
import { JourneyBuilderPage } from '../features/journey/builder/journey-builder-page';
import { requireArea, parseOptionalId, stringifyOptionalId } from '../lib/guards';

/** The journey builder (spec 3 §2.4, §6: journeys create, read and update): a new journey, or the journey `journeyId`. */
export const Route = createFileRoute('/_app/$client/$region/$brand/$product/insights/journey-builder/{-$journeyId}')({
  params: {
    parse: (raw) => ({ journeyId: parseOptionalId(raw.journeyId) }),
    stringify: (parsed) => ({ journeyId: stringifyOptionalId(parsed.journeyId) }),
  },
  beforeLoad: ({ context }) => requireArea('journey-builder', context.scope),
  component: JourneyBuilderRoute,
});

function JourneyBuilderRoute() {
  const { scope } = Route.useRouteContext();
  const { journeyId } = Route.useParams();
  return <JourneyBuilderPage key={journeyId ?? 'new'} scope={scope} journeyId={journeyId} />;
}
