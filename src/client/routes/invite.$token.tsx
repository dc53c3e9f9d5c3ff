import { createFileRoute } from '@tanstack/react-router';
import { lazy, Suspense } from 'react';

// Public, like /login (outside the _app guard); the page loads with the route, not the shell.
const InvitePage = lazy(() => import('../features/admin-access/invite-page').then((m) => ({ default: m.InvitePage })));

export const Route = createFileRoute('/invite/$token')({
  component: InviteRoute,
});

function InviteRoute() {
  const { token } = Route.useParams();
  return (
    <Suspense fallback={<p role="status">Loading</p>}>
      <InvitePage token={token} />
    </Suspense>
  );
}
