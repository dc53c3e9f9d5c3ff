import { describe, expect, it } from 'vitest';
import {
  BRAND_NAME_MAX,
  BRAND_TEXT,
  CATEGORY_MAX,
  COMPANY_ID_MAX,
  COMPANY_ID_MIN,
  DESTRUCTIVE_THROTTLE_MS,
  PRODUCT_NAME_MAX,
  SEGMENT_MAPPER_WIDTH_PX,
  TOASTS,
  blocksNumberKey,
  brandProblems,
  brandSaveProblems,
  brandsForRegion,
  categoryOf,
  duplicateIndexes,
  hasProblems,
  inUseMessage,
  isValidCompanyId,
  mappingOrNull,
  parseCompanyId,
  productProblems,
  regionInUseMessage,
  slugify,
  sortBrands,
  uniqueSlug,
  type ProductDraft,
} from './brands';

const product = (extra: Partial<ProductDraft> = {}): ProductDraft => ({ name: 'Fizz Zero', conversant_company_id: null, region_ids: [1], ...extra });

describe('brand texts (spec 2 §2, §5, §8)', () => {
  it('has the exact words of the spec', () => {
    expect(BRAND_TEXT.header).toBe('Brand Management');
    expect(BRAND_TEXT.empty).toBe('There are no brands for this client. Please create one.');
    expect(BRAND_TEXT.permissionDenied).toBe("You don't have permissions to view this page.");
    expect(BRAND_TEXT.notSaved).toBe('Not Saved');
    expect(BRAND_TEXT.brandNameRequired).toBe('Brand name is required.');
    expect(BRAND_TEXT.productNameRequired).toBe('Product name is required.');
    expect(BRAND_TEXT.productExists).toBe('This product already exists.');
    expect(BRAND_TEXT.invalidId).toBe('Please enter a valid ID');
    expect(BRAND_TEXT.lastProduct).toBe('Brands must have at least one product.');
    expect(BRAND_TEXT.deleted('Fizz')).toBe('Fizz deleted successfully.');
    expect(BRAND_TEXT.created('Fizz')).toBe('Successfully created Fizz and associated products.');
    expect(BRAND_TEXT.updated('Fizz')).toBe('Successfully updated Fizz and associated products.');
    expect(BRAND_TEXT.mappingSaved('Fizz')).toBe('Successfully updated Fizz with segment mapping information.');
    expect(BRAND_TEXT.saveFailed).toBe('We were unable to save that brand. Please try again.');
    expect(BRAND_TEXT.deleteBrandFailed).toBe('We were unable to delete that brand. Please try again.');
    expect(BRAND_TEXT.deleteProductFailed).toBe('We were unable to delete that product. Please try again.');
    expect(BRAND_TEXT.deleteFailedToast('Fizz')).toBe('Fizz could not be deleted. Please try again.');
    expect(BRAND_TEXT.mappingFailed).toBe('We were unable to save segment mapping for that brand. Please try again.');
  });

  it('has the constants of §9', () => {
    expect(TOASTS).toEqual({ successMs: 4000, saveFailureMs: 6000, deleteFailureMs: 5000 });
    expect(DESTRUCTIVE_THROTTLE_MS).toBe(5000);
    expect(SEGMENT_MAPPER_WIDTH_PX).toBe(650);
    expect([COMPANY_ID_MIN, COMPANY_ID_MAX]).toEqual([1, 2_147_483_647]);
  });
});

describe('company IDs', () => {
  it('blocks the exponent and sign keys only', () => {
    for (const key of ['e', 'E', '-', '+']) expect(blocksNumberKey(key)).toBe(true);
    for (const key of ['1', '0', 'Backspace', 'ArrowUp', '.', 'Tab']) expect(blocksNumberKey(key)).toBe(false);
  });

  it('takes empty as none and whole numbers in range as themselves', () => {
    expect(parseCompanyId(null)).toBeNull();
    expect(parseCompanyId(undefined)).toBeNull();
    expect(parseCompanyId('  ')).toBeNull();
    expect(parseCompanyId('42')).toBe(42);
    expect(parseCompanyId(' 42 ')).toBe(42);
    expect(parseCompanyId(COMPANY_ID_MIN)).toBe(COMPANY_ID_MIN);
    expect(parseCompanyId(String(COMPANY_ID_MAX))).toBe(COMPANY_ID_MAX);
  });

  it('refuses anything else', () => {
    for (const bad of ['0', 0, '-1', -1, '1e3', '12.5', 12.5, '+5', 'abc', String(COMPANY_ID_MAX + 1), COMPANY_ID_MAX + 1, Number.NaN, Infinity, '9'.repeat(30)]) {
      expect(parseCompanyId(bad), String(bad)).toBeUndefined();
      expect(isValidCompanyId(bad), String(bad)).toBe(false);
    }
    expect(isValidCompanyId('')).toBe(true);
    expect(isValidCompanyId(7)).toBe(true);
  });
});

describe('brandProblems', () => {
  it('requires a name and a valid ID', () => {
    expect(brandProblems({ name: 'Fizz', conversant_company_id: '' })).toEqual({});
    expect(brandProblems({ name: '   ', conversant_company_id: 'x' })).toEqual({ name: BRAND_TEXT.brandNameRequired, conversant_company_id: BRAND_TEXT.invalidId });
  });

  it('limits name and category lengths', () => {
    expect(brandProblems({ name: 'a'.repeat(BRAND_NAME_MAX), conversant_company_id: null })).toEqual({});
    expect(brandProblems({ name: 'a'.repeat(BRAND_NAME_MAX + 1), conversant_company_id: null }).name).toBe(BRAND_TEXT.brandNameTooLong);
    expect(brandProblems({ name: 'a', category: 'c'.repeat(CATEGORY_MAX + 1), conversant_company_id: null }).category).toBe(BRAND_TEXT.categoryTooLong);
  });
});

