import { can } from '@shared/permissions';
import { hasFeature } from '@shared/rules/access';
import {
  ALL_REGIONS_SLUG,
  BRAND_TEXT,
  SITE_VISIT_SLOTS,
  brandSaveProblems,
  brandsForRegion,
  categoryOf,
  hasProblems,
  inUseMessage,
  mappingOrNull,
  nameKey,
  parseCompanyId,
  regionInUseMessage,
  uniqueSlug,
  type Problems,
  type SiteVisitMapping,
} from '@shared/rules/brands';
import type { Brand, BrandCreateBody, BrandUpdateBody, BrandUseView, BrandWrite, Product, ProductListItem, ProductWrite } from '@shared/schemas/brands';
import { ERROR_CODES, versionConflictMessage } from '@shared/schemas/error';
import type { Executor } from '../../db/client';
import { AppError, forbidden, notFound, unavailable } from '../../lib/errors';
import type { RequestAuth, RequestContext } from '../../types';
import { auditWrite } from '../audit/audit-repository';
import { isPermitted } from '../hierarchy/hierarchy-service';
import * as repo from './brands-repository';

/** A read's database, caller and X-Context client. */
export interface ReadScope {
  db: Executor;
  auth: RequestAuth;
  ctx: RequestContext;
}

/** A write's transaction, caller and X-Context client. */
export interface WriteScope {
  tx: Executor;
  auth: RequestAuth;
  ctx: RequestContext;
  requestId: string;
}

type Region = { id: number; slug: string; name: string };

function toProductView(p: repo.BrandBundle['products'][number]): Product {
  return {
    id: p.product.id,
    name: p.product.name,
    slug: p.product.slug,
    conversant_company_id: p.product.conversantCompanyId,
    brand_id: p.product.brandId,
    region_ids: p.regions.map((r) => r.regionId),
    product_regions: p.regions.map((r) => ({ id: r.id, region_id: r.regionId, product_id: r.productId, id_env_product_slug: r.idEnvProductSlug })),
    version: p.product.version,
  };
}

function toBrandView({ brand, products }: repo.BrandBundle): Brand {
  return {
    id: brand.id,
    name: brand.name,
    slug: brand.slug,
    category: brand.category,
    conversant_company_id: brand.conversantCompanyId,
    client_id: brand.clientId,
    site_visit_segment_mapping: mappingOrNull(brand.siteVisitSegmentMapping),
    version: brand.version,
    products: products.map(toProductView),
  };
}

/** Whether the caller's hierarchy slugs cover a path whole (a grant on it or an ancestor). */
const covers = (slugs: readonly string[], path: string) => slugs.some((p) => p === '*' || path === p || path.startsWith(`${p}/`));

/** Which brands the caller sees: those with a product whose path is within their hierarchy slugs. */
function visibility(scope: { auth: RequestAuth; ctx: RequestContext }, regions: Region[]): (bundle: repo.BrandBundle) => boolean {
  const base = scope.ctx.clientSlug;
  if (covers(scope.auth.hierarchySlugs, base)) return () => true;
  const slugOf = new Map(regions.map((r) => [r.id, r.slug]));
  return (bundle) => bundle.products.some(({ product, regions: rs }) =>
    rs.some((r) => isPermitted(scope.auth.hierarchySlugs, `${base}/${slugOf.get(r.regionId) ?? ''}/${bundle.brand.slug}/${product.slug}`)));
}

const brandGone = (id: number) => new AppError(404, ERROR_CODES.notFound, `There is no brand ${id} in this client: it may have been deleted.`, { gone: { kind: 'brand', id } });
const productGone = (id: number) => new AppError(404, ERROR_CODES.notFound, `There is no product ${id} in this client: it may have been deleted.`, { gone: { kind: 'product', id } });

const invalid = (fields: Problems) =>
  new AppError(422, ERROR_CODES.validation, Object.values(fields)[0] ?? BRAND_TEXT.saveFailed, { fields });

