import type { AudienceRules } from '@shared/schemas/audience-rules';
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
  buyerIdentifier,
  checkBestPercent,
  checkWindow,
  cohortRow,
  frequencyIdentifier,
  monthKey,
  parseFilterParam,
  periodPositions,
  shareIndex,
  siteGroupIdentifier,
  tierFigures,
  tierMonths,
  tierMovement,
  topPercentCut,
  visitBandIdentifier,
} from '@shared/rules/analysis';
import { INSIGHT_LIMITS, twoProportionZ, widgetFlags } from '@shared/rules/insights';
import { SITE_VISIT_SLOTS } from '@shared/rules/brands';
import { ERROR_CODES } from '@shared/schemas/error';
import { AppError, notFound } from '../../lib/errors';
import { buyerBrandOf } from '../../engine/generator/buyers';
import { SHORT_ID_SPAN } from '../../engine/generator/generator';
import type { CountEngine, CountsAnswer } from '../../engine/questions';
import { checkSegments, contextClientRegion, engineOf, timed, type Asker } from '../insights/insights-service';
import * as repo from './analysis-repository';

/**
 * The five analysis pages (issue 32): each page's figures as counts of the brand's buyer and
 * site sets within the user's segment filters, asked of the session's engine through the count
 * slots, and the maths of shared/rules/analysis.ts over them. Answers are kept per loaded
 * catalogue (a reload or new segments start afresh) for the same question.
 */

type Groups = number[][];

/** The brand's buyer sets in the region, by identifier. */
interface BrandSets {
  bought: (number | null)[];
  first: (number | null)[];
  last: (number | null)[];
  current: (number | null)[];
  previous: (number | null)[];
}

interface Prepared {
  clientRegion: number;
  engine: CountEngine;
  brand: { id: number; name: string; slug: string; mapping: Record<string, { identifier: string; name: string }> | null };
  filters: Groups;
  people: number;
  filteredPeople: number;
  /** The brand's sets, null when it has no buyer data in the region. */
  sets: BrandSets | null;
}

const present = (ids: (number | null)[]): number[] => ids.filter((id): id is number => id !== null);

/** The page's brand, engine, checked filters and the brand's sets. */
async function prepare(asker: Asker, filtersText: string | undefined): Promise<Prepared> {
  const parsed = parseFilterParam(filtersText);
  if ('error' in parsed) throw new AppError(400, ERROR_CODES.validation, parsed.error, { field: 'filters' });
  const clientRegion = await contextClientRegion(asker);
  const brand = await repo.brandOf(asker.db, asker.ctx.clientId, asker.ctx.brandId!);
  if (!brand) throw notFound(`${asker.ctx.clientSlug} has no brand ${asker.ctx.brandSlug}.`);
  const engine = engineOf(asker, clientRegion);
  await checkSegments(asker, clientRegion, parsed.groups.flat());
  const rows = await repo.segmentsWithPrefix(asker.db, clientRegion, `adventure-buyers-${brand.slug}-`);
  const byIdentifier = new Map(rows.filter((r) => !r.deleted).map((r) => [r.identifier, r.id]));
  const months = analysisMonths();
  const idOf = (identifier: string) => byIdentifier.get(identifier) ?? null;
  const k12 = Array.from({ length: ANALYSIS.periodMonths }, (_, i) => i + 1);
  const sets: BrandSets = {
    bought: months.map((m) => idOf(buyerIdentifier(brand.slug, 'bought', m))),
    first: months.map((m) => idOf(buyerIdentifier(brand.slug, 'first', m))),
    last: months.map((m) => idOf(buyerIdentifier(brand.slug, 'last', m))),
    current: k12.map((k) => idOf(frequencyIdentifier(brand.slug, 'current', k))),
    previous: k12.map((k) => idOf(frequencyIdentifier(brand.slug, 'previous', k))),
  };
  const complete = [sets.bought, sets.first, sets.last, sets.current, sets.previous].every((list) => list.every((id) => id !== null));
  const people = asker.data.peopleOf(clientRegion);
  const filteredPeople = parsed.groups.length ? await timed(asker, () => engine.count(clientRegion, rule(parsed.groups))) : people;
  return { clientRegion, engine, brand, filters: parsed.groups, people, filteredPeople, sets: complete ? sets : null };
}