describe('productProblems', () => {
  it('requires a name, a valid ID and a region per product', () => {
    expect(productProblems([product()])).toEqual({});
    expect(productProblems([product({ name: ' ', conversant_company_id: '-3', region_ids: [] })])).toEqual({
      'products.0.name': BRAND_TEXT.productNameRequired,
      'products.0.conversant_company_id': BRAND_TEXT.invalidId,
      'products.0.region_ids': BRAND_TEXT.regionRequired,
    });
    expect(productProblems([product({ name: 'p'.repeat(PRODUCT_NAME_MAX + 1) })])['products.0.name']).toBe(BRAND_TEXT.productNameTooLong);
  });

  it('marks the later of two names that differ only in case or spaces', () => {
    expect(productProblems([product({ name: 'Fizz Zero' }), product({ name: ' fizz zero ' }), product({ name: 'Other' })])).toEqual({ 'products.1.name': BRAND_TEXT.productExists });
  });

  it('clashes with saved products not in the list', () => {
    expect(productProblems([product({ name: 'FIZZ ORIGINAL' })], ['Fizz Original'])).toEqual({ 'products.0.name': BRAND_TEXT.productExists });
  });

  it('finds duplicates by index, ignoring empty names', () => {
    expect([...duplicateIndexes(['a', '', 'A', '', 'b', 'a '])]).toEqual([2, 5]);
  });
});

describe('brandSaveProblems', () => {
  it('joins both and needs a product', () => {
    expect(brandSaveProblems({ name: 'Fizz', conversant_company_id: 1, products: [product()] })).toEqual({});
    expect(brandSaveProblems({ name: '', conversant_company_id: 1, products: [] })).toEqual({ name: BRAND_TEXT.brandNameRequired, products: BRAND_TEXT.lastProduct });
    expect(brandSaveProblems({ name: 'Fizz', conversant_company_id: 1, products: [] }, ['Saved'])).toEqual({});
    expect(hasProblems({})).toBe(false);
    expect(hasProblems({ name: 'x' })).toBe(true);
  });
});

describe('slugs and categories', () => {
  it('slugifies names', () => {
    expect(slugify('Fizz Cola')).toBe('fizz-cola');
    expect(slugify('  Crème Brûlée & Co. ')).toBe('creme-brulee-and-co');
    expect(slugify('!!!', 'brand')).toBe('brand');
    expect(slugify('a'.repeat(200))).toHaveLength(80);
  });

  it('adds a suffix until the slug is free', () => {
    expect(uniqueSlug('Fizz Cola', [])).toBe('fizz-cola');
    expect(uniqueSlug('Fizz Cola', ['fizz-cola'])).toBe('fizz-cola-2');
    expect(uniqueSlug('FIZZ cola', ['fizz-cola', 'fizz-cola-2'])).toBe('fizz-cola-3');
  });

  it('files an empty category under Other', () => {
    expect(categoryOf('  ')).toBe('Other');
    expect(categoryOf(null)).toBe('Other');
    expect(categoryOf(' Beverages ')).toBe('Beverages');
  });
});

describe('site-visit mapping', () => {
  it('drops empty slots and is null when none is left', () => {
    expect(mappingOrNull(null)).toBeNull();
    expect(mappingOrNull({})).toBeNull();
    expect(mappingOrNull({ customer_site_visitors: { identifier: ' ', name: 'x' }, customer_site_non_visitors: null })).toBeNull();
    expect(mappingOrNull({ customer_site_visitors: { identifier: ' seg-1 ', name: ' One ' }, non_customer_site_visitors: { identifier: 'seg-2', name: '' } })).toEqual({
      customer_site_visitors: { identifier: 'seg-1', name: 'One' },
      non_customer_site_visitors: { identifier: 'seg-2', name: 'seg-2' },
    });
  });
});

describe('lists', () => {
  const brands = [
    { id: 3, name: 'zeta', products: [{ region_ids: [1] }] },
    { id: 1, name: 'Alpha', products: [{ region_ids: [2] }, { region_ids: [1, 3] }] },
    { id: 2, name: 'alpha', products: [{ region_ids: [2] }] },
  ];

  it('sorts by name case-insensitively, then id', () => {
    expect(sortBrands(brands).map((b) => b.id)).toEqual([1, 2, 3]);
  });

  it('keeps brands with a product in the region, all for *', () => {
    expect(brandsForRegion(brands, 1).map((b) => b.id)).toEqual([3, 1]);
    expect(brandsForRegion(brands, 2).map((b) => b.id)).toEqual([1, 2]);
    expect(brandsForRegion(brands, 9)).toEqual([]);
    expect(brandsForRegion(brands, '*')).toHaveLength(3);
  });

  it('names what uses a brand', () => {
    const uses = [1, 2, 3, 4, 5, 6].map((id) => ({ kind: id === 1 ? 'chart' : 'motivation_audience', id, name: `n${id}`, product: 'P' }));
    expect(inUseMessage('Fizz', uses.slice(0, 1))).toBe("Fizz cannot be deleted while it is used by chart 'n1'.");
    expect(inUseMessage('Fizz', uses)).toBe("Fizz cannot be deleted while it is used by chart 'n1', motivation audience 'n2', motivation audience 'n3', motivation audience 'n4', motivation audience 'n5' and 1 more.");
    expect(regionInUseMessage('Fizz Zero', 'United States', uses.slice(0, 1))).toBe("Fizz Zero cannot be removed from United States while it is used there by chart 'n1'.");
  });
});
