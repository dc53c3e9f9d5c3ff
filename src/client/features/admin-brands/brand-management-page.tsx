import './brand-admin.css';
import { useEffect, useId, useState } from 'react';
import { useQuery } from '@tanstack/react-query';
import { useNavigate } from '@tanstack/react-router';
import { can, type PermissionSet } from '@shared/permissions';
import { canOpenBrandAdmin } from '@shared/rules/access';
import { ALL_REGIONS_SLUG, BRAND_TEXT, sortBrands } from '@shared/rules/brands';
import type { Client, Hierarchy, Region } from '@shared/schemas/hierarchy';
import { PageHeader } from '../../components/page-header';
import { PermissionDeniedPage } from '../../components/permission-denied-page';
import { BUILD_TIER } from '../../lib/guards';
import { brandsQueryOptions } from './brand-api';
import { BrandCard } from './brand-card';
import { anyProductOpen, brandKey, draftOf, NEW_BRAND_KEY } from './brand-draft';
import { DeleteDialog } from './delete-dialog';
import { RegionFilter } from './region-filter';
import { SegmentMapperPanel } from './segment-mapper-panel';
import { useBrandEditor } from './use-brand-editor';

interface Props {
  permissions: PermissionSet;
  hierarchy: Hierarchy;
  client: Client;
  /** null: all regions ('*'). */
  region: Region | null;
  /** `?new=1`: open a new brand at once (the top bar's shortcut). */
  openNew: boolean;
  /** `?mapper=<brand id>`: open that brand's segment mapper once the brands are in (Site Visitation's link). */
  openMapperOf: number | null;
}

const adminPath = (client: string, region: string) => (region === ALL_REGIONS_SLUG ? `/${client}/brands/admin` : `/${client}/${region}/brands/admin`);

/** Brand Management (spec 2 §2): its own permission set; without brands read, the page says so. */
export function BrandManagementPage(props: Props) {
  if (!canOpenBrandAdmin(props.permissions)) {
    return <PermissionDeniedPage title={BRAND_TEXT.header} />;
  }
  return <BrandManagement {...props} />;
}

