/**
 * Client and region rules (spec 2 §3, §7; spec 1 §3): what a valid client or region is, with the
 * messages the form and the server both give, the language and currency options, the feature
 * flags a client may have, and the index names a new client region gets. Pure.
 */
import { FEATURES } from './access';
import { BRAND_TEXT, isValidCompanyId, slugify } from './brands';

export const CLIENT_NAME_MAX = 100;
export const REGION_NAME_MAX = 100;
/**
 * The longest segment X-Context and the address take (rules/context.ts): a longer client or region
 * slug was saved, and then every call made in that client answered 400.
 */
export const SLUG_MAX = 63;
/** A client has at most this many regions (a guard on the payload, far above any real client). */
export const CLIENT_REGIONS_MAX = 100;

/**
 * Lowercase a-z and 0-9 in runs joined by single hyphens (it is a URL segment), as a user's
 * hierarchy grants take them (rules/roles.ts isHierarchySlug): 'a--b' could not be granted.
 */
const SLUG = /^[a-z0-9]+(?:-[a-z0-9]+)*$/;
/** Slugs the application's own routes use at the first or second URL level: a client or region named so would be unreachable. */
export const RESERVED_SLUGS: readonly string[] = ['global', 'login', 'health', 'home', 'notice', 'privacy-policy', 'api', 'assets', 'brands', 'upload', 'toolbox-app', 'invite'];

export const CLIENT_MESSAGES = {
  nameRequired: 'Client name is required.',
  nameTooLong: `A client name can be at most ${CLIENT_NAME_MAX} characters.`,
  regionNameRequired: 'Region name is required.',
  regionNameTooLong: `A region name can be at most ${REGION_NAME_MAX} characters.`,
  slugRequired: 'Slug is required.',
  slugFormat: "A slug may hold only lowercase letters a-z, digits 0-9 and '-', and cannot start or end with '-' or hold '--'.",
  slugTooLong: `A slug can be at most ${SLUG_MAX} characters.`,
  slugReserved: (slug: string) => `"${slug}" is a page of the application and cannot be a slug.`,
  clientSlugTaken: (slug: string) => `A client with the slug "${slug}" already exists.`,
  regionSlugTaken: (slug: string) => `A region with the slug "${slug}" already exists.`,
  regionNameTaken: (name: string) => `A region named "${name}" already exists.`,
  /** Company IDs follow the brand rule (rules/brands.ts). */
  companyIdInvalid: BRAND_TEXT.invalidId,
  languageUnknown: 'Choose a language from the list.',
  regionsRequired: 'A client needs at least one region.',
  tooManyRegions: `A client can have at most ${CLIENT_REGIONS_MAX} regions.`,
  regionUnknown: (id: number) => `Region ${id} does not exist.`,
  regionRepeated: (name: string) => `${name} is listed twice.`,
  oneDefault: 'Choose exactly one default region.',
  currencyUnknown: (code: string) => (code ? `${code} is not a currency of the list.` : 'Choose a currency for each region.'),
  featureUnknown: (flag: string) => `${flag} is not a feature a client can have.`,
  regionInUse: (region: string, client: string, uses: string) => `${region} cannot be removed from ${client} while it is used by ${uses}.`,
  saved: (name: string) => `${name} saved.`,
  created: (name: string) => `${name} created.`,
  offline: 'You are offline: administration changes need the server. Nothing was lost; save again once you are back online.',
} as const;

const USE_KINDS: Record<string, string> = {
  product: 'product',
  chart: 'chart',
  journey: 'journey',
  persona: 'persona',
  comparison: 'comparison',
  audience: 'audience',
  motivation_audience: 'motivation audience',
};

/** The first few uses, as a sentence's subject ("product 'Fizz / Zero', chart 'Q3' and 4 more"). */
export function usesText(uses: readonly { kind: string; name: string }[], shown = 5): string {
  const listed = uses.slice(0, shown).map((u) => `${USE_KINDS[u.kind] ?? u.kind} '${u.name}'`);
  const more = uses.length - shown;
  if (more > 0) return `${listed.join(', ')} and ${more} more`;
  return listed.length > 1 ? `${listed.slice(0, -1).join(', ')} and ${listed.at(-1)}` : (listed[0] ?? '');
}

