import { createFileRoute } from '@tanstack/react-router';
import * as z from 'zod/mini';
import { LoginPage } from '../features/auth/login-page';
import { providersQueryOptions } from '../lib/session-queries';

/**
 * A yes/no flag of the address. The router reads `?passwordReset=true` as true and `=1` as 1, so a
 * flag takes any of the three; "false", "0", 0 and an empty value are no.
 */
const flag = z.catch(
  z.optional(z.pipe(z.union([z.string(), z.number(), z.boolean()]), z.transform((v) => v !== false && v !== 0 && v !== '' && v !== 'false' && v !== '0'))),
  undefined,
);

const loginSearchSchema = z.object({
  returnUrl: z.catch(z.optional(z.string()), undefined),
  llUsername: z.catch(z.optional(z.string()), undefined),
  passwordReset: flag,
  passwordSet: flag,
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