function BrandManagement({ permissions, hierarchy, client, region, openNew, openMapperOf }: Props) {
  const navigate = useNavigate();
  const clientSelectId = useId();
  const regionSlug = region?.slug ?? ALL_REGIONS_SLUG;
  const brands = useQuery(brandsQueryOptions(client.slug, regionSlug));
  const showSlugs = BUILD_TIER === 'tier3' && can(permissions, 'id_env_product_slugs', 'read');
  const editor = useBrandEditor({ client, regionId: region?.id ?? null, writesSlugs: showSlugs });
  const [expanded, setExpanded] = useState<Record<string, boolean>>({});
  const mayCreate = can(permissions, 'brands', 'create');
  const may = {
    updateBrand: can(permissions, 'brands', 'update'),
    destroyBrand: can(permissions, 'brands', 'destroy'),
    createProduct: can(permissions, 'products', 'create'),
    updateProduct: can(permissions, 'products', 'update'),
    destroyProduct: can(permissions, 'products', 'destroy'),
  };
  const drafts = Object.values(editor.drafts);
  // Add Brand waits while any product is open (spec 2 §4), and while a new brand is being made.
  const addBlocked = !mayCreate || drafts.some(anyProductOpen) || editor.drafts[NEW_BRAND_KEY] !== undefined;
  const mapperOffered = client.feature_flags['site-visitation'] === true && may.updateBrand;
  const mapperRegion = region ?? client.regions.find((r) => r.is_default) ?? client.regions[0];
  const listed = sortBrands(brands.data ?? []);
  const mapperBrand = editor.mapper ? listed.find((b) => b.id === editor.mapper?.brandId) : undefined;
  const newDraft = editor.drafts[NEW_BRAND_KEY];

  // `?new=1` opens a new brand once, then leaves the address.
  useEffect(() => {
    if (!openNew) return;
    if (mayCreate && !editor.drafts[NEW_BRAND_KEY]) editor.addBrand();
    void navigate({ href: adminPath(client.slug, regionSlug), replace: true });
  }, [openNew]); // eslint-disable-line react-hooks/exhaustive-deps -- once per shortcut use

  // `?mapper=<id>` opens the brand's mapper once its card is listed (when the mapper is offered), then leaves the address.
  const mapperAsked = openMapperOf !== null && brands.isSuccess ? listed.find((b) => b.id === openMapperOf) : undefined;
  useEffect(() => {
    if (openMapperOf === null || !brands.isSuccess) return;
    if (mapperAsked && mapperOffered && mapperRegion) editor.openMapper(mapperAsked.id);
    void navigate({ href: adminPath(client.slug, regionSlug), replace: true });
  }, [openMapperOf, brands.isSuccess]); // eslint-disable-line react-hooks/exhaustive-deps -- once per link use

  const card = (key: string, brand: (typeof listed)[number] | undefined) => {
    const draft = editor.drafts[key] ?? (brand ? draftOf(brand) : undefined);
    if (!draft) return null;
    const t = editor.transitions(key, brand);
    return (
      <li key={key}>
        <BrandCard
          draft={draft}
          regions={client.regions}
          showSlugs={showSlugs}
          may={may}
          expanded={expanded[key] ?? true}
          mapperOpen={editor.mapper !== null && editor.mapper.brandId === brand?.id}
          saving={editor.saving === key}
          error={editor.errors[key] ?? null}
          serverProblems={editor.serverProblems[key] ?? {}}
          onChange={t.change}
          onEditBrand={t.editBrand}
          onApply={t.apply}
          onCancel={t.cancel}
          onSave={() => void editor.save(draft)}
          onAddProduct={t.addProduct}
          onEditProduct={t.editProduct}
          onDeleteProduct={t.deleteProduct}
          onDeleteBrand={t.deleteBrand}
          onToggleProducts={() => setExpanded((e) => ({ ...e, [key]: !(e[key] ?? true) }))}
          onOpenMapper={brand && mapperOffered && mapperRegion ? () => editor.openMapper(brand.id) : null}
        />
      </li>
    );
  };

  return (
    <div className="page brand-admin">
      <PageHeader title={BRAND_TEXT.header}>
        <span className="brand-admin__count" aria-label={`${listed.length} brands`}>{listed.length}</span>
        <button type="button" className="button button--primary" disabled={addBlocked} onClick={editor.addBrand}>{BRAND_TEXT.addBrand}</button>
      </PageHeader>
      <div className="brand-admin__filters">
        <div className="field field--inline">
          {/* Not plain 'Client': the top bar's context picker has that name. */}
          <label htmlFor={clientSelectId}>Brands of client</label>
          <select id={clientSelectId} value={client.slug} onChange={(e) => void navigate({ href: adminPath(e.target.value, ALL_REGIONS_SLUG) })}>
            {hierarchy.filter((c) => c.active || c.slug === client.slug).map((c) => <option key={c.slug} value={c.slug}>{c.name}</option>)}
          </select>
        </div>
        <RegionFilter regions={client.regions} current={regionSlug} onSelect={(slug) => void navigate({ href: adminPath(client.slug, slug) })} />
      </div>

      {brands.isPending ? <p role="status">Loading brands…</p> : null}
      {brands.isError ? <p role="alert">The brands could not be loaded. Check the network and try again.</p> : null}
      {brands.isSuccess && listed.length === 0 && !newDraft ? <p className="empty-state">{BRAND_TEXT.empty}</p> : null}
      <ul className="brand-admin__list" aria-label="Brands">
        {newDraft ? card(NEW_BRAND_KEY, undefined) : null}
        {listed.map((b) => card(brandKey(b.id), b))}
      </ul>

      {editor.deleting ? (
        <DeleteDialog target={editor.deleting.target} running={editor.deleting.running} uses={editor.deleting.uses} onConfirm={() => void editor.confirmDelete()} onClose={editor.closeDelete} />
      ) : null}
      {editor.mapper && mapperBrand && mapperRegion ? (
        <SegmentMapperPanel
          brand={mapperBrand}
          context={{ client: client.slug, region: mapperRegion.slug }}
          regionName={mapperRegion.name}
          saving={editor.mapper.saving}
          error={editor.mapper.error}
          onSave={(mapping) => void editor.saveMapping(mapperBrand, mapping)}
          onCancel={editor.closeMapper}
        />
      ) : null}
    </div>
  );
}
