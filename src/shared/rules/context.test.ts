import { describe, expect, it } from 'vitest';
import {
  decideContext, defaultHomePath, defaultRegion, formatContext, parseContextHeader, regionDefaultPath, regionHomeRedirect, resolveContext, slugsOf, sortBrands,
} from './context';
import { brand, client, demoHierarchy, region } from './__fixtures__/hierarchy';

const h = demoHierarchy();
const acme = h[0]!;

describe('parseContextHeader', () => {
  it('parses one to four slugs', () => {
    expect(parseContextHeader('acme')).toEqual({ client: 'acme', region: undefined, brand: undefined, product: undefined });
    expect(parseContextHeader('/acme/us/cola/can/')).toEqual({ client: 'acme', region: 'us', brand: 'cola', product: 'can' });
  });
  it('rejects empty, malformed and over-long values', () => {
    expect(parseContextHeader(undefined)).toBeNull();
    expect(parseContextHeader(null)).toBeNull();
    expect(parseContextHeader('')).toBeNull();
    expect(parseContextHeader('a/b/c/d/e')).toBeNull();
    expect(parseContextHeader('ACME')).toBeNull();
    expect(parseContextHeader('acme//us')).toBeNull();
  });
  it('round-trips with formatContext', () => {
    expect(formatContext({ client: 'acme', region: 'us' })).toBe('acme/us');
    expect(formatContext(parseContextHeader('acme/us/cola/can')!)).toBe('acme/us/cola/can');
  });
});

describe('resolveContext', () => {
  it('resolves each level only under a resolved parent', () => {
    const r = resolveContext(h, { client: 'acme', region: 'us', brand: 'cola', product: 'can' });
    expect(r?.product?.slug).toBe('can');
    expect(resolveContext(h, { client: 'acme', region: 'nope', brand: 'cola' })?.brand).toBeUndefined();
    expect(resolveContext(h, { client: 'acme', region: 'us', brand: 'nope', product: 'can' })?.product).toBeUndefined();
    expect(resolveContext(h, { client: 'nope' })).toBeNull();
  });
});

describe('sortBrands', () => {
  it('groups by category, then sorts by name, without mutating', () => {
    const brands = acme.regions[0]!.brands;
    expect(sortBrands(brands).map((b) => b.slug)).toEqual(['cola', 'alpha', 'zeta']);
    expect(brands[0]!.slug).toBe('zeta');
  });
});

describe('defaultRegion and regionDefaultPath', () => {
  it('prefers the default region, else the first', () => {
    expect(defaultRegion(acme)?.slug).toBe('uk');
    expect(defaultRegion(client('x', [region(9, 'a', []), region(10, 'b', [])]))?.slug).toBe('a');
    expect(defaultRegion(client('x', []))).toBeUndefined();
  });
  it('goes to the first sorted brand with products, or the notice page', () => {
    expect(regionDefaultPath(acme, acme.regions[0]!)).toBe('/acme/us/cola/can/home');
    expect(regionDefaultPath(acme, acme.regions[2]!)).toBe('/notice');
    expect(regionDefaultPath(h[1]!, h[1]!.regions[0]!)).toBe('/notice');
  });
});

describe('defaultHomePath', () => {
  it('uses a remembered full context that is still valid', () => {
    expect(defaultHomePath(h, { client: 'acme', region: 'us', brand: 'alpha', product: 'p1' })).toBe('/acme/us/alpha/p1/home');
  });
  it('falls back to the remembered region default', () => {
    expect(defaultHomePath(h, { client: 'acme', region: 'us', brand: 'gone', product: 'p1' })).toBe('/acme/us/cola/can/home');
  });
  it('ignores a remembered inactive or unknown client', () => {
    expect(defaultHomePath(h, { client: 'old', region: 'us', brand: 'b', product: 'p1' })).toBe('/acme/uk/tea/p1/home');
    expect(defaultHomePath(h, { client: 'nope' })).toBe('/acme/uk/tea/p1/home');
    expect(defaultHomePath(h, { client: 'acme' })).toBe('/acme/uk/tea/p1/home');
  });
  it('goes to the first active client, the notice page without regions, or null', () => {
    expect(defaultHomePath(h)).toBe('/acme/uk/tea/p1/home');
    expect(defaultHomePath([client('n', [])])).toBe('/notice');
    expect(defaultHomePath([])).toBeNull();
    expect(defaultHomePath([h[2]!])).toBeNull();
  });
});

