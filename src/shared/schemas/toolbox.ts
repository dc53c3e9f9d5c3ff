import * as z from 'zod/mini';
import { versionConflictSchema } from './error';
import { idParamsSchema, idSchema, versionSchema } from './ids';
import { text } from './text';

/** A unit's own fields, as it is read. */
const unitFieldTypes = {
  name: z.string(),
  /** Region ids as strings, or "all". */
  region_ids: z.array(z.string()),
  use_client_hierarchy: z.boolean(),
  feature_module_category: z.nullable(z.string()),
  iframed: z.boolean(),
  url: z.string(),
};

export const toolboxUnitSchema = z.object({
  id: z.int(),
  ...unitFieldTypes,
  status: z.boolean(),
  client_slug: z.string(),
  /** The entity version a write must be based on (issue 4). */
  version: z.int(),
});
export type ToolboxUnit = z.infer<typeof toolboxUnitSchema>;

export const toolboxUnitsResponseSchema = z.object({ data: z.array(toolboxUnitSchema) });
export const toolboxUnitResponseSchema = z.object({ data: toolboxUnitSchema });
export const toolboxUnitConflictSchema = versionConflictSchema(toolboxUnitSchema);

export const toolboxUnitParamsSchema = z.object({
  type: z.enum(['all', 'iframed', 'external']),
  clientSlug: text(64, { min: 1 }),
});
export const toolboxUnitIdParamsSchema = idParamsSchema;


/**
 * The fields a write sends, as the one text schema allows them (limits beyond the rules' own, so
 * a long name still gets the form's message). The domain rules (name, url, regions) are in
 * rules/toolbox.ts, so the form and the server give the same messages.
 */
const unitWriteFieldTypes = {
  ...unitFieldTypes,
  name: text(1000),
  region_ids: z.array(text(20)).check(z.maxLength(1000)),
  feature_module_category: z.nullable(text(200)),
  url: text(10_000),
};
const unitFields = {
  ...unitWriteFieldTypes,
  /** When sent, it must be the X-Context client. */
  client_slug: z.optional(text(64)),
};

/** Create: the unit's fields; an id is ignored and status forced true (spec 1 §5). */
export const toolboxUnitBodySchema = z.object({
  ...unitFields,
  id: z.optional(z.nullable(z.int())),
  status: z.optional(z.boolean()),
});
export type ToolboxUnitBody = z.infer<typeof toolboxUnitBodySchema>;

/** Update or hide (status false): the unit's fields and the version they were based on. */
export const toolboxUnitUpdateBodySchema = z.object({
  ...unitFields,
  status: z.boolean(),
  version: versionSchema,
  /** What the edit saw of these fields: with it, a newer version is merged field by field (issue 12). */
  base: z.optional(z.partial(z.object({ ...unitWriteFieldTypes, status: z.boolean() }))),
});
export type ToolboxUnitUpdateBody = z.infer<typeof toolboxUnitUpdateBodySchema>;

/** Delete: the version the deletion was based on, as ?version=N. */
export const toolboxUnitDeleteQuerySchema = z.object({ version: z.pipe(z.coerce.number(), versionSchema) });

/** A toolbox category (spec 1 §3): a named section of the client's toolbox; units name it in feature_module_category. */
export const toolboxCategorySchema = z.object({
  id: z.int(),
  name: z.string(),
  status: z.boolean(),
  /** Position in the toolbox: lower first. */
  priority: z.int(),
  client_slug: z.string(),
  version: z.int(),
});
export type ToolboxCategory = z.infer<typeof toolboxCategorySchema>;

export const toolboxCategoriesResponseSchema = z.object({ data: z.array(toolboxCategorySchema) });
export const toolboxCategoryResponseSchema = z.object({ data: toolboxCategorySchema });
export const toolboxCategoryConflictSchema = versionConflictSchema(toolboxCategorySchema);
export const toolboxCategoryParamsSchema = z.object({ clientSlug: text(64, { min: 1 }) });

const prioritySchema = z.int().check(z.gte(0, 'A priority must be 0 or more'), z.lte(1_000_000, 'A priority must be at most 1000000'));

/** A category's name as a write sends it: the length rule with its message is rules/toolbox.ts's. */
const categoryNameSchema = text(1000);

/** Create: a name, and optionally where it goes; an id is ignored and status forced true (spec 1 §5). */
export const toolboxCategoryBodySchema = z.object({
  name: categoryNameSchema,
  id: z.optional(z.nullable(z.int())),
  status: z.optional(z.boolean()),
  /** Default: after every other category. */
  priority: z.optional(prioritySchema),
  /** When sent, it must be the X-Context client. */
  client_slug: z.optional(text(64)),
});
export type ToolboxCategoryBody = z.infer<typeof toolboxCategoryBodySchema>;

/** Rename (its units follow), show or hide, or move: based on `version`. */
export const toolboxCategoryUpdateBodySchema = z.object({
  name: categoryNameSchema,
  status: z.optional(z.boolean()),
  priority: z.optional(prioritySchema),
  version: versionSchema,
  id: z.optional(z.nullable(z.int())),
  client_slug: z.optional(text(64)),
});
export type ToolboxCategoryUpdateBody = z.infer<typeof toolboxCategoryUpdateBodySchema>;

/** The new order (spec 1 §7): each category's id and priority; the path's id, the one moved, must be among them. */
export const toolboxCategoryBulkBodySchema = z.array(z.object({ id: idSchema, priority: prioritySchema })).check(
  z.minLength(1, 'Send at least one category'),
  z.maxLength(1000, 'Send at most 1000 categories'),
);
export type ToolboxCategoryBulkBody = z.infer<typeof toolboxCategoryBulkBodySchema>;

/** Delete: optionally the version it was based on, as ?version=N (a stale one is a 409). */
export const toolboxCategoryDeleteQuerySchema = z.object({ version: z.optional(z.pipe(z.coerce.number(), versionSchema)) });

/** The details of the 409 IN_USE of deleting a category that units still name: the units. */
export const toolboxCategoryInUseDetailsSchema = z.object({ units: z.array(z.object({ id: z.int(), name: z.string() })) });

/** What GET /api/auth/sso-token/validate answers for a valid token (the unit's server calls it). */
export const ssoValidationResponseSchema = z.object({
  data: z.object({
    valid: z.literal(true),
    user: z.object({ id: z.int(), email: z.string(), first_name: z.string(), last_name: z.string() }),
    expires_at: z.string(),
    /** The product's context when the token was issued, as slugs; null without one. */
    context: z.nullable(z.object({ client: z.string(), region: z.nullable(z.string()), brand: z.nullable(z.string()), product: z.nullable(z.string()) })),
  }),
});
export type SsoValidation = z.infer<typeof ssoValidationResponseSchema>['data'];
/** The longest token the validation accepts, in either place. */
export const SSO_TOKEN_MAX = 4096;
/**
 * The token as ?token=, for units written before the Authorization header (the server log
 * redacts it); new units send `Authorization: Bearer <token>` so no URL carries it.
 */
export const ssoValidationQuerySchema = z.object({ token: z.optional(text(SSO_TOKEN_MAX, { min: 1 })) });
