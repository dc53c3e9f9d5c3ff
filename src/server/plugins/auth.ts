import fp from 'fastify-plugin';
import type { FastifyRequest } from 'fastify';
import { HEADERS, SESSION_COOKIE, TEXT } from '@shared/constants';
import { can } from '@shared/permissions';
import { ERROR_CODES } from '@shared/schemas/error';
import { AppError, forbidden, unauthenticated } from '../lib/errors';
import { safeEqual } from '../lib/tokens';
import { authenticate } from '../modules/auth/auth-service';

const SAFE_METHODS = new Set(['GET', 'HEAD', 'OPTIONS']);

function credential(request: FastifyRequest): { token: string; via: 'cookie' | 'bearer' } | null {
  const header = request.headers.authorization;
  if (header?.startsWith('Bearer ')) return { token: header.slice(7).trim(), via: 'bearer' };
  const cookie = request.cookies[SESSION_COOKIE];
  return cookie ? { token: cookie, via: 'cookie' } : null;
}

/**
 * Resolves the session, then enforces the route's declared access and, for cookie
 * sessions, the CSRF token on every write. A route without a declared access fails at start.
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
    const cred = credential(request);
    request.auth = cred ? await authenticate(app.database.db, cred.token, cred.via, {
          ttlHours: app.config.sessionTtlHours,
          cacheMs: app.config.sessionCacheMs,
        }) : null;
    if (access === 'public') return;
    const auth = request.auth;
    if (!auth) throw unauthenticated(TEXT.sessionExpired);

    // Bearer callers hold no ambient credential, so only cookie sessions need the CSRF token.
    if (!SAFE_METHODS.has(request.method) && auth.via === 'cookie') {
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
    if (!can(auth.permissions, access.resource, access.action)) {
      throw forbidden(`${TEXT.permissionDenied} (${access.resource}: ${access.action})`);
    }
  });
});
