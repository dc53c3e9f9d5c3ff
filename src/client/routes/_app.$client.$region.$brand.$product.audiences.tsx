import { createFileRoute } from '@tanstack/react-router';
import { PlaceholderPage } from '../components/placeholder-page';
import { requireArea } from '../lib/guards';

export const Route = createFileRoute('/_app/$client/$region/$brand/$product/audiences')({
  beforeLoad: ({ context }) => requireArea('audiences', context.scope),
  component: () => <PlaceholderPage title="Audiences" />,
});
