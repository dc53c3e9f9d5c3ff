import { Writable } from 'node:stream';
import { sql } from 'drizzle-orm';
import type { LightMyRequestResponse } from 'fastify';
import { describe, expect, it } from 'vitest';
import { buildApp } from '../../src/server/app';
import { ADMIN, ANALYST, buildTestApp, login } from './helper';
import { buildAppOn, expectError } from './support';

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/;

function directives(res: LightMyRequestResponse): Map<string, string[]> {
  const csp = String(res.headers['content-security-policy'] ?? '');
  return new Map(csp.split(';').map((d) => d.trim()).filter(Boolean).map((d) => {
    const [name, ...values] = d.split(/\s+/);
    return [String(name), values];
  }));
}

describe('errors and headers', async () => {
  const { app, database, config } = await buildTestApp({}, { counts: false, jobs: false });

  describe('the one error shape', () => {
    it('answers an unknown API route with 404 NOT_FOUND', async () => {
      const body = expectError(await app.inject({ method: 'GET', url: '/api/no-such-thing?x=1' }), 404, 'NOT_FOUND', 'No API route matches GET /api/no-such-thing');
      expect(body.error.details).toBeUndefined();
      expectError(await app.inject({ method: 'DELETE', url: '/api/clients/hierarchy' }), 404, 'NOT_FOUND', 'No API route matches DELETE /api/clients/hierarchy');
    });

    it('answers a validation failure with 400 VALIDATION_FAILED naming the field', async () => {
      const res = await app.inject({ method: 'POST', url: '/api/auth/login', payload: { email: 'x@', password: 'p' }, remoteAddress: '10.200.0.1' });
      const body = expectError(res, 400, 'VALIDATION_FAILED', 'body.email: Enter a valid email address');
      expect(body.error.details).toEqual([{ path: 'body.email', message: 'Enter a valid email address' }]);
    });

    it('says what is wrong with a field of the wrong type, in English', async () => {
      const res = await app.inject({ method: 'POST', url: '/api/auth/login', payload: { email: 'a@b.co', password: 5 }, remoteAddress: '10.200.0.9' });
      expectError(res, 400, 'VALIDATION_FAILED', 'body.password: Invalid input: expected string, received number');
    });

    it('answers malformed JSON with 400 BAD_REQUEST', async () => {
      const res = await app.inject({ method: 'POST', url: '/api/auth/login', headers: { 'content-type': 'application/json' }, payload: '{"email":', remoteAddress: '10.200.0.2' });
      expectError(res, 400, 'BAD_REQUEST', /JSON/);
    });

    it('answers an unsupported content type with 415 in the one shape', async () => {
      const res = await app.inject({ method: 'POST', url: '/api/auth/login', headers: { 'content-type': 'application/xml' }, payload: '<x/>', remoteAddress: '10.200.0.3' });
      expectError(res, 415, 'UNSUPPORTED_MEDIA_TYPE');
    });

    it('answers a body over 1 MiB with 413 in the one shape', async () => {
      const res = await app.inject({
        method: 'POST',
        url: '/api/auth/login',
        payload: { email: 'a@b.test', password: 'x'.repeat(1_100_000) },
        remoteAddress: '10.200.0.4',
      });
      expectError(res, 413, 'PAYLOAD_TOO_LARGE');
    });

    it('answers 401 with refresh_login and 403 in the one shape', async () => {
      expect(expectError(await app.inject({ method: 'GET', url: '/api/auth/authorize' }), 401, 'UNAUTHENTICATED').refresh_login).toBe(true);
      const analyst = await login(app, ANALYST);
      expectError(await analyst.request({ method: 'GET', url: '/api/auth/impersonable-users' }), 403, 'FORBIDDEN');
    });

    it('hides an unexpected failure behind a generic 500', async () => {
      const admin = await login(app, ADMIN);
      await database.db.execute(sql`alter table tasks rename to tasks_moved`);
      try {
        const res = await admin.request({ method: 'GET', url: '/api/notifications', context: 'acme' });
        const body = expectError(res, 500, 'INTERNAL', 'Something went wrong on the server.');
        expect(JSON.stringify(body)).not.toMatch(/tasks|relation|select/i);
      } finally {
        await database.db.execute(sql`alter table tasks_moved rename to tasks`);
      }
    });
  });

  describe('X-Request-ID', () => {
    it('is generated when the caller sends none', async () => {
      const res = await app.inject({ method: 'GET', url: '/api/api-gateway-health-check' });
      expect(String(res.headers['x-request-id'])).toMatch(UUID);
    });

    it('echoes a well-formed caller id, on success and on errors', async () => {
      for (const url of ['/api/api-gateway-health-check', '/api/auth/self.json', '/api/nope']) {
        const res = await app.inject({ method: 'GET', url, headers: { 'x-request-id': 'c0ffee-42:abc.def_1' } });
        expect(res.headers['x-request-id'], url).toBe('c0ffee-42:abc.def_1');
      }
    });

    it.each([['has spaces'], ['x'.repeat(129)], ['line\u00e9break'], ['<script>']])('replaces a malformed id %j with a fresh one', async (id) => {
      const res = await app.inject({ method: 'GET', url: '/api/api-gateway-health-check', headers: { 'x-request-id': id } });
      expect(String(res.headers['x-request-id'])).toMatch(UUID);
    });

    it('is honoured as the request id on every log line of the request', async () => {
      const lines: Record<string, unknown>[] = [];
      const stream = new Writable({
        write(chunk: Buffer, _enc, done) {
          for (const line of chunk.toString().split('\n').filter(Boolean)) lines.push(JSON.parse(line) as Record<string, unknown>);
          done();
        },
      });
      const logged = await buildApp({ config, database, logger: { level: 'info', stream }, serveClient: false });
      try {
        await logged.ready();
        await logged.inject({ method: 'GET', url: '/api/auth/self.json', headers: { 'x-request-id': 'trace-me-123' } });
        await logged.inject({ method: 'GET', url: '/api/api-gateway-health-check' });
      } finally {
        await logged.close();
      }
      const idOf = (l: Record<string, unknown>) => l.reqId ?? l.requestId;
      const mine = lines.filter((l) => idOf(l) === 'trace-me-123');
      expect(mine.length).toBeGreaterThanOrEqual(2); // incoming request and response
      expect(mine.some((l) => (l.res as { statusCode?: number } | undefined)?.statusCode === 401)).toBe(true);
      // Every request line carries some id.
      const requestLines = lines.filter((l) => l.req || l.res);
      expect(requestLines.length).toBeGreaterThanOrEqual(4);
      for (const l of requestLines) expect(typeof idOf(l)).toBe('string');
    });
  });

  describe('security headers', () => {
    const samples = [
      ['a success', { method: 'GET' as const, url: '/api/api-gateway-health-check' }],
      ['a 401', { method: 'GET' as const, url: '/api/auth/self.json' }],
      ['a 404', { method: 'GET' as const, url: '/api/nope' }],
      ['a 400', { method: 'POST' as const, url: '/api/auth/login', payload: { email: 'bad' }, remoteAddress: '10.200.0.9' }],
    ] as const;

    it.each(samples)('are on %s', async (_name, req) => {
      const res = await app.inject(req);
      const csp = directives(res);
      expect(csp.get('default-src')).toEqual(["'self'"]);
      const scriptSrc = csp.get('script-src') ?? csp.get('default-src') ?? [];
      expect(scriptSrc).not.toContain("'unsafe-inline'");
      expect(scriptSrc).not.toContain("'unsafe-eval'");
      expect(scriptSrc).not.toContain('*');
      expect(csp.get('frame-ancestors')).toEqual(["'none'"]);
      expect(csp.get('object-src')).toEqual(["'none'"]);
      expect(csp.get('base-uri')).toEqual(["'self'"]);
      expect(res.headers['x-content-type-options']).toBe('nosniff');
      expect(res.headers['x-frame-options']).toBe('DENY');
      expect(res.headers['referrer-policy']).toBe('strict-origin-when-cross-origin');
      expect(res.headers['cross-origin-opener-policy']).toBe('same-origin');
      expect(res.headers['permissions-policy']).toContain('camera=()');
      expect(res.headers['cache-control']).toBe('private, no-cache');
      expect(res.headers['x-powered-by']).toBeUndefined();
    });

    it('sends no HSTS and no upgrade-insecure-requests without secure cookies', async () => {
      const res = await app.inject({ method: 'GET', url: '/api/api-gateway-health-check' });
      expect(res.headers['strict-transport-security']).toBeUndefined();
      expect(directives(res).has('upgrade-insecure-requests')).toBe(false);
    });
  });

  it('adds HSTS, upgrade-insecure-requests and a Secure session cookie with secure cookies on', async () => {
    const secure = await buildAppOn(database, { SECURE_COOKIES: '1' });
    const res = await secure.inject({ method: 'POST', url: '/api/auth/login', payload: { email: ANALYST, password: 'demo-password' }, remoteAddress: '10.201.0.1' });
    expect(res.statusCode).toBe(200);
    expect(res.headers['strict-transport-security']).toBe('max-age=31536000; includeSubDomains');
    expect(directives(res).has('upgrade-insecure-requests')).toBe(true);
    expect(res.cookies.find((c) => c.name === 'sid')?.secure).toBe(true);
  });
});