/** The brands of the X-Context client the caller sees, sorted by name; with a region, those with a product there. */
export async function listBrands(scope: ReadScope, regionSlug: string | undefined): Promise<Brand[]> {
  const regions = await repo.clientRegionsOf(scope.db, scope.ctx.clientId);
  let regionId: number | typeof ALL_REGIONS_SLUG = ALL_REGIONS_SLUG;
  if (regionSlug !== undefined && regionSlug !== ALL_REGIONS_SLUG) {
    const region = regions.find((r) => r.slug === regionSlug);
    if (!region) throw notFound(`${scope.ctx.clientSlug} has no region ${regionSlug}.`);
    regionId = region.id;
  }
  const bundles = await repo.brandBundles(scope.db, scope.ctx.clientId);
  return brandsForRegion(bundles.filter(visibility(scope, regions)).map(toBrandView), regionId);
}

/** Every product of the X-Context client the caller sees, with its brand's name, by brand then product. */
export async function listProducts(scope: ReadScope): Promise<ProductListItem[]> {
  const regions = await repo.clientRegionsOf(scope.db, scope.ctx.clientId);
  const bundles = await repo.brandBundles(scope.db, scope.ctx.clientId);
  return bundles
    .filter(visibility(scope, regions))
    .flatMap((b) => b.products.map((p) => ({ ...toProductView(p), brand_name: b.brand.name })));
}

async function viewOf(scope: WriteScope, id: number): Promise<Brand> {
  const [bundle] = await repo.brandBundles(scope.tx, scope.ctx.clientId, [id]);
  if (!bundle) throw brandGone(id);
  return toBrandView(bundle);
}

/** A brand of the client that the caller sees (another client's, or one outside their slugs, is not found). */
async function visibleBundle(scope: WriteScope, id: number, regions: Region[]): Promise<repo.BrandBundle> {
  const [bundle] = await repo.brandBundles(scope.tx, scope.ctx.clientId, [id]);
  if (!bundle || !visibility(scope, regions)(bundle)) throw brandGone(id);
  return bundle;
}

/** Writes that touch a region need the caller's grant on it (or the client); a brand's products in it need it on the brand. */
function checkCovered(scope: WriteScope, regionSlugs: Iterable<string>, brandSlug: string | null) {
  for (const region of regionSlugs) {
    const path = `${scope.ctx.clientSlug}/${region}${brandSlug === null ? '' : `/${brandSlug}`}`;
    if (!covers(scope.auth.hierarchySlugs, path)) throw forbidden(`You do not have access to ${path}.`);
  }
}

const audit = (scope: WriteScope, action: string, target: string, details: Record<string, unknown>) =>
  auditWrite({ db: scope.tx, auth: scope.auth, requestId: scope.requestId }, action, target, details);

/** The mapping to store, its identifiers checked against the client's catalogue (names are the catalogue's). */
async function mappingToStore(scope: WriteScope, sent: BrandWrite['site_visit_segment_mapping']): Promise<SiteVisitMapping | null> {
  const mapping = mappingOrNull(sent ? Object.fromEntries(SITE_VISIT_SLOTS.map((slot) => [slot, sent[slot] ? { identifier: sent[slot].identifier, name: sent[slot].name ?? '' } : null])) : null);
  if (!mapping) return null;
  if (!hasFeature(scope.ctx.featureFlags, 'site-visitation')) throw forbidden(`Site visitation is not enabled for ${scope.ctx.clientSlug}.`);
  const identifiers = SITE_VISIT_SLOTS.flatMap((slot) => mapping[slot]?.identifier ?? []);
  const found = await repo.clientSegments(scope.tx, scope.ctx.clientId, identifiers);
  if (found.size === 0 && !(await repo.hasSegmentCatalogue(scope.tx, scope.ctx.clientId))) {
    throw unavailable(`${scope.ctx.clientSlug}'s segment catalogue is still loading; save the mapping again in a moment.`);
  }
  const problems: Problems = {};
  const out: SiteVisitMapping = {};
  for (const slot of SITE_VISIT_SLOTS) {
    const ref = mapping[slot];
    if (!ref) continue;
    const name = found.get(ref.identifier);
    if (name === undefined) problems[`site_visit_segment_mapping.${slot}`] = BRAND_TEXT.segmentUnknown;
    else out[slot] = { identifier: ref.identifier, name };
  }
  if (hasProblems(problems)) throw invalid(problems);
  return out;
}

