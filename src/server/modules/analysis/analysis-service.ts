import type { AnalysisPage, BestCustomer, BuyerRetention, CustomerAttrition, CustomerValue, SiteVisitation } from '@shared/schemas/analysis';
import {
  ANALYSIS,
  SITE_GROUPS,
  VALUE_TIERS,
  VISIT_BANDS,
  analysisMonths,
  attritionMonth,
  attritionPositions,
  attritionWindows,
  buyerSetIdentifiers,
  cohortRow,
  monthKey,
  parseBest,
  parseWindow,
  periodPositions,
  shareIndex,
  siteGroupIdentifier,
  tierFigures,
  tierMonths,
  tierMovement,
  topPercentCut,
  visitBandIdentifier,
} from '@shared/rules/analysis';
import { twoProportionZ, widgetFlags } from '@shared/rules/insights';
import { ERROR_CODES } from '@shared/schemas/error';
import { AppError } from '../../lib/errors';
import { buyerBrandOf } from '../../engine/generator/buyers';
import type { Asker } from '../insights/insights-service';
import * as repo from './analysis-repository';
import {
  ask,
  buyerSetsOf,
  byFrequency,
  candidatesOf,
  contextBrand,
  countsWithin,
  eachOwn,
  inTurns,
  liveByIdentifier,
  marketCount,
  pageAnswer,
  present,
  rule,
  segmentCount,
  small,
  type Prepared,
} from './analysis-questions';

/**
 * The five analysis pages (issue 32): each page's figures as counts of the brand's buyer and site
 * sets within the user's segment filters, asked of the session's engine through the count slots
 * (analysis-questions.ts), and the maths of shared/rules/analysis.ts over them.
 */

/** The brand's spend per purchase month, in the region's currency. */
async function spendOf(asker: Asker, p: Prepared) {
  return { currency: await repo.currencyOf(asker.db, p.clientRegion), spendPerPurchase: buyerBrandOf(asker.ctx.clientSlug, p.brand.slug)?.spendPerPurchase ?? 0 };
}

// ---- customer value -------------------------------------------------------------------------------

export function customerValue(asker: Asker, filters: string | undefined): Promise<CustomerValue> {
  return pageAnswer(asker, 'value', filters, async (p) => {
    const months = analysisMonths();
    const { current, previous } = periodPositions();
    const period = { from: monthKey(months[current[0]!]!), to: monthKey(months[current.at(-1)!]!) };
    const previousPeriod = { from: monthKey(months[previous[0]!]!), to: monthKey(months[previous.at(-1)!]!) };
    const { currency, spendPerPurchase } = await spendOf(asker, p);
    const base = { period, previous_period: previousPeriod, currency, spend_per_purchase: spendPerPurchase };
    if (!p.sets) return { ...base, buyers: 0, previous_buyers: 0, tiers: [], movement: [], buyers_rule: null };
    const sets = p.sets;
    const counts = await ask(asker, p, [], eachOwn([...present(sets.current), ...present(sets.previous)]));
    const currentBy = byFrequency(counts, sets.current);
    const previousBy = byFrequency(counts, sets.previous);
    const tierIds = (list: (number | null)[]) => VALUE_TIERS.map((t) => present(tierMonths(t).map((k) => list[k - 1]!)));
    const currentTiers = tierIds(sets.current);
    // Previous tier j within the filters, counted against each current tier (the same markets each time).
    const tierMarkets = Object.fromEntries(currentTiers.map((ids, i) => [VALUE_TIERS[i]!.key, ids]));
    const matrix = await inTurns(tierIds(sets.previous), async (ids) => {
      const answer = await ask(asker, p, [ids], tierMarkets);
      return VALUE_TIERS.map((t) => marketCount(answer, t.key));
    });
    const figures = tierFigures(currentBy, spendPerPurchase);
    const previousFigures = tierFigures(previousBy, spendPerPurchase);
    return {
      ...base,
      buyers: currentBy.reduce((s, n) => s + n, 0),
      previous_buyers: previousBy.reduce((s, n) => s + n, 0),
      tiers: figures.map((f, i) => ({
        ...f,
        min_months: VALUE_TIERS[i]!.min,
        max_months: VALUE_TIERS[i]!.max,
        small_sample: small(f.people),
        rule: rule([...p.filters, currentTiers[i]!]),
      })),
      movement: tierMovement(matrix, previousFigures.map((f) => f.people), figures.map((f) => f.people)),
      buyers_rule: rule([...p.filters, present(sets.current)]),
    };
  });
}

// ---- best customer --------------------------------------------------------------------------------

