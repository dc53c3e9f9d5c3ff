import * as z from 'zod/mini';

/** Database ids are positive 32-bit integers: anything larger is refused before it reaches SQL. */
export const MAX_ID = 2_147_483_647;
export const idSchema = z.int().check(z.positive('An id must be a positive whole number'), z.lte(MAX_ID, `An id must be at most ${MAX_ID}`));

/** A route's `:id` path parameter: a database id, refused (400) when it is not one. */
export const idParamsSchema = z.object({ id: z.pipe(z.coerce.number(), idSchema) });

/** An entity's version: 32-bit in the database like ids, so a larger one is refused before it reaches SQL. */
export const versionSchema = z.int().check(z.positive('A version must be a positive whole number'), z.lte(MAX_ID, `A version must be at most ${MAX_ID}`));