/** The sent products' region ids, each checked to be a region of the client. */
function checkRegions(products: readonly ProductWrite[], regions: Region[]): Problems {
  const known = new Set(regions.map((r) => r.id));
  const out: Problems = {};
  products.forEach((p, i) => {
    if (p.region_ids.some((id) => !known.has(id))) out[`products.${i}.region_ids`] = BRAND_TEXT.regionUnknown;
  });
  return out;
}

/** Everything the rules say of the sent brand, plus the client's other brand names and regions. */
async function checkDraft(scope: WriteScope, brand: BrandWrite, regions: Region[], saved: { id: number; names: string[] } | null) {
  const problems = {
    ...brandSaveProblems({ ...brand, products: brand.products_attributes }, saved?.names ?? []),
    ...checkRegions(brand.products_attributes, regions),
  };
  const others = await repo.otherBrands(scope.tx, scope.ctx.clientId, saved?.id);
  if (problems.name === undefined && others.some((o) => nameKey(o.name) === nameKey(brand.name))) problems.name = BRAND_TEXT.brandExists;
  if (hasProblems(problems)) throw invalid(problems);
  return others;
}

const brandValues = (brand: BrandWrite, mapping: SiteVisitMapping | null): repo.BrandValues => ({
  name: brand.name.trim(),
  category: categoryOf(brand.category),
  conversantCompanyId: parseCompanyId(brand.conversant_company_id) ?? null,
  siteVisitSegmentMapping: mapping,
});
const productValues = (p: ProductWrite): repo.ProductValues => ({ name: p.name.trim(), conversantCompanyId: parseCompanyId(p.conversant_company_id) ?? null });

/** The id-environment slug sent for a region: undefined when not sent (or the caller may not write it), null to clear. */
function idEnvSlugOf(scope: WriteScope, p: ProductWrite, regionId: number): string | null | undefined {
  if (!can(scope.auth.permissions, 'id_env_product_slugs', 'read')) return undefined;
  const sent = p.product_regions_attributes?.find((r) => r.region_id === regionId);
  if (!sent || sent.id_env_product_slug === undefined) return undefined;
  return sent.id_env_product_slug?.trim() || null;
}

/** The brand's new products with their regions: two inserts however many there are. `taken`: the brand's product slugs. */
async function createProducts(scope: WriteScope, brandId: number, created: readonly ProductWrite[], taken: readonly string[]): Promise<void> {
  const slugs = [...taken];
  const rows = created.map((p) => {
    const slug = uniqueSlug(p.name, slugs, 'product');
    slugs.push(slug);
    return { slug, values: productValues(p), product: p };
  });
  const ids = await repo.insertProducts(scope.tx, brandId, rows);
  await repo.insertProductRegions(scope.tx, rows.flatMap(({ slug, product: p }) =>
    [...new Set(p.region_ids)].map((regionId) => ({ productId: ids.get(slug)!, regionId, idEnvProductSlug: idEnvSlugOf(scope, p, regionId) ?? null }))));
}

const regionSlugsOf = (ids: Iterable<number>, regions: Region[]) => [...ids].map((id) => regions.find((r) => r.id === id)?.slug ?? String(id));