describe('decideContext', () => {
  it('allows when the path is valid to the required depth', () => {
    const d = decideContext(h, { client: 'acme', region: 'us', brand: 'cola', product: 'can' }, 4);
    expect(d.kind).toBe('allow');
    expect(decideContext(h, { client: 'acme' }, 1).kind).toBe('allow');
    expect(decideContext(h, { client: 'acme', region: 'us' }, 2).kind).toBe('allow');
    expect(decideContext(h, { client: 'acme', region: 'us', brand: 'cola' }, 3).kind).toBe('allow');
  });
  it('redirects to the region default when only client and region are valid', () => {
    expect(decideContext(h, { client: 'acme', region: 'us', brand: 'x', product: 'y' }, 4)).toEqual({ kind: 'redirect', to: '/acme/us/cola/can/home' });
    expect(decideContext(h, { client: 'acme', region: 'au', brand: 'x', product: 'y' }, 4)).toEqual({ kind: 'redirect', to: '/notice' });
  });
  it('redirects to the client default when the region is invalid', () => {
    expect(decideContext(h, { client: 'acme', region: 'zz', brand: 'x', product: 'y' }, 4)).toEqual({ kind: 'redirect', to: '/acme/uk/tea/p1/home' });
    const noRegions = [client('bare', [])];
    expect(decideContext(noRegions, { client: 'bare', region: 'x' }, 2)).toEqual({ kind: 'redirect', to: '/notice' });
  });
  it('warns on an unknown or inactive client', () => {
    expect(decideContext(h, { client: 'nope' }, 1)).toEqual({ kind: 'invalid-client', slug: 'nope', to: '/home' });
    expect(decideContext(h, { client: 'old', region: 'us' }, 2)).toEqual({ kind: 'invalid-client', slug: 'old', to: '/home' });
  });
  it('keeps brands of other regions out', () => {
    const hh = [client('c', [region(1, 'r', [brand('b', 'x', 'c/r')]), region(2, 's', [])])];
    expect(decideContext(hh, { client: 'c', region: 's', brand: 'b', product: 'p1' }, 4)).toEqual({ kind: 'redirect', to: '/notice' });
  });
});

describe('regionHomeRedirect', () => {
  it('keeps a region home whose region has a product', () => {
    expect(regionHomeRedirect(resolveContext(h, { client: 'acme', region: 'us' })!)).toBeNull();
  });
  it('sends a region without brands to the notice page', () => {
    expect(regionHomeRedirect(resolveContext(h, { client: 'empty', region: 'us' })!)).toBe('/notice');
  });
  it('sends a region whose brands have no product to the notice page', () => {
    expect(regionHomeRedirect(resolveContext(h, { client: 'acme', region: 'au' })!)).toBe('/notice');
  });
});

describe('slugsOf', () => {
  it('gives the slugs of each level a context resolved', () => {
    const client = { slug: 'acme' } as Parameters<typeof slugsOf>[0]['client'];
    expect(slugsOf({ client })).toEqual({ client: 'acme', region: undefined, brand: undefined, product: undefined });
    const region = { slug: 'us' } as NonNullable<Parameters<typeof slugsOf>[0]['region']>;
    const brand = { slug: 'fizz' } as NonNullable<Parameters<typeof slugsOf>[0]['brand']>;
    const product = { slug: 'zero' } as NonNullable<Parameters<typeof slugsOf>[0]['product']>;
    expect(formatContext(slugsOf({ client, region, brand, product }))).toBe('acme/us/fizz/zero');
  });
});