/** A rule of the filters and more OR-groups, minus `exclude`. */
const rule = (groups: Groups, exclude: number[] = []): AudienceRules => ({ include: { and: groups.map((g) => [...g]) }, exclude, values: [] });

/** One counts question: each id of `markets` counted within the focus (the filters and `focus` groups), and each market's union. */
function ask(asker: Asker, p: Prepared, focus: Groups, markets: Record<string, number[]>): Promise<CountsAnswer> {
  return timed(asker, () => p.engine.counts(p.clientRegion, { matched: markets, modeled: {}, focusMatched: [], focusModeled: [], groups: [...p.filters, ...focus] }));
}

const segmentCount = (answer: CountsAnswer, id: number | null) => (id === null ? 0 : (answer.segment_counts[String(id)] ?? 0));
const marketCount = (answer: CountsAnswer, market: string) => answer.market_counts[market]?.matched ?? 0;
/** Every id as its own market: one question counts them all, and the same list gives the same cached union. */
const eachOwn = (ids: number[]) => Object.fromEntries(ids.map((id) => [String(id), [id]]));

const frame = (p: Prepared) => ({
  brand: { id: p.brand.id, name: p.brand.name, slug: p.brand.slug },
  has_data: p.sets !== null,
  people: p.people,
  filtered_people: p.filteredPeople,
  filters: p.filters,
  data_end: monthKey(ANALYSIS.dataEnd),
});

const small = (n: number) => n < INSIGHT_LIMITS.smallSample;

/**
 * A page's questions, two at a time (a user's share of the count slots, and the engine's two
 * workers): all at once, a page of 24 filled the user's queue past the wait limit while "Make
 * available offline" asked for several pages and their profiles together (4 of 200 steps failed).
 */
const IN_TURN = 2;
async function inTurns<T, R>(items: readonly T[], ask: (item: T, index: number) => Promise<R>): Promise<R[]> {
  const out = new Array<R>(items.length);
  let next = 0;
  const lane = async () => {
    for (let i = next++; i < items.length; i = next++) out[i] = await ask(items[i]!, i);
  };
  await Promise.all(Array.from({ length: Math.min(IN_TURN, items.length) }, lane));
  return out;
}

// ---- answers kept per catalogue -------------------------------------------------------------------

const KEPT = 300;
const kept = new WeakMap<object, Map<string, Promise<unknown>>>();

/** The same question on the same loaded catalogue and data source answers from memory. */
async function keptAnswer<T>(asker: Asker, key: string, make: () => Promise<T>): Promise<T> {
  const clientRegion = await contextClientRegion(asker);
  const catalog = asker.data.catalog(clientRegion);
  let answers = kept.get(catalog);
  if (!answers) kept.set(catalog, (answers = new Map()));
  const full = `${clientRegion}:${asker.auth.dataSource}:${asker.ctx.brandId}:${key}`;
  const found = answers.get(full) as Promise<T> | undefined;
  if (found) return found;
  const made = make();
  answers.set(full, made);
  made.catch(() => answers.delete(full));
  if (answers.size > KEPT) answers.delete(answers.keys().next().value!);
  return made;
}

// ---- customer value -------------------------------------------------------------------------------

/** People per purchase frequency (1..12) of a period within the filters, from one question's counts. */
const byFrequency = (answer: CountsAnswer, ids: (number | null)[]) => ids.map((id) => segmentCount(answer, id));

