import type { RouteOptions } from 'fastify';
import fp from 'fastify-plugin';
import { describe, expect, it, vi } from 'vitest';
import { ACTIONS, RESOURCES } from '../../src/shared/permissions';
import { resourceList } from '../../src/shared/rules/roles';
import type { RouteAccess } from '../../src/server/types';

/**
 * Every route the app registers, recorded by an onRoute hook added where the auth plugin adds
 * its own. The api project shares modules between files (isolate: false), so the server is
 * imported afresh here with the auth plugin wrapped, and the wrapper is dropped after.
 */
const seen: { method: string; url: string; access: RouteAccess | undefined }[] = [];
const AUTH_PLUGIN = '../../src/server/plugins/auth';
vi.doMock(AUTH_PLUGIN, async (importOriginal) => {
  const original = (await importOriginal<{ default: Parameters<typeof fp>[0] }>()).default;
  return {
    default: fp(async (app, opts) => {
      app.addHook('onRoute', (route: RouteOptions) => {
        for (const method of [route.method].flat()) {
          if (method !== 'HEAD') seen.push({ method, url: route.url, access: route.config?.access });
        }
      });
      await app.register(original, opts);
    }),
  };
});
vi.resetModules();
const { buildTestApp } = await import('./helper');

/**
 * The routes anyone (public), any logged-in user (session) or any administrator (admin) may call:
 * each is a decision, listed here on purpose. A new route with one of these fails this test
 * until it is added here; every other /api route names a resource and action that roles grant.
 */
const ALLOWED: Record<string, 'public' | 'session' | 'admin'> = {
  // Health checks: the load balancer and the health page ask before anyone logs in.
  'GET /api/api-gateway-health-check': 'public',
  'GET /api/auth/health': 'public',
  'GET /api/clients/health': 'public',
  'GET /api/id/health': 'public',
  'GET /api/insights/health': 'public',
  'GET /api/plans/health': 'public',
  'GET /api/segments/health': 'public',
  'GET /api/toolbox/health': 'public',
  // Before login, and the contract itself.
  'POST /api/auth/login': 'public',
  'GET /api/auth/providers': 'public',
  // SAML single sign-on: before any session, and the IdP posts its answer cross-site (decision 017).
  'GET /api/auth/saml/login': 'public',
  'POST /api/auth/saml/acs': 'public',
  'GET /api/auth/saml/metadata': 'public',
  'GET /api/openapi.json': 'public',
  // The unit's own server calls it with the short-lived token as its credential.
  'GET /api/auth/sso-token/validate': 'public',
  // The invited user has no session; the one-time token admits them.
  'GET /api/auth/invitations/:token': 'public',
  'POST /api/auth/invitations/:token': 'public',

  // The caller's own session: who they are, what they may do, leaving, their embedded-unit token.
  'GET /api/auth/self.json': 'session',
  'GET /api/auth/authorize': 'session',
  'POST /api/auth/logout': 'session',
  'GET /api/auth/sso-token': 'session',
  'DELETE /api/auth/impersonate': 'session', // stopping a view-as the session itself started
  // What the caller may see, already cut to their hierarchy slugs (and X-Context where it takes one).
  'GET /api/clients/hierarchy': 'session',
  'GET /api/data-status': 'session',
  'POST /api/data-availability': 'session',
  'GET /api/toolbox/units/type/:type/client/:clientSlug': 'session', // the navigation lists the client's units
  'GET /api/languages': 'session',
  // The caller's own jobs and notifications.
  'GET /api/jobs/:id': 'session',
  'GET /api/notifications': 'session',
  'GET /api/notifications/:id/download': 'session',
  'POST /api/notifications/:id/read': 'session',

  // Viewing as another user: administrators only (the real user's administrator role).
  'GET /api/auth/impersonable-users': 'admin',
  'POST /api/auth/impersonate': 'admin',
};

describe('route permissions (roles are data: every /api route is guarded by a grantable permission or a listed decision)', async () => {
  const { app } = await buildTestApp({}, { counts: false, jobs: false });
  vi.doUnmock(AUTH_PLUGIN);
  vi.resetModules();
  const api = seen.filter((r) => r.url.startsWith('/api'));

  it('sees the routes', () => {
    expect(api.length).toBeGreaterThan(50);
    for (const r of api) expect(app.hasRoute({ method: r.method as 'GET', url: r.url }), `${r.method} ${r.url}`).toBe(true);
  });

  it('every /api route declares its access', () => {
    expect(api.filter((r) => !r.access).map((r) => `${r.method} ${r.url}`)).toEqual([]);
  });

  it('every resource an access names is one roles can grant, with a real action', () => {
    const grantable = new Set(resourceList().map((r) => r.resource));
    for (const r of api) {
      if (typeof r.access !== 'object') continue;
      expect(RESOURCES, `${r.method} ${r.url}`).toContain(r.access.resource);
      expect(grantable.has(r.access.resource), `${r.method} ${r.url}`).toBe(true);
      expect(ACTIONS, `${r.method} ${r.url}`).toContain(r.access.action);
    }
  });

  it("the routes without a resource are exactly this file's allow-list", () => {
    const actual = Object.fromEntries(api.filter((r) => typeof r.access === 'string').map((r) => [`${r.method} ${r.url}`, r.access]));
    expect(actual).toEqual(ALLOWED);
  });
});
