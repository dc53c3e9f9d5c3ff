import { brandSaveProblems, brandProblems, parseCompanyId, type Problems } from '@shared/rules/brands';
import type { Brand, BrandWrite } from '@shared/schemas/brands';

/**
 * A brand being edited on the Brand Management page (spec 2 §4): its form values as typed and
 * which parts are open. The page keeps one per brand that is not plainly shown.
 */
export interface ProductDraft {
  /** Stable React key: the id of a saved product, a counter for a new one. */
  key: string;
  id: number | null;
  name: string;
  /** As typed (a number input's value): checked by the shared rules. */
  companyId: string;
  regionIds: number[];
  /** id-environment product slug per region id, as typed. */
  slugs: Record<number, string>;
  open: boolean;
}

export interface BrandDraft {
  key: string;
  id: number | null;
  version: number | null;
  name: string;
  category: string;
  companyId: string;
  /** The brand form (name, category, company ID) is open. */
  brandOpen: boolean;
  products: ProductDraft[];
}

export const NEW_BRAND_KEY = 'new';
export const brandKey = (id: number) => `brand-${id}`;

let counter = 0;
const newKey = () => `new-${++counter}`;

const idText = (id: number | null) => (id === null ? '' : String(id));

export function emptyProduct(): ProductDraft {
  return { key: newKey(), id: null, name: '', companyId: '', regionIds: [], slugs: {}, open: true };
}

/** Add Brand: a new brand at the top with its form open and one empty product to fill after Apply. */
export function newBrandDraft(): BrandDraft {
  return { key: NEW_BRAND_KEY, id: null, version: null, name: '', category: '', companyId: '', brandOpen: true, products: [{ ...emptyProduct(), open: false }] };
}

/** A saved brand as a closed draft: nothing open yet. */
export function draftOf(brand: Brand): BrandDraft {
  return {
    key: brandKey(brand.id),
    id: brand.id,
    version: brand.version,
    name: brand.name,
    category: brand.category,
    companyId: idText(brand.conversant_company_id),
    brandOpen: false,
    products: brand.products.map((p) => ({
      key: `product-${p.id}`,
      id: p.id,
      name: p.name,
      companyId: idText(p.conversant_company_id),
      regionIds: [...p.region_ids],
      slugs: Object.fromEntries(p.product_regions.map((r) => [r.region_id, r.id_env_product_slug ?? ''])),
      open: false,
    })),
  };
}

/** Apply (spec 2 §4): closes the brand form and opens every product for editing, without saving. */
export const applyBrand = (draft: BrandDraft): BrandDraft => ({ ...draft, brandOpen: false, products: draft.products.map((p) => ({ ...p, open: true })) });

export const anyProductOpen = (draft: BrandDraft) => draft.products.some((p) => p.open);

/** A draft that shows nothing open says no more than the saved brand: the page drops it. */
export const isIdle = (draft: BrandDraft) => draft.id !== null && !draft.brandOpen && !anyProductOpen(draft);

const rulesInput = (draft: BrandDraft) => ({
  name: draft.name,
  category: draft.category,
  conversant_company_id: draft.companyId,
  products: draft.products.map((p) => ({ name: p.name, conversant_company_id: p.companyId, region_ids: p.regionIds })),
});

/** The brand form's problems (Apply is disabled while any, spec 2 §4 and §5). */
export const applyProblems = (draft: BrandDraft): Problems => brandProblems(rulesInput(draft));

/** Everything that keeps the brand from being saved, by field path ('name', 'products.0.region_ids'). */
export const saveProblems = (draft: BrandDraft): Problems => brandSaveProblems(rulesInput(draft));

/** The POST/PUT body's brand: the brand with all its products (spec 2 §7). */
export function toWrite(draft: BrandDraft, clientId: number, writesSlugs: boolean): BrandWrite {
  return {
    name: draft.name.trim(),
    category: draft.category.trim(),
    conversant_company_id: parseCompanyId(draft.companyId) ?? null,
    client_id: clientId,
    products_attributes: draft.products.map((p) => ({
      ...(p.id === null ? {} : { id: p.id }),
      name: p.name.trim(),
      conversant_company_id: parseCompanyId(p.companyId) ?? null,
      region_ids: [...p.regionIds],
      ...(writesSlugs
        ? { product_regions_attributes: p.regionIds.map((regionId) => ({ region_id: regionId, id_env_product_slug: p.slugs[regionId]?.trim() || null })) }
        : {}),
    })),
  };
}