export async function bestCustomer(asker: Asker, query: { filters?: string; best?: string; percent?: string }): Promise<BestCustomer> {
  const definition = parseBest(query.best, query.percent);
  if ('error' in definition) throw new AppError(400, ERROR_CODES.validation, definition.error, { field: definition.field });
  const { best, percent } = definition;
  return pageAnswer(asker, `best:${best}:${percent}`, query.filters, async (p) => {
    const { currency, spendPerPurchase } = await spendOf(asker, p);
    const top = VALUE_TIERS[0];
    if (!p.sets) {
      const none = { people: 0, share_of_buyers: 0, share_of_spend: 0, average_spend: 0, small_sample: true, rule: null };
      return { currency, definition: { best, percent, min_months: top.min, label: '' }, best: none, buyers: { people: 0, average_spend: 0, rule: null }, over_indexed: [] };
    }
    const sets = p.sets;
    const buyerIds = present(sets.current);
    const by = byFrequency(await ask(asker, p, [], eachOwn(buyerIds)), sets.current);
    const buyersPeople = by.reduce((s, n) => s + n, 0);
    const cut = percent === null ? { minMonths: top.min, people: tierMonths(top).reduce((s, k) => s + (by[k - 1] ?? 0), 0) } : topPercentCut(by, percent);
    const bestIds = present(sets.current.slice(cut.minMonths - 1));
    const purchases = (from: number) => by.reduce((s, n, i) => (i + 1 >= from ? s + n * (i + 1) : s), 0);
    const allPurchases = purchases(1);
    const bestPurchases = purchases(cut.minMonths);
    const label =
      percent === null
        ? `Top tier: bought in ${top.min} to ${top.max} of the last ${ANALYSIS.periodMonths} months`
        : `Top ${percent} % by spend: bought in ${cut.minMonths} or more of the last ${ANALYSIS.periodMonths} months (${(buyersPeople ? (100 * cut.people) / buyersPeople : 0).toFixed(1)} % of buyers)`;
    // Over-indexing: each catalogue segment within the best, within all buyers, and in the whole
    // region (its shares are of everyone, not the filters: the profile is read "against the region").
    const candidates = await candidatesOf(asker, p.clientRegion);
    const markets = eachOwn(candidates.map((s) => s.id));
    const [inBest, inBuyers, inRegion] = candidates.length
      ? await inTurns([[...p.filters, bestIds], [...p.filters, buyerIds], []], (groups) => countsWithin(asker, p, groups, markets))
      : [null, null, null];
    const rows = candidates.map((s) => {
      const b = inBest ? segmentCount(inBest, s.id) : 0;
      const u = inBuyers ? segmentCount(inBuyers, s.id) : 0;
      const r = inRegion ? segmentCount(inRegion, s.id) : 0;
      const bestShare = cut.people ? b / cut.people : 0;
      const buyersShare = buyersPeople ? u / buyersPeople : 0;
      const regionShare = p.people ? r / p.people : 0;
      // The best against the rest of the buyers.
      const z = twoProportionZ(b, cut.people, u - b, buyersPeople - cut.people);
      return {
        segment: { id: s.id, identifier: s.identifier, name: s.name, path_parts: s.pathParts },
        best: b,
        best_share: bestShare,
        buyers_share: buyersShare,
        region_share: regionShare,
        index_vs_buyers: shareIndex(bestShare, buyersShare),
        index_vs_region: shareIndex(bestShare, regionShare),
        z_score: z,
        ...widgetFlags(b, z),
      };
    });
    const overIndexed = rows
      .filter((r) => r.index_vs_buyers !== null && r.index_vs_buyers > 100 && !r.small_sample)
      .sort((a, b) => Number(b.significant) - Number(a.significant) || b.index_vs_buyers! - a.index_vs_buyers! || a.segment.id - b.segment.id)
      .slice(0, ANALYSIS.overIndexed);
    return {
      currency,
      definition: { best, percent, min_months: cut.minMonths, label },
      best: {
        people: cut.people,
        share_of_buyers: buyersPeople ? cut.people / buyersPeople : 0,
        share_of_spend: allPurchases ? bestPurchases / allPurchases : 0,
        average_spend: cut.people ? (bestPurchases * spendPerPurchase) / cut.people : 0,
        small_sample: small(cut.people),
        rule: rule([...p.filters, bestIds]),
      },
      buyers: { people: buyersPeople, average_spend: buyersPeople ? (allPurchases * spendPerPurchase) / buyersPeople : 0, rule: rule([...p.filters, buyerIds]) },
      over_indexed: overIndexed,
    };
  });
}

// ---- customer attrition ---------------------------------------------------------------------------

