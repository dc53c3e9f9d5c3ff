import { useRouter } from '@tanstack/react-router';
import { can, type PermissionSet } from '@shared/permissions';
import { defaultHomePath, defaultRegion, sortBrands, type ResolvedContext } from '@shared/rules/context';
import { productSwitchPath } from '@shared/rules/url-context';
import type { Hierarchy } from '@shared/schemas/hierarchy';
import { ContextPickerSelect } from './context-picker-select';

interface Props {
  hierarchy: Hierarchy;
  current: ResolvedContext | null;
  permissions: PermissionSet;
  pathname: string;
  disabled: boolean;
}

/** The four-level context picker of spec 1 §2.6. */
export function ContextPicker({ hierarchy, current, permissions, pathname, disabled }: Props) {
  const router = useRouter();
  const go = (href: string) => void router.navigate({ href });
  const client = current?.client;
  const region = current?.region;
  const brand = current?.brand;
  // The shortcuts open a new item at once (?new=1); brands and products are added on Brand Management.
  const brandsAdmin = client ? `/${client.slug}${region ? `/${region.slug}` : ''}/brands/admin?new=1` : '/global/admin';

  const toProduct = (brandSlug: string, productSlug: string) => {
    if (!client || !region) return;
    go(productSwitchPath(pathname, { client: client.slug, region: region.slug, brand: brandSlug, product: productSlug }));
  };

  const onClient = (slug: string) => {
    const next = hierarchy.find((c) => c.slug === slug);
    if (!next) return;
    const home = defaultHomePath([next]) ?? `/${slug}/home`;
    const region = defaultRegion(next);
    // A default region without brands goes through its region home, which shows the notice in that context.
    go(home === '/notice' && region ? `/${next.slug}/${region.slug}/home` : home);
  };
  const onRegion = (slug: string) => {
    const next = client?.regions.find((r) => r.slug === slug);
    if (!client || !next) return;
    const firstBrand = sortBrands(next.brands).find((b) => b.products.length > 0);
    // A region without brands goes to the region home.
    if (!firstBrand) return go(`/${client.slug}/${next.slug}/home`);
    go(productSwitchPath(pathname, { client: client.slug, region: next.slug, brand: firstBrand.slug, product: firstBrand.products[0]!.slug }));
  };
  const onBrand = (slug: string) => {
    const next = region?.brands.find((b) => b.slug === slug);
    if (!client || !region || !next) return;
    const first = next.products[0];
    if (!first) return go(`/${client.slug}/${region.slug}/${next.slug}/home`);
    toProduct(next.slug, first.slug);
  };

  const shortcut = (resource: 'clients' | 'regions' | 'brands' | 'products', to: string) =>
    can(permissions, resource, 'create') ? { label: `Add ${resource}`, to } : null;

  return (
    <div className="context-picker" role="group" aria-label="Context">
      <ContextPickerSelect
        label="Client" placeholder="Select client" current={client?.slug} disabled={disabled}
        options={hierarchy.filter((c) => c.active).map((c) => ({ value: c.slug, label: c.name }))}
        onSelect={onClient} shortcut={shortcut('clients', '/global/admin/clients?new=1')} onShortcut={go}
      />
      <ContextPickerSelect
        label="Region" placeholder="Select region" current={region?.slug} disabled={disabled}
        options={(client?.regions ?? []).map((r) => ({ value: r.slug, label: r.name }))}
        onSelect={onRegion} shortcut={shortcut('regions', '/global/admin/regions?new=1')} onShortcut={go}
      />
      <ContextPickerSelect
        label="Brand" placeholder="Select brand" current={brand?.slug} disabled={disabled}
        options={sortBrands(region?.brands ?? []).map((b) => ({ value: b.slug, label: b.name, group: b.category }))}
        onSelect={onBrand} shortcut={shortcut('brands', brandsAdmin)} onShortcut={go}
      />
      <ContextPickerSelect
        label="Product" placeholder="Select product" current={current?.product?.slug} disabled={disabled}
        options={(brand?.products ?? []).map((p) => ({ value: p.slug, label: p.name }))}
        onSelect={(slug) => brand && toProduct(brand.slug, slug)} shortcut={shortcut('products', brandsAdmin)} onShortcut={go}
      />
    </div>
  );
}
