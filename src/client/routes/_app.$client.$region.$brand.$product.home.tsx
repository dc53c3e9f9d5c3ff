import { createFileRoute } from '@tanstack/react-router';
import { HomePage } from '../features/home/home-page';

export const Route = createFileRoute('/_app/$client/$region/$brand/$product/home')({
  component: ProductHome,
});

function ProductHome() {
  const { resolved, session, permissions } = Route.useRouteContext();
  return <HomePage context={resolved} session={session} permissions={permissions} />;
}
