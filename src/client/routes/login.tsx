import { createFileRoute } from '@tanstack/react-router';
import { z } from 'zod';
import { LoginPage } from '../features/auth/login-page';
import { providersQueryOptions } from '../lib/session-queries';

const loginSearchSchema = z.object({
  returnUrl: z.string().optional().catch(undefined),
  llUsername: z.string().optional().catch(undefined),
  passwordReset: z.string().optional().catch(undefined),
  tab: z.enum(['current', 'request']).optional().catch(undefined),
});

export const Route = createFileRoute('/login')({
  validateSearch: loginSearchSchema,
  loader: ({ context }) => context.queryClient.ensureQueryData(providersQueryOptions()).catch(() => null),
  component: LoginRoute,
});

function LoginRoute() {
  const search = Route.useSearch();
  return <LoginPage search={search} />;
}
