import { createFileRoute } from '@tanstack/react-router';
import { PlaceholderPage } from '../components/placeholder-page';
import { requireArea } from '../lib/guards';

export const Route = createFileRoute('/_app/$client/$region/$brand/$product/plans/')({
  beforeLoad: ({ context }) => requireArea('plans', context.scope),
  component: () => <PlaceholderPage title="Scenario Planner" />,
});
