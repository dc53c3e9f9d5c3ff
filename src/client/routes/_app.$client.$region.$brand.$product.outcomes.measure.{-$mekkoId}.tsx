import { createFileRoute } from '@tanstack/react-router';
import { PlaceholderPage } from '../components/placeholder-page';
import { requireArea, parseOptionalId, stringifyOptionalId } from '../lib/guards';

export const Route = createFileRoute('/_app/$client/$region/$brand/$product/outcomes/measure/{-$mekkoId}')({
  params: {
    parse: (raw) => ({ mekkoId: parseOptionalId(raw.mekkoId) }),
    stringify: (parsed) => ({ mekkoId: stringifyOptionalId(parsed.mekkoId) }),
  },
  beforeLoad: ({ context }) => requireArea('measure', context.scope),
  component: () => <PlaceholderPage title="Outcomes Measure" />,
});
