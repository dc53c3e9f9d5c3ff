import { describe, expect, it } from 'vitest';
import { FEATURES } from './access';
import { COMPANY_ID_MAX } from './brands';
import {
  CLIENT_FLAGS,
  CLIENT_MESSAGES,
  CURRENCIES,
  FEATURE_FLAGS,
  LANGUAGES,
  SLUG_MAX,
  esIndexName,
  featureLabel,
  issueFields,
  moleculaIndexName,
  normalizeClient,
  proposeSlug,
  readinessLabel,
  slugIssue,
  usesText,
  validateClient,
  validateRegion,
  type ClientDraft,
} from './clients';
import { parseContextHeader } from './context';
import { isHierarchySlug } from './roles';

const regions = new Map([
  [1, 'United States'],
  [2, 'United Kingdom'],
]);
const draft = (extra: Partial<ClientDraft> = {}): ClientDraft => ({
  name: 'Initech',
  slug: 'initech',
  conversant_company_id: 4200,
  language: 'en-US',
  feature_flags: { grow: true },
  regions: [
    { region_id: 1, currency: 'USD', is_default: true, market_level_only: false },
    { region_id: 2, currency: 'GBP', is_default: false, market_level_only: true },
  ],
  ...extra,
});
const messages = (d: ClientDraft, otherSlugs: string[] = []) => validateClient(normalizeClient(d), { regions, otherSlugs });
const fields = (d: ClientDraft, otherSlugs: string[] = []) => issueFields(messages(d, otherSlugs));

describe('slugs', () => {
  it('takes lowercase a-z, 0-9 and inner hyphens only', () => {
    for (const ok of ['acme', 'acme-2', 'a', '9lives', 'x'.repeat(SLUG_MAX)]) expect(slugIssue(ok), ok).toBeNull();
    for (const bad of ['Acme', 'acme co', 'acme_co', '-acme', 'acme-', 'acmé', 'acme/us', 'a.b']) expect(slugIssue(bad), bad).toBe(CLIENT_MESSAGES.slugFormat);
    expect(slugIssue('')).toBe(CLIENT_MESSAGES.slugRequired);
    expect(slugIssue('x'.repeat(SLUG_MAX + 1))).toBe(CLIENT_MESSAGES.slugTooLong);
    expect(slugIssue('global')).toBe(CLIENT_MESSAGES.slugReserved('global'));
  });

  it('proposes a slug from a name', () => {
    expect(proposeSlug('Initech Café & Co.')).toBe('initech-cafe-and-co');
    expect(proposeSlug('!!!')).toBe('');
    expect(slugIssue(proposeSlug('A'.repeat(200)))).toBeNull();
  });

  it('takes only slugs the rest of the application can reach: X-Context and a user\'s hierarchy grants', () => {
    // A client saved with a slug X-Context refuses answered 400 to every call made in it; one users
    // cannot be granted was seen by global admins only.
    for (const slug of ['acme', 'acme-2', 'a--b', 'x'.repeat(SLUG_MAX), 'x'.repeat(64), 'x'.repeat(80), proposeSlug('Long '.repeat(40))]) {
      if (slugIssue(slug) !== null) continue;
      expect(parseContextHeader(`${slug}/${slug}`), slug).toEqual({ client: slug, region: slug });
      expect(isHierarchySlug(`${slug}/${slug}`), slug).toBe(true);
    }
    expect(slugIssue('a--b')).toBe(CLIENT_MESSAGES.slugFormat);
    expect(slugIssue('x'.repeat(64))).toBe(CLIENT_MESSAGES.slugTooLong);
  });
});

