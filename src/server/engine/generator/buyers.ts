import { ANALYSIS_VENDORS } from '@shared/rules/data-checks';
import {
  ANALYSIS,
  SITE_GROUPS,
  VISIT_BANDS,
  analysisMonths,
  buyerIdentifier,
  frequencyIdentifier,
  monthLabel,
  periodPositions,
  siteGroupIdentifier,
  visitBandIdentifier,
  type BuyerSetKind,
  type Period,
  type VisitBand,
} from '@shared/rules/analysis';
import { CATEGORIES } from './catalog';
import type { SegmentDefinition } from './generator';
import { Random } from './random';
import { sample, valueProbabilities } from './sampling';

/**
 * Brand buyers in the synthetic data (issue 32): for each brand of a client, 24 months of
 * purchases simulated person by person, and the sets the analysis pages stand on (see
 * shared/rules/analysis.ts): who bought in each month, each first-purchase cohort, each month of
 * last purchase, purchase frequency in the last 12 months and the 12 before, and the brand site's
 * visitors (the three groups Brand Management maps, and visit frequency bands).
 *
 * The simulation: a brand's buyers lean on some values of one category; each buyer has a
 * heaviness (most are light, a few buy nearly every month; heavier in some values of the same
 * category, so the best customers' profile differs from all buyers'). Some were buyers before the
 * data starts; the rest make a first purchase in a month drawn with a seasonal swing. An active
 * buyer buys in a month with a chance that grows with heaviness and dips in the brand's low
 * season; each month an active buyer may lapse (new buyers far more in their first months: the
 * steep start of every retention curve), and a lapsed one may be won back. Added after the
 * catalogue's other segments and the funnels, from their own random streams, so nothing else changes.
 */
export interface BuyerBrand {
  /** The brand's slug: the identifiers name it (shared/rules/analysis.ts). */
  slug: string;
  name: string;
  /** The share of people who buy the brand at some time in the data. */
  reach: number;
  /** Of them, the share who were buyers before the data's first month. */
  existing: number;
  /** Multiplies the monthly purchase chance (a habit brand buys more often). */
  loyalty: number;
  /** The months (1-12) of the low season and the factor on the purchase chance in them. */
  lowSeason: { months: number[]; factor: number };
  /** The category its buyers lean on. */
  categoryIndex: number;
  /** The brand's average spend in a month with a purchase (the region's currency). */
  spendPerPurchase: number;
  /** The share of current buyers who visit the brand's site, and of everyone else. */
  siteVisitors: { buyers: number; others: number } | null;
}

/** Buyer segments' short ids start here past the region's base: above the funnels', below stored sets'. */
export const BUYERS_SHORT_ID_OFFSET = 41_000;

/** The demo's buyer data: each acme brand, each at its own strength. */
export const BUYER_BRANDS: Readonly<Record<string, readonly BuyerBrand[]>> = {
  acme: [
    { slug: 'fizz-cola', name: 'Fizz Cola', reach: 0.34, existing: 0.45, loyalty: 1, lowSeason: { months: [1, 2], factor: 0.7 }, categoryIndex: 0, spendPerPurchase: 11.4, siteVisitors: { buyers: 0.32, others: 0.05 } },
    { slug: 'mountain-spring', name: 'Mountain Spring', reach: 0.26, existing: 0.4, loyalty: 1.1, lowSeason: { months: [12, 1], factor: 0.75 }, categoryIndex: 2, spendPerPurchase: 8.9, siteVisitors: { buyers: 0.22, others: 0.03 } },
    { slug: 'crunchies', name: 'Crunchies', reach: 0.29, existing: 0.5, loyalty: 0.97, lowSeason: { months: [6, 7], factor: 0.8 }, categoryIndex: 6, spendPerPurchase: 6.2, siteVisitors: null },
    { slug: 'nutty-bar', name: 'Nutty Bar', reach: 0.12, existing: 0.35, loyalty: 1, lowSeason: { months: [7, 8], factor: 0.75 }, categoryIndex: 3, spendPerPurchase: 4.8, siteVisitors: null },
    { slug: 'glow', name: 'Glow', reach: 0.18, existing: 0.55, loyalty: 0.97, lowSeason: { months: [11, 12], factor: 0.85 }, categoryIndex: 1, spendPerPurchase: 14.5, siteVisitors: { buyers: 0.4, others: 0.06 } },
  ],
};

/** The brand with buyer data, by client and brand slug, or null. */
export function buyerBrandOf(clientSlug: string, brandSlug: string): BuyerBrand | null {
  return BUYER_BRANDS[clientSlug]?.find((b) => b.slug === brandSlug) ?? null;
}

/** Where a segment sits in its brand's buyer data. */
export type BuyerPlace =
  | { brand: number; kind: BuyerSetKind; month: number }
  | { brand: number; kind: 'frequency'; period: Period; months: number }
  | { brand: number; kind: 'site'; slot: (typeof SITE_GROUPS)[number]['slot'] }
  | { brand: number; kind: 'visits'; band: VisitBand };

