import { createFileRoute } from '@tanstack/react-router';
import { PlaceholderPage } from '../components/placeholder-page';
import { requireArea } from '../lib/guards';

export const Route = createFileRoute('/_app/$client/$region/$brand/$product/insights/customer-value')({
  beforeLoad: ({ context }) => requireArea('customer-value', context.scope),
  component: () => <PlaceholderPage title="Customer Value" />,
});
