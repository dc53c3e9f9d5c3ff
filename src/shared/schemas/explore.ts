import * as z from 'zod/mini';
import { EXPLORE_LIMITS } from '../rules/explore';
import { audienceRulesSchema } from './audience-rules';
import { versionConflictSchema } from './error';
import { idParamsSchema, idSchema, versionSchema } from './ids';
import { figureSchema } from './figures';
import { text } from './text';

/**
 * The Explore API (spec 3 §2.1, §3 Persona, §7 Explore; issue 15): personas, the custom
 * widgets of Explore's Market Level, and motivation audience requests. Personas and widgets
 * are scoped to the X-Context product in its region, versioned like Grow's charts, and written
 * through the outbox: an edit names the version it was based on and what it saw (`base`), and
 * is merged field by field over a newer version (decision 006).
 */

/** Untrimmed: the rules tell a blank name from an empty one and trim it themselves. */
const nameField = text(1000, { trim: false, tooLong: 'A name can be at most 1000 characters' });
/** A temporary key the client gave an item it made offline; the answer maps it to the new id. */
const clientKey = z.optional(text(40).check(z.regex(/^tmp-[0-9a-f-]{36}$/, 'client_key must be a temporary id')));

// ---- personas ----------------------------------------------------------------------------------

export const personaIconSchema = z.enum(EXPLORE_LIMITS.icons);

/** The fields a persona list shows (the dropdown). */
const personaFields = {
  id: z.int(),
  name: z.string(),
  /** The persona's filters: segments (include OR-groups, excludes) and non-segments (`values`); null for the all-data persona. */
  identifiers: z.nullable(audienceRulesSchema),
  /** The all-data persona: everyone in the region, always there, never edited, copied or deleted. */
  is_all_data: z.boolean(),
  default: z.boolean(),
  icon: z.nullable(personaIconSchema),
  /** Segments the persona names that the region no longer has (or marks deleted): the invalid persona case. */
  deleted_segment_ids: z.array(z.int()),
  /** False while the region's data is being prepared: segments cannot be checked, so none is called deleted. */
  deleted_segments_checked: z.boolean(),
  version: z.int(),
  updated_at: z.string(),
};
export const personaSummarySchema = z.object(personaFields);
export type PersonaSummary = z.infer<typeof personaSummarySchema>;

/** A persona as Explore and the builder need it offline: with the names of what it names. */
export const personaSchema = z.object({
  ...personaFields,
  /** The segments it names that the region has (deleted ones included, marked), for chips and the rule in words. */
  segments: z.array(z.object({ id: z.int(), name: z.string(), path_parts: z.array(z.string()), deleted: z.boolean(), create_audience_single: z.boolean() })),
  /** The demographic values it names, with their category. */
  values: z.array(z.object({ id: z.int(), name: z.string(), category: z.string() })),
});
export type Persona = z.infer<typeof personaSchema>;

/** All-data persona first, then by name. */
export const personaListResponseSchema = z.object({ data: z.array(personaSummarySchema) });
export const personaResponseSchema = z.object({ data: personaSchema, meta: z.optional(z.object({ created: z.record(z.string(), z.int()) })) });
export const personaConflictSchema = versionConflictSchema(personaSchema);
export const personaParamsSchema = idParamsSchema;

export const createPersonaBodySchema = z.object({
  name: nameField,
  identifiers: audienceRulesSchema,
  default: z._default(z.boolean(), false),
  icon: z._default(z.nullable(personaIconSchema), null),
  client_key: clientKey,
});
export type CreatePersonaBody = z.infer<typeof createPersonaBodySchema>;

const personaBaseSchema = z.partial(z.object({ name: nameField, identifiers: audienceRulesSchema, default: z.boolean(), icon: z.nullable(z.string()) }));

/**
 * An edit: every field optional (only `default` may change on the all-data persona). `base` is
 * what the edit saw of the fields it sets.
 */
