import { addMonths, monthIndex, monthKey, monthLabel, parseMonthKey, type YearMonth } from './outcomes';

/**
 * The five analysis pages (issue 32): customer value, site visitation, best customer, customer
 * attrition and buyer retention. Each stands on a brand's buyer segments in the count engine:
 *
 * - `bought` m: people who bought the brand in month m (24 months of data);
 * - `first` m: people whose first purchase of the brand was in month m (a cohort; buyers from
 *   before the data's first month are in none);
 * - `last` m: people whose last purchase in the data was in month m (recency);
 * - `frequency` current/previous k: people who bought in k of the 12 months of the period (the
 *   last 12 months, or the 12 before them); value tiers are unions of these;
 * - the three site-visit groups Brand Management maps (customer_site_visitors, ...), and visit
 *   frequency bands of the site's visitors.
 *
 * Every figure the pages show is a count of these sets (and of the user's segment filters), on
 * either data source; the maths over those counts is here, once, for the server and the screens.
 */

export const ANALYSIS = {
  /** Months of buyer data. */
  months: 24,
  /** The last month of the demo data (the data's "as of"). */
  dataEnd: { year: 2026, month: 10 } as YearMonth,
  /** A value period: the last 12 months (current) against the 12 before (previous). */
  periodMonths: 12,
  /** Attrition: a buyer is active who bought in the last `window` months (adjustable 1..6). */
  attritionWindow: { default: 3, min: 1, max: 6 },
  /** Attrition is shown month by month over this many months. */
  attritionMonths: 12,
  /** Best customers as the top X % of buyers by spend: allowed X. */
  bestPercent: { default: 10, min: 1, max: 50 },
  /** Over-indexing segments listed on the Best Customer page. */
  overIndexed: 15,
  /** Filters: at most this many OR-groups, each of at most this many segments. */
  filterGroups: 5,
  filterGroupSegments: 50,
} as const;

/** The value tiers by purchase frequency in a 12-month period (months with a purchase), best first. */
export const VALUE_TIERS = [
  { key: 'top', name: 'Top', min: 10, max: 12 },
  { key: 'high', name: 'High', min: 6, max: 9 },
  { key: 'medium', name: 'Medium', min: 3, max: 5 },
  { key: 'low', name: 'Low', min: 1, max: 2 },
] as const;
export type TierKey = (typeof VALUE_TIERS)[number]['key'];

/** Visit frequency bands of a site's visitors in the last 12 months. */
export const VISIT_BANDS = [
  { key: 'once', name: 'Visited once' },
  { key: 'some', name: 'Visited 2-4 times' },
  { key: 'often', name: 'Visited 5 or more times' },
] as const;
export type VisitBand = (typeof VISIT_BANDS)[number]['key'];

/** The site-visit groups, in Brand Management's slot order. */
export const SITE_GROUPS = [
  { slot: 'customer_site_visitors', name: 'Customer site visitors' },
  { slot: 'customer_site_non_visitors', name: 'Customer site non-visitors' },
  { slot: 'non_customer_site_visitors', name: 'Non-customer site visitors' },
] as const;

export const ANALYSIS_TEXT = {
  noBuyerData: 'This brand has no buyer data in this region.',
  noMapping: 'This brand has no site-visit segment mapping yet.',
  mappingHelp: 'An administrator maps the three site-visit groups in Brand Management’s segment mapper.',
  badWindow: `The window is from ${ANALYSIS.attritionWindow.min} to ${ANALYSIS.attritionWindow.max} months.`,
  badPercent: `Best customers are the top ${ANALYSIS.bestPercent.min} to ${ANALYSIS.bestPercent.max} % of buyers.`,
  badBest: 'Best customers are the top tier (best=tier) or the top X % by spend (best=percent).',
  badFilters: 'A filter names segments by their ids: numbers, separated by commas, groups by semicolons.',
  tooManyFilters: `At most ${ANALYSIS.filterGroups} filters of ${ANALYSIS.filterGroupSegments} segments each.`,
} as const;