const FIRST_PARTY = ANALYSIS_VENDORS.firstParty;
const PANEL = ANALYSIS_VENDORS.panel;
const M = ANALYSIS.months;

/** The brand's segment definitions, with short ids from shortIdBase + BUYERS_SHORT_ID_OFFSET + 1 in brand order. */
export function buyerSegments(brands: readonly BuyerBrand[], shortIdBase: number): SegmentDefinition[] {
  const out: SegmentDefinition[] = [];
  const months = analysisMonths();
  for (const [b, brand] of brands.entries()) {
    const add = (identifier: string, pathParts: string[], vendor: { vendor_name: string; vendor_type: string }, density: number, buyers: BuyerPlace) =>
      out.push({
        shortId: shortIdBase + BUYERS_SHORT_ID_OFFSET + out.length + 1,
        identifier,
        name: pathParts.join(' > '),
        pathParts,
        vendorName: vendor.vendor_name,
        vendorType: vendor.vendor_type,
        deleted: false,
        kind: 'regular',
        density,
        categoryIndex: brand.categoryIndex,
        lifts: [],
        allowCreateAudienceSingle: true,
        buyers,
      });
    // First-party transactions and the site's visit panel: named so they list after the catalogue's
    // own (Behaviour, Interests, Purchase Intent) and the funnels, by name as every list sorts.
    const top = 'Transactions';
    for (const [m, month] of months.entries()) add(buyerIdentifier(brand.slug, 'bought', month), [top, brand.name, `Bought in ${monthLabel(month)}`], FIRST_PARTY, brand.reach * 0.4, { brand: b, kind: 'bought', month: m });
    for (const [m, month] of months.entries()) add(buyerIdentifier(brand.slug, 'first', month), [top, brand.name, `First bought in ${monthLabel(month)}`], FIRST_PARTY, (brand.reach * (1 - brand.existing)) / M, { brand: b, kind: 'first', month: m });
    for (const [m, month] of months.entries()) add(buyerIdentifier(brand.slug, 'last', month), [top, brand.name, `Last bought in ${monthLabel(month)}`], FIRST_PARTY, brand.reach / M, { brand: b, kind: 'last', month: m });
    for (const period of ['current', 'previous'] as const) {
      for (let k = 1; k <= ANALYSIS.periodMonths; k++) {
        const words = `Bought in ${k} of the ${period === 'current' ? 'last' : 'previous'} ${ANALYSIS.periodMonths} months`;
        add(frequencyIdentifier(brand.slug, period, k), ['Transactions', brand.name, words], FIRST_PARTY, brand.reach / 20, { brand: b, kind: 'frequency', period, months: k });
      }
    }
    if (brand.siteVisitors) {
      for (const group of SITE_GROUPS) add(siteGroupIdentifier(brand.slug, group.slot), ['Web Visits', brand.name, group.name], PANEL, brand.siteVisitors.others, { brand: b, kind: 'site', slot: group.slot });
      for (const band of VISIT_BANDS) add(visitBandIdentifier(brand.slug, band.key), ['Web Visits', brand.name, band.name], PANEL, brand.siteVisitors.others / 3, { brand: b, kind: 'visits', band: band.key });
    }
  }
  return out;
}

/** The chance a buyer of heaviness h buys in a month of the year, active. */
const buyChance = (brand: BuyerBrand, h: number, monthOfYear: number) =>
  Math.min(0.97, (0.1 + 0.82 * h) * brand.loyalty * (brand.lowSeason.months.includes(monthOfYear) ? brand.lowSeason.factor : 1));

/** The chance an active buyer lapses this month: new buyers far more in their first months. */
const lapseChance = (h: number, monthsSinceFirst: number | null) => 0.03 + 0.08 * (1 - h) + (monthsSinceFirst === null ? 0 : 0.3 * Math.exp(-monthsSinceFirst / 1.6));

const WIN_BACK = 0.03;
/** Set on a person's mask when they were a buyer before the data's first month. */
const EXISTING = 1 << 30;

const popcount = (x: number) => {
  let n = 0;
  for (let v = x; v; v &= v - 1) n++;
  return n;
};

/**
 * The members of one brand's buyer segments (its definitions, in catalogue order), from the
 * lists of people by value of the brand's category (each sorted).
 */