export async function customerAttrition(asker: Asker, query: { filters?: string; window?: string }): Promise<CustomerAttrition> {
  const parsed = parseWindow(query.window);
  if ('error' in parsed) throw new AppError(400, ERROR_CODES.validation, parsed.error, { field: 'window' });
  const w = parsed.window;
  return pageAnswer(asker, `attrition:${w}`, query.filters, async (p) => {
    if (!p.sets) return { window: w, months: [], at_risk: { people: 0, small_sample: true, rule: null }, active: { people: 0, rule: null } };
    const sets = p.sets;
    const months = analysisMonths();
    const bought = (positions: number[]) => present(positions.map((t) => sets.bought[t]!));
    const positions = attritionPositions(ANALYSIS.months, w);
    // Every month's windows as markets of one question within the filters.
    const markets: Record<string, number[]> = {};
    for (const t of positions) {
      const { recent, earlier } = attritionWindows(t, w);
      markets[`recent:${t}`] = bought(recent);
      markets[`earlier:${t}`] = bought(earlier);
      markets[`ever:${t}`] = bought(Array.from({ length: t + 1 }, (_, i) => i));
      markets[`new:${t}`] = present(recent.map((m) => sets.first[m]!));
    }
    const sizes = await ask(asker, p, [], markets);
    // Both windows: the earlier window's people within the filters, counted in the recent one.
    const rows = await inTurns(positions, async (t) => {
      const { recent, earlier } = attritionWindows(t, w);
      const both = await ask(asker, p, [bought(earlier)], { recent: bought(recent) });
      const figures = attritionMonth({
        recent: marketCount(sizes, `recent:${t}`),
        earlier: marketCount(sizes, `earlier:${t}`),
        both: marketCount(both, 'recent'),
        ever: marketCount(sizes, `ever:${t}`),
        new: marketCount(sizes, `new:${t}`),
      });
      return { month: monthKey(months[t]!), ...figures };
    });
    const { recent, earlier } = attritionWindows(positions.at(-1)!, w);
    const latest = rows.at(-1)!;
    return {
      window: w,
      months: rows,
      at_risk: { people: latest.at_risk, small_sample: small(latest.at_risk), rule: rule([...p.filters, bought(earlier)], bought(recent)) },
      active: { people: latest.active, rule: rule([...p.filters, bought(recent)]) },
    };
  });
}

// ---- buyer retention ------------------------------------------------------------------------------

export function buyerRetention(asker: Asker, filters: string | undefined): Promise<BuyerRetention> {
  return pageAnswer(asker, 'retention', filters, async (p) => {
    const horizon = ANALYSIS.periodMonths;
    if (!p.sets) return { cohorts: [], horizon };
    const sets = p.sets;
    const months = analysisMonths();
    // Every cohort asks the same markets (each month's buyers and last buyers): one union, kept.
    const markets = eachOwn([...present(sets.bought), ...present(sets.last)]);
    const cohorts = await inTurns(months, async (_, c) => {
      const answer = await ask(asker, p, [[sets.first[c]!]], markets);
      const bought = sets.bought.slice(c).map((id) => segmentCount(answer, id));
      const lastIn = sets.last.slice(c).map((id) => segmentCount(answer, id));
      const size = bought[0] ?? 0;
      const month = monthKey(months[c]!);
      const nMonth = cohortRow(month, size, bought, lastIn, 'n-month', horizon);
      return {
        month,
        size,
        bought: nMonth.counts,
        returned: cohortRow(month, size, bought, lastIn, 'unbounded', horizon).counts,
        complete: nMonth.complete,
        small_sample: small(size),
      };
    });
    return { cohorts, horizon };
  });
}

// ---- site visitation ------------------------------------------------------------------------------

/** The brand's mapped site-visit segments and its visit bands, live in the region (one read). */
function siteSegments(asker: Asker, clientRegion: number, brand: repo.AnalysisBrand) {
  const mapped = SITE_GROUPS.map((g) => brand.mapping?.[g.slot]?.identifier ?? null);
  const bands = VISIT_BANDS.map((b) => visitBandIdentifier(brand.slug, b.key));
  return liveByIdentifier(asker, clientRegion, [...present(mapped), ...bands]).then((live) => ({ mapped, bands, live }));
}

