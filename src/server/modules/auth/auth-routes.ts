import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import * as z from 'zod/mini';
import { HEADERS, SESSION_COOKIE } from '@shared/constants';
import {
  authorizeResponseSchema,
  dataSourceBodySchema,
  impersonableUsersResponseSchema,
  impersonateBodySchema,
  loginBodySchema,
  loginResponseSchema,
  okResponseSchema,
  providersResponseSchema,
  selfResponseSchema,
} from '@shared/schemas/auth';
import { apiErrorSchema, ERROR_CODES } from '@shared/schemas/error';
import { SSO_TOKEN_MAX, ssoValidationQuerySchema, ssoValidationResponseSchema } from '@shared/schemas/toolbox';
import { AppError } from '../../lib/errors';
import type { RequestAuth } from '../../types';
import * as service from './auth-service';
import samlRoutes from './saml-routes';
import { logoutUrl as samlLogoutUrl, SAML_PATHS } from './saml-service';

/** The one answer for any token that does not sign its user on: it does not say why. */
const SSO_TOKEN_INVALID = 'This sign-on token is not valid or has expired.';

/** `Authorization: Bearer <token>`: the token, else undefined (any other scheme or shape). */
const BEARER = new RegExp(`^Bearer +([^\\s]{1,${SSO_TOKEN_MAX}}) *$`, 'i');

const errors = { 400: apiErrorSchema, 401: apiErrorSchema, 403: apiErrorSchema, 429: apiErrorSchema };

/** Narrows request.auth on routes whose access guarantees a session. */
function mustAuth(auth: RequestAuth | null): RequestAuth {
  if (!auth) throw new Error('route declared a session but none was resolved');
  return auth;
}

