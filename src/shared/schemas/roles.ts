import * as z from 'zod/mini';
import { actionsSchema } from '../permissions';
import { versionConflictSchema } from './error';
import { idParamsSchema, idSchema, versionSchema } from './ids';
import { text } from './text';

/** GET /api/resources: what a role can grant, in the matrix's order. */
export const resourceInfoSchema = z.object({
  resource: z.string(),
  label: z.string(),
  group: z.enum(['insights', 'administration']),
  actions: z.array(z.enum(['create', 'read', 'update', 'destroy'])),
});
export type ResourceInfo = z.infer<typeof resourceInfoSchema>;
export const resourcesResponseSchema = z.object({ data: z.array(resourceInfoSchema) });

/** A role as read: its grants per resource (resources it grants nothing on are left out). */
export const adminRoleSchema = z.object({
  id: z.int(),
  name: z.string(),
  description: z.string(),
  is_admin: z.boolean(),
  /** One of the default roles the seed writes (it may still be edited). */
  built_in: z.boolean(),
  version: z.int(),
  /** How many users hold it. */
  user_count: z.int(),
  permissions: z.record(z.string(), actionsSchema),
});
export type AdminRole = z.infer<typeof adminRoleSchema>;

export const rolesResponseSchema = z.object({ data: z.array(adminRoleSchema) });
export const roleResponseSchema = z.object({ data: adminRoleSchema });
export const roleConflictSchema = versionConflictSchema(adminRoleSchema);

/**
 * A role as written. The limits here only bound the payload: the rules (rules/roles.ts) give the
 * form's messages for an empty or long name. An action left out is not granted.
 */
export const roleWriteSchema = z.object({
  name: text(1000),
  description: z.optional(text(5000, { multiline: true })),
  is_admin: z.optional(z.boolean()),
  permissions: z.record(text(100), z.partial(actionsSchema)),
});
export type RoleWrite = z.infer<typeof roleWriteSchema>;

export const roleCreateBodySchema = z.object({ role: roleWriteSchema });
export type RoleCreateBody = z.infer<typeof roleCreateBodySchema>;
export const roleUpdateBodySchema = z.object({ role: roleWriteSchema, version: versionSchema });
export type RoleUpdateBody = z.infer<typeof roleUpdateBodySchema>;
export const roleIdParamsSchema = idParamsSchema;

/** DELETE /api/roles/:id refused while users hold the role (409 IN_USE). */
export const roleInUseDetailsSchema = z.object({ uses: z.array(z.object({ kind: z.literal('user'), id: idSchema, name: z.string() })) });
