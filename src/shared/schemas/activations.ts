import * as z from 'zod/mini';
import { idParamsSchema, idSchema } from './ids';
import { jobSchema } from './jobs';
import { text } from './text';

/** Spec 1 §4: an activation's states, as stored and as the API names them. */
export const ACTIVATION_STATES = ['draft', 'on_hold', 'in_progress', 'finalizing', 'complete', 'canceled', 'error'] as const;
export type ActivationState = (typeof ACTIVATION_STATES)[number];

export const ACTIVATION_LIMITS = { perPage: 100, q: 200 } as const;

/** Where an activation delivers: a named ad platform of the client. */
export const destinationSchema = z.object({ id: z.int(), name: z.string(), platform: z.string() });
export type Destination = z.infer<typeof destinationSchema>;
export const destinationsResponseSchema = z.object({ data: z.array(destinationSchema) });

/** An activation as the API answers it (spec 1 §3 "AMS activation", issue 14). */
export const activationSchema = z.object({
  id: z.int(),
  audience_id: z.int(),
  audience_name: z.string(),
  destination: destinationSchema,
  state: z.enum(ACTIVATION_STATES),
  last_refresh: z.nullable(z.string()),
  sent_date: z.nullable(z.string()),
  /** When delivery stops; a 1970 date means open-ended (shown "-"). */
  end_date: z.string(),
  member_count: z.nullable(z.int()),
  /** Why the last delivery failed (state error). */
  error: z.nullable(z.string()),
  /** The delivery job while it runs (and the last one after): `GET /api/jobs/:id` gives its progress. */
  job_id: z.nullable(z.string()),
  /** The last delivered file's name in the destination's directory. */
  file_name: z.nullable(z.string()),
  version: z.int(),
  created_at: z.string(),
  updated_at: z.string(),
});
export type Activation = z.infer<typeof activationSchema>;

/** The detail: the activation and its delivery job as the queue last saw it. */
export const activationDetailSchema = z.object({ ...activationSchema.shape, job: z.nullable(jobSchema) });
export type ActivationDetail = z.infer<typeof activationDetailSchema>;

export const activationResponseSchema = z.object({ data: activationSchema });
export const activationDetailResponseSchema = z.object({ data: activationDetailSchema });

export const activationsQuerySchema = z.object({
  state: z.optional(z.enum(ACTIVATION_STATES)),
  destination_id: z.optional(z.pipe(z.coerce.number(), idSchema)),
  /** Part of the audience's name, any case. */
  q: z.optional(text(ACTIVATION_LIMITS.q, { tooLong: `q may be at most ${ACTIVATION_LIMITS.q} characters` })),
  page: z._default(z.coerce.number().check(z.int('page must be a whole number'), z.gte(1, 'page starts at 1'), z.lte(100_000, 'page is too large')), 1),
  per_page: z._default(
    z.coerce.number().check(
      z.int('per_page must be a whole number'),
      z.gte(1, 'per_page must be at least 1'),
      z.lte(ACTIVATION_LIMITS.perPage, `per_page may be at most ${ACTIVATION_LIMITS.perPage}`),
    ),
    25,
  ),
});
export type ActivationsQuery = z.infer<typeof activationsQuerySchema>;

export const activationsPageSchema = z.object({
  data: z.array(activationSchema),
  meta: z.object({ page: z.int(), per_page: z.int(), total: z.int() }),
});
export type ActivationsPage = z.infer<typeof activationsPageSchema>;

/** A calendar day, as a date input gives it. */
const DAY = /^\d{4}-\d{2}-\d{2}$/;
export const endDateSchema = z.string().check(
  z.regex(DAY, 'End date must be a date (yyyy-MM-dd)'),
  z.refine((s) => !Number.isNaN(Date.parse(`${s}T00:00:00Z`)) && new Date(`${s}T00:00:00Z`).toISOString().startsWith(s), 'End date must be a real date'),
);

/** `POST /api/activations`: send a saved audience of the context to a destination; no end date means open-ended. */
export const createActivationBodySchema = z.object({
  audience_id: idSchema,
  destination_id: idSchema,
  end_date: z._default(z.nullable(endDateSchema), null),
});
export type CreateActivationBody = z.infer<typeof createActivationBodySchema>;

export const activationParamsSchema = idParamsSchema;

/** `GET /api/activations/audiences`: the saved audiences of the product that can be activated (they have a rule). */
export const activatableAudienceSchema = z.object({ id: z.int(), name: z.string(), people_count: z.nullable(z.int()) });
export type ActivatableAudience = z.infer<typeof activatableAudienceSchema>;
export const activatableAudiencesResponseSchema = z.object({ data: z.array(activatableAudienceSchema) });
