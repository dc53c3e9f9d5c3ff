import { createFileRoute } from '@tanstack/react-router';
import { PlaceholderPage } from '../components/placeholder-page';

export const Route = createFileRoute('/_app/global/admin/')({
  component: () => <PlaceholderPage title="Global Administration" />,
});