export function siteVisitation(asker: Asker, filters: string | undefined): Promise<SiteVisitation> {
  // The key holds the brand's mapping (pageAnswer): a change in Brand Management asks afresh.
  return pageAnswer(asker, 'site', filters, async (p) => {
    const { mapped, bands, live } = await siteSegments(asker, p.clientRegion, p.brand);
    const groups = SITE_GROUPS.map((g, i) => {
      const row = mapped[i] ? live.get(mapped[i]) : undefined;
      return { ...g, segment: row ? { id: row.id, identifier: row.identifier, name: row.name } : null };
    });
    const bandIds = bands.map((identifier) => live.get(identifier)?.id ?? null);
    // Visit bands are only known for the brand's own groups.
    const bandsKnown = bandIds.every((id) => id !== null) && groups.every((g) => g.segment?.identifier === siteGroupIdentifier(p.brand.slug, g.slot));
    const buyerIds = p.sets ? present(p.sets.current) : [];
    const isMapped = mapped.some((identifier) => identifier !== null);
    const none = {
      mapped: isMapped,
      groups: groups.map((g) => ({ slot: g.slot, name: g.name, segment: g.segment, people: 0, buyers: 0, share_of_region: 0, small_sample: true, visits: null, rule: null })),
      venn: { visitors: 0, buyers: 0, both: 0 },
      visit_bands: null,
    };
    if (groups.every((g) => !g.segment)) return none;
    const groupIds = groups.map((g) => g.segment?.id ?? null);
    const markets: Record<string, number[]> = {
      ...eachOwn(present([...groupIds, ...(bandsKnown ? bandIds : [])])),
      visitors: present([groupIds[0]!, groupIds[2]!]),
      ...(buyerIds.length ? { buyers: buyerIds } : {}),
    };
    const sizes = await ask(asker, p, [], markets);
    // Within the buyers: each group's and band's buyers, and the visitors who buy.
    const inBuyers = buyerIds.length ? await ask(asker, p, [buyerIds], markets) : null;
    // Visits per band within each group.
    const perGroup = bandsKnown ? await inTurns(groupIds, (id) => (id === null ? Promise.resolve(null) : ask(asker, p, [[id]], eachOwn(present(bandIds))))) : groupIds.map(() => null);
    return {
      ...none,
      groups: groups.map((g, i) => {
        const people = segmentCount(sizes, g.segment?.id ?? null);
        const answer = perGroup[i];
        return {
          slot: g.slot,
          name: g.name,
          segment: g.segment,
          people,
          buyers: inBuyers ? segmentCount(inBuyers, g.segment?.id ?? null) : 0,
          share_of_region: p.filteredPeople ? people / p.filteredPeople : 0,
          small_sample: small(people),
          visits: answer ? bandIds.map((id) => segmentCount(answer, id)) : null,
          rule: g.segment ? rule([...p.filters, [g.segment.id]]) : null,
        };
      }),
      venn: { visitors: marketCount(sizes, 'visitors'), buyers: marketCount(sizes, 'buyers'), both: inBuyers ? marketCount(inBuyers, 'visitors') : 0 },
      visit_bands: bandsKnown
        ? VISIT_BANDS.map((b, i) => ({ key: b.key, name: b.name, people: segmentCount(sizes, bandIds[i]!), buyers: inBuyers ? segmentCount(inBuyers, bandIds[i]!) : 0 }))
        : null,
    };
  });
}

// ---- the pages' segments --------------------------------------------------------------------------

type BuyerSetKind = keyof ReturnType<typeof buyerSetIdentifiers>;
/** The buyer sets each page stands on, and the role the list gives them. */
const PAGE_SETS: Record<AnalysisPage, readonly BuyerSetKind[]> = {
  'customer-value': ['current', 'previous'],
  'site-visitation': [],
  'best-customer': ['current'],
  'customer-attrition': ['bought', 'first'],
  'buyer-retention': ['bought', 'first', 'last'],
};
const ROLES: Record<BuyerSetKind, string> = { bought: 'bought', first: 'first', last: 'last', current: 'frequency-current', previous: 'frequency-previous' };

/** The brand's live segments a page stands on, each with its role, in id order. */
export async function pageSegments(asker: Asker, page: AnalysisPage) {
  const { clientRegion, brand } = await contextBrand(asker);
  const live = await buyerSetsOf(asker, clientRegion, brand.slug);
  const identifiers = buyerSetIdentifiers(brand.slug);
  const own = PAGE_SETS[page].flatMap((kind) =>
    identifiers[kind].flatMap((identifier) => {
      const s = live.get(identifier);
      return s ? [{ id: s.id, identifier, name: s.name, role: ROLES[kind] }] : [];
    }),
  );
  if (page === 'site-visitation') {
    const site = await siteSegments(asker, clientRegion, brand);
    for (const [identifier, s] of site.live) own.push({ id: s.id, identifier, name: s.name, role: site.mapped.includes(identifier) ? 'site-group' : 'visit-band' });
  }
  return own.sort((a, b) => a.id - b.id);
}
