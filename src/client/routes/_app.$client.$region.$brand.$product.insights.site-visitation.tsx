import { createFileRoute } from '@tanstack/react-router';
import { PlaceholderPage } from '../components/placeholder-page';
import { requireArea } from '../lib/guards';

export const Route = createFileRoute('/_app/$client/$region/$brand/$product/insights/site-visitation')({
  beforeLoad: ({ context }) => requireArea('site-visitation', context.scope),
  component: () => <PlaceholderPage title="Site Visitation" />,
});