/** POST /api/brands: the brand with all its products and their regions, in the write's one transaction. */
export async function createBrand(scope: WriteScope, body: BrandCreateBody): Promise<Brand> {
  const { brand } = body;
  if (brand.client_id != null && brand.client_id !== scope.ctx.clientId) throw forbidden('The client in the body does not match X-Context.');
  if (brand.products_attributes.some((p) => p.id != null)) throw invalid({ products: 'A new brand cannot take saved products: leave their ids out.' });
  if (!can(scope.auth.permissions, 'products', 'create')) throw forbidden('You do not have permission to create products.');
  await repo.lockClientBrands(scope.tx, scope.ctx.clientId);
  const regions = await repo.clientRegionsOf(scope.tx, scope.ctx.clientId);
  const others = await checkDraft(scope, brand, regions, null);
  checkCovered(scope, regionSlugsOf(new Set(brand.products_attributes.flatMap((p) => p.region_ids)), regions), null);
  const mapping = await mappingToStore(scope, brand.site_visit_segment_mapping);
  const row = await repo.insertBrand(scope.tx, scope.ctx.clientId, uniqueSlug(brand.name, others.map((o) => o.slug), 'brand'), brandValues(brand, mapping));
  await createProducts(scope, row.id, brand.products_attributes, []);
  const view = await viewOf(scope, row.id);
  await audit(scope, 'brand.create', `brand:${row.id}`, { name: view.name, version: view.version, products: view.products.map((p) => ({ id: p.id, name: p.name, region_ids: p.region_ids })) });
  return view;
}

const useView = (u: repo.UseRow, names: Map<number, string>, regions: Region[]): BrandUseView => ({
  kind: u.kind as BrandUseView['kind'],
  id: u.id,
  name: u.name,
  product: names.get(u.productId) ?? '',
  region: regions.find((r) => r.id === u.regionId)?.slug ?? '',
});

/** A thing that uses a product, with the product and region it uses (null where a grant names neither). */
interface Use {
  productId: number | null;
  regionId: number | null;
  view: BrandUseView;
}

/**
 * What uses the products, in any region: one query over every table that names a product, and
 * one for users' hierarchy grants on them (with `wholeBrand`, grants on the brand itself too).
 */
async function usesOf(scope: WriteScope, brandSlug: string, items: { id: number; name: string; slug: string }[], regions: Region[], wholeBrand = false): Promise<Use[]> {
  const names = new Map(items.map((p) => [p.id, p.name]));
  const rows = await repo.usesOf(scope.tx, items.map((p) => p.id));
  const uses: Use[] = rows.map((u) => ({ productId: u.productId, regionId: u.regionId, view: useView(u, names, regions) }));
  const only = !wholeBrand && items.length === 1 ? items[0]?.slug : undefined;
  const grants = await repo.userGrantsOn(scope.tx, { client: scope.ctx.clientSlug, brand: brandSlug, product: only });
  for (const g of grants) {
    const [, regionSlug = '', , productSlug] = g.slug.split('/');
    const product = items.find((p) => p.slug === productSlug);
    // A brand-wide grant (client/region/brand) only matters when the whole brand goes.
    if (!wholeBrand && !product) continue;
    uses.push({
      productId: product?.id ?? null,
      regionId: regions.find((r) => r.slug === regionSlug)?.id ?? null,
      view: { kind: 'user', id: g.userId, name: g.email, product: product?.name ?? '', region: regionSlug },
    });
  }
  return uses;
}

const inUse = (message: string, uses: Use[]) => new AppError(409, ERROR_CODES.inUse, message, { uses: uses.map((u) => u.view) });

/** Claims the brand at the sent version: 404 when it is gone, 409 with the current brand when it moved on. */
async function claim(scope: WriteScope, id: number, version: number): Promise<void> {
  if (await repo.claimBrand(scope.tx, scope.ctx.clientId, id, version)) return;
  const current = await viewOf(scope, id);
  throw new AppError(409, ERROR_CODES.versionConflict, versionConflictMessage('brand'), { current });
}

/**
 * PUT /api/brands/:id: the brand's fields, its listed products (with an id: updated; without:
 * created) and their regions, in one transaction. Products not listed are left alone; a region
 * a product leaves must not be used there (409 IN_USE). Slugs never change (they are in URLs,
 * grants and reports). The mapping is replaced when sent, kept when left out.
 */
