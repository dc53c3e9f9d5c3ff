import { createFileRoute } from '@tanstack/react-router';
import { PlaceholderPage } from '../components/placeholder-page';
import { requireArea } from '../lib/guards';

export const Route = createFileRoute('/_app/$client/$region/$brand/$product/insights/best-customer')({
  beforeLoad: ({ context }) => requireArea('best-customer', context.scope),
  component: () => <PlaceholderPage title="Best Customer" />,
});
