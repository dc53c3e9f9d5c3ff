import { createFileRoute } from '@tanstack/react-router';
import * as z from 'zod/mini';
import { LoginPage } from '../features/auth/login-page';
import { providersQueryOptions } from '../lib/session-queries';

const loginSearchSchema = z.object({
  returnUrl: z.catch(z.optional(z.string()), undefined),
  llUsername: z.catch(z.optional(z.string()), undefined),
  passwordReset: z.catch(z.optional(z.string()), undefined),
  passwordSet: z.catch(z.optional(z.string()), undefined),
  tab: z.catch(z.optional(z.enum(['current', 'request'])), undefined),
  // Any other value still means single sign-on came back without a session: say it failed.
  sso: z.catch(z.optional(z.enum(['failed', 'unknown'])), 'failed'),
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