export function customerValue(asker: Asker, filters: string | undefined): Promise<CustomerValue> {
  return keptAnswer(asker, `value:${filters ?? ''}`, async () => {
    const p = await prepare(asker, filters);
    const months = analysisMonths();
    const { current, previous } = periodPositions();
    const period = { from: monthKey(months[current[0]!]!), to: monthKey(months[current.at(-1)!]!) };
    const previousPeriod = { from: monthKey(months[previous[0]!]!), to: monthKey(months[previous.at(-1)!]!) };
    const spendPerPurchase = buyerBrandOf(asker.ctx.clientSlug, p.brand.slug)?.spendPerPurchase ?? 0;
    const currency = await repo.currencyOf(asker.db, p.clientRegion);
    const base = { ...frame(p), period, previous_period: previousPeriod, currency, spend_per_purchase: spendPerPurchase };
    if (!p.sets) return { ...base, buyers: 0, previous_buyers: 0, tiers: [], movement: [], buyers_rule: null };
    const sets = p.sets;
    const all = [...present(sets.current), ...present(sets.previous)];
    const counts = await ask(asker, p, [], eachOwn(all));
    const currentBy = byFrequency(counts, sets.current);
    const previousBy = byFrequency(counts, sets.previous);
    const tierIds = (list: (number | null)[]) => VALUE_TIERS.map((t) => present(tierMonths(t).map((k) => list[k - 1]!)));
    const currentTiers = tierIds(sets.current);
    const previousTiers = tierIds(sets.previous);
    // Previous tier j within the filters, counted against each current tier (the same markets each time).
    const tierMarkets = Object.fromEntries(currentTiers.map((ids, i) => [VALUE_TIERS[i]!.key, ids]));
    // Asked together: the count slots run a user's two at once (the engine has two workers) and queue the rest.
    const matrix = await inTurns(previousTiers, async (ids) => {
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

export function bestCustomer(asker: Asker, query: { filters?: string; best: 'tier' | 'percent'; percent?: number }): Promise<BestCustomer> {
  const percent = query.best === 'percent' ? (query.percent ?? ANALYSIS.bestPercent.default) : null;
  if (percent !== null) {
    const refused = checkBestPercent(percent);
    if (refused) throw new AppError(400, ERROR_CODES.validation, refused, { field: 'percent' });
  }
  return keptAnswer(asker, `best:${query.best}:${percent}:${query.filters ?? ''}`, async () => {
    const p = await prepare(asker, query.filters);
    const currency = await repo.currencyOf(asker.db, p.clientRegion);
    const spendPerPurchase = buyerBrandOf(asker.ctx.clientSlug, p.brand.slug)?.spendPerPurchase ?? 0;
    const top = VALUE_TIERS[0];
    const empty = { people: 0, share_of_buyers: 0, share_of_spend: 0, average_spend: 0, small_sample: true, rule: null };
    if (!p.sets) {
      return { ...frame(p), currency, definition: { best: query.best, percent, min_months: top.min, label: '' }, best: empty, buyers: { people: 0, average_spend: 0, rule: null }, over_indexed: [] };
    }
    const sets = p.sets;
    const counts = await ask(asker, p, [], eachOwn(present(sets.current)));
    const by = byFrequency(counts, sets.current);
    const buyersPeople = by.reduce((s, n) => s + n, 0);
    const cut = percent === null ? { minMonths: top.min, people: tierMonths(top).reduce((s, k) => s + (by[k - 1] ?? 0), 0) } : topPercentCut(by, percent);
    const bestIds = present(sets.current.slice(cut.minMonths - 1));
    const buyerIds = present(sets.current);
    const purchases = (from: number) => by.reduce((s, n, i) => (i + 1 >= from ? s + n * (i + 1) : s), 0);
    const allPurchases = purchases(1);
    const bestPurchases = purchases(cut.minMonths);
    const label =
      percent === null
        ? `Top tier: bought in ${top.min} to ${top.max} of the last ${ANALYSIS.periodMonths} months`
        : `Top ${percent} % by spend: bought in ${cut.minMonths} or more of the last ${ANALYSIS.periodMonths} months (${(buyersPeople ? (100 * cut.people) / buyersPeople : 0).toFixed(1)} % of buyers)`;
    // Over-indexing: each catalogue segment within the best, within all buyers and in the region.
    const candidates = (await repo.catalogueSegments(asker.db, p.clientRegion, Infinity)).filter((s) => s.id % SHORT_ID_SPAN < SHORT_ID_SPAN / 2);
    const ids = candidates.map((s) => s.id);
    const markets = eachOwn(ids);
    // The region's own shares are of everyone, not the filters (the profile is read "against the region").
    const [inBest, inBuyers, inRegion] = ids.length
      ? await inTurns([[bestIds], [buyerIds], null] as const, (focus) =>
          focus ? ask(asker, p, [...focus], markets) : timed(asker, () => p.engine.counts(p.clientRegion, { matched: markets, modeled: {}, focusMatched: [], focusModeled: [], groups: [] })),
        )
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
      ...frame(p),
      currency,
      definition: { best: query.best, percent, min_months: cut.minMonths, label },
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

export function customerAttrition(asker: Asker, query: { filters?: string; window?: number }): Promise<CustomerAttrition> {
  const w = query.window ?? ANALYSIS.attritionWindow.default;
  const refused = checkWindow(w);
  if (refused) throw new AppError(400, ERROR_CODES.validation, refused, { field: 'window' });
  return keptAnswer(asker, `attrition:${w}:${query.filters ?? ''}`, async () => {
    const p = await prepare(asker, query.filters);
    const months = analysisMonths();
    if (!p.sets) return { ...frame(p), window: w, months: [], at_risk: { people: 0, small_sample: true, rule: null }, active: { people: 0, rule: null } };
    const sets = p.sets;
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
    const last = positions.at(-1)!;
    const { recent, earlier } = attritionWindows(last, w);
    const latest = rows.at(-1)!;
    return {
      ...frame(p),
      window: w,
      months: rows,
      at_risk: { people: latest.at_risk, small_sample: small(latest.at_risk), rule: rule([...p.filters, bought(earlier)], bought(recent)) },
      active: { people: latest.active, rule: rule([...p.filters, bought(recent)]) },
    };
  });
}

// ---- buyer retention ------------------------------------------------------------------------------

export function buyerRetention(asker: Asker, filters: string | undefined): Promise<BuyerRetention> {
  return keptAnswer(asker, `retention:${filters ?? ''}`, async () => {
    const p = await prepare(asker, filters);
    const months = analysisMonths();
    const horizon = ANALYSIS.periodMonths;
    if (!p.sets) return { ...frame(p), cohorts: [], horizon };
    const sets = p.sets;
    // Every cohort asks the same markets (each month's buyers and last buyers): one union, kept.
    const markets = eachOwn([...present(sets.bought), ...present(sets.last)]);
    const cohorts = await inTurns(months, async (_, c) => {
      const first = sets.first[c]!;
      const answer = await ask(asker, p, [[first]], markets);
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
    return { ...frame(p), cohorts, horizon };
  });
}

// ---- site visitation ------------------------------------------------------------------------------

export async function siteVisitation(asker: Asker, filters: string | undefined): Promise<SiteVisitation> {
  // The mapping is part of the question: a change in Brand Management asks afresh.
  const mappedNow = (await repo.brandOf(asker.db, asker.ctx.clientId, asker.ctx.brandId!))?.mapping ?? null;
  return keptAnswer(asker, `site:${JSON.stringify(mappedNow)}:${filters ?? ''}`, async () => {
    const p = await prepare(asker, filters);
    const mapping = p.brand.mapping;
    const mappedSlots = SITE_VISIT_SLOTS.filter((slot) => mapping?.[slot]?.identifier);
    const found = await repo.segmentsByIdentifier(asker.db, p.clientRegion, mappedSlots.map((slot) => mapping![slot]!.identifier));
    const segmentOf = (slot: string) => {
      const identifier = mapping?.[slot]?.identifier;
      const row = identifier ? found.find((s) => s.identifier === identifier && !s.deleted) : undefined;
      return row ? { id: row.id, identifier: row.identifier, name: row.name } : null;
    };
    const groups = SITE_GROUPS.map((g) => ({ ...g, segment: segmentOf(g.slot) }));
    const bandRows = await repo.segmentsByIdentifier(asker.db, p.clientRegion, VISIT_BANDS.map((b) => visitBandIdentifier(p.brand.slug, b.key)));
    const bandIds = VISIT_BANDS.map((b) => bandRows.find((r) => r.identifier === visitBandIdentifier(p.brand.slug, b.key) && !r.deleted)?.id ?? null);
    const bandsKnown = bandIds.every((id) => id !== null) && groups.every((g) => g.segment?.identifier === siteGroupIdentifier(p.brand.slug, g.slot));
    const buyerIds = p.sets ? present(p.sets.current) : [];
    const mapped = mappedSlots.length > 0;
    const none = { ...frame(p), mapped, groups: groups.map((g) => ({ slot: g.slot, name: g.name, segment: g.segment, people: 0, buyers: 0, share_of_region: 0, small_sample: true, visits: null, rule: null })), venn: { visitors: 0, buyers: 0, both: 0 }, visit_bands: null };
    if (!mapped || groups.every((g) => !g.segment)) return none;
    const groupIds = groups.map((g) => g.segment?.id ?? null);
    const markets: Record<string, number[]> = {
      ...eachOwn(present([...groupIds, ...(bandsKnown ? bandIds : [])])),
      visitors: present([groupIds[0]!, groupIds[2]!]),
      ...(buyerIds.length ? { buyers: buyerIds } : {}),
    };
    const sizes = await ask(asker, p, [], markets);
    // Within the buyers: each group's and band's buyers, and the visitors who buy.
    const inBuyers = buyerIds.length ? await ask(asker, p, [buyerIds], markets) : null;
    // Visits per band within each group (bands only known for the brand's own groups).
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

/** The brand's segments a page stands on, each with its role. */
export async function pageSegments(asker: Asker, page: AnalysisPage) {
  const clientRegion = await contextClientRegion(asker);
  const brand = await repo.brandOf(asker.db, asker.ctx.clientId, asker.ctx.brandId!);
  if (!brand) throw notFound(`${asker.ctx.clientSlug} has no brand ${asker.ctx.brandSlug}.`);
  const buyers = (await repo.segmentsWithPrefix(asker.db, clientRegion, `adventure-buyers-${brand.slug}-`)).filter((s) => !s.deleted);
  const roleOf = (identifier: string) => {
    const rest = identifier.slice(`adventure-buyers-${brand.slug}-`.length);
    if (rest.startsWith('current-')) return 'frequency-current';
    if (rest.startsWith('previous-')) return 'frequency-previous';
    return rest.split('-')[0]!;
  };
  const wanted: Record<AnalysisPage, (role: string) => boolean> = {
    'customer-value': (r) => r.startsWith('frequency'),
    'best-customer': (r) => r === 'frequency-current',
    'customer-attrition': (r) => r === 'bought' || r === 'first',
    'buyer-retention': (r) => r === 'bought' || r === 'first' || r === 'last',
    'site-visitation': () => false,
  };
  const own = buyers.map((s) => ({ id: s.id, identifier: s.identifier, name: s.name, role: roleOf(s.identifier) })).filter((s) => wanted[page](s.role));
  if (page === 'site-visitation') {
    const mapped = SITE_VISIT_SLOTS.map((slot) => brand.mapping?.[slot]?.identifier).filter((i): i is string => !!i);
    const bands = VISIT_BANDS.map((b) => visitBandIdentifier(brand.slug, b.key));
    const rows = (await repo.segmentsByIdentifier(asker.db, clientRegion, [...mapped, ...bands])).filter((s) => !s.deleted);
    own.push(...rows.map((s) => ({ id: s.id, identifier: s.identifier, name: s.name, role: mapped.includes(s.identifier) ? 'site-group' : 'visit-band' })));
  }
  return own.sort((a, b) => a.id - b.id);
}