/** What the dashboard says of a client region's data. */
export function readinessLabel(state: string, progress: number): string {
  const percent = Math.round(progress * 100);
  switch (state) {
    case 'ready': return 'Ready';
    case 'queued': return 'Queued';
    case 'generating': return `Generating (${percent} %)`;
    case 'loading': return `Loading (${percent} %)`;
    case 'failed': return 'Failed';
    default: return 'No data';
  }
}

/** Language options of GET /api/languages (spec 2 §7: value and text). */
export const LANGUAGES = [
  { value: 'en-US', text: 'English (United States)' },
  { value: 'en-GB', text: 'English (United Kingdom)' },
  { value: 'en-AU', text: 'English (Australia)' },
  { value: 'en-CA', text: 'English (Canada)' },
  { value: 'fr-FR', text: 'French (France)' },
  { value: 'fr-CA', text: 'French (Canada)' },
  { value: 'de-DE', text: 'German (Germany)' },
  { value: 'es-ES', text: 'Spanish (Spain)' },
  { value: 'es-MX', text: 'Spanish (Mexico)' },
  { value: 'it-IT', text: 'Italian (Italy)' },
  { value: 'nl-NL', text: 'Dutch (Netherlands)' },
  { value: 'pt-BR', text: 'Portuguese (Brazil)' },
  { value: 'ja-JP', text: 'Japanese (Japan)' },
] as const;
export const DEFAULT_LANGUAGE = 'en-US';

/**
 * Currencies a client region may use: ISO 4217 codes of the markets the product serves (a
 * documented subset, not the whole standard; add a code here to offer it).
 */
export const CURRENCIES = [
  'USD', 'GBP', 'EUR', 'AUD', 'CAD', 'NZD', 'JPY', 'CNY', 'HKD', 'SGD', 'INR', 'KRW',
  'CHF', 'SEK', 'NOK', 'DKK', 'PLN', 'CZK', 'BRL', 'MXN', 'ARS', 'CLP', 'COP', 'ZAR', 'AED', 'SAR', 'ILS', 'TRY',
] as const;

/** Client flags beyond the gated areas (spec 1 §3: feature_flags seen). */
export const CLIENT_FLAGS = ['true_target', 'pve', 'pve_product_category', 'nlrr', 'nlrr_demo', 'path_to_purchase', 'path_to_purchase_demo'] as const;
/** Every flag a client's feature access may set: the areas' features (rules/access.ts), then the client flags. */
export const FEATURE_FLAGS: readonly string[] = [...FEATURES, ...CLIENT_FLAGS];

/** What the form shows for a flag: its words, capitalised ('customer-value' -> 'Customer value'). */
export function featureLabel(flag: string): string {
  const words = flag.replace(/[-_]/g, ' ');
  return `${words.charAt(0).toUpperCase()}${words.slice(1)}`;
}

/** The index names a client region's data lives under (the seed's and a client write's). */
export const moleculaIndexName = (client: string, region: string) => `${client}_${region}_people`;
export const esIndexName = (client: string, region: string) => `${client}-${region}-segments`;

/** A slug proposed from a name (the brands' slugify, cut to SLUG_MAX), empty when the name has no letter or digit. */
export const proposeSlug = (name: string) => slugify(name, '').slice(0, SLUG_MAX).replace(/-+$/, '');

/** The message for a slug that breaks a rule, or null. */
export function slugIssue(slug: string): string | null {
  if (slug === '') return CLIENT_MESSAGES.slugRequired;
  if (slug.length > SLUG_MAX) return CLIENT_MESSAGES.slugTooLong;
  if (!SLUG.test(slug)) return CLIENT_MESSAGES.slugFormat;
  if (RESERVED_SLUGS.includes(slug)) return CLIENT_MESSAGES.slugReserved(slug);
  return null;
}

export interface ClientRegionDraft {
  region_id: number;
  currency: string;
  is_default: boolean;
  market_level_only: boolean;
}

export interface ClientDraft {
  name: string;
  slug: string;
  conversant_company_id: number | null;
  language: string;
  feature_flags: Record<string, boolean>;
  regions: readonly ClientRegionDraft[];
}

/** A form field (or `regions.N.currency`) and what is wrong with it. */
export interface ClientIssue {
  field: string;
  message: string;
}

