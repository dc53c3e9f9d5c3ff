import { createFileRoute } from '@tanstack/react-router';
import { AppLayout } from '../features/shell/app-layout';
import { requireSession } from '../lib/guards';

/** Every guarded page: the authentication guard and the shell around it. */
export const Route = createFileRoute('/_app')({
  beforeLoad: ({ context, location }) => requireSession(context.queryClient, location.href),
  component: AppLayout,
});