// ---- months -------------------------------------------------------------------------------------

/** The data's months, oldest first (month 0 is the first). */
export function analysisMonths(end: YearMonth = ANALYSIS.dataEnd, months: number = ANALYSIS.months): YearMonth[] {
  return Array.from({ length: months }, (_, i) => addMonths(end, i - months + 1));
}

/** The position of a month in the data (0 = the first), or null outside it. */
export function monthPosition(m: YearMonth, end: YearMonth = ANALYSIS.dataEnd, months: number = ANALYSIS.months): number | null {
  const i = monthIndex(m) - monthIndex(end) + months - 1;
  return i >= 0 && i < months ? i : null;
}

export { monthKey, monthLabel, parseMonthKey };

/** The current period's month positions (the last 12) and the previous period's (the 12 before). */
export function periodPositions(months: number = ANALYSIS.months, period: number = ANALYSIS.periodMonths) {
  const current = Array.from({ length: period }, (_, i) => months - period + i);
  const previous = current.map((p) => p - period).filter((p) => p >= 0);
  return { current, previous };
}

// ---- identifiers --------------------------------------------------------------------------------

export type BuyerSetKind = 'bought' | 'first' | 'last';
export type Period = 'current' | 'previous';

const SET_VENDORS = { buyers: 'adventure-buyers-', site: 'fabrikam-site-' } as const;

/**
 * How every identifier of the pages' sets starts: the first-party vendor's buyer sets or the site
 * panel's visit sets, of one brand (or of every brand without a slug).
 */
export const setPrefix = (kind: keyof typeof SET_VENDORS, brandSlug?: string) => `${SET_VENDORS[kind]}${brandSlug === undefined ? '' : `${brandSlug}-`}`;

/** Identifiers of a brand's buyer sets (the first-party vendor's), the same in every region of the client. */
export const buyerIdentifier = (brandSlug: string, kind: BuyerSetKind, month: YearMonth) => `${setPrefix('buyers', brandSlug)}${kind}-${monthKey(month)}`;
export const frequencyIdentifier = (brandSlug: string, period: Period, months: number) => `${setPrefix('buyers', brandSlug)}${period}-${months}m`;
export const siteGroupIdentifier = (brandSlug: string, slot: (typeof SITE_GROUPS)[number]['slot']) => `${setPrefix('site', brandSlug)}${slot.replaceAll('_', '-')}`;
export const visitBandIdentifier = (brandSlug: string, band: VisitBand) => `${setPrefix('site', brandSlug)}visits-${band}`;

/** A brand's buyer sets by what they are, each list in order (months oldest first, frequencies 1..12). */
export function buyerSetIdentifiers(brandSlug: string): Record<BuyerSetKind | Period, string[]> {
  const months = analysisMonths();
  const frequencies = Array.from({ length: ANALYSIS.periodMonths }, (_, i) => i + 1);
  return {
    bought: months.map((m) => buyerIdentifier(brandSlug, 'bought', m)),
    first: months.map((m) => buyerIdentifier(brandSlug, 'first', m)),
    last: months.map((m) => buyerIdentifier(brandSlug, 'last', m)),
    current: frequencies.map((k) => frequencyIdentifier(brandSlug, 'current', k)),
    previous: frequencies.map((k) => frequencyIdentifier(brandSlug, 'previous', k)),
  };
}

// ---- customer value -----------------------------------------------------------------------------

/** The purchase-frequency values (months with a purchase) a tier holds. */
export const tierMonths = (tier: (typeof VALUE_TIERS)[number]) => Array.from({ length: tier.max - tier.min + 1 }, (_, i) => tier.min + i);

/** The tier a frequency (months with a purchase, 1..12) falls in. */
export function tierOf(months: number): TierKey | null {
  return VALUE_TIERS.find((t) => months >= t.min && months <= t.max)?.key ?? null;
}

