/**
 * Brand and product rules (spec 2 §4, §5, §8, §9): the exact texts, the limits and the pure
 * checks the Brand Management form and the brands API both use, so they give the same messages.
 */

/**
 * Company IDs are stored in a PostgreSQL `integer` column: 1 to 2^31 - 1 (decision 015). The
 * spec gives no range; zero and negatives are not IDs, and anything larger cannot be stored.
 */
export const COMPANY_ID_MIN = 1;
export const COMPANY_ID_MAX = 2_147_483_647;
export const BRAND_NAME_MAX = 255;
export const PRODUCT_NAME_MAX = 255;
export const CATEGORY_MAX = 100;
export const ID_ENV_SLUG_MAX = 200;
/** A brand saved without a category is filed under this one. */
export const DEFAULT_CATEGORY = 'Other';
/** The region dropdown's 'All' (spec 2 §2). */
export const ALL_REGIONS_SLUG = '*';

/** Toast durations (spec 2 §9): success 4 s, save failure 6 s, delete failure 5 s. */
export const TOASTS = { successMs: 4_000, saveFailureMs: 6_000, deleteFailureMs: 5_000 } as const;
/** Destructive buttons (delete) act at most once per this long (spec 2 §9). */
export const DESTRUCTIVE_THROTTLE_MS = 5_000;
/** The site-visit segment mapper overlay (spec 2 §2). */
export const SEGMENT_MAPPER_WIDTH_PX = 650;

export const BRAND_TEXT = {
  header: 'Brand Management',
  addBrand: 'Add Brand',
  all: 'All',
  notSaved: 'Not Saved',
  empty: 'There are no brands for this client. Please create one.',
  permissionDenied: "You don't have permissions to view this page.",
  // §5
  brandNameRequired: 'Brand name is required.',
  productNameRequired: 'Product name is required.',
  productExists: 'This product already exists.',
  invalidId: 'Please enter a valid ID',
  regionRequired: 'Please select at least one region.',
  lastProduct: 'Brands must have at least one product.',
  brandNameTooLong: `A brand name can be at most ${BRAND_NAME_MAX} characters.`,
  productNameTooLong: `A product name can be at most ${PRODUCT_NAME_MAX} characters.`,
  categoryTooLong: `A category can be at most ${CATEGORY_MAX} characters.`,
  /** Beside the spec: two brands of one client with one name would be one entry twice in the picker. */
  brandExists: 'This brand already exists.',
  regionUnknown: 'This region is not a region of this client.',
  segmentUnknown: 'This segment is not in this client’s segment catalogue.',
  // §8
  deleted: (name: string) => `${name} deleted successfully.`,
  created: (name: string) => `Successfully created ${name} and associated products.`,
  updated: (name: string) => `Successfully updated ${name} and associated products.`,
  mappingSaved: (name: string) => `Successfully updated ${name} with segment mapping information.`,
  saveFailed: 'We were unable to save that brand. Please try again.',
  deleteBrandFailed: 'We were unable to delete that brand. Please try again.',
  deleteProductFailed: 'We were unable to delete that product. Please try again.',
  deleteFailedToast: (name: string) => `${name} could not be deleted. Please try again.`,
  mappingFailed: 'We were unable to save segment mapping for that brand. Please try again.',
} as const;

/** The mapper's three optional slots (spec 2 §3). */
export const SITE_VISIT_SLOTS = ['customer_site_visitors', 'customer_site_non_visitors', 'non_customer_site_visitors'] as const;
export type SiteVisitSlot = (typeof SITE_VISIT_SLOTS)[number];
export const SITE_VISIT_SLOT_LABELS: Record<SiteVisitSlot, string> = {
  customer_site_visitors: 'Customer Site Visitors',
  customer_site_non_visitors: 'Customer Site Non-Visitors',
  non_customer_site_visitors: 'Non-Customer Site Visitors',
};

export interface SegmentRef {
  identifier: string;
  name: string;
}
export type SiteVisitMapping = Partial<Record<SiteVisitSlot, SegmentRef>>;

/** Keys a company-ID number input ignores (spec 2 §5): exponent and signs. */
export function blocksNumberKey(key: string): boolean {
  return key === 'e' || key === 'E' || key === '-' || key === '+';
}

