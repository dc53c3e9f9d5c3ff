import { describe, expect, it } from 'vitest';
import { BRAND_TEXT } from '@shared/rules/brands';
import type { Brand } from '@shared/schemas/brands';
import { anyProductOpen, applyBrand, applyProblems, draftOf, emptyProduct, isIdle, newBrandDraft, saveProblems, toWrite } from './brand-draft';

const brand: Brand = {
  id: 7,
  name: 'Fizz Cola',
  slug: 'fizz-cola',
  category: 'Beverages',
  conversant_company_id: 1001,
  client_id: 1,
  site_visit_segment_mapping: null,
  version: 3,
  products: [
    { id: 11, name: 'Fizz Original', slug: 'fizz-original', conversant_company_id: null, brand_id: 7, region_ids: [1, 2], version: 1, product_regions: [
      { id: 1, region_id: 1, product_id: 11, id_env_product_slug: 'fizz-us' },
      { id: 2, region_id: 2, product_id: 11, id_env_product_slug: null },
    ] },
    { id: 12, name: 'Fizz Zero', slug: 'fizz-zero', conversant_company_id: 5, brand_id: 7, region_ids: [1], version: 1, product_regions: [{ id: 3, region_id: 1, product_id: 12, id_env_product_slug: null }] },
  ],
};

describe('brand drafts (spec 2 §4)', () => {
  it('a new brand opens its form with one empty product, not yet open, and may not be applied without a name', () => {
    const draft = newBrandDraft();
    expect(draft).toMatchObject({ id: null, brandOpen: true, name: '' });
    expect(draft.products).toHaveLength(1);
    expect(anyProductOpen(draft)).toBe(false);
    expect(applyProblems(draft)).toEqual({ name: BRAND_TEXT.brandNameRequired });
    expect(applyProblems({ ...draft, name: 'Pop', companyId: '1.5' })).toEqual({ conversant_company_id: BRAND_TEXT.invalidId });
    expect(applyProblems({ ...draft, name: 'Pop', companyId: '' })).toEqual({});
  });

  it('Apply closes the brand form and opens every product; a saved brand with nothing open is idle', () => {
    const draft = draftOf(brand);
    expect(isIdle(draft)).toBe(true);
    const applied = applyBrand({ ...draft, brandOpen: true });
    expect(applied.brandOpen).toBe(false);
    expect(applied.products.every((p) => p.open)).toBe(true);
    expect(isIdle(applied)).toBe(false);
    // A new brand is never idle: Cancel is what removes it.
    expect(isIdle({ ...newBrandDraft(), brandOpen: false })).toBe(false);
  });

  it('Save is blocked by a product without a name or region, a clash of names in another case, and a bad ID', () => {
    const draft = applyBrand(draftOf(brand));
    expect(saveProblems(draft)).toEqual({});
    const extra = { ...emptyProduct(), name: 'FIZZ zero ', regionIds: [] as number[], companyId: '0' };
    expect(saveProblems({ ...draft, products: [...draft.products, extra] })).toEqual({
      'products.2.name': BRAND_TEXT.productExists,
      'products.2.region_ids': BRAND_TEXT.regionRequired,
      'products.2.conversant_company_id': BRAND_TEXT.invalidId,
    });
    expect(saveProblems({ ...draft, products: [{ ...draft.products[0]!, name: '  ' }] })).toEqual({ 'products.0.name': BRAND_TEXT.productNameRequired });
  });

  it('sends the brand with all its products, ids for saved ones, and slugs only when the caller writes them', () => {
    const draft = applyBrand(draftOf(brand));
    const added = { ...emptyProduct(), name: ' Fizz Lime ', regionIds: [2], companyId: '42' };
    const body = toWrite({ ...draft, name: ' Fizz Cola ', products: [...draft.products, added] }, 1, false);
    expect(body).toEqual({
      name: 'Fizz Cola',
      category: 'Beverages',
      conversant_company_id: 1001,
      client_id: 1,
      products_attributes: [
        { id: 11, name: 'Fizz Original', conversant_company_id: null, region_ids: [1, 2] },
        { id: 12, name: 'Fizz Zero', conversant_company_id: 5, region_ids: [1] },
        { name: 'Fizz Lime', conversant_company_id: 42, region_ids: [2] },
      ],
    });
    const withSlugs = toWrite(draft, 1, true);
    expect(withSlugs.products_attributes[0]!.product_regions_attributes).toEqual([
      { region_id: 1, id_env_product_slug: 'fizz-us' },
      { region_id: 2, id_env_product_slug: null },
    ]);
  });
});