/** Name and slug trimmed, flags kept only when on, so a stored client is the same however it was typed. */
export function normalizeClient<T extends ClientDraft>(draft: T): T {
  const flags = Object.fromEntries(Object.entries(draft.feature_flags).filter(([, on]) => on));
  return { ...draft, name: draft.name.trim(), slug: draft.slug.trim(), feature_flags: flags, regions: draft.regions.map((r) => ({ ...r, currency: r.currency.trim().toUpperCase() })) };
}

/**
 * Everything wrong with a normalized client, in form order; empty when it is valid.
 * @param known region ids and names that exist, and slugs other clients have
 */
export function validateClient(
  draft: ClientDraft,
  known: { regions: ReadonlyMap<number, string>; otherSlugs: readonly string[] },
): ClientIssue[] {
  const issues: ClientIssue[] = [];
  if (draft.name === '') issues.push({ field: 'name', message: CLIENT_MESSAGES.nameRequired });
  else if (draft.name.length > CLIENT_NAME_MAX) issues.push({ field: 'name', message: CLIENT_MESSAGES.nameTooLong });

  const slug = slugIssue(draft.slug);
  if (slug) issues.push({ field: 'slug', message: slug });
  else if (known.otherSlugs.includes(draft.slug)) issues.push({ field: 'slug', message: CLIENT_MESSAGES.clientSlugTaken(draft.slug) });

  if (draft.conversant_company_id !== null && !isValidCompanyId(draft.conversant_company_id)) {
    issues.push({ field: 'conversant_company_id', message: CLIENT_MESSAGES.companyIdInvalid });
  }
  if (!LANGUAGES.some((l) => l.value === draft.language)) issues.push({ field: 'language', message: CLIENT_MESSAGES.languageUnknown });

  if (draft.regions.length === 0) issues.push({ field: 'regions', message: CLIENT_MESSAGES.regionsRequired });
  else if (draft.regions.length > CLIENT_REGIONS_MAX) issues.push({ field: 'regions', message: CLIENT_MESSAGES.tooManyRegions });
  else if (draft.regions.filter((r) => r.is_default).length !== 1) issues.push({ field: 'regions', message: CLIENT_MESSAGES.oneDefault });
  const seen = new Set<number>();
  draft.regions.forEach((r, i) => {
    const name = known.regions.get(r.region_id);
    if (name === undefined) issues.push({ field: `regions.${i}.region_id`, message: CLIENT_MESSAGES.regionUnknown(r.region_id) });
    else if (seen.has(r.region_id)) issues.push({ field: `regions.${i}.region_id`, message: CLIENT_MESSAGES.regionRepeated(name) });
    seen.add(r.region_id);
    if (!(CURRENCIES as readonly string[]).includes(r.currency)) issues.push({ field: `regions.${i}.currency`, message: CLIENT_MESSAGES.currencyUnknown(r.currency) });
  });

  for (const flag of Object.keys(draft.feature_flags)) {
    if (!FEATURE_FLAGS.includes(flag)) issues.push({ field: 'feature_flags', message: CLIENT_MESSAGES.featureUnknown(flag) });
  }
  return issues;
}

export interface RegionDraft {
  name: string;
  slug: string;
}

/**
 * Everything wrong with a region (name and slug trimmed by the caller).
 * @param others the other regions' names and slugs
 */
export function validateRegion(draft: RegionDraft, others: readonly RegionDraft[]): ClientIssue[] {
  const issues: ClientIssue[] = [];
  if (draft.name === '') issues.push({ field: 'name', message: CLIENT_MESSAGES.regionNameRequired });
  else if (draft.name.length > REGION_NAME_MAX) issues.push({ field: 'name', message: CLIENT_MESSAGES.regionNameTooLong });
  else if (others.some((o) => o.name.toLowerCase() === draft.name.toLowerCase())) issues.push({ field: 'name', message: CLIENT_MESSAGES.regionNameTaken(draft.name) });
  const slug = slugIssue(draft.slug);
  if (slug) issues.push({ field: 'slug', message: slug });
  else if (others.some((o) => o.slug === draft.slug)) issues.push({ field: 'slug', message: CLIENT_MESSAGES.regionSlugTaken(draft.slug) });
  return issues;
}

/** Issues as the API's 422 details.fields: { field: first message }. */
export function issueFields(issues: readonly ClientIssue[]): Record<string, string> {
  const fields: Record<string, string> = {};
  for (const i of issues) fields[i.field] ??= i.message;
  return fields;
}
