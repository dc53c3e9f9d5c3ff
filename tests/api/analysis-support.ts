import { and, eq, sql } from 'drizzle-orm';
import { expect } from 'vitest';
import {
  ANALYSIS,
  SITE_GROUPS,
  VALUE_TIERS,
  VISIT_BANDS,
  analysisMonths,
  buyerIdentifier,
  frequencyIdentifier,
  monthKey,
  siteGroupIdentifier,
  visitBandIdentifier,
} from '../../src/shared/rules/analysis';
import { INSIGHT_LIMITS, twoProportionZ, widgetFlags } from '../../src/shared/rules/insights';
import type { AudienceRules } from '../../src/shared/schemas/audience-rules';
import type { BestCustomer, BuyerRetention, CustomerAttrition, CustomerValue, SiteVisitation } from '../../src/shared/schemas/analysis';
import { segments } from '../../src/server/db/schema';
import type { Db } from '../../src/server/db/client';
import { SHORT_ID_SPAN } from '../../src/server/engine/generator/generator';
import type { CountStore } from '../../src/server/engine/sql/count-store';
import { clientRegionIdOf, TEST_POPULATION } from './population';
import { readSets } from './stored-sets';

/**
 * The analysis pages' figures counted by hand (issue 32): each figure of GET /api/analysis/{page}
 * again as a plain count over the region's stored sets, read back from the count store (neither
 * engine is involved), with the filters as 0/1 masks. What analysis.test.ts compares the API with.
 */

const PEOPLE = TEST_POPULATION.people;
const MONTHS = analysisMonths();
type Mask = Uint8Array;

export interface Region {
  context: string;
  clientRegionId: number;
  /** Members of a segment (empty for an unknown id). */
  segment(id: number): Uint32Array;
  /** The region's segment id of an identifier (throws when it has none). */
  idOf(identifier: string): number;
  has(identifier: string): boolean;
  /** Every segment of the region. */
  all: { id: number; identifier: string; deleted: boolean }[];
}

/**
 * A region's segments and the members of those `wanted` picks (all by default), read back from
 * the count store: neither engine is involved.
 */
export async function readRegion(db: Db, store: CountStore, client: string, region: string, wanted: (identifier: string) => boolean = () => true): Promise<Region> {
  const clientRegionId = await clientRegionIdOf(db, client, region);
  const rows = await db.select({ id: segments.shortId, identifier: segments.identifier, deleted: segments.deleted }).from(segments).where(eq(segments.clientRegionId, clientRegionId));
  const stored = await readSets(store, clientRegionId, 'segment', rows.filter((r) => wanted(r.identifier)).map((r) => r.id));
  const ids = new Map(rows.map((r) => [r.identifier, r.id]));
  return {
    context: `${client}/${region}`,
    clientRegionId,
    segment: (id) => {
      const members = stored.get(id);
      if (!members) throw new Error(`segment ${id} of ${client}/${region} was not read`);
      return members;
    },
    idOf: (identifier) => {
      const id = ids.get(identifier);
      if (id === undefined) throw new Error(`${client}/${region} has no segment ${identifier}`);
      return id;
    },
    has: (identifier) => ids.has(identifier),
    all: rows.sort((a, b) => a.id - b.id),
  };
}

/** A segment's provider delete, as the catalogue refresh marks it (and the catalogue is read again). */
export async function markDeleted(db: Db, clientRegionId: number, id: number, deleted: boolean) {
  await db.update(segments).set({ deleted }).where(and(eq(segments.clientRegionId, clientRegionId), eq(segments.shortId, id)));
}

/** The number of segments of a region whose identifier starts with `prefix`. */
export async function countWithPrefix(db: Db, clientRegionId: number, prefix: string): Promise<number> {
  const [row] = await db.select({ n: sql<number>`count(*)::int` }).from(segments).where(and(eq(segments.clientRegionId, clientRegionId), sql`${segments.identifier} like ${`${prefix}%`}`));
  return row?.n ?? 0;
}

// ---- masks ----------------------------------------------------------------------------------

