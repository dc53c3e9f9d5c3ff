import { createFileRoute } from '@tanstack/react-router';
import { PlaceholderPage } from '../components/placeholder-page';
import { requireArea, parseOptionalId, stringifyOptionalId } from '../lib/guards';

export const Route = createFileRoute('/_app/$client/$region/$brand/$product/insights/explore/builder/{-$personaId}')({
  params: {
    parse: (raw) => ({ personaId: parseOptionalId(raw.personaId) }),
    stringify: (parsed) => ({ personaId: stringifyOptionalId(parsed.personaId) }),
  },
  beforeLoad: ({ context, params }) => requireArea(params.personaId === undefined ? 'explore-builder' : 'explore-builder-edit', context.scope),
  component: () => <PlaceholderPage title="Persona Builder" />,
});
