import { createFileRoute } from '@tanstack/react-router';
import { PlaceholderPage } from '../components/placeholder-page';
import { requireArea, parseOptionalId, stringifyOptionalId } from '../lib/guards';

export const Route = createFileRoute('/_app/$client/$region/$brand/$product/insights/journey-builder/{-$journeyId}')({
  params: {
    parse: (raw) => ({ journeyId: parseOptionalId(raw.journeyId) }),
    stringify: (parsed) => ({ journeyId: stringifyOptionalId(parsed.journeyId) }),
  },
  beforeLoad: ({ context }) => requireArea('journey-builder', context.scope),
  component: () => <PlaceholderPage title="Journey Builder" />,
});