const everyone = (): Mask => new Uint8Array(PEOPLE).fill(1);
function union(r: Region, ids: number[]): Mask {
  const out = new Uint8Array(PEOPLE);
  for (const id of ids) for (const p of r.segment(id)) out[p] = 1;
  return out;
}
function all(...masks: Mask[]): Mask {
  const out = everyone();
  for (const m of masks) for (let p = 0; p < PEOPLE; p++) out[p]! &= m[p]!;
  return out;
}
const not = (m: Mask): Mask => m.map((v) => 1 - v);
const any = (...masks: Mask[]): Mask => {
  const out = new Uint8Array(PEOPLE);
  for (const m of masks) for (let p = 0; p < PEOPLE; p++) out[p]! |= m[p]!;
  return out;
};
function size(m: Mask): number {
  let n = 0;
  for (let p = 0; p < PEOPLE; p++) n += m[p]!;
  return n;
}
/** People of the filters: every group (an OR of segments) must hold. */
const filterMask = (r: Region, groups: number[][]): Mask => all(...groups.map((g) => union(r, g)));

/** People a rule names (segment groups ANDed, excludes removed; no demographic values here). */
export function ruleCount(r: Region, rules: AudienceRules): number {
  return size(all(filterMask(r, rules.include.and), not(union(r, rules.exclude))));
}

/** The brand's sets' ids in the region. */
function brandIds(r: Region, brand: string) {
  return {
    bought: MONTHS.map((m) => r.idOf(buyerIdentifier(brand, 'bought', m))),
    first: MONTHS.map((m) => r.idOf(buyerIdentifier(brand, 'first', m))),
    last: MONTHS.map((m) => r.idOf(buyerIdentifier(brand, 'last', m))),
    current: Array.from({ length: 12 }, (_, k) => r.idOf(frequencyIdentifier(brand, 'current', k + 1))),
    previous: Array.from({ length: 12 }, (_, k) => r.idOf(frequencyIdentifier(brand, 'previous', k + 1))),
  };
}

const tierKs = (t: (typeof VALUE_TIERS)[number]) => Array.from({ length: t.max - t.min + 1 }, (_, i) => t.min + i);
const small = (n: number) => n < INSIGHT_LIMITS.smallSample;

/** Non-integers as closeTo matchers, so a share computed in another order still matches. */
export function approx<T>(value: T): T {
  if (typeof value === 'number') return (Number.isInteger(value) ? value : expect.closeTo(value, 9)) as T;
  if (Array.isArray(value)) return value.map(approx) as T;
  if (value && typeof value === 'object' && !('asymmetricMatch' in value)) return Object.fromEntries(Object.entries(value).map(([k, v]) => [k, approx(v)])) as T;
  return value;
}

// ---- the pages by hand ------------------------------------------------------------------------

export function customerValueByHand(r: Region, brand: string, filters: number[][], spend: number) {
  const s = brandIds(r, brand);
  const f = filterMask(r, filters);
  const currentK = s.current.map((id) => all(union(r, [id]), f));
  const previousK = s.previous.map((id) => all(union(r, [id]), f));
  const tierMask = (ks: Mask[], t: (typeof VALUE_TIERS)[number]) => any(...tierKs(t).map((k) => ks[k - 1]!));
  const current = VALUE_TIERS.map((t) => tierMask(currentK, t));
  const previous = VALUE_TIERS.map((t) => tierMask(previousK, t));
  const buyers = any(...currentK);
  const previousBuyers = any(...previousK);
  const purchases = (t: (typeof VALUE_TIERS)[number]) => tierKs(t).reduce((n, k) => n + k * size(currentK[k - 1]!), 0);
  const allPurchases = VALUE_TIERS.reduce((n, t) => n + purchases(t), 0);
  const buyersN = size(buyers);
  const tiers = VALUE_TIERS.map((t, i) => {
    const people = size(current[i]!);
    return {
      key: t.key,
      people,
      purchases: purchases(t),
      share_of_buyers: buyersN ? people / buyersN : 0,
      share_of_spend: allPurchases ? purchases(t) / allPurchases : 0,
      average_spend: people ? (purchases(t) * spend) / people : 0,
      min_months: t.min,
      max_months: t.max,
      small_sample: small(people),
    };
  });
  const movement: { from: (typeof VALUE_TIERS)[number]['key'] | 'new'; to: number[]; lapsed: number; stayed: number; moved_up: number; moved_down: number; total: number }[] = VALUE_TIERS.map((t, j) => {
    const to = current.map((c) => size(all(previous[j]!, c)));
    return {
      from: t.key,
      to,
      lapsed: size(all(previous[j]!, not(buyers))),
      stayed: to[j]!,
      moved_up: to.slice(0, j).reduce((a, b) => a + b, 0),
      moved_down: to.slice(j + 1).reduce((a, b) => a + b, 0),
      total: size(previous[j]!),
    };
  });
  const fresh = current.map((c) => size(all(c, not(previousBuyers))));
  movement.push({ from: 'new', to: fresh, lapsed: 0, stayed: 0, moved_up: 0, moved_down: 0, total: fresh.reduce((a, b) => a + b, 0) });
  return { people: PEOPLE, filtered_people: size(f), buyers: buyersN, previous_buyers: size(previousBuyers), tiers, movement } satisfies Partial<Record<keyof CustomerValue, unknown>>;
}

