import type { AudienceRules } from '@shared/schemas/audience-rules';
import { ANALYSIS, buyerSetIdentifiers, filterParam, monthKey, parseFilterParam } from '@shared/rules/analysis';
import { INSIGHT_LIMITS } from '@shared/rules/insights';
import { ERROR_CODES } from '@shared/schemas/error';
import { AppError, notFound } from '../../lib/errors';
import type { CountEngine, CountsAnswer } from '../../engine/questions';
import { checkSegments, contextClientRegion, engineOf, timed, type Asker } from '../insights/insights-service';
import { segmentsByIdentifiers } from '../insights/insights-repository';
import * as repo from './analysis-repository';

/**
 * What the five analysis pages (analysis-service.ts) ask with: the context's brand and its buyer
 * sets, the user's filters, counts questions within them, and answers kept per loaded catalogue.
 */

export type Groups = number[][];

/** The brand's buyer sets in the region by what they are (buyerSetIdentifiers), each id or null when missing. */
export type BrandSets = Record<keyof ReturnType<typeof buyerSetIdentifiers>, (number | null)[]>;

export interface Prepared {
  clientRegion: number;
  engine: CountEngine;
  brand: repo.AnalysisBrand;
  filters: Groups;
  people: number;
  filteredPeople: number;
  /** The brand's sets, null when it has no buyer data in the region (or one of them is gone). */
  sets: BrandSets | null;
}

// ---- kept per loaded catalogue ----------------------------------------------------------------------

const KEPT = 300;
const kept = new WeakMap<object, Map<string, Promise<unknown>>>();

/**
 * The same question of a region answers from memory while its catalogue is the one loaded: a
 * reload, or a segment added or dropped, reads a new catalogue and starts afresh. At most KEPT
 * answers per catalogue, the oldest dropped first; a failed one is not kept.
 */
async function keptFor<T>(asker: Asker, clientRegion: number, key: string, make: () => Promise<T>): Promise<T> {
  const catalog = asker.data.catalog(clientRegion);
  let answers = kept.get(catalog);
  if (!answers) kept.set(catalog, (answers = new Map()));
  const found = answers.get(key) as Promise<T> | undefined;
  if (found) return found;
  const made = make();
  answers.set(key, made);
  // A newer answer may hold the key by then (this one dropped as the oldest): keep that one.
  made.catch(() => {
    if (answers.get(key) === made) answers.delete(key);
  });
  if (answers.size > KEPT) answers.delete(answers.keys().next().value!);
  return made;
}

/** The region's live segments by identifier, of the identifiers asked (one read). */
export async function liveByIdentifier(asker: Asker, clientRegion: number, identifiers: string[]) {
  const rows = identifiers.length ? await segmentsByIdentifiers(asker.db, clientRegion, identifiers) : [];
  return new Map(rows.filter((r) => !r.deleted).map((r) => [r.identifier, r]));
}

/** The brand's live buyer sets in the region, by identifier: read once per catalogue. */
export function buyerSetsOf(asker: Asker, clientRegion: number, brandSlug: string) {
  return keptFor(asker, clientRegion, `sets:${brandSlug}`, () => liveByIdentifier(asker, clientRegion, Object.values(buyerSetIdentifiers(brandSlug)).flat()));
}

/** The catalogue segments a best customer may over-index on: read once per catalogue. */
export const candidatesOf = (asker: Asker, clientRegion: number) => keptFor(asker, clientRegion, 'candidates', () => repo.catalogueSegments(asker.db, clientRegion));

/** The context's client region and brand (404 without). */
export async function contextBrand(asker: Asker) {
  const clientRegion = await contextClientRegion(asker);
  const brand = await repo.brandOf(asker.db, asker.ctx.clientId, asker.ctx.brandId!);
  if (!brand) throw notFound(`${asker.ctx.clientSlug} has no brand ${asker.ctx.brandSlug}.`);
  return { clientRegion, brand };
}

// ---- a page's answer ----------------------------------------------------------------------------------

const frame = (p: Prepared) => ({
  brand: { id: p.brand.id, name: p.brand.name, slug: p.brand.slug },
  has_data: p.sets !== null,
  people: p.people,
  filtered_people: p.filteredPeople,
  filters: p.filters,
  data_end: monthKey(ANALYSIS.dataEnd),
});