export function* buyerMembers(
  brand: BuyerBrand,
  segments: readonly SegmentDefinition[],
  lists: Uint32Array[],
  people: number,
  seed: number | string,
): Generator<{ segment: SegmentDefinition; members: Uint32Array }> {
  const random = new Random(`buyers:${seed}:${brand.slug}`);
  // The values buyers lean on, and the (other) values heavy buyers lean on: from the catalogue's stream, the same in every region.
  const lean = new Random(`buyers-lean:${brand.slug}`);
  const values = CATEGORIES[brand.categoryIndex]?.values.length ?? lists.length;
  const lifts = Array.from({ length: values }, () => 1);
  const heavy = Array.from({ length: values }, () => 1);
  for (let k = 0; k < 2; k++) lifts[lean.int(values)] = 1.6 + lean.next();
  for (let k = 0; k < 2; k++) heavy[lean.int(values)] = 1.8 + lean.next() * 0.6;
  const shares = lists.map((list) => list.length / people);
  const chances = valueProbabilities(brand.reach, lifts, shares);
  const months = analysisMonths();
  const acquisition = months.map((m) => 1 + 0.35 * Math.cos((2 * Math.PI * (m.month - 7)) / 12));
  const acquisitionTotal = acquisition.reduce((s, a) => s + a, 0);

  const mask = new Uint32Array(people);
  const visits = new Uint8Array(people);
  const { current } = periodPositions();
  const currentBits = current.reduce((bits, p) => bits | (1 << p), 0);

  for (const [v, list] of lists.entries()) {
    const chosen: number[] = [];
    sample(list, chances[v] ?? 0, random, chosen);
    for (const id of chosen) {
      // Most buyers are light: h skews low; the heavy values' buyers are heavier.
      const h = Math.min(1, Math.pow(random.next(), 2.2) * (heavy[v] ?? 1));
      let bits = 0;
      let first: number | null = null;
      let active = true;
      if (random.next() < brand.existing) bits |= EXISTING;
      else {
        // The month of the first purchase, with a summer swing in acquisition.
        let r = random.next() * acquisitionTotal;
        first = 0;
        while (first < M - 1 && (r -= acquisition[first]!) > 0) first++;
      }
      for (let t = first ?? 0; t < M; t++) {
        const since = first === null ? null : t - first;
        if (since === 0) bits |= 1 << t;
        else if (active) {
          if (random.next() < buyChance(brand, h, months[t]!.month)) bits |= 1 << t;
          else if (random.next() < lapseChance(h, since)) active = false;
        } else if (random.next() < WIN_BACK) {
          active = true;
          bits |= 1 << t;
        }
      }
      mask[id] = bits;
      if (brand.siteVisitors && bits & currentBits && random.next() < brand.siteVisitors.buyers * (0.6 + h)) {
        visits[id] = visitBand(random, 0.25 + h);
      }
    }
    if (brand.siteVisitors) {
      const visitors: number[] = [];
      sample(list, brand.siteVisitors.others * (lifts[v] ?? 1), random, visitors);
      for (const id of visitors) if (!(mask[id]! & currentBits) && visits[id] === 0) visits[id] = visitBand(random, 0.1);
    }
  }

  // One pass over everyone, each set's people in order.
  const index = new Map<string, number>();
  segments.forEach((s, i) => index.set(key(s.buyers!), i));
  const sets: number[][] = segments.map(() => []);
  const push = (k: string, id: number) => {
    const i = index.get(k);
    if (i !== undefined) sets[i]!.push(id);
  };
  const previousMask = (1 << ANALYSIS.periodMonths) - 1;
  for (let id = 0; id < people; id++) {
    const bits = mask[id]!;
    const bought = bits & ~EXISTING;
    if (bought) {
      for (let t = 0; t < M; t++) if (bought & (1 << t)) push(`bought:${t}`, id);
      if (!(bits & EXISTING)) push(`first:${31 - Math.clz32(bought & -bought)}`, id);
      push(`last:${31 - Math.clz32(bought)}`, id);
      const inCurrent = popcount(bought & currentBits);
      const inPrevious = popcount(bought & previousMask);
      if (inCurrent) push(`frequency:current:${inCurrent}`, id);
      if (inPrevious) push(`frequency:previous:${inPrevious}`, id);
    }
    const band = visits[id]!;
    if (brand.siteVisitors) {
      const buyer = (bought & currentBits) !== 0;
      if (band && buyer) push('site:customer_site_visitors', id);
      else if (buyer) push('site:customer_site_non_visitors', id);
      else if (band) push('site:non_customer_site_visitors', id);
      if (band) push(`visits:${VISIT_BANDS[band - 1]!.key}`, id);
    }
  }
  for (const [i, segment] of segments.entries()) {
    yield { segment, members: Uint32Array.from(sets[i]!) };
    sets[i] = [];
  }
}

/** A visitor's band (1 once, 2 for 2-4 visits, 3 for 5 or more): heavier `weight`, more visits. */
function visitBand(random: Random, weight: number): number {
  const r = random.next();
  return r < 0.55 - 0.3 * weight ? 1 : r < 0.9 - 0.2 * weight ? 2 : 3;
}

function key(place: BuyerPlace): string {
  switch (place.kind) {
    case 'frequency':
      return `frequency:${place.period}:${place.months}`;
    case 'site':
      return `site:${place.slot}`;
    case 'visits':
      return `visits:${place.band}`;
    default:
      return `${place.kind}:${place.month}`;
  }
}
