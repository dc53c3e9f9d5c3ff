import * as z from 'zod/mini';

export const toolboxUnitSchema = z.object({
  id: z.int(),
  name: z.string(),
  status: z.boolean(),
  /** Region ids as strings, or "all". */
  region_ids: z.array(z.string()),
  use_client_hierarchy: z.boolean(),
  feature_module_category: z.nullable(z.string()),
  iframed: z.boolean(),
  url: z.string(),
  client_slug: z.string(),
});
export type ToolboxUnit = z.infer<typeof toolboxUnitSchema>;

export const toolboxUnitsResponseSchema = z.object({ data: z.array(toolboxUnitSchema) });
export const toolboxUnitParamsSchema = z.object({
  type: z.enum(['all', 'iframed', 'external']),
  clientSlug: z.string().check(z.minLength(1)),
});
