import { createFileRoute } from '@tanstack/react-router';
import { PlaceholderPage } from '../components/placeholder-page';
import { requireArea, parseOptionalId, stringifyOptionalId } from '../lib/guards';

export const Route = createFileRoute('/_app/$client/$region/$brand/$product/insights/explore/{-$personaId}')({
  params: {
    parse: (raw) => ({ personaId: parseOptionalId(raw.personaId) }),
    stringify: (parsed) => ({ personaId: stringifyOptionalId(parsed.personaId) }),
  },
  beforeLoad: ({ context }) => requireArea('explore', context.scope),
  component: () => <PlaceholderPage title="Explore" />,
});
