import * as z from 'zod/mini';
import { versionConflictSchema } from './error';
import { idSchema, versionSchema } from './ids';
import { text } from './text';

/** A user as the users screen reads them. */
export const adminUserSchema = z.object({
  id: z.int(),
  first_name: z.string(),
  last_name: z.string(),
  email: z.string(),
  active: z.boolean(),
  role_ids: z.array(z.int()),
  /** Hierarchy slugs: '*', 'client', 'client/region', 'client/region/brand/product'. */
  slugs: z.array(z.string()),
  /** Invited and has not set a password yet. */
  invited: z.boolean(),
  version: z.int(),
});
export type AdminUser = z.infer<typeof adminUserSchema>;

export const usersResponseSchema = z.object({ data: z.array(adminUserSchema) });
export const userResponseSchema = z.object({ data: adminUserSchema });
export const userConflictSchema = versionConflictSchema(adminUserSchema);

/** The one-time link an invited user sets their password with (absolute, with the request's origin). */
export const invitationLinkSchema = z.object({ url: z.string(), expires_at: z.string() });
export type InvitationLink = z.infer<typeof invitationLinkSchema>;
export const userCreatedResponseSchema = z.object({ data: adminUserSchema, invitation: invitationLinkSchema });
export type UserCreatedResponse = z.infer<typeof userCreatedResponseSchema>;

const slugsSchema = z.array(text(300)).check(z.maxLength(10_000));
const roleIdsSchema = z.array(idSchema).check(z.maxLength(1000));

/** Limits bound the payload only: rules/roles.ts gives the messages (names required, email format). */
export const userCreateBodySchema = z.object({
  user: z.object({
    first_name: text(1000),
    last_name: text(1000),
    email: text(1000),
    role_ids: roleIdsSchema,
    slugs: slugsSchema,
  }),
});
export type UserCreateBody = z.infer<typeof userCreateBodySchema>;

export const userUpdateBodySchema = z.object({
  user: z.object({
    first_name: z.optional(text(1000)),
    last_name: z.optional(text(1000)),
    role_ids: z.optional(roleIdsSchema),
    /** Also settable here, so one save of the user form is one write (same rules as the hierarchy call). */
    slugs: z.optional(slugsSchema),
    active: z.optional(z.boolean()),
  }),
  version: versionSchema,
});
export type UserUpdateBody = z.infer<typeof userUpdateBodySchema>;

/** /api/user-hierarchy-permissions/:userId */
export const userIdParamsSchema = z.object({ userId: z.pipe(z.coerce.number(), idSchema) });
export const hierarchyPermissionsSchema = z.object({ user_id: z.int(), slugs: z.array(z.string()) });
export type HierarchyPermissions = z.infer<typeof hierarchyPermissionsSchema>;
export const hierarchyPermissionsResponseSchema = z.object({ data: hierarchyPermissionsSchema });
export const hierarchySlugsResponseSchema = z.object({ data: z.array(z.string()) });
export const hierarchyPermissionsBodySchema = z.object({ user_id: idSchema, slugs: slugsSchema });
export type HierarchyPermissionsBody = z.infer<typeof hierarchyPermissionsBodySchema>;

/** Invitations (public): /api/auth/invitations/:token */
export const invitationParamsSchema = z.object({ token: text(200, { min: 1 }) });
export const invitationResponseSchema = z.object({ data: z.object({ email: z.string(), first_name: z.string(), expires_at: z.string() }) });
export type InvitationInfo = z.infer<typeof invitationResponseSchema>['data'];
/** The password is a secret taken as typed (never trimmed); rules/roles.ts passwordProblem gives the length messages. */
export const invitationAcceptBodySchema = z.object({ password: z.string().check(z.maxLength(4096, 'The password is too long')) });
export type InvitationAcceptBody = z.infer<typeof invitationAcceptBodySchema>;
