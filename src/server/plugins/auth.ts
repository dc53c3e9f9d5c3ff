import fp from 'fastify-plugin';
import { HEADERS, SESSION_COOKIE, TEXT } from '@shared/constants';
import { can } from '@shared/permissions';
import { ERROR_CODES } from '@shared/schemas/error';
import { AppError, forbidden, unauthenticated } from '../lib/errors';
import { safeEqual } from '../lib/tokens';
import { authenticate } from '../modules/auth/auth-service';

const SAFE_METHODS = new Set(['GET', 'HEAD', 'OPTIONS']);

/**
 * Resolves the session from its HttpOnly cookie only, then enforces the route's declared
 * access and the CSRF token on every write. An Authorization header is ignored: the browser
 * session is never a bearer token (decision 008). A route without a declared access fails at start.
 */
export default fp(async (app) => {
  app.decorateRequest('auth', null);

  app.addHook('onRoute', (route) => {
    if (route.url.startsWith('/api') && !route.config?.access) {
      throw new Error(`Route ${route.method} ${route.url} declares no access`);
    }
  });

  app.addHook('onRequest', async (request) => {
    const access = request.routeOptions.config?.access;
    if (!access) return; // the static client and the not-found handler
    const token = request.cookies[SESSION_COOKIE];
    request.auth = token ? await authenticate(app.database.db, token, {
          ttlHours: app.config.sessionTtlHours,
          cacheMs: app.config.sessionCacheMs,
        }) : null;
    if (access === 'public') return;
    const auth = request.auth;
    if (!auth) throw unauthenticated(TEXT.sessionExpired);

    if (!SAFE_METHODS.has(request.method)) {
      const sent = request.headers[HEADERS.csrf];
      if (typeof sent !== 'string' || !safeEqual(sent, auth.csrfToken)) {
        throw new AppError(403, ERROR_CODES.csrf, TEXT.csrfMissing);
      }
    }
    if (access === 'session') return;
    if (access === 'admin') {
      if (!auth.isAdmin) throw forbidden('Only administrators may do this.');
      return;
    }
    if (access.or?.some((need) => can(auth.permissions, need.resource, need.action))) return;
    for (const need of [access, ...(access.also ?? [])]) {
      if (!can(auth.permissions, need.resource, need.action)) throw forbidden(`${TEXT.permissionDenied} (${need.resource}: ${need.action})`);
    }
  });
});