/** A company ID as typed or sent: empty (none), or a whole number in range. */
export type CompanyIdInput = string | number | null | undefined;

/**
 * The company ID as stored: null when empty, the number when valid, undefined when it is not an
 * ID (letters, a sign, a decimal point, an exponent, out of range).
 */
export function parseCompanyId(value: CompanyIdInput): number | null | undefined {
  if (value === null || value === undefined) return null;
  const text = typeof value === 'number' ? (Number.isFinite(value) ? String(value) : 'x') : value.trim();
  if (text === '') return null;
  if (!/^\d+$/.test(text)) return undefined;
  const n = Number(text);
  return Number.isSafeInteger(n) && n >= COMPANY_ID_MIN && n <= COMPANY_ID_MAX ? n : undefined;
}

/** Whether a company ID may be saved: empty, or a whole number from COMPANY_ID_MIN to COMPANY_ID_MAX. */
export function isValidCompanyId(value: CompanyIdInput): boolean {
  return parseCompanyId(value) !== undefined;
}

/** Names compare trimmed and case-insensitively (spec 2 §5). */
export const nameKey = (name: string) => name.trim().toLocaleLowerCase('en-US');

/** Indexes of names that another name of the list already has (the second and later of each clash). */
export function duplicateIndexes(names: readonly string[]): Set<number> {
  const seen = new Set<string>();
  const out = new Set<number>();
  names.forEach((name, i) => {
    const key = nameKey(name);
    if (key === '') return;
    if (seen.has(key)) out.add(i);
    seen.add(key);
  });
  return out;
}

export interface BrandDraft {
  name: string;
  category?: string | null;
  conversant_company_id?: CompanyIdInput;
}

export interface ProductDraft {
  name: string;
  conversant_company_id?: CompanyIdInput;
  region_ids: readonly number[];
}

/** What is wrong, by field path ('name', 'products.0.region_ids'), with the message to show there. */
export type Problems = Record<string, string>;

/** The brand's own fields (Apply is disabled while any is wrong, spec 2 §4). */
export function brandProblems(brand: BrandDraft): Problems {
  const out: Problems = {};
  const name = brand.name.trim();
  if (name === '') out.name = BRAND_TEXT.brandNameRequired;
  else if ([...name].length > BRAND_NAME_MAX) out.name = BRAND_TEXT.brandNameTooLong;
  if ([...(brand.category ?? '').trim()].length > CATEGORY_MAX) out.category = BRAND_TEXT.categoryTooLong;
  if (!isValidCompanyId(brand.conversant_company_id)) out.conversant_company_id = BRAND_TEXT.invalidId;
  return out;
}

/**
 * The products' fields, by `products.<index>.<field>`: names required and unique within the
 * brand (case-insensitive, the later of a clash is marked), valid company IDs, a region each.
 * @param existing names of the brand's saved products not in `products` (an update lists only some)
 */
export function productProblems(products: readonly ProductDraft[], existing: readonly string[] = []): Problems {
  const out: Problems = {};
  const names = [...existing, ...products.map((p) => p.name)];
  const dupes = duplicateIndexes(names);
  products.forEach((p, i) => {
    const at = `products.${i}`;
    const name = p.name.trim();
    if (name === '') out[`${at}.name`] = BRAND_TEXT.productNameRequired;
    else if ([...name].length > PRODUCT_NAME_MAX) out[`${at}.name`] = BRAND_TEXT.productNameTooLong;
    else if (dupes.has(existing.length + i)) out[`${at}.name`] = BRAND_TEXT.productExists;
    if (!isValidCompanyId(p.conversant_company_id)) out[`${at}.conversant_company_id`] = BRAND_TEXT.invalidId;
    if (p.region_ids.length === 0) out[`${at}.region_ids`] = BRAND_TEXT.regionRequired;
  });
  return out;
}

/** Everything that keeps a brand from being saved (Save is disabled while any, spec 2 §4). */
export function brandSaveProblems(brand: BrandDraft & { products: readonly ProductDraft[] }, existing: readonly string[] = []): Problems {
  const out = { ...brandProblems(brand), ...productProblems(brand.products, existing) };
  if (brand.products.length === 0 && existing.length === 0) out.products = BRAND_TEXT.lastProduct;
  return out;
}

