import * as z from 'zod/mini';
import { versionConflictSchema } from './error';
import { idParamsSchema, versionSchema } from './ids';
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
