import { createFileRoute } from '@tanstack/react-router';
import { PlaceholderPage } from '../components/placeholder-page';
import { requireArea } from '../lib/guards';

export const Route = createFileRoute('/_app/$client/$region/$brand/$product/insights/customer-attrition')({
  beforeLoad: ({ context }) => requireArea('customer-attrition', context.scope),
  component: () => <PlaceholderPage title="Customer Attrition" />,
});