export function bestCustomerByHand(r: Region, brand: string, filters: number[][], spend: number, percent: number | null) {
  const s = brandIds(r, brand);
  const f = filterMask(r, filters);
  const fromK = (k: number) => all(union(r, s.current.slice(k - 1)), f);
  const byK = s.current.map((id) => size(all(union(r, [id]), f)));
  const buyers = fromK(1);
  const buyersN = size(buyers);
  let minMonths = 10;
  if (percent !== null) {
    // The highest frequency from which the buyers reach the share asked, else everyone.
    minMonths = 1;
    for (let k = 12; k >= 1; k--) {
      const n = size(fromK(k));
      if (buyersN > 0 && n / buyersN >= percent / 100) {
        minMonths = k;
        break;
      }
    }
  }
  const best = fromK(minMonths);
  const bestN = size(best);
  const purchases = (from: number) => byK.reduce((n, c, i) => (i + 1 >= from ? n + c * (i + 1) : n), 0);
  // Over-indexing: every live catalogue segment (not the buyer or site sets, not a stored set).
  const candidates = r.all.filter((x) => !x.deleted && !x.identifier.startsWith('adventure-buyers-') && !x.identifier.startsWith('fabrikam-site-') && x.id % SHORT_ID_SPAN < SHORT_ID_SPAN / 2);
  const rows = candidates.map((c) => {
    const members = union(r, [c.id]);
    const b = size(all(members, best));
    const u = size(all(members, buyers));
    const inRegion = r.segment(c.id).length;
    const bestShare = bestN ? b / bestN : 0;
    const buyersShare = buyersN ? u / buyersN : 0;
    const regionShare = inRegion / PEOPLE;
    const z = twoProportionZ(b, bestN, u - b, buyersN - bestN);
    return {
      id: c.id,
      best: b,
      best_share: bestShare,
      buyers_share: buyersShare,
      region_share: regionShare,
      index_vs_buyers: buyersShare === 0 ? null : (100 * bestShare) / buyersShare,
      index_vs_region: regionShare === 0 ? null : (100 * bestShare) / regionShare,
      z_score: z,
      ...widgetFlags(b, z),
    };
  });
  const overIndexed = rows
    .filter((x) => x.index_vs_buyers !== null && x.index_vs_buyers > 100 && !x.small_sample)
    .sort((a, b) => Number(b.significant) - Number(a.significant) || b.index_vs_buyers! - a.index_vs_buyers! || a.id - b.id)
    .slice(0, ANALYSIS.overIndexed);
  return {
    filtered_people: size(f),
    min_months: minMonths,
    best: { people: bestN, share_of_buyers: buyersN ? bestN / buyersN : 0, share_of_spend: purchases(1) ? purchases(minMonths) / purchases(1) : 0, average_spend: bestN ? (purchases(minMonths) * spend) / bestN : 0, small_sample: small(bestN) },
    buyers: { people: buyersN, average_spend: buyersN ? (purchases(1) * spend) / buyersN : 0 },
    over_indexed: overIndexed,
  } satisfies Partial<Record<keyof BestCustomer | 'min_months', unknown>>;
}