export async function updateBrand(scope: WriteScope, id: number, body: BrandUpdateBody): Promise<Brand> {
  const { brand } = body;
  if (brand.client_id != null && brand.client_id !== scope.ctx.clientId) throw forbidden('The client in the body does not match X-Context.');
  await repo.lockClientBrands(scope.tx, scope.ctx.clientId);
  const regions = await repo.clientRegionsOf(scope.tx, scope.ctx.clientId);
  const current = await visibleBundle(scope, id, regions);
  await claim(scope, id, body.version);

  const savedById = new Map(current.products.map((p) => [p.product.id, p]));
  const listedIds = new Set<number>();
  for (const p of brand.products_attributes) {
    if (p.id == null) continue;
    if (!savedById.has(p.id)) throw productGone(p.id);
    if (listedIds.has(p.id)) throw invalid({ products: `Product ${p.id} is listed twice.` });
    listedIds.add(p.id);
  }
  const unlisted = current.products.filter((p) => !listedIds.has(p.product.id)).map((p) => p.product.name);
  await checkDraft(scope, brand, regions, { id, names: unlisted });

  const created = brand.products_attributes.filter((p) => p.id == null);
  if (created.length > 0 && !can(scope.auth.permissions, 'products', 'create')) throw forbidden('You do not have permission to create products.');
  const touched = new Set<number>();
  for (const p of brand.products_attributes) for (const r of p.region_ids) touched.add(r);
  for (const p of current.products) for (const r of p.regions) touched.add(r.regionId);
  checkCovered(scope, regionSlugsOf(touched, regions), current.brand.slug);

  const mapping = brand.site_visit_segment_mapping === undefined
    ? mappingOrNull(current.brand.siteVisitSegmentMapping)
    : await mappingToStore(scope, brand.site_visit_segment_mapping);
  await repo.updateBrand(scope.tx, id, brandValues(brand, mapping));

  const edits = brand.products_attributes.flatMap((p) => {
    const saved = p.id == null ? undefined : savedById.get(p.id);
    const edit = saved ? productEdit(scope, saved, p) : null;
    return edit ? [edit] : [];
  });
  await checkRegionsLeft(scope, current.brand.slug, edits, regions);
  for (const edit of edits) await applyProductEdit(scope, edit);
  await createProducts(scope, id, created, current.products.map((p) => p.product.slug));
  const view = await viewOf(scope, id);
  await audit(scope, 'brand.update', `brand:${id}`, {
    name: view.name,
    version: view.version,
    mapping: brand.site_visit_segment_mapping === undefined ? undefined : view.site_visit_segment_mapping,
    products: view.products.map((p) => ({ id: p.id, name: p.name, region_ids: p.region_ids })),
  });
  return view;
}

/** What a save changes in a saved product, or null when nothing. */
interface ProductEdit {
  item: { id: number; name: string; slug: string };
  sent: ProductWrite;
  values: repo.ProductValues;
  removed: number[];
  added: number[];
  slugChanges: { regionId: number; slug: string | null }[];
}

function productEdit(scope: WriteScope, saved: repo.BrandBundle['products'][number], p: ProductWrite): ProductEdit | null {
  const values = productValues(p);
  const had = new Set(saved.regions.map((r) => r.regionId));
  const wants = new Set(p.region_ids);
  const removed = [...had].filter((r) => !wants.has(r));
  const added = [...wants].filter((r) => !had.has(r));
  const slugChanges = [...wants].filter((r) => had.has(r)).flatMap((regionId) => {
    const slug = idEnvSlugOf(scope, p, regionId);
    const before = saved.regions.find((r) => r.regionId === regionId)?.idEnvProductSlug ?? null;
    return slug === undefined || slug === before ? [] : [{ regionId, slug }];
  });
  const fieldsChanged = values.name !== saved.product.name || values.conversantCompanyId !== saved.product.conversantCompanyId;
  if (!fieldsChanged && removed.length === 0 && added.length === 0 && slugChanges.length === 0) return null;
  if (!can(scope.auth.permissions, 'products', 'update')) throw forbidden('You do not have permission to update products.');
  const item = { id: saved.product.id, name: saved.product.name, slug: saved.product.slug };
  return { item, sent: p, values, removed, added, slugChanges };
}

