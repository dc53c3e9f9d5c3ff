import * as z from 'zod/mini';
import { permissionSetSchema } from '../permissions';
import { idSchema } from './ids';
import { text } from './text';

export const loginBodySchema = z.object({
  email: text(320).check(z.toLowerCase(), z.email('Enter a valid email address')),
  // The password is a secret compared as sent (never trimmed, never stored as text): only its length is bounded.
  password: z.string().check(z.minLength(1, 'Enter your password'), z.maxLength(1024, 'The password is too long')),
});
export type LoginBody = z.infer<typeof loginBodySchema>;

export const roleSchema = z.object({ id: z.int(), name: z.string() });

export const userSchema = z.object({
  id: z.int(),
  first_name: z.string(),
  last_name: z.string(),
  email: z.string(),
  loginUserId: z.nullable(z.string()),
  lion_login: z.nullable(z.string()),
  okta_login: z.nullable(z.string()),
  roles: z.array(roleSchema),
  role_ids: z.array(z.int()),
});
export type User = z.infer<typeof userSchema>;

export const DATA_SOURCES = ['molecula', 'es'] as const;
export const dataSourceSchema = z.enum(DATA_SOURCES);
export type DataSource = z.infer<typeof dataSourceSchema>;

/** What the session knows: who acts, who is really logged in, and the data source. */
export const sessionUserSchema = z.object({
  user: userSchema,
  /** The administrator behind an impersonation; null when not viewing as someone. */
  parentUser: z.nullable(userSchema),
  dataSource: dataSourceSchema,
  /** How many data sources the caller may switch between (toggle needs more than one). */
  dataSourceCount: z.int(),
});
export type SessionUser = z.infer<typeof sessionUserSchema>;

export const loginResponseSchema = z.object({ data: sessionUserSchema });
export const selfResponseSchema = z.object({ data: sessionUserSchema });

export const authorizeResponseSchema = z.object({
  data: z.object({ permissions: permissionSetSchema }),
});

export const impersonateBodySchema = z.object({ user_id: idSchema });

export const dataSourceBodySchema = z.object({ source: dataSourceSchema });

export const okResponseSchema = z.object({ data: z.literal('OK') });

/** Users an administrator may view as. */
export const impersonableUserSchema = z.object({
  id: z.int(),
  first_name: z.string(),
  last_name: z.string(),
  email: z.string(),
});
export const impersonableUsersResponseSchema = z.object({
  data: z.array(impersonableUserSchema),
});
export type ImpersonableUser = z.infer<typeof impersonableUserSchema>;

/** Identity providers for single sign-on; the SSO button is hidden while sso is null. */
export const providersResponseSchema = z.object({
  data: z.object({ sso: z.nullable(z.object({ loginUrl: z.string() })) }),
});