export interface TierFigures {
  key: TierKey;
  name: string;
  people: number;
  /** Purchase months (a person buying in 7 months counts 7). */
  purchases: number;
  share_of_buyers: number;
  share_of_spend: number;
  /** Spend per buyer in the period: purchases x spend per purchase month / people. */
  average_spend: number;
}

/**
 * Tiers from people per frequency (index k - 1 = people who bought in k months). Spend is
 * purchase months x the brand's spend per purchase month, so a tier's share of spend is its share
 * of purchase months.
 */
export function tierFigures(byFrequency: readonly number[], spendPerPurchase: number): TierFigures[] {
  const people = (k: number) => byFrequency[k - 1] ?? 0;
  const allPeople = byFrequency.reduce((s, n) => s + n, 0);
  const allPurchases = byFrequency.reduce((s, n, i) => s + n * (i + 1), 0);
  return VALUE_TIERS.map((tier) => {
    const ks = tierMonths(tier);
    const n = ks.reduce((s, k) => s + people(k), 0);
    const purchases = ks.reduce((s, k) => s + k * people(k), 0);
    return {
      key: tier.key,
      name: tier.name,
      people: n,
      purchases,
      share_of_buyers: allPeople === 0 ? 0 : n / allPeople,
      share_of_spend: allPurchases === 0 ? 0 : purchases / allPurchases,
      average_spend: n === 0 ? 0 : (purchases * spendPerPurchase) / n,
    };
  });
}

export interface TierMovementRow {
  from: TierKey | 'new';
  /** People per current tier, in VALUE_TIERS order. */
  to: number[];
  /** People of the previous tier who bought nothing in the current period (0 for new buyers). */
  lapsed: number;
  stayed: number;
  moved_up: number;
  moved_down: number;
  total: number;
}

/**
 * The flow table from the previous period's tiers to the current one's. `matrix[j][i]` is the
 * people in previous tier j and current tier i; `previousSizes[j]` previous tier j's people;
 * `currentSizes[i]` current tier i's. Lapsed is previous minus those in any current tier; the
 * "new" row is the current tiers' people in no previous tier (new or returning after a year).
 */
export function tierMovement(matrix: readonly (readonly number[])[], previousSizes: readonly number[], currentSizes: readonly number[]): TierMovementRow[] {
  const n = VALUE_TIERS.length;
  const rows: TierMovementRow[] = VALUE_TIERS.map((tier, j) => {
    const to = Array.from({ length: n }, (_, i) => matrix[j]?.[i] ?? 0);
    const kept = to.reduce((s, x) => s + x, 0);
    const total = previousSizes[j] ?? 0;
    // Tiers are best first: a lower index is a better tier.
    const movedUp = to.reduce((s, x, i) => (i < j ? s + x : s), 0);
    const movedDown = to.reduce((s, x, i) => (i > j ? s + x : s), 0);
    return { from: tier.key, to, lapsed: Math.max(0, total - kept), stayed: to[j] ?? 0, moved_up: movedUp, moved_down: movedDown, total };
  });
  const fromNone = Array.from({ length: n }, (_, i) => Math.max(0, (currentSizes[i] ?? 0) - VALUE_TIERS.reduce((s, _t, j) => s + (matrix[j]?.[i] ?? 0), 0)));
  rows.push({ from: 'new', to: fromNone, lapsed: 0, stayed: 0, moved_up: 0, moved_down: 0, total: fromNone.reduce((s, x) => s + x, 0) });
  return rows;
}

// ---- best customer ------------------------------------------------------------------------------

/**
 * The best customers as the top `percent` % of buyers by spend: the smallest set of the highest
 * purchase frequencies that holds at least that share of buyers (frequencies are not split, so
 * the share is what the data allows). Returns the lowest frequency kept and the share it gives.
 */
export function topPercentCut(byFrequency: readonly number[], percent: number): { minMonths: number; people: number; share: number } {
  const all = byFrequency.reduce((s, n) => s + n, 0);
  let people = 0;
  for (let k = byFrequency.length; k >= 1; k--) {
    people += byFrequency[k - 1] ?? 0;
    if (all > 0 && people / all >= percent / 100) return { minMonths: k, people, share: people / all };
  }
  return { minMonths: 1, people, share: all === 0 ? 0 : 1 };
}

