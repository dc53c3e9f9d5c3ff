import { z } from 'zod';
import { permissionSetSchema } from '../permissions';

export const loginBodySchema = z.object({
  email: z.string().trim().toLowerCase().email('Enter a valid email address'),
  password: z.string().min(1, 'Enter your password').max(1024),
});
export type LoginBody = z.infer<typeof loginBodySchema>;

export const roleSchema = z.object({ id: z.number().int(), name: z.string() });

export const userSchema = z.object({
  id: z.number().int(),
  first_name: z.string(),
  last_name: z.string(),
  email: z.string(),
  loginUserId: z.string().nullable(),
  lion_login: z.string().nullable(),
  okta_login: z.string().nullable(),
  roles: z.array(roleSchema),
  role_ids: z.array(z.number().int()),
});
export type User = z.infer<typeof userSchema>;

export const DATA_SOURCES = ['molecula', 'es'] as const;
export const dataSourceSchema = z.enum(DATA_SOURCES);
export type DataSource = z.infer<typeof dataSourceSchema>;

/** What the session knows: who acts, who is really logged in, and the data source. */
export const sessionUserSchema = z.object({
  user: userSchema,
  /** The administrator behind an impersonation; null when not viewing as someone. */
  parentUser: userSchema.nullable(),
  dataSource: dataSourceSchema,
  /** How many data sources the caller may switch between (toggle needs more than one). */
  dataSourceCount: z.number().int(),
});
export type SessionUser = z.infer<typeof sessionUserSchema>;

export const loginResponseSchema = z.object({ data: sessionUserSchema });
export const selfResponseSchema = z.object({ data: sessionUserSchema });

export const authorizeResponseSchema = z.object({
  data: z.object({ permissions: permissionSetSchema }),
});

export const impersonateBodySchema = z.object({ user_id: z.number().int().positive() });

export const dataSourceBodySchema = z.object({ source: dataSourceSchema });

export const okResponseSchema = z.object({ data: z.literal('OK') });

/** Users an administrator may view as. */
export const impersonableUserSchema = z.object({
  id: z.number().int(),
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
  data: z.object({ sso: z.object({ loginUrl: z.string() }).nullable() }),
});