const authRoutes: FastifyPluginAsyncZod<{ sleep?: service.Sleep }> = async (app, options) => {
  const db = app.database.db;
  const cookieOptions = {
    path: '/',
    httpOnly: true,
    sameSite: 'lax' as const,
    secure: app.config.secureCookies,
    maxAge: app.config.sessionTtlHours * 3600,
  };
  // Its own scope: the SAML routes alone read form bodies (the identity provider's HTTP-POST).
  await app.register(samlRoutes, { cookieOptions });

  app.post('/api/auth/login', {
    config: { access: 'public' },
    schema: {
      tags: ['auth'],
      summary: 'Log in with email and password; sets the session cookie',
      body: loginBodySchema,
      response: { 200: loginResponseSchema, 503: apiErrorSchema, ...errors },
    },
  }, async (request, reply) => {
    try {
      const result = await service.login(db, app.config, {
        ...request.body,
        address: request.ip,
        requestId: request.id,
      }, options.sleep);
      reply.setCookie(SESSION_COOKIE, result.token, cookieOptions);
      reply.header(HEADERS.csrf, result.csrfToken);
      return { data: service.sessionUser(result.auth) };
    } catch (err) {
      // Throttled (429) or the password checks are full (503): both say when to try again.
      if (err instanceof AppError && (err.status === 429 || err.status === 503)) {
        const details = err.details as { retryAfter: number };
        reply.header('retry-after', String(details.retryAfter));
      }
      throw err;
    }
  });

  app.get('/api/auth/providers', {
    config: { access: 'public' },
    schema: { tags: ['auth'], summary: 'Identity providers configured for single sign-on', response: { 200: providersResponseSchema } },
  }, async () => {
    // SAML, when configured, is the single sign-on; SSO_LOGIN_URL is the older plain redirect.
    const loginUrl = app.config.saml ? SAML_PATHS.login : app.config.ssoLoginUrl;
    return { data: { sso: loginUrl ? { loginUrl } : null } };
  });

  app.get('/api/auth/self.json', {
    config: { access: 'session' },
    schema: { tags: ['auth'], summary: 'The lapsed-login ping: the session user, or 401 with refresh_login', response: { 200: selfResponseSchema, ...errors } },
  }, async (request, reply) => {
    const auth = mustAuth(request.auth);
    // A page reload loses the in-memory token; hand it back to the session's own page.
    reply.header(HEADERS.csrf, auth.csrfToken);
    return { data: service.sessionUser(auth) };
  });

  app.post('/api/auth/logout', {
    config: { access: 'session' },
    schema: { tags: ['auth'], summary: 'End the session', response: { 200: okResponseSchema, ...errors } },
  }, async (request, reply) => {
    const ended = await service.logout(db, mustAuth(request.auth), request.id);
    reply.clearCookie(SESSION_COOKIE, { path: '/' });
    // A session that signed on through the identity provider ends there too, on its logout page,
    // which returns to our login page; a password session has no IdP session to end.
    const idpLogout = ended.sso ? samlLogoutUrl(app.config) : null;
    if (idpLogout) reply.header(HEADERS.logoutUrl, idpLogout);
    return { data: 'OK' as const };
  });

  app.get('/api/auth/sso-token', {
    config: { access: 'session' },
    schema: { tags: ['auth'], summary: 'A token for embedded toolbox units, in the sso-token header', response: { 200: z.string(), ...errors } },
  }, async (request, reply) => {
    const auth = mustAuth(request.auth);
    // With an X-Context, the token carries it: the unit learns the context its user was in.
    const token = await service.issueSsoToken(db, auth, request.ctx);
    reply.header(HEADERS.ssoToken, token).type('text/plain');
    return token;
  });

  app.get('/api/auth/sso-token/validate', {
    // Public: an embedded unit's server calls it with the token its page was sent, not with a session.
    config: { access: 'public' },
    schema: {
      tags: ['auth'],
      summary: "Check an embedded unit's sign-on token: its user, expiry and context, or 401",
      description:
        'Send the token as `Authorization: Bearer <token>`. The older `?token=` still works, but a URL ' +
        'is what proxies and servers log (this server redacts it from its own log).',
      querystring: ssoValidationQuerySchema,
      response: { 200: ssoValidationResponseSchema, 400: apiErrorSchema, 401: apiErrorSchema },
    },
  }, async (request, reply) => {
    const header = request.headers.authorization;
    const token = (header === undefined ? undefined : BEARER.exec(header)?.[1]) ?? request.query.token;
    if (!token) throw new AppError(400, ERROR_CODES.validation, 'Send the token as Authorization: Bearer <token>.');
    const validation = await service.validateSsoToken(db, token);
    if (!validation) throw new AppError(401, ERROR_CODES.unauthenticated, SSO_TOKEN_INVALID);
    // Nothing in between keeps an answer about a token.
    reply.header('cache-control', 'no-store');
    return { data: validation };
  });

  app.get('/api/auth/authorize', {
    config: { access: 'session' },
    schema: { tags: ['auth'], summary: "The caller's permission set", response: { 200: authorizeResponseSchema, ...errors } },
  }, async (request) => ({ data: { permissions: mustAuth(request.auth).permissions } }));

  app.get('/api/auth/impersonable-users', {
    config: { access: 'admin' },
    schema: { tags: ['auth'], summary: 'Users an administrator may view as', response: { 200: impersonableUsersResponseSchema, ...errors } },
  }, async (request) => ({ data: await service.impersonableUsers(db, mustAuth(request.auth)) }));

  app.post('/api/auth/impersonate', {
    config: { access: 'admin' },
    schema: { tags: ['auth'], summary: 'View as another user (audited)', body: impersonateBodySchema, response: { 200: selfResponseSchema, 404: apiErrorSchema, ...errors } },
  }, async (request) => {
    const auth = mustAuth(request.auth);
    await service.startImpersonation(db, auth, request.body.user_id, request.id);
    const next = await service.reload(db, auth);
    return { data: service.sessionUser(next) };
  });

  app.delete('/api/auth/impersonate', {
    // Allowed for any session: the acting user is the viewed one, the check is on the parent.
    config: { access: 'session' },
    schema: { tags: ['auth'], summary: 'Stop viewing as another user', response: { 200: selfResponseSchema, 409: apiErrorSchema, ...errors } },
  }, async (request) => {
    const auth = mustAuth(request.auth);
    await service.stopImpersonation(db, auth, request.id);
    const next = await service.reload(db, auth);
    return { data: service.sessionUser(next) };
  });

  app.put('/api/auth/data-source', {
    config: { access: { resource: 'molecula_access', action: 'read' } },
    schema: { tags: ['auth'], summary: "Switch the session's count data source", body: dataSourceBodySchema, response: { 200: selfResponseSchema, ...errors } },
  }, async (request) => {
    const auth = mustAuth(request.auth);
    await service.setDataSource(db, auth, request.body.source, request.id);
    return { data: service.sessionUser(await service.reload(db, auth)) };
  });
};

export default authRoutes;