/** A query's whole number as typed (`3`, `-1`), else NaN: `2.5`, `0x3`, `1e1` and `` are not. */
const wholeNumber = (text: string) => (/^\s*[-+]?\d{1,15}\s*$/.test(text) ? Number(text) : Number.NaN);

export function checkBestPercent(percent: number): string | null {
  return Number.isInteger(percent) && percent >= ANALYSIS.bestPercent.min && percent <= ANALYSIS.bestPercent.max ? null : ANALYSIS_TEXT.badPercent;
}

export type BestDefinition = { best: 'tier'; percent: null } | { best: 'percent'; percent: number };

/**
 * The Best Customer page's definition from its query (`best=tier`, or `best=percent&percent=10`;
 * the tier ignores a percent), or the rule's refusal and the parameter refused.
 */
export function parseBest(best: string | undefined, percent: string | undefined): BestDefinition | { error: string; field: 'best' | 'percent' } {
  if (best === undefined || best === 'tier') return { best: 'tier', percent: null };
  if (best !== 'percent') return { error: ANALYSIS_TEXT.badBest, field: 'best' };
  const n = percent === undefined ? ANALYSIS.bestPercent.default : wholeNumber(percent);
  const refused = checkBestPercent(n);
  return refused ? { error: refused, field: 'percent' } : { best: 'percent', percent: n };
}

/** An index of a share against a base share (100 = the same), null without a base. */
export const shareIndex = (share: number, baseShare: number) => (baseShare === 0 ? null : (100 * share) / baseShare);

// ---- customer attrition -------------------------------------------------------------------------

export function checkWindow(window: number): string | null {
  return Number.isInteger(window) && window >= ANALYSIS.attritionWindow.min && window <= ANALYSIS.attritionWindow.max ? null : ANALYSIS_TEXT.badWindow;
}

/** The attrition window from its query (`window=3`, the default without one), or the rule's refusal. */
export function parseWindow(text: string | undefined): { window: number } | { error: string } {
  const window = text === undefined ? ANALYSIS.attritionWindow.default : wholeNumber(text);
  const refused = checkWindow(window);
  return refused ? { error: refused } : { window };
}

/**
 * The windows of month position t for a window of w months: recent [t-w+1, t], earlier
 * [t-2w+1, t-w], and before (every month before the earlier window). Positions below 0 are
 * dropped (the data starts at 0).
 */
export function attritionWindows(t: number, w: number) {
  const range = (from: number, to: number) => Array.from({ length: Math.max(0, to - Math.max(0, from) + 1) }, (_, i) => Math.max(0, from) + i);
  return { recent: range(t - w + 1, t), earlier: range(t - 2 * w + 1, t - w), before: range(0, t - 2 * w) };
}

/** The month positions shown on the attrition page: the last `shown` months whose windows fit in the data. */
export function attritionPositions(months: number = ANALYSIS.months, w: number = ANALYSIS.attritionWindow.default, shown: number = ANALYSIS.attritionMonths): number[] {
  const first = Math.max(2 * w - 1, months - shown);
  return Array.from({ length: months - first }, (_, i) => first + i);
}

export interface AttritionCounts {
  /** People who bought in the recent window. */
  recent: number;
  /** People who bought in the earlier window. */
  earlier: number;
  /** People who bought in both. */
  both: number;
  /** People who bought at any time up to this month. */
  ever: number;
  /** People whose first purchase was in the recent window. */
  new: number;
}

export interface AttritionMonth {
  /** Bought in the recent window (retained + won back + new). */
  active: number;
  /** Bought in both windows. */
  retained: number;
  new: number;
  /** Bought in the recent window, not the earlier one, and are not new. */
  won_back: number;
  /** Bought in the earlier window, not the recent one: lapsing. */
  at_risk: number;
  /** Bought before, in neither window. */
  lapsed: number;
  /** At risk as a share of the earlier window's buyers; null without any. */
  attrition_rate: number | null;
}