export function attritionByHand(r: Region, brand: string, filters: number[][], w: number) {
  const s = brandIds(r, brand);
  const f = filterMask(r, filters);
  const bought = (from: number, to: number) => all(union(r, s.bought.slice(Math.max(0, from), to + 1)), f);
  const first = (from: number, to: number) => all(union(r, s.first.slice(Math.max(0, from), to + 1)), f);
  const months = [];
  for (let t = ANALYSIS.months - ANALYSIS.attritionMonths; t < ANALYSIS.months; t++) {
    const recent = bought(t - w + 1, t);
    const earlier = bought(t - 2 * w + 1, t - w);
    const ever = bought(0, t);
    const fresh = first(t - w + 1, t);
    const earlierN = size(earlier);
    const atRisk = size(all(earlier, not(recent)));
    months.push({
      month: monthKey(MONTHS[t]!),
      active: size(recent),
      retained: size(all(recent, earlier)),
      new: size(fresh),
      // Each state as its own set: bought recently, not earlier, and not new.
      won_back: size(all(recent, not(earlier), not(fresh))),
      at_risk: atRisk,
      lapsed: size(all(ever, not(any(recent, earlier)))),
      attrition_rate: earlierN === 0 ? null : atRisk / earlierN,
    });
  }
  return { filtered_people: size(f), window: w, months } satisfies Partial<Record<keyof CustomerAttrition, unknown>>;
}

export function retentionByHand(r: Region, brand: string, filters: number[][]) {
  const s = brandIds(r, brand);
  const f = filterMask(r, filters);
  const bought = s.bought.map((id) => union(r, [id]));
  // Bought in month k or any later month.
  const fromMonth = bought.map((_, k) => any(...bought.slice(k)));
  const cohorts = MONTHS.map((m, c) => {
    const cohort = all(union(r, [s.first[c]!]), f);
    const n = size(cohort);
    return {
      month: monthKey(m),
      size: n,
      bought: bought.slice(c).map((b, k) => (k === 0 ? n : size(all(cohort, b)))),
      returned: fromMonth.slice(c).map((b, k) => (k === 0 ? n : size(all(cohort, b)))),
      complete: ANALYSIS.months - c > ANALYSIS.periodMonths,
      small_sample: small(n),
    };
  });
  return { filtered_people: size(f), cohorts, horizon: ANALYSIS.periodMonths } satisfies Partial<Record<keyof BuyerRetention, unknown>>;
}

/** The page of a brand mapped to its own site groups (the demo's mapping). */
export function siteVisitationByHand(r: Region, brand: string, filters: number[][]) {
  const s = brandIds(r, brand);
  const f = filterMask(r, filters);
  const groups = SITE_GROUPS.map((g) => r.idOf(siteGroupIdentifier(brand, g.slot)));
  const bands = VISIT_BANDS.map((b) => union(r, [r.idOf(visitBandIdentifier(brand, b.key))]));
  const buyers = all(union(r, s.current), f);
  const visitors = all(union(r, [groups[0]!, groups[2]!]), f);
  const filtered = size(f);
  return {
    filtered_people: filtered,
    mapped: true,
    groups: SITE_GROUPS.map((g, i) => {
      const members = all(union(r, [groups[i]!]), f);
      const people = size(members);
      return {
        slot: g.slot,
        segment: expect.objectContaining({ id: groups[i]!, identifier: siteGroupIdentifier(brand, g.slot) }),
        people,
        buyers: size(all(members, buyers)),
        share_of_region: filtered ? people / filtered : 0,
        small_sample: small(people),
        visits: bands.map((b) => size(all(members, b))),
      };
    }),
    venn: { visitors: size(visitors), buyers: size(buyers), both: size(all(visitors, buyers)) },
    visit_bands: VISIT_BANDS.map((b, i) => ({ key: b.key, people: size(all(bands[i]!, f)), buyers: size(all(bands[i]!, buyers)) })),
  } satisfies Partial<Record<keyof SiteVisitation, unknown>>;
}
