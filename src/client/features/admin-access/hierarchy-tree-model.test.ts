import { describe, expect, it } from 'vitest';
import type { Hierarchy } from '@shared/schemas/hierarchy';
import { coveredByAncestor, hasSelectedBelow, slugsOutside, slugTree, toggleSlug } from './hierarchy-tree-model';

const hierarchy = [{
  id: 1, slug: 'acme', name: 'Acme', lite: false, active: true, conversant_company_id: null, feature_flags: {},
  regions: [{
    id: 1, slug: 'us', name: 'United States', currency: 'USD', is_default: true, molecula_index: null, es_index: null,
    brands: [{ id: 1, slug: 'fizz', name: 'Fizz', category: 'drinks', conversant_company_id: null, products: [{ id: 1, slug: 'orig', name: 'Original', fullSlug: 'acme/us/fizz/orig' }] }],
  }],
}] satisfies Hierarchy;

describe('hierarchy checklist', () => {
  it('gives every level its slug', () => {
    const [client] = slugTree(hierarchy);
    expect(client?.slug).toBe('acme');
    expect(client?.children[0]?.slug).toBe('acme/us');
    expect(client?.children[0]?.children[0]?.slug).toBe('acme/us/fizz');
    expect(client?.children[0]?.children[0]?.children[0]?.slug).toBe('acme/us/fizz/orig');
  });

  it('checking a node drops what it covers; unchecking removes only itself', () => {
    const withProduct = toggleSlug(['globex'], 'acme/us/fizz/orig', true);
    expect(toggleSlug(withProduct, 'acme/us', true)).toEqual(['globex', 'acme/us']);
    expect(toggleSlug(['acme', 'globex'], 'acme', false)).toEqual(['globex']);
    expect(toggleSlug(['acme'], '*', true)).toEqual(['*']);
  });

  it('a node under a selected one is covered; a node over one is partly checked; prefixes must end at a slash', () => {
    expect(coveredByAncestor('acme/us/fizz', ['acme/us'])).toBe(true);
    expect(coveredByAncestor('acme-two', ['acme'])).toBe(false);
    expect(coveredByAncestor('acme', ['*'])).toBe(true);
    expect(coveredByAncestor('*', ['*'])).toBe(false);
    expect(hasSelectedBelow('acme', ['acme/us/fizz/orig'])).toBe(true);
    expect(hasSelectedBelow('acme', ['acme'])).toBe(false);
  });

  it('keeps slugs outside what the admin sees', () => {
    expect(slugsOutside(['acme/us', 'globex', '*'], slugTree(hierarchy))).toEqual(['globex']);
  });
});