/** A region a product leaves must not be used there (409 IN_USE): one look for every product of the save. */
async function checkRegionsLeft(scope: WriteScope, brandSlug: string, edits: readonly ProductEdit[], regions: Region[]): Promise<void> {
  const leaving = edits.flatMap((e) => e.removed.flatMap((regionId) => {
    const region = regions.find((r) => r.id === regionId);
    return region ? [{ item: e.item, region }] : [];
  }));
  if (leaving.length === 0) return;
  const items = [...new Map(leaving.map(({ item }) => [item.id, item])).values()];
  const uses = await usesOf(scope, brandSlug, items, regions);
  for (const { item, region } of leaving) {
    const there = uses.filter((u) => u.productId === item.id && u.regionId === region.id);
    if (there.length > 0) throw inUse(regionInUseMessage(item.name, region.name, there.map((u) => u.view)), there);
  }
}

async function applyProductEdit(scope: WriteScope, { item, sent, values, removed, added, slugChanges }: ProductEdit): Promise<void> {
  await repo.updateProduct(scope.tx, item.id, values);
  await repo.deleteProductRegions(scope.tx, item.id, removed);
  await repo.insertProductRegions(scope.tx, added.map((regionId) => ({ productId: item.id, regionId, idEnvProductSlug: idEnvSlugOf(scope, sent, regionId) ?? null })));
  for (const { regionId, slug } of slugChanges) await repo.setIdEnvSlug(scope.tx, item.id, regionId, slug);
}

/** DELETE /api/brands/:id: refused (409 IN_USE, with the list) while anything uses one of its products. */
export async function deleteBrand(scope: WriteScope, id: number, version: number | undefined): Promise<void> {
  await repo.lockClientBrands(scope.tx, scope.ctx.clientId);
  const regions = await repo.clientRegionsOf(scope.tx, scope.ctx.clientId);
  const current = await visibleBundle(scope, id, regions);
  await claim(scope, id, version ?? current.brand.version);
  checkCovered(scope, regionSlugsOf(new Set(current.products.flatMap((p) => p.regions.map((r) => r.regionId))), regions), current.brand.slug);
  const items = current.products.map((p) => ({ id: p.product.id, name: p.product.name, slug: p.product.slug }));
  const uses = await usesOf(scope, current.brand.slug, items, regions, true);
  if (uses.length > 0) throw inUse(inUseMessage(current.brand.name, uses.map((u) => u.view)), uses);
  await repo.deleteBrand(scope.tx, id);
  await audit(scope, 'brand.delete', `brand:${id}`, { name: current.brand.name, products: items.map((p) => p.name) });
}

/** DELETE /api/products/:id: not a brand's last product (422), refused while used (409 IN_USE). */
export async function deleteProduct(scope: WriteScope, id: number, version: number | undefined): Promise<void> {
  await repo.lockClientBrands(scope.tx, scope.ctx.clientId);
  const regions = await repo.clientRegionsOf(scope.tx, scope.ctx.clientId);
  const found = await repo.findProduct(scope.tx, scope.ctx.clientId, id);
  if (!found) throw productGone(id);
  const bundle = await visibleBundle(scope, found.brand.id, regions).catch(() => {
    throw productGone(id);
  });
  const saved = bundle.products.find((p) => p.product.id === id);
  if (!saved) throw productGone(id);
  if (version !== undefined && version !== saved.product.version) {
    throw new AppError(409, ERROR_CODES.versionConflict, versionConflictMessage('product'), { current: toBrandView(bundle) });
  }
  checkCovered(scope, regionSlugsOf(saved.regions.map((r) => r.regionId), regions), bundle.brand.slug);
  if (bundle.products.length <= 1) throw invalid({ products: BRAND_TEXT.lastProduct });
  const item = { id, name: saved.product.name, slug: saved.product.slug };
  const uses = await usesOf(scope, bundle.brand.slug, [item], regions);
  if (uses.length > 0) throw inUse(inUseMessage(item.name, uses.map((u) => u.view)), uses);
  await repo.deleteProduct(scope.tx, id);
  await repo.bumpBrand(scope.tx, bundle.brand.id);
  await audit(scope, 'product.delete', `product:${id}`, { name: item.name, brand_id: bundle.brand.id, brand: bundle.brand.name });
}
