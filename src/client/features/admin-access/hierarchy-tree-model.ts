import type { Hierarchy } from '@shared/schemas/hierarchy';

/** One checkbox of the hierarchy checklist: a client, region, brand or product and its slug. */
export interface SlugNode {
  slug: string;
  name: string;
  level: 'client' | 'region' | 'brand' | 'product';
  children: SlugNode[];
}

export const ALL = '*';

/** The clients, regions, brands and products the admin sees, as slugs (client/region/brand/product). */
export function slugTree(hierarchy: Hierarchy): SlugNode[] {
  return hierarchy.map((client) => ({
    slug: client.slug, name: client.name, level: 'client',
    children: client.regions.map((region) => {
      const regionSlug = `${client.slug}/${region.slug}`;
      return {
        slug: regionSlug, name: region.name, level: 'region',
        children: region.brands.map((brand) => ({
          slug: `${regionSlug}/${brand.slug}`, name: brand.name, level: 'brand',
          children: brand.products.map((p) => ({ slug: p.fullSlug, name: p.name, level: 'product', children: [] })),
        })),
      } satisfies SlugNode;
    }),
  }));
}

const isBelow = (slug: string, ancestor: string) => ancestor === ALL ? slug !== ALL : slug.startsWith(`${ancestor}/`);

/** Whether a selected ancestor (or '*') already gives this node: it shows checked and cannot be changed alone. */
export const coveredByAncestor = (slug: string, selected: readonly string[]) => selected.some((s) => isBelow(slug, s));

/** Whether something below the node is selected (the box shows as partly checked). */
export const hasSelectedBelow = (slug: string, selected: readonly string[]) => selected.some((s) => isBelow(s, slug));

/** Checks or unchecks one slug; checking a node drops the slugs below it (the node covers them). */
export function toggleSlug(selected: readonly string[], slug: string, on: boolean): string[] {
  if (!on) return selected.filter((s) => s !== slug);
  return [...selected.filter((s) => s !== slug && !isBelow(s, slug)), slug];
}

/** Selected slugs the tree does not show (outside what the admin sees): kept as they are. */
export function slugsOutside(selected: readonly string[], tree: readonly SlugNode[]): string[] {
  const shown = new Set<string>([ALL]);
  const walk = (nodes: readonly SlugNode[]) => nodes.forEach((n) => { shown.add(n.slug); walk(n.children); });
  walk(tree);
  return selected.filter((s) => !shown.has(s));
}
