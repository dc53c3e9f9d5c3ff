import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import * as z from 'zod/mini';
import { SESSION_COOKIE } from '@shared/constants';
import { apiErrorSchema } from '@shared/schemas/error';
import { samlAcsBodySchema, samlLoginQuerySchema } from '@shared/schemas/saml';
import { badRequest, notFound } from '../../lib/errors';
import type { SamlSettings } from './saml-settings';
import * as service from './saml-service';

/** Where a refused sign-on lands: the login page says it failed, or opens Request Access. */
export const SSO_FAILED_PATH = '/login?sso=failed';
export const SSO_UNKNOWN_PATH = '/login?tab=request&sso=unknown';

/** A SAML Response is a few KB; a form body past this is no sign-on answer. */
const FORM_BODY_LIMIT = 256 * 1024;

const NOT_CONFIGURED = 'Single sign-on is not configured.';

/** A redirect's empty body (the Location header is the answer), so the OpenAPI document lists it. */
const redirectSchema = z.null();

export interface SamlRouteOptions {
  /** The session cookie's options, the same as a password login's (auth-routes.ts). */
  cookieOptions: { path: string; httpOnly: boolean; sameSite: 'lax'; secure: boolean; maxAge: number };
}

/**
 * SAML single sign-on (decision 017). All public: the browser has no session yet, and the
 * identity provider posts its answer cross-site, so the ACS carries no CSRF token (the auth plugin
 * checks that only on routes that need a session); the signed answer, its InResponseTo naming a
 * request we sent and the single-use RelayState stand in for it.
 */
const samlRoutes: FastifyPluginAsyncZod<SamlRouteOptions> = async (app, options) => {
  const db = app.database.db;
  const settings = (): SamlSettings => {
    if (!app.config.saml) throw notFound(NOT_CONFIGURED);
    return app.config.saml;
  };
  const samlConfig = () => ({ ...app.config, saml: settings() });

  // The HTTP-POST binding is an HTML form; only these routes (this plugin's scope) read form bodies.
  app.addContentTypeParser('application/x-www-form-urlencoded', { parseAs: 'string', bodyLimit: FORM_BODY_LIMIT }, (_request, body, done) => {
    const form = new URLSearchParams(String(body));
    const fields: Record<string, string> = {};
    for (const name of ['SAMLResponse', 'RelayState'] as const) {
      const values = form.getAll(name);
      // Two values would leave which one was checked to chance.
      if (values.length > 1) return done(badRequest(`The form sends ${name} more than once.`), undefined);
      if (values[0] !== undefined) fields[name] = values[0];
    }
    done(null, fields);
  });

  app.get(service.SAML_PATHS.login, {
    config: { access: 'public' },
    schema: {
      tags: ['auth'],
      summary: 'Start SAML single sign-on: redirects to the identity provider with an AuthnRequest and an opaque RelayState',
      querystring: samlLoginQuerySchema,
      response: { 302: redirectSchema, 404: apiErrorSchema, 429: apiErrorSchema },
    },
  }, async (request, reply) => {
    // request.ip is the client as TRUST_PROXY decides: its unfinished sign-ons are bounded.
    const url = await service.startLogin(db, samlConfig(), request.query.returnUrl, request.ip);
    reply.header('cache-control', 'no-store');
    return reply.redirect(url, 302);
  });

  app.post(service.SAML_PATHS.acs, {
    config: { access: 'public' },
    schema: {
      tags: ['auth'],
      summary: "The identity provider's answer (HTTP-POST): a session and a redirect to the return path, or to the login page",
      body: samlAcsBodySchema,
      response: { 303: redirectSchema, 400: apiErrorSchema, 404: apiErrorSchema },
    },
  }, async (request, reply) => {
    const outcome = await service.finishLogin(db, samlConfig(), request.body, request.id);
    reply.header('cache-control', 'no-store');
    if (outcome.kind === 'session') {
      reply.setCookie(SESSION_COOKIE, outcome.session.token, options.cookieOptions);
      return reply.redirect(outcome.returnUrl, 303);
    }
    // Why, for the operator; never the response itself or anything from it that signs someone on.
    request.log.warn({ reason: outcome.reason.slice(0, 300) }, outcome.kind === 'unknown' ? 'SAML sign-on of an unknown user' : 'SAML sign-on refused');
    return reply.redirect(outcome.kind === 'unknown' ? SSO_UNKNOWN_PATH : SSO_FAILED_PATH, 303);
  });

  app.get(service.SAML_PATHS.metadata, {
    config: { access: 'public' },
    schema: {
      tags: ['auth'],
      summary: "The service provider's SAML metadata (entity id, assertion consumer service)",
      response: { 200: z.string(), 404: apiErrorSchema },
    },
  }, async (_request, reply) => {
    const xml = service.metadata(db, samlConfig());
    return reply.type('application/samlmetadata+xml; charset=utf-8').send(xml);
  });
};

export default samlRoutes;
