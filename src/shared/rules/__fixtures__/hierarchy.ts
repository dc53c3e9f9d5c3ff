import type { Brand, Client, Hierarchy, Product, Region } from '../../schemas/hierarchy';
import type { PermissionSet } from '../../permissions';
import { RESOURCES } from '../../permissions';

/** Small hierarchy builders for the rule tests. */
export function product(slug: string, path: string): Product {
  return { id: slug.length, name: slug.toUpperCase(), slug, fullSlug: `${path}/${slug}` };
}

export function brand(slug: string, category: string, path: string, products: string[] = ['p1']): Brand {
  return {
    id: slug.length, name: slug, slug, category, conversant_company_id: null,
    products: products.map((p) => product(p, `${path}/${slug}`)),
  };
}

export function region(id: number, slug: string, brands: Brand[], isDefault = false): Region {
  return { id, slug, name: slug.toUpperCase(), currency: 'USD', is_default: isDefault, molecula_index: null, es_index: null, brands };
}

export function client(slug: string, regions: Region[], extra: Partial<Client> = {}): Client {
  return {
    id: slug.length, slug, name: slug, lite: false, active: true, conversant_company_id: 42,
    feature_flags: {}, regions, ...extra,
  };
}

/** acme: us (two categories), uk (default); empty: a region without brands; old: inactive. */
export function demoHierarchy(): Hierarchy {
  return [
    client('acme', [
      region(1, 'us', [brand('zeta', 'snacks', 'acme/us'), brand('alpha', 'snacks', 'acme/us'), brand('cola', 'drinks', 'acme/us', ['can', 'bottle'])]),
      region(2, 'uk', [brand('tea', 'drinks', 'acme/uk')], true),
      region(3, 'au', [brand('empty', 'drinks', 'acme/au', [])]),
    ]),
    client('empty', [region(4, 'us', [])]),
    client('old', [region(5, 'us', [brand('b', 'c', 'old/us')])], { active: false }),
  ];
}

export function allPermissions(): PermissionSet {
  const all = { create: true, read: true, update: true, destroy: true };
  return Object.fromEntries(RESOURCES.map((r) => [r, all])) as PermissionSet;
}

export function readOnly(...resources: (keyof PermissionSet)[]): PermissionSet {
  return Object.fromEntries(resources.map((r) => [r, { create: false, read: true, update: false, destroy: false }])) as PermissionSet;
}
