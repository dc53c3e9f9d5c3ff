import type { AudienceRules } from '@shared/schemas/audience-rules';
import type { CountsBody, DataAvailabilityBody, RuleCounts, Segment } from '@shared/schemas/insights';
import { countsIds, emptyCounts, hasShortIds, widgetMaths } from '@shared/rules/insights';
import { ERROR_CODES } from '@shared/schemas/error';
import type { Db, Executor } from '../../db/client';
import type { DataManager } from '../../engine/data-manager';
import { CountSlotsBusyError } from '../../engine/count-slots';
import { MAX_INTERSECTED, TimeLimitError, type CountEngine, type IntersectionsAnswer } from '../../engine/questions';
import { exclusiveRegions, maskMembers, regionIndex } from '@shared/rules/audience-kinds';
import { AppError, badRequest, notFound } from '../../lib/errors';
import type { RequestAuth, RequestContext } from '../../types';
import * as repo from './insights-repository';

/** What every question needs: the database, the engines, and who asks from where. */
export interface Asker {
  db: Db;
  data: DataManager;
  auth: RequestAuth;
  ctx: RequestContext;
}

/** The X-Context client region's id (the engines know it; else the database, a write's transaction too). */
export async function contextClientRegion({ db, ctx, data }: { db: Executor; ctx: RequestContext; data: DataManager }): Promise<number> {
  const id = data.clientRegionOf(ctx.clientId, ctx.regionId!) ?? (await repo.clientRegionId(db, ctx.clientId, ctx.regionId!));
  if (id === null) throw notFound(`${ctx.clientSlug}/${ctx.regionSlug} has no audience data.`);
  return id;
}

const list = (ids: number[]) => (ids.length > 10 ? `${ids.slice(0, 10).join(', ')} and ${ids.length - 10} more` : ids.join(', '));

/**
 * Refuses segment ids the client region does not have (another tenant's included) or has
 * deleted, and demographic value ids that are not the region's (422 UNKNOWN_SEGMENTS; the
 * values, when some are refused, are named in details.values).
 */
export async function checkSegments(asker: Pick<Asker, 'data' | 'ctx'>, clientRegion: number, ids: number[], valueIds: number[] = []) {
  const unique = [...new Set(ids)];
  const catalog = await asker.data.catalog(clientRegion);
  const found = catalog.segments;
  const unknown = unique.filter((id) => !found.has(id));
  const deleted = unique.filter((id) => found.get(id) === true);
  const regionValues = valueIds.length ? new Set(catalog.categories.flatMap((c) => c.values.map((v) => v.id))) : new Set<number>();
  const values = [...new Set(valueIds)].filter((id) => !regionValues.has(id));
  if (unknown.length === 0 && deleted.length === 0 && values.length === 0) return;
  const where = `${asker.ctx.clientSlug}/${asker.ctx.regionSlug}`;
  const plural = (n: number) => (n > 1 ? 's' : '');
  const message = [
    unknown.length ? `No segment${plural(unknown.length)} ${list(unknown)} in ${where}.` : '',
    deleted.length ? `Segment${plural(deleted.length)} ${list(deleted)} ${deleted.length > 1 ? 'were' : 'was'} deleted by the provider.` : '',
    values.length ? `No demographic value${plural(values.length)} ${list(values)} in ${where}.` : '',
  ].filter(Boolean).join(' ');
  throw new AppError(422, ERROR_CODES.unknownSegments, message, { unknown, deleted, ...(values.length ? { values } : {}) });
}

/** Every segment id a rule names, and every demographic value id. */
export const ruleIds = (rules: AudienceRules) => ({ segments: [...rules.include.and.flat(), ...rules.exclude], values: rules.values.flat() });

/** Checks rules' ids (checkSegments) against the client region. */
export function checkRules(asker: Pick<Asker, 'data' | 'ctx'>, clientRegion: number, rules: AudienceRules[]) {
  const ids = rules.map(ruleIds);
  return checkSegments(asker, clientRegion, ids.flatMap((i) => i.segments), ids.flatMap((i) => i.values));
}

/** The session's engine for the region, or a 503 saying why it cannot answer yet. */
export function engineOf(asker: Asker, clientRegion: number): CountEngine {
  const found = asker.data.engineFor(clientRegion, asker.auth.dataSource);
  if (typeof found === 'string') throw new AppError(503, ERROR_CODES.dataNotReady, found);
  return found;
}

/**
 * Asks in one of the user's count slots (a user's questions wait behind their own, never take
 * every slot): past the time limit, waiting or working, 503 TIME_LIMIT; too many waiting, 429.
 */
