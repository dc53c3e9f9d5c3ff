import * as z from 'zod/mini';

/** GET /api/auth/saml/login: where to land after signing in (checked again on the server). */
export const samlLoginQuerySchema = z.object({ returnUrl: z.optional(z.string()) });

/**
 * POST /api/auth/saml/acs: the identity provider's HTML form (HTTP-POST binding). Both optional
 * here: a missing or bad answer is a failed sign-in (a redirect to the login page), not a 400.
 */
export const samlAcsBodySchema = z.object({
  SAMLResponse: z.optional(z.string()),
  RelayState: z.optional(z.string()),
});
export type SamlAcsBody = z.infer<typeof samlAcsBodySchema>;
