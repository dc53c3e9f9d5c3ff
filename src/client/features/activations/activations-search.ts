import * as z from 'zod/mini';
import { idSchema } from '@shared/schemas/ids';

/** An id in the address bar, or nothing: a bad one (typed, pasted) is ignored rather than an error. */
const optionalId = z.catch(z.optional(z.pipe(z.coerce.number(), idSchema)), undefined);

/**
 * The Ams page's search parameters: the activation whose detail is open, and its audience
 * (spec 1 §2.4: the home page's Activations tab links here with both).
 */
export const activationsSearchSchema = z.object({ activationId: optionalId, audienceId: optionalId });
export type ActivationsSearch = z.output<typeof activationsSearchSchema>;
