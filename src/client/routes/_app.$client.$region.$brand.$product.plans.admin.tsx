import { createFileRoute } from '@tanstack/react-router';
import { PlaceholderPage } from '../components/placeholder-page';
import { requireArea } from '../lib/guards';

export const Route = createFileRoute('/_app/$client/$region/$brand/$product/plans/admin')({
  beforeLoad: ({ context }) => requireArea('plans-admin', context.scope),
  component: () => <PlaceholderPage title="Scenario Planner Management" />,
});