describe('validateClient', () => {
  it('accepts a valid client, with or without a company ID', () => {
    expect(messages(draft())).toEqual([]);
    expect(messages(draft({ conversant_company_id: null }))).toEqual([]);
  });

  it('needs a name and a free, well-formed slug', () => {
    expect(fields(draft({ name: '   ' }))).toEqual({ name: CLIENT_MESSAGES.nameRequired });
    expect(fields(draft({ name: 'x'.repeat(101) }))).toEqual({ name: CLIENT_MESSAGES.nameTooLong });
    expect(fields(draft({ slug: 'Init Tech' }))).toEqual({ slug: CLIENT_MESSAGES.slugFormat });
    expect(fields(draft(), ['initech'])).toEqual({ slug: CLIENT_MESSAGES.clientSlugTaken('initech') });
  });

  it('checks the company ID with the brands rule (a whole number in range)', () => {
    for (const bad of [0, -1, 1.5, COMPANY_ID_MAX + 1, Number.NaN]) {
      expect(fields(draft({ conversant_company_id: bad })), String(bad)).toEqual({ conversant_company_id: 'Please enter a valid ID' });
    }
    expect(messages(draft({ conversant_company_id: COMPANY_ID_MAX }))).toEqual([]);
  });

  it('takes only listed languages and currencies', () => {
    expect(fields(draft({ language: 'xx-XX' }))).toEqual({ language: CLIENT_MESSAGES.languageUnknown });
    const d = draft();
    expect(fields({ ...d, regions: [d.regions[0]!, { ...d.regions[1]!, currency: 'XYZ' }] })).toEqual({ 'regions.1.currency': CLIENT_MESSAGES.currencyUnknown('XYZ') });
    expect(fields({ ...d, regions: [{ ...d.regions[0]!, currency: '' }] })).toEqual({ 'regions.0.currency': CLIENT_MESSAGES.currencyUnknown('') });
    // Typed in lowercase, stored as the code.
    expect(normalizeClient({ ...d, regions: [{ ...d.regions[0]!, currency: ' usd ' }] }).regions[0]!.currency).toBe('USD');
  });

  it('needs regions, each known and once, exactly one of them the default', () => {
    const d = draft();
    expect(fields({ ...d, regions: [] })).toEqual({ regions: CLIENT_MESSAGES.regionsRequired });
    expect(fields({ ...d, regions: d.regions.map((r) => ({ ...r, is_default: true })) })).toEqual({ regions: CLIENT_MESSAGES.oneDefault });
    expect(fields({ ...d, regions: d.regions.map((r) => ({ ...r, is_default: false })) })).toEqual({ regions: CLIENT_MESSAGES.oneDefault });
    expect(fields({ ...d, regions: [d.regions[0]!, { ...d.regions[1]!, region_id: 9 }] })).toEqual({ 'regions.1.region_id': CLIENT_MESSAGES.regionUnknown(9) });
    expect(fields({ ...d, regions: [d.regions[0]!, { ...d.regions[0]!, is_default: false }] })).toEqual({ 'regions.1.region_id': CLIENT_MESSAGES.regionRepeated('United States') });
  });

  it('takes the areas features and the client flags, nothing else; flags off are dropped', () => {
    expect(FEATURE_FLAGS).toEqual([...FEATURES, ...CLIENT_FLAGS]);
    expect(messages(draft({ feature_flags: Object.fromEntries(FEATURE_FLAGS.map((f) => [f, true])) }))).toEqual([]);
    expect(fields(draft({ feature_flags: { teleport: true } }))).toEqual({ feature_flags: CLIENT_MESSAGES.featureUnknown('teleport') });
    expect(normalizeClient(draft({ feature_flags: { grow: true, pve: false } })).feature_flags).toEqual({ grow: true });
  });
});

describe('validateRegion', () => {
  const others = [{ name: 'United States', slug: 'us' }];
  it('needs a name and slug not taken by another region', () => {
    expect(validateRegion({ name: 'France', slug: 'fr' }, others)).toEqual([]);
    expect(issueFields(validateRegion({ name: '', slug: 'fr' }, others))).toEqual({ name: CLIENT_MESSAGES.regionNameRequired });
    expect(issueFields(validateRegion({ name: 'united states', slug: 'us' }, others))).toEqual({
      name: CLIENT_MESSAGES.regionNameTaken('united states'),
      slug: CLIENT_MESSAGES.regionSlugTaken('us'),
    });
    expect(issueFields(validateRegion({ name: 'France', slug: 'FR' }, others))).toEqual({ slug: CLIENT_MESSAGES.slugFormat });
  });
});

describe('lists and words', () => {
  it('offers languages as value and text, currencies as ISO 4217 codes', () => {
    expect(LANGUAGES[0]).toEqual({ value: 'en-US', text: 'English (United States)' });
    expect(new Set(LANGUAGES.map((l) => l.value)).size).toBe(LANGUAGES.length);
    expect(CURRENCIES.every((c) => /^[A-Z]{3}$/.test(c))).toBe(true);
  });

  it('names index names (the seed and a client write both call these)', () => {
    expect(moleculaIndexName('acme', 'us')).toBe('acme_us_people');
    expect(esIndexName('acme', 'us')).toBe('acme-us-segments');
  });

  it('words flags, uses and readiness', () => {
    expect(featureLabel('customer-value')).toBe('Customer value');
    expect(featureLabel('true_target')).toBe('True target');
    expect(usesText([{ kind: 'product', name: 'A / B' }])).toBe("product 'A / B'");
    expect(usesText([{ kind: 'product', name: 'P' }, { kind: 'chart', name: 'C' }])).toBe("product 'P' and chart 'C'");
    expect(usesText(Array.from({ length: 7 }, (_, i) => ({ kind: 'audience', name: `a${i}` })), 5)).toMatch(/and 2 more$/);
    expect(readinessLabel('ready', 1)).toBe('Ready');
    expect(readinessLabel('generating', 0.426)).toBe('Generating (43 %)');
    expect(readinessLabel('none', 0)).toBe('No data');
    expect(readinessLabel('absent', 0)).toBe('No data');
  });
});
