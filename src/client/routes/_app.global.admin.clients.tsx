import { createFileRoute } from '@tanstack/react-router';
import { PlaceholderPage } from '../components/placeholder-page';

export const Route = createFileRoute('/_app/global/admin/clients')({
  component: () => <PlaceholderPage title="Clients" />,
});
