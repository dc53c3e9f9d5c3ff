import { describe, expect, it } from 'vitest';
import { contextFromPath, contextHomePath, isAdminPath, productPath, productSwitchPath } from './url-context';

describe('contextFromPath', () => {
  it('is null for application pages and the root', () => {
    for (const p of ['/', '/login', '/home', '/health', '/notice', '/global/admin', '/privacy-policy']) {
      expect(contextFromPath(p)).toBeNull();
    }
  });
  it('reads the full product context under a feature page', () => {
    expect(contextFromPath('/acme/us/sparkle/sparkle-cola/insights/grow/3')).toEqual({
      client: 'acme', region: 'us', brand: 'sparkle', product: 'sparkle-cola',
    });
  });
  it('stops at a page segment', () => {
    expect(contextFromPath('/acme/home')).toEqual({ client: 'acme' });
    expect(contextFromPath('/acme/us/home')).toMatchObject({ client: 'acme', region: 'us', brand: undefined });
    expect(contextFromPath('/acme/brands/admin')).toMatchObject({ client: 'acme', region: undefined });
    expect(contextFromPath('/acme/us/upload/mekkos_upload/admin')).toMatchObject({ region: 'us', brand: undefined });
    expect(contextFromPath('/acme/us/toolbox-app/x')).toMatchObject({ region: 'us', brand: undefined });
    expect(contextFromPath('/acme/us/b/home')).toMatchObject({ brand: 'b', product: undefined });
  });
  it('ignores a query string and rejects malformed slugs', () => {
    expect(contextFromPath('/acme/us?x=1')).toMatchObject({ client: 'acme', region: 'us' });
    expect(contextFromPath('/Acme!/us')).toBeNull();
  });
});

describe('productPath and contextHomePath', () => {
  it('needs all four levels for a product path', () => {
    expect(productPath({ client: 'a', region: 'b', brand: 'c', product: 'd' })).toBe('a/b/c/d');
    expect(productPath({ client: 'a', region: 'b' })).toBeNull();
    expect(productPath(null)).toBeNull();
  });
  it('builds the home of each level', () => {
    expect(contextHomePath(null)).toBe('/home');
    expect(contextHomePath({ client: 'a' })).toBe('/a/home');
    expect(contextHomePath({ client: 'a', region: 'b', brand: 'c', product: 'd' })).toBe('/a/b/c/d/home');
  });
});

describe('productSwitchPath', () => {
  const next = { client: 'acme', region: 'uk', brand: 'x', product: 'y' };
  it('keeps the page path in the new context', () => {
    expect(productSwitchPath('/acme/us/b/p/insights/grow', next)).toBe('/acme/uk/x/y/insights/grow');
  });
  it('goes to the product home from a home page', () => {
    expect(productSwitchPath('/acme/us/b/p/home', next)).toBe('/acme/uk/x/y/home');
    expect(productSwitchPath('/home', next)).toBe('/acme/uk/x/y/home');
    expect(productSwitchPath('/acme/us/home', next)).toBe('/acme/uk/x/y/home');
  });
});

describe('isAdminPath', () => {
  it('is true on global, brand and upload admin pages', () => {
    expect(isAdminPath('/global/admin')).toBe(true);
    expect(isAdminPath('/global/admin/clients')).toBe(true);
    expect(isAdminPath('/acme/brands/admin')).toBe(true);
    expect(isAdminPath('/acme/us/brands/admin')).toBe(true);
    expect(isAdminPath('/acme/us/upload/mekkos_upload/admin')).toBe(true);
  });
  it('is false elsewhere', () => {
    expect(isAdminPath('/acme/us/b/p/home')).toBe(false);
    expect(isAdminPath('/acme/us/b/p/plans/admin')).toBe(false);
    expect(isAdminPath('/home')).toBe(false);
  });
});
