import { createFileRoute } from '@tanstack/react-router';
import { PlaceholderPage } from '../components/placeholder-page';
import { requireArea, parseOptionalId, stringifyOptionalId } from '../lib/guards';

export const Route = createFileRoute('/_app/$client/$region/$brand/$product/insights/motivation-audience/builder/{-$personaId}')({
  params: {
    parse: (raw) => ({ personaId: parseOptionalId(raw.personaId) }),
    stringify: (parsed) => ({ personaId: stringifyOptionalId(parsed.personaId) }),
  },
  beforeLoad: ({ context }) => requireArea('motivation-builder', context.scope),
  component: () => <PlaceholderPage title="Motivation Audience Builder" />,
});
