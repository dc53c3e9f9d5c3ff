import { createFileRoute } from '@tanstack/react-router';
import { lazy, Suspense } from 'react';
import { requireArea, parseOptionalId, stringifyOptionalId } from '../lib/guards';

const JourneyPage = lazy(() => import('../features/journey/view/journey-page').then((m) => ({ default: m.JourneyPage })));

export const Route = createFileRoute('/_app/$client/$region/$brand/$product/insights/journey/{-$journeyId}')({
  params: {
    parse: (raw) => ({ journeyId: parseOptionalId(raw.journeyId) }),
    stringify: (parsed) => ({ journeyId: stringifyOptionalId(parsed.journeyId) }),
  },
  beforeLoad: ({ context }) => requireArea('journey', context.scope),
  // The journey list and the journey on view. A failed read shows on the page (offline with
  // nothing saved), not as an error page. Loaded on first use, so the shell does not carry
  // Journey's queries and schemas.
  loader: ({ context, params }) =>
    import('../features/journey/view/journey-preload')
      .then(({ preloadJourney }) => preloadJourney(context.queryClient, context.scope, params.journeyId))
      .catch(() => undefined),
  component: JourneyRoute,
});

function JourneyRoute() {
  const { scope } = Route.useRouteContext();
  const { journeyId } = Route.useParams();
  return (
    <Suspense fallback={<p role="status">Loading</p>}>
      <JourneyPage scope={scope} journeyId={journeyId} />
    </Suspense>
  );
}
