import { createFileRoute } from '@tanstack/react-router';
import { PlaceholderPage } from '../components/placeholder-page';
import { requireArea } from '../lib/guards';

export const Route = createFileRoute('/_app/$client/$region/$brand/$product/insights/buyer-retention')({
  beforeLoad: ({ context }) => requireArea('buyer-retention', context.scope),
  component: () => <PlaceholderPage title="Buyer Retention" />,
});
