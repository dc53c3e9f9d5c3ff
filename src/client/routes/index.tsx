import { createFileRoute, redirect } from '@tanstack/react-router';
import { sessionQueryOptions } from '../lib/session-queries';

/** The root path redirects to /home, or to /login without a returnUrl (the root is not worth returning to). */
export const Route = createFileRoute('/')({
  beforeLoad: async ({ context }) => {
    const session = await context.queryClient.ensureQueryData(sessionQueryOptions()).catch(() => null);
    throw redirect({ to: session ? '/home' : '/login', replace: true });
  },
});