export const hasProblems = (problems: Problems) => Object.keys(problems).length > 0;

/** The category as stored: trimmed, an empty one 'Other'. */
export const categoryOf = (category: string | null | undefined) => category?.trim() || DEFAULT_CATEGORY;

/**
 * A URL slug of a name: lowercase ASCII letters, digits and single dashes (accents dropped);
 * `fallback` when nothing is left (a name of symbols only).
 */
export function slugify(name: string, fallback = 'item'): string {
  const slug = name
    .normalize('NFKD')
    .replace(/[\u0300-\u036f]/g, '')
    .toLowerCase()
    .replace(/&/g, ' and ')
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-+|-+$/g, '')
    .slice(0, 80)
    .replace(/-+$/, '');
  return slug || fallback;
}

/** The slug of a name not among `taken`: the plain slug, else with -2, -3, ... */
export function uniqueSlug(name: string, taken: Iterable<string>, fallback = 'item'): string {
  const used = new Set(taken);
  const base = slugify(name, fallback);
  if (!used.has(base)) return base;
  for (let n = 2; ; n++) {
    const candidate = `${base}-${n}`;
    if (!used.has(candidate)) return candidate;
  }
}

/** The mapping as stored: slots without an identifier dropped, names trimmed; none left is null (spec 2 §4). */
export function mappingOrNull(slots: Partial<Record<SiteVisitSlot, SegmentRef | null | undefined>> | null | undefined): SiteVisitMapping | null {
  if (!slots) return null;
  const out: SiteVisitMapping = {};
  for (const slot of SITE_VISIT_SLOTS) {
    const ref = slots[slot];
    const identifier = ref?.identifier.trim() ?? '';
    if (ref && identifier !== '') out[slot] = { identifier, name: ref.name.trim() || identifier };
  }
  return Object.keys(out).length > 0 ? out : null;
}

interface ListedBrand {
  id: number;
  name: string;
  products: readonly { region_ids: readonly number[] }[];
}

/** Brands with a product in the region; every brand for 'All' ('*'). */
export function brandsForRegion<B extends ListedBrand>(brands: readonly B[], regionId: number | typeof ALL_REGIONS_SLUG): B[] {
  if (regionId === ALL_REGIONS_SLUG) return [...brands];
  return brands.filter((b) => b.products.some((p) => p.region_ids.includes(regionId)));
}

/** By name ascending, case-insensitively (spec 2 §2), then by id so equal names keep one order. */
export function sortBrands<B extends { id: number; name: string }>(brands: readonly B[]): B[] {
  return [...brands].sort((a, b) => a.name.localeCompare(b.name, 'en-US', { sensitivity: 'base' }) || a.id - b.id);
}

/** What uses a brand or product, as a 409 IN_USE lists it. */
export interface BrandUse {
  kind: string;
  id: number;
  name: string;
  product: string;
}

const USE_KIND_NAMES: Record<string, string> = {
  chart: 'chart',
  journey: 'journey',
  persona: 'persona',
  widget: 'custom widget',
  audience: 'audience',
  comparison: 'comparison',
  motivation_audience: 'motivation audience',
  activation: 'activation',
  user: 'user permission',
};

function usesList(uses: readonly BrandUse[], shown: number): string {
  const listed = uses.slice(0, shown).map((u) => `${USE_KIND_NAMES[u.kind] ?? u.kind} '${u.name}'`);
  return listed.join(', ') + (uses.length > shown ? ` and ${uses.length - shown} more` : '');
}

/** The message of a refused delete: what it is and the first few things that use it. */
export function inUseMessage(name: string, uses: readonly BrandUse[], shown = 5): string {
  return `${name} cannot be deleted while it is used by ${usesList(uses, shown)}.`;
}

/** The message of a refused region removal: the product keeps a region its charts, journeys, ... are in. */
export function regionInUseMessage(product: string, region: string, uses: readonly BrandUse[], shown = 5): string {
  return `${product} cannot be removed from ${region} while it is used there by ${usesList(uses, shown)}.`;
}