/** A month's states from its counts: every state is a difference of counted sets. */
export function attritionMonth(c: AttritionCounts): AttritionMonth {
  const atRisk = c.earlier - c.both;
  const lapsed = Math.max(0, c.ever - (c.recent + c.earlier - c.both));
  return {
    active: c.recent,
    retained: c.both,
    new: c.new,
    won_back: Math.max(0, c.recent - c.both - c.new),
    at_risk: atRisk,
    lapsed,
    attrition_rate: c.earlier === 0 ? null : atRisk / c.earlier,
  };
}

// ---- buyer retention ----------------------------------------------------------------------------

export type RetentionMode = 'n-month' | 'unbounded';

export interface CohortRow {
  month: string;
  size: number;
  /** People per month since (0 = the cohort's month: everyone), as far as the data goes. */
  counts: number[];
  /** Shares of size, the same length. */
  shares: number[];
  /**
   * Whether the cohort has been followed for the whole horizon (`horizon` months after its own):
   * a newer cohort's row is shorter and its later figures are not known yet (marked on the page).
   */
  complete: boolean;
}

/**
 * A cohort's row from counts. N-month: `boughtIn[k]` = people of the cohort who bought in month
 * c + k. Unbounded: people who bought in month c + k or any later month, from `lastIn[k]` =
 * people whose last purchase was month c + k (the sum of lastIn from k on). Month 0 is the
 * cohort (100 %).
 */
export function cohortRow(month: string, size: number, boughtIn: readonly number[], lastIn: readonly number[], mode: RetentionMode, horizon: number = ANALYSIS.periodMonths): CohortRow {
  const n = boughtIn.length;
  const counts =
    mode === 'n-month'
      ? boughtIn.map((x, k) => (k === 0 ? size : x))
      : Array.from({ length: n }, (_, k) => (k === 0 ? size : lastIn.slice(k).reduce((s, x) => s + x, 0)));
  return {
    month,
    size,
    counts,
    shares: counts.map((x) => (size === 0 ? 0 : x / size)),
    complete: n > horizon,
  };
}

/**
 * The average retention curve: at each month since, the cohorts that reach it, weighted by their
 * size (people retained / people in those cohorts), so small cohorts do not swing it. Null where
 * no cohort reaches.
 */
export function averageRetention(rows: readonly Pick<CohortRow, 'size' | 'counts'>[]): (number | null)[] {
  const longest = Math.max(0, ...rows.map((r) => r.counts.length));
  return Array.from({ length: longest }, (_, k) => {
    let kept = 0;
    let of = 0;
    for (const r of rows) {
      if (k < r.counts.length) {
        kept += r.counts[k]!;
        of += r.size;
      }
    }
    return of === 0 ? null : kept / of;
  });
}

// ---- filters ------------------------------------------------------------------------------------

/**
 * The pages' segment filters travel in the query as `filters=1,2;3`: groups separated by `;`
 * (ANDed), segment short ids by `,` (ORed within a group). The empty string is no filter.
 */
export const filterParam = (groups: readonly (readonly number[])[]) => groups.map((g) => g.join(',')).join(';');

export function parseFilterParam(text: string | undefined): { groups: number[][] } | { error: string } {
  if (text === undefined || text.trim() === '') return { groups: [] };
  const groups = text.split(';').map((g) => g.split(',').map((id) => id.trim()));
  if (groups.some((g) => g.some((id) => !/^[1-9]\d{0,9}$/.test(id)))) return { error: ANALYSIS_TEXT.badFilters };
  if (groups.length > ANALYSIS.filterGroups || groups.some((g) => g.length > ANALYSIS.filterGroupSegments)) return { error: ANALYSIS_TEXT.tooManyFilters };
  return { groups: groups.map((g) => [...new Set(g.map(Number))]) };
}
