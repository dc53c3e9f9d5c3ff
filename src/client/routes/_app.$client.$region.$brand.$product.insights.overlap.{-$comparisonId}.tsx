import { createFileRoute } from '@tanstack/react-router';
import { PlaceholderPage } from '../components/placeholder-page';
import { requireArea, parseOptionalId, stringifyOptionalId } from '../lib/guards';

export const Route = createFileRoute('/_app/$client/$region/$brand/$product/insights/overlap/{-$comparisonId}')({
  params: {
    parse: (raw) => ({ comparisonId: parseOptionalId(raw.comparisonId) }),
    stringify: (parsed) => ({ comparisonId: stringifyOptionalId(parsed.comparisonId) }),
  },
  beforeLoad: ({ context }) => requireArea('overlap', context.scope),
  component: () => <PlaceholderPage title="Overlap" />,
});