export async function timed<T>(asker: Asker, question: () => Promise<T>): Promise<T> {
  try {
    return await asker.data.slots.run(String(asker.auth.user.id), question);
  } catch (err) {
    if (err instanceof TimeLimitError) throw new AppError(503, ERROR_CODES.timeLimit, err.message);
    if (err instanceof CountSlotsBusyError) throw new AppError(429, ERROR_CODES.rateLimited, err.message, { retryAfter: err.retryAfterSeconds });
    throw err;
  }
}

/**
 * The region's engine (or a 503 saying why not), then the rules' ids checked against the
 * catalogue the engine was loaded with.
 */
async function prepare(asker: Asker, rules: AudienceRules[]) {
  const clientRegion = await contextClientRegion(asker);
  const engine = engineOf(asker, clientRegion);
  await checkRules(asker, clientRegion, rules);
  return { clientRegion, engine };
}

export async function countAudience(asker: Asker, rules: AudienceRules): Promise<number> {
  const { clientRegion, engine } = await prepare(asker, [rules]);
  return timed(asker, () => engine.count(clientRegion, rules));
}

/** The builder's live counts: the rule's people, each group's alone, the excludes' and everyone, in one engine question. */
export async function ruleCounts(asker: Asker, rules: AudienceRules): Promise<RuleCounts> {
  const { clientRegion, engine } = await prepare(asker, [rules]);
  return timed(asker, () => engine.ruleCounts(clientRegion, rules));
}

export async function counts(asker: Asker, body: CountsBody) {
  const ids = countsIds(body);
  if (!hasShortIds(body)) {
    // Nothing to count, but the focus and group ids are refused as they would be beside short
    // ids (another tenant's included): the answer never depends on which fields were filled.
    if (ids.length > 0) await checkSegments(asker, await contextClientRegion(asker), ids);
    return emptyCounts();
  }
  const clientRegion = await contextClientRegion(asker);
  const engine = engineOf(asker, clientRegion);
  await checkSegments(asker, clientRegion, ids);
  return timed(asker, () =>
    engine.counts(clientRegion, {
      matched: body.matched_short_ids,
      modeled: body.modeled_short_ids,
      focusMatched: body.focused_matched_short_ids,
      focusModeled: body.focused_modeled_short_ids,
      groups: body.group_short_ids,
    }),
  );
}

/**
 * One index widget of a rule; `rules` null is everyone (Explore's all-data persona without
 * filters): each share is its base share, index 100, no z-score.
 */
export async function widget(asker: Asker, rules: AudienceRules | null, category: number | string) {
  const { clientRegion, engine } = await prepare(asker, rules ? [rules] : []);
  const { categories } = await asker.data.catalog(clientRegion);
  const wanted = typeof category === 'number' ? categories.find((c) => c.id === category) : categories.find((c) => c.name.toLowerCase() === category.trim().toLowerCase());
  if (!wanted) throw notFound(`${asker.ctx.clientSlug}/${asker.ctx.regionSlug} has no demographic category ${JSON.stringify(category)}.`);
  const answer = await timed(asker, () => engine.widget(clientRegion, rules, wanted.values.map((v) => v.id)));
  const names = new Map(wanted.values.map((v) => [v.id, v.name]));
  return {
    category: { id: wanted.id, name: wanted.name },
    audience_count: answer.audienceCount,
    base_count: answer.people,
    rows: answer.values.map((v) => {
      const maths = widgetMaths(v.count, answer.audienceCount, v.valueSize, answer.people);
      // Everyone against everyone: the index is 100 exactly, not 100 give or take a rounding.
      return { value_id: v.attributeId, name: names.get(v.attributeId) ?? '', count: v.count, ...maths, index: rules || maths.index === null ? maths.index : 100 };
    }),
  };
}

/**
 * Pairs and every exclusive intersection (people in exactly the audiences `in`, with its index
 * against the region under independence) of 2 to 4 audiences, from the counts of every intersection.
 */
export function intersectionFigures(answer: IntersectionsAnswer) {
  const k = answer.sizes.length;
  const share = (n: number, of: number) => (of === 0 ? 0 : n / of);
  const exact = exclusiveRegions(k, answer.all);
  const pairs: { a: number; b: number; count: number; share_of_a: number; share_of_b: number }[] = [];
  for (let a = 0; a < k; a++) {
    for (let b = a + 1; b < k; b++) {
      const count = answer.all[(1 << a) | (1 << b)] ?? 0;
      pairs.push({ a, b, count, share_of_a: share(count, answer.sizes[a]!), share_of_b: share(count, answer.sizes[b]!) });
    }
  }
  const regions = [];
  for (let mask = 1; mask < 1 << k; mask++) {
    const count = exact[mask] ?? 0;
    regions.push({ in: maskMembers(mask, k), count, index: regionIndex(mask, k, answer.sizes, answer.people, count) });
  }
  return { pairs, regions };
}

