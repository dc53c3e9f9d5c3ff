import { describe, expect, it } from 'vitest';
import { apiCacheKey, changesWhoIsLoggedIn, isCachedApiRead } from './api-reads';

const ORIGIN = 'https://app.test';
const read = (path: string, method = 'GET', origin = ORIGIN) => isCachedApiRead(method, new URL(path, origin), ORIGIN);

describe('API reads kept for offline use', () => {
  it.each([
    '/api/auth/self.json', '/api/auth/authorize', '/api/clients/hierarchy', '/api/home-entities?limit=5', '/api/notifications',
    '/api/toolbox/units/type/all/client/acme', '/api/insights/categories', '/api/data-status', '/api/charts/mekkos/12', '/api/journeys',
  ])('caches GET %s', (path) => {
    expect(read(path)).toBe(true);
  });
  it.each([
    '/api/api-gateway-health-check', '/api/auth/health', '/api/toolbox/health', '/api/auth/providers', '/api/auth/sso-token',
    '/api/auth/impersonable-users', '/api/openapi.json', '/api/reports/12/download', '/api/past-downloads/export',
    '/api/notifications/12/download', '/api/report-history',
    '/home', '/assets/index-abc.js', '/sw.js',
  ])('never caches GET %s', (path) => {
    expect(read(path)).toBe(false);
  });
  it('caches neither writes nor other origins', () => {
    expect(read('/api/notifications', 'POST')).toBe(false);
    expect(read('/api/notifications', 'PUT')).toBe(false);
    expect(read('/api/notifications', 'GET', 'https://elsewhere.test')).toBe(false);
  });
});

describe('API cache keys', () => {
  it('keeps one answer per context for the same URL', () => {
    const a = apiCacheKey(`${ORIGIN}/api/home-entities?limit=5`, 'acme/us/fizz-cola/fizz-original');
    const b = apiCacheKey(`${ORIGIN}/api/home-entities?limit=5`, 'acme/eu/fizz-cola/fizz-original');
    expect(a).toBe(`${ORIGIN}/api/home-entities?limit=5&__context=acme%2Fus%2Ffizz-cola%2Ffizz-original`);
    expect(a).not.toBe(b);
    expect(apiCacheKey(`${ORIGIN}/api/clients/hierarchy`, null)).toBe(`${ORIGIN}/api/clients/hierarchy`);
  });
  it('cannot be forged by a URL that carries the key parameter itself', () => {
    expect(apiCacheKey(`${ORIGIN}/api/x?__context=globex`, null)).toBe(`${ORIGIN}/api/x`);
    expect(apiCacheKey(`${ORIGIN}/api/x?__context=globex`, 'acme')).toBe(`${ORIGIN}/api/x?__context=acme`);
  });
});

describe('who is logged in', () => {
  it.each([['POST', '/api/auth/login'], ['POST', '/api/auth/logout'], ['POST', '/api/auth/impersonate'], ['DELETE', '/api/auth/impersonate']])(
    '%s %s changes it', (method, path) => {
      expect(changesWhoIsLoggedIn(method, new URL(path, ORIGIN), ORIGIN)).toBe(true);
    },
  );
  it.each([['GET', '/api/auth/self.json'], ['PUT', '/api/auth/data-source'], ['POST', '/api/notifications/1/read']])('%s %s does not', (method, path) => {
    expect(changesWhoIsLoggedIn(method, new URL(path, ORIGIN), ORIGIN)).toBe(false);
  });
});