/**
 * A page's answer: the filters checked (400, 422), the brand's sets and the region's engine, then
 * `make`'s figures with what every page answers beside them. Kept per catalogue for the same
 * question, data source, brand (its name, slug and site mapping: a change in Brand Management is
 * seen at once) and filters.
 */
export async function pageAnswer<R>(asker: Asker, question: string, filtersText: string | undefined, make: (p: Prepared) => Promise<R>): Promise<ReturnType<typeof frame> & R> {
  const parsed = parseFilterParam(filtersText);
  if ('error' in parsed) throw new AppError(400, ERROR_CODES.validation, parsed.error, { field: 'filters' });
  const { clientRegion, brand } = await contextBrand(asker);
  await checkSegments(asker, clientRegion, parsed.groups.flat());
  const key = `${question}:${asker.auth.dataSource}:${JSON.stringify(brand)}:${filterParam(parsed.groups)}`;
  return keptFor(asker, clientRegion, key, async () => {
    const p = await prepare(asker, clientRegion, brand, parsed.groups);
    return { ...frame(p), ...(await make(p)) };
  });
}

async function prepare(asker: Asker, clientRegion: number, brand: repo.AnalysisBrand, filters: Groups): Promise<Prepared> {
  const engine = engineOf(asker, clientRegion);
  const live = await buyerSetsOf(asker, clientRegion, brand.slug);
  const ids = Object.fromEntries(Object.entries(buyerSetIdentifiers(brand.slug)).map(([kind, list]) => [kind, list.map((i) => live.get(i)?.id ?? null)])) as BrandSets;
  const complete = Object.values(ids).every((list) => list.every((id) => id !== null));
  const people = asker.data.peopleOf(clientRegion);
  const filteredPeople = filters.length ? await timed(asker, () => engine.count(clientRegion, rule(filters))) : people;
  return { clientRegion, engine, brand, filters, people, filteredPeople, sets: complete ? ids : null };
}

// ---- counting -------------------------------------------------------------------------------------------

/** A rule of OR-groups ANDed, minus `exclude`: what "Save as audience" sends. */
export const rule = (groups: Groups, exclude: number[] = []): AudienceRules => ({ include: { and: groups.map((g) => [...g]) }, exclude, values: [] });

export const present = <T>(items: readonly (T | null)[]): T[] => items.filter((x): x is T => x !== null);

/** One counts question within `groups` (the filters and the focus, or none for the whole region): each market's union and each id of them. */
export const countsWithin = (asker: Asker, p: Prepared, groups: Groups, markets: Record<string, number[]>): Promise<CountsAnswer> =>
  timed(asker, () => p.engine.counts(p.clientRegion, { matched: markets, modeled: {}, focusMatched: [], focusModeled: [], groups }));

/** One counts question within the filters and the `focus` groups. */
export const ask = (asker: Asker, p: Prepared, focus: Groups, markets: Record<string, number[]>) => countsWithin(asker, p, [...p.filters, ...focus], markets);

export const segmentCount = (answer: CountsAnswer, id: number | null) => (id === null ? 0 : (answer.segment_counts[String(id)] ?? 0));
export const marketCount = (answer: CountsAnswer, market: string) => answer.market_counts[market]?.matched ?? 0;
/** Every id as its own market: one question counts them all, and the same list gives the same cached union. */
export const eachOwn = (ids: number[]) => Object.fromEntries(ids.map((id) => [String(id), [id]]));
/** People per purchase frequency (1..12) of a period, from one question's counts. */
export const byFrequency = (answer: CountsAnswer, ids: (number | null)[]) => ids.map((id) => segmentCount(answer, id));

export const small = (n: number) => n < INSIGHT_LIMITS.smallSample;

/**
 * A page's questions, two at a time (a user's share of the count slots, and the engine's two
 * workers): all at once, a page of 24 filled the user's queue past the wait limit while "Make
 * available offline" asked for several pages and their profiles together (4 of 200 steps failed).
 */
const IN_TURN = 2;
export async function inTurns<T, R>(items: readonly T[], each: (item: T, index: number) => Promise<R>): Promise<R[]> {
  const out = new Array<R>(items.length);
  let next = 0;
  const lane = async () => {
    for (let i = next++; i < items.length; i = next++) out[i] = await each(items[i]!, i);
  };
  await Promise.all(Array.from({ length: Math.min(IN_TURN, items.length) }, lane));
  return out;
}