/** Sizes and pairwise overlaps; for up to 4 audiences also everyone's count and every exclusive intersection (issue 16). */
export async function overlap(asker: Asker, audiences: { name: string; rules: AudienceRules }[]) {
  const { clientRegion, engine } = await prepare(asker, audiences.map((a) => a.rules));
  const rules = audiences.map((a) => a.rules);
  if (audiences.length <= MAX_INTERSECTED) {
    const answer = await timed(asker, () => engine.intersections(clientRegion, rules));
    const { pairs, regions } = intersectionFigures(answer);
    return { audiences: audiences.map((a, i) => ({ name: a.name, count: answer.sizes[i]! })), pairs, people: answer.people, regions };
  }
  // One question per request (a user's share of the count slots is counted in questions).
  const answer = await timed(asker, () => engine.overlap(clientRegion, rules));
  const share = (n: number, of: number) => (of === 0 ? 0 : n / of);
  return {
    audiences: audiences.map((a, i) => ({ name: a.name, count: answer.sizes[i]! })),
    pairs: answer.pairs.map((p) => ({ ...p, share_of_a: share(p.count, answer.sizes[p.a]!), share_of_b: share(p.count, answer.sizes[p.b]!) })),
    people: asker.data.peopleOf(clientRegion),
  };
}

function toSegments(rows: repo.SegmentRow[], people: { identifier: string; region: string; people: number }[]): Segment[] {
  const byIdentifier = new Map<string, Record<string, number>>();
  for (const p of people) {
    const counts = byIdentifier.get(p.identifier) ?? { global: 0 };
    counts[p.region] = p.people;
    counts.global = (counts.global ?? 0) + p.people;
    byIdentifier.set(p.identifier, counts);
  }
  return rows.map((r) => ({
    id: r.id,
    identifier: r.identifier,
    name: r.name,
    path_parts: r.pathParts,
    vendor_name: r.vendorName,
    vendor_type: r.vendorType,
    deleted: r.deleted,
    create_audience_single: r.allowCreateAudienceSingle,
    count: { people: byIdentifier.get(r.identifier) ?? { global: 0 } },
  }));
}

export async function listSegments(asker: Asker, query: { region: string; q?: string; page: number; per_page: number; include_deleted: boolean }) {
  const region = await repo.clientRegionBySlug(asker.db, asker.ctx.clientId, query.region);
  if (!region) throw notFound(`${asker.ctx.clientSlug} has no region "${query.region}".`);
  if (asker.ctx.regionSlug && asker.ctx.regionSlug !== query.region) throw badRequest(`region "${query.region}" differs from the X-Context region "${asker.ctx.regionSlug}".`);
  const { rows, total } = await repo.searchSegments(asker.db, region.id, { q: query.q, includeDeleted: query.include_deleted, page: query.page, perPage: query.per_page });
  const people = await repo.peopleByRegion(asker.db, asker.ctx.clientId, rows.map((r) => r.identifier));
  return { data: toSegments(rows, people), meta: { page: query.page, per_page: query.per_page, total } };
}

export async function lookupSegments(asker: Asker, identifiers: string[]) {
  const clientRegion = await contextClientRegion(asker);
  const unique = [...new Set(identifiers)];
  const rows = await repo.segmentsByIdentifiers(asker.db, clientRegion, unique);
  const people = await repo.peopleByRegion(asker.db, asker.ctx.clientId, rows.map((r) => r.identifier));
  const found = new Set(rows.map((r) => r.identifier));
  return { data: toSegments(rows, people), meta: { missing: unique.filter((i) => !found.has(i)) } };
}

export async function categories(asker: Asker) {
  return (await asker.data.catalog(await contextClientRegion(asker))).categories;
}

export async function dataAvailability(asker: Asker, body: DataAvailabilityBody) {
  if (!(await repo.brandOfClient(asker.db, asker.ctx.clientId, body.parent_id))) throw notFound(`${asker.ctx.clientSlug} has no brand ${body.parent_id}.`);
  const clientRegion = await contextClientRegion(asker);
  return repo.availableSources(asker.db, clientRegion, asker.ctx.regionId!, body.vendors, body.use_cases);
}