export const updatePersonaBodySchema = z.object({
  name: z.optional(nameField),
  identifiers: z.optional(audienceRulesSchema),
  default: z.optional(z.boolean()),
  icon: z.optional(z.nullable(personaIconSchema)),
  version: versionSchema,
  base: z.optional(personaBaseSchema),
});
export type UpdatePersonaBody = z.infer<typeof updatePersonaBodySchema>;

/** Copy: the name defaults to 'Copy of {name}', made unique ('Copy of {name} (2)'). */
export const copyPersonaBodySchema = z.object({ name: z.optional(nameField), client_key: clientKey });
export const versionQuerySchema = z.object({ version: z.pipe(z.coerce.number(), versionSchema) });

// ---- custom widgets (Explore's Market Level) -------------------------------------------------------

/** A row of a custom widget: a market-level demographic figure (schemas/figures). */
export const widgetRowSchema = figureSchema;
export type CustomWidgetRow = z.infer<typeof widgetRowSchema>;

/** market: a market-level demographic widget (the 800 px overlay); region: the region's demographic (650 px). */
export const widgetKindSchema = z.enum(['market', 'region']);

export const customWidgetSchema = z.object({
  id: z.int(),
  persona_id: z.int(),
  kind: widgetKindSchema,
  name: z.string(),
  /** The Market Level tab it shows under ('Demographics', 'Media', ...). */
  tab: z.string(),
  order: z.int(),
  rows: z.array(widgetRowSchema),
  version: z.int(),
  updated_at: z.string(),
});
export type CustomWidget = z.infer<typeof customWidgetSchema>;

export const widgetListQuerySchema = z.object({ persona_id: z.pipe(z.coerce.number(), idSchema) });
export const widgetListResponseSchema = z.object({ data: z.array(customWidgetSchema) });
export const widgetResponseSchema = z.object({ data: customWidgetSchema, meta: z.optional(z.object({ created: z.record(z.string(), z.int()) })) });
export const widgetConflictSchema = versionConflictSchema(customWidgetSchema);

const widgetFields = {
  name: text(200, { min: 1, tooShort: 'Widget name is required', tooLong: 'A widget name can be at most 200 characters' }),
  tab: text(100, { min: 1, tooShort: 'Tab is required', tooLong: 'A tab name can be at most 100 characters' }),
  rows: z.array(widgetRowSchema).check(z.maxLength(EXPLORE_LIMITS.widgetRows, `A widget may have at most ${EXPLORE_LIMITS.widgetRows} rows`)),
};
export const createWidgetBodySchema = z.object({ ...widgetFields, persona_id: idSchema, kind: z._default(widgetKindSchema, 'market'), client_key: clientKey });
export type CreateWidgetBody = z.infer<typeof createWidgetBodySchema>;
export const updateWidgetBodySchema = z.object({
  name: z.optional(widgetFields.name),
  tab: z.optional(widgetFields.tab),
  rows: z.optional(widgetFields.rows),
  version: versionSchema,
  base: z.optional(z.partial(z.object({ name: z.string(), tab: z.string(), rows: z.array(widgetRowSchema) }))),
});
export type UpdateWidgetBody = z.infer<typeof updateWidgetBodySchema>;

// ---- motivation audience requests (the motivation builder; issue 16 makes them) ----------------------

export const motivationRequestBodySchema = z.object({
  motivation_audience: z.object({
    name: text(100, { min: 1, tooShort: 'Name is required.', tooLong: 'A name can be at most 100 characters.' }),
    description: z._default(text(1000, { multiline: true }), ''),
    rules: audienceRulesSchema,
  }),
});
export type MotivationRequestBody = z.infer<typeof motivationRequestBodySchema>;

export const motivationAudienceSchema = z.object({
  id: z.int(),
  name: z.string(),
  description: z.nullable(z.string()),
  rules: audienceRulesSchema,
  attributes: z.object({
    /** pending | processing | complete | failed */
    job_status: z.enum(['pending', 'processing', 'complete', 'failed']),
    /** Cleared while pending or processing (spec 3 §4). */
    count: z.object({ people: z.nullable(z.int()) }),
  }),
  created_at: z.string(),
});
export const motivationAudienceResponseSchema = z.object({ data: motivationAudienceSchema });
