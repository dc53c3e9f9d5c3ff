import { GROW_TEXT } from '@shared/rules/grow';
import { AUDIENCES_TEXT, audienceKind, copyName } from '@shared/rules/audience-kinds';
import { audienceRulesSchema, hasNonSegments, type AudienceRules } from '@shared/schemas/audience-rules';
import {
  audienceStatusSchema,
  lookalikeQualitySchema,
  reachSchema,
  type AudienceDetail,
  type AudienceListQuery,
  type AudienceStatus,
  type AudienceSummary,
  type AudienceUse,
  type LineageStep,
  type UpdateAudienceBody,
} from '@shared/schemas/audiences';
import { ERROR_CODES, versionConflictMessage } from '@shared/schemas/error';
import { AUDIENCE_TEXT, type SaveAudienceBody, type savedAudienceSchema } from '@shared/schemas/grow';
import type * as z from 'zod/mini';
import type { Db, Executor } from '../../db/client';
import type { DataManager } from '../../engine/data-manager';
import { AppError, unavailable } from '../../lib/errors';
import { claimExact, claimMerged, type Claimable } from '../../lib/versioned';
import type { RequestAuth, RequestContext } from '../../types';
import { auditWrite } from '../audit/audit-repository';
import { chartScope } from '../grow/grow-common';
import { findAnswer } from '../idempotency/idempotency-repository';
import { contextClientRegion, countAudience, timed, type Asker } from '../insights/insights-service';
import * as repo from './audience-repository';

export type SavedAudience = z.infer<typeof savedAudienceSchema>;

/** A write's transaction, caller and X-Context product. */
export interface WriteScope {
  tx: Executor;
  auth: RequestAuth;
  ctx: RequestContext;
  requestId: string;
}

export const AUDIENCE_LIMITS = { name: 100, description: 1000 } as const;

/** An audience checked, counted and ready to store. */
export interface PreparedAudience {
  name: string;
  description: string | null;
  rules: AudienceRules;
  peopleCount: number;
  referer: string | null;
}

/** The builder form's rules (name required and short, description not too long), by field. */
export function validateSave(body: Pick<SaveAudienceBody, 'name' | 'description'>): { path: string; message: string }[] {
  const issues: { path: string; message: string }[] = [];
  const name = body.name.trim();
  if (name.length === 0) issues.push({ path: 'body.name', message: AUDIENCE_TEXT.nameRequired });
  else if (name.length > AUDIENCE_LIMITS.name) issues.push({ path: 'body.name', message: AUDIENCE_TEXT.nameTooLong });
  if (body.description.trim().length > AUDIENCE_LIMITS.description) issues.push({ path: 'body.description', message: AUDIENCE_TEXT.descriptionTooLong });
  return issues;
}

/**
 * Checks and counts an audience to save: the form's rules (422), no demographic values (422,
 * spec 3 §5: an audience is of segments only), the rule's segments against
 * the context client region (422 UNKNOWN_SEGMENTS; 503 while its data is not ready), then the
 * data permission of every included segment (403). Counting asks the engines, which read the
 * database outside any transaction, so this runs before the write's transaction opens.
 */
export async function prepareSave(asker: Asker, body: SaveAudienceBody): Promise<PreparedAudience> {
  const issues = validateSave(body);
  if (issues.length) throw new AppError(422, ERROR_CODES.validation, issues[0]!.message, issues);
  if (hasNonSegments(body.rules)) throw new AppError(422, ERROR_CODES.validation, AUDIENCE_TEXT.nonSegments, [{ path: 'body.rules.values', message: AUDIENCE_TEXT.nonSegments }]);
  const peopleCount = await countAudience(asker, body.rules);
  const included = [...new Set(body.rules.include.and.flat())];
  const permissions = await repo.segmentPermissions(asker.db, await contextClientRegion(asker), included);
  const refused = permissions.filter((p) => !p.allow).map((p) => p.id).sort((a, b) => a - b);
  if (refused.length) throw new AppError(403, ERROR_CODES.forbidden, GROW_TEXT.saveAudienceNoPermission, { segments: refused });
  const description = body.description.trim();
  return { name: body.name.trim(), description: description || null, rules: body.rules, peopleCount, referer: body.referer ?? null };
}

/**
 * Whether this X-Request-ID already has its answer: a resend then gets that answer as it is,
 * without being checked or counted again (the segments or the data may have changed since).
 */
export async function alreadyAnswered(db: Executor, auth: RequestAuth, key: string): Promise<boolean> {
  return (await findAnswer(db, (auth.parentUser ?? auth.user).id, key)) !== null;
}

export function toSavedView(row: repo.AudienceRow): SavedAudience {
  return {
    id: row.id,
    name: row.name,
    description: row.description,
    // Stored from a parsed rule, so it has the rule's shape.
    rules: row.rules as AudienceRules,
    people_count: row.peopleCount ?? 0,
    version: row.version,
    created_at: row.createdAt.toISOString(),
  };
}

/** Stores the prepared audience in the X-Context product; null when it was not prepared (see alreadyAnswered). */
export async function saveAudience(scope: WriteScope, prepared: PreparedAudience | null): Promise<SavedAudience> {
  // Answered when checked, gone when claimed: only an expired key does that. A resend is judged afresh.
  if (!prepared) throw unavailable('This request was being answered; send it again.');
  const { auth, ctx, tx } = scope;
  const row = await repo.insertAudience(tx, {
    ...chartScope(ctx),
    name: prepared.name,
    description: prepared.description,
    rules: prepared.rules,
    peopleCount: prepared.peopleCount,
    createdBy: auth.user.id,
  });
  await auditWrite({ db: tx, auth, requestId: scope.requestId }, 'audience.create', `audience:${row.id}`, { name: row.name, people_count: row.peopleCount, referer: prepared.referer });
  return toSavedView(row);
}

// ---- issue 16: the overview, details, edits, copies and deletes -----------------------------------

/** What every Audiences call works with (as Grow's and Explore's): the database, the caller, the X-Context product and region, the engines. */
export interface AudiencesScope {
  db: Executor;
  auth: RequestAuth;
  ctx: RequestContext;
  data: DataManager;
  requestId: string;
}

const scopeOf = (s: AudiencesScope): repo.AudienceScope => chartScope(s.ctx);
const nameOf = (u: { first: string | null; last: string | null } | null) => (u && (u.first !== null || u.last !== null) ? `${u.first ?? ''} ${u.last ?? ''}`.trim() : null);

/** A 404 that names what is gone (`details.gone`). */
export const audienceNotFound = (id: number) => new AppError(404, ERROR_CODES.notFound, `There is no audience ${id} in this product and region: it may have been deleted.`, { gone: { kind: 'audience', id } });

export function summaryOf(l: repo.ListedAudience): AudienceSummary {
  const a = l.audience;
  return {
    id: a.id,
    name: a.name,
    type: a.type,
    audience_type: a.audienceType,
    kind: audienceKind({ type: a.type, audience_type: a.audienceType, shared_from: l.sharedFrom ?? (a.sharedFromClientId !== null ? 'another client' : null) }),
    status: audienceStatusSchema.safeParse(a.status).success ? (a.status as AudienceStatus) : 'ready',
    // Spec 3 §4: cleared while a job builds it.
    people_count: a.status === 'ready' ? a.peopleCount : null,
    counted_at: a.status === 'ready' && a.countedAt ? a.countedAt.toISOString() : null,
    created_at: a.createdAt.toISOString(),
    created_by: l.creator ? { id: l.creator.id, name: `${l.creator.first} ${l.creator.last}`.trim() } : null,
    short_id: a.shortId,
    shared_from: a.sharedFromClientId !== null ? (l.sharedFrom ?? 'another client') : null,
    read_only: a.sharedFromClientId !== null,
    version: a.version,
  };
}

/** A count this recent is shown as it is; an older one is counted again when listed. */
export const LIVE_COUNT_MAX_AGE_MS = 5 * 60_000;

/**
 * Counts a ready audience again in the context region and stores it with counted_at; the row
 * as it was when it cannot be counted now (no rule, a segment the region lacks or deleted, the
 * data not ready, the engine refusing).
 */
async function recounted(scope: AudiencesScope, contextRegion: number, listed: repo.ListedAudience): Promise<repo.ListedAudience> {
  const row = listed.audience;
  const rules = rulesOf(row);
  if (row.status !== 'ready' || !rules) return listed;
  const engine = scope.data.engineFor(contextRegion, scope.auth.dataSource);
  if (typeof engine === 'string') return listed;
  const ids = ruleShortIds(rules);
  const segmentsHere = await repo.segmentsByShortIds(scope.db, contextRegion, ids);
  if (segmentsHere.length !== ids.length || segmentsHere.some((s) => s.deleted)) return listed;
  const people = await timed({ db: scope.db as Db, data: scope.data, auth: scope.auth, ctx: scope.ctx }, () => engine.count(contextRegion, rules)).catch(() => null);
  if (people === null) return listed;
  await repo.storeCount(scope.db, row.id, people);
  return { ...listed, audience: { ...row, peopleCount: people, countedAt: new Date() } };
}

/**
 * A page of the overview. Its people counts are live: a row counted more than
 * LIVE_COUNT_MAX_AGE_MS ago (or never) is counted again now, and says when (counted_at).
 */
export async function listAudiences(scope: AudiencesScope, query: AudienceListQuery) {
  const { rows, total } = await repo.listAudiences(scope.db, scopeOf(scope), {
    search: query.search, kind: query.kind, sort: query.sort, dir: query.dir, page: query.page, pageSize: query.page_size,
  });
  const stale = (l: repo.ListedAudience) => !l.audience.countedAt || Date.now() - l.audience.countedAt.getTime() > LIVE_COUNT_MAX_AGE_MS;
  const contextRegion = rows.some(stale) ? await contextClientRegion(scope) : null;
  const live = contextRegion === null ? rows : await Promise.all(rows.map((l) => (stale(l) ? recounted(scope, contextRegion, l) : l)));
  return { data: live.map(summaryOf), meta: { total, page: query.page, page_size: query.page_size } };
}

export async function listedInScope(scope: AudiencesScope, id: number): Promise<repo.ListedAudience> {
  const found = await repo.findListed(scope.db, scopeOf(scope), id);
  if (!found) throw audienceNotFound(id);
  return found;
}

/** The rule as stored (a parsed rule when written), or null (a shared audience whose segments the region lacks, an old demo row). */
export function rulesOf(row: Pick<repo.AudienceRow, 'rules'>): AudienceRules | null {
  const parsed = audienceRulesSchema.safeParse(row.rules);
  return parsed.success ? parsed.data : null;
}

const ruleShortIds = (rules: AudienceRules | null) => (rules ? [...new Set([...rules.include.and.flat(), ...rules.exclude])] : []);

/** Oldest first: the seed chain (a lookalike's seed, a copy's original), ending with this audience. */
async function lineageOf(scope: AudiencesScope, row: repo.AudienceRow): Promise<LineageStep[]> {
  const steps: LineageStep[] = [];
  const seen = new Set<number>([row.id]);
  let current = row;
  for (let depth = 0; depth < 20; depth++) {
    if (current.seedAudienceId !== null && !seen.has(current.seedAudienceId)) {
      const parent = await repo.audienceById(scope.db, current.seedAudienceId);
      if (parent && parent.clientId === row.clientId) {
        seen.add(parent.id);
        steps.push({ id: parent.id, name: parent.name, kind: audienceKind({ type: parent.type, audience_type: parent.audienceType, shared_from: parent.sharedFromClientId !== null ? 'shared' : null }), deleted: false });
        current = parent;
        continue;
      }
    }
    if (current.seedAudienceId === null && current.seedName !== null) steps.push({ id: null, name: current.seedName, kind: 'audience', deleted: true });
    break;
  }
  steps.reverse();
  steps.push({ id: row.id, name: row.name, kind: audienceKind({ type: row.type, audience_type: row.audienceType, shared_from: row.sharedFromClientId !== null ? 'shared' : null }), deleted: false });
  return steps;
}

/** Everything that uses the audience: charts, journeys and personas naming its segment, its activations, comparisons of it. */
export async function usesOf(scope: Pick<AudiencesScope, 'db'>, row: repo.AudienceRow): Promise<AudienceUse[]> {
  const s = { clientId: row.clientId, productId: row.productId, regionId: row.regionId };
  const [charts, journeys, acts, pers, comps] = await Promise.all([
    row.shortId !== null ? repo.chartsNaming(scope.db, s, row.shortId) : Promise.resolve([]),
    row.shortId !== null ? repo.journeysNaming(scope.db, s, row.shortId) : Promise.resolve([]),
    repo.activationsOf(scope.db, row.id),
    row.shortId !== null ? repo.personasNaming(scope.db, s, row.shortId) : Promise.resolve([]),
    repo.comparisonsNaming(scope.db, row.clientId, row.id, row.shortId),
  ]);
  return [
    ...charts.map((c) => ({ kind: 'chart' as const, id: c.id, name: c.name, user: nameOf(c) })),
    ...journeys.map((j) => ({ kind: 'journey' as const, id: j.id, name: j.name, user: nameOf(j) })),
    ...acts.map((a) => ({ kind: 'activation' as const, id: a.id, name: `Activation ${a.id}`, user: nameOf(a) })),
    ...pers.map((p) => ({ kind: 'persona' as const, id: p.id, name: p.name, user: nameOf(p) })),
    ...comps.map((c) => ({ kind: 'comparison' as const, id: c.id, name: c.name, user: nameOf(c) })),
  ];
}

/**
 * A rule of one client region in another's terms: each segment by its identifier (a client's
 * regions share one catalogue), answering null when the other region lacks one of them or has
 * it deleted (a stored set's segment is its own region's alone).
 */
export async function translateRule(db: Executor, rules: AudienceRules, from: number, to: number): Promise<AudienceRules | null> {
  const here = await repo.segmentsByShortIds(db, from, ruleShortIds(rules));
  const there = new Map((await repo.liveSegmentsByIdentifiers(db, to, here.map((x) => x.identifier))).map((x) => [x.identifier, x.id]));
  return mapRule(rules, new Map(here.flatMap((x) => (there.has(x.identifier) ? [[x.id, there.get(x.identifier)!] as const] : []))));
}

/** Rewrites a rule's short ids through a map; null when one is missing. */
export function mapRule(rules: AudienceRules, map: ReadonlyMap<number, number>): AudienceRules | null {
  const to = (id: number) => map.get(id);
  const groups = rules.include.and.map((g) => g.map(to));
  const exclude = rules.exclude.map(to);
  if (groups.some((g) => g.some((id) => id === undefined)) || exclude.some((id) => id === undefined)) return null;
  return { include: { and: groups as number[][] }, exclude: exclude as number[], values: [] };
}

/**
 * The audience's people in each region of its client: the rule with its segments found by
 * identifier in that region, counted there; a region without them, or whose data is not ready, says so.
 */
async function regionCounts(scope: AudiencesScope, rules: AudienceRules | null, clientId: number, contextRegion: number): Promise<AudienceDetail['region_counts']> {
  const regions = await repo.regionsOfClient(scope.db, clientId);
  const asker = { db: scope.db as Db, data: scope.data, auth: scope.auth, ctx: scope.ctx };
  return Promise.all(regions.map(async (r) => {
    const base = { region: r.slug, name: r.name };
    const mapped = rules ? await translateRule(scope.db, rules, contextRegion, r.clientRegionId) : null;
    if (!mapped) return { ...base, people_count: null, note: AUDIENCES_TEXT.noSegmentsInRegion };
    const engine = scope.data.engineFor(r.clientRegionId, scope.auth.dataSource);
    if (typeof engine === 'string') return { ...base, people_count: null, note: engine };
    try {
      return { ...base, people_count: await timed(asker, () => engine.count(r.clientRegionId, mapped)), note: null };
    } catch (err) {
      return { ...base, people_count: null, note: err instanceof Error ? err.message : String(err) };
    }
  }));
}

/** The audience's details; a ready audience's count is recounted live (and stored with counted_at). */
export async function audienceDetail(scope: AudiencesScope, id: number, opts: { recount?: boolean } = {}): Promise<AudienceDetail> {
  const contextRegion = await contextClientRegion(scope);
  const stored = await listedInScope(scope, id);
  const listed = opts.recount === false ? stored : await recounted(scope, contextRegion, stored);
  const row = listed.audience;
  const rules = rulesOf(row);
  const [segs, lineage, usedBy, counts] = await Promise.all([
    repo.segmentsByShortIds(scope.db, contextRegion, ruleShortIds(rules)),
    lineageOf(scope, row),
    usesOf(scope, row),
    regionCounts(scope, rules, row.clientId, contextRegion),
  ]);
  const reach = reachSchema.safeParse(row.reach);
  const quality = lookalikeQualitySchema.safeParse(row.quality);
  return {
    ...summaryOf(listed),
    description: row.description,
    rules,
    segments: segs.sort((a, b) => a.id - b.id).map((s) => ({ id: s.id, name: s.name, path_parts: s.pathParts, deleted: s.deleted })),
    identifier: row.identifier,
    seed_identifier: row.seedIdentifier,
    lineage,
    reach: reach.success ? reach.data : null,
    quality: quality.success ? quality.data : null,
    error: row.error,
    job_id: row.jobId,
    used_by: usedBy,
    region_counts: counts,
  };
}

/** The details without a live recount (a write's answer, in its transaction). */
export const storedDetail = (scope: AudiencesScope, id: number) => audienceDetail(scope, id, { recount: false });

const readOnly = () => new AppError(403, ERROR_CODES.forbidden, AUDIENCES_TEXT.readOnly);

/** An audience of the scope as the versioned claims see it. */
function claimable(scope: AudiencesScope, id: number): Claimable<repo.AudienceRow> {
  return {
    claim: (version) => repo.claimAudience(scope.db, scopeOf(scope), id, version),
    current: async () => (await listedInScope(scope, id)).audience,
    conflict: async (current, conflicts) =>
      new AppError(409, ERROR_CODES.versionConflict, versionConflictMessage('audience'), { current: await storedDetail(scope, current.id), ...(conflicts ? { conflicts } : {}) }),
  };
}

/** A checked and counted rule edit, prepared before the write's transaction (counting reads outside it). */
export interface PreparedEdit {
  rules?: AudienceRules;
  peopleCount?: number;
}

/**
 * Checks an edit before its transaction: a shared audience is read-only (403); a stored set's
 * people are its model's, so only its name and description change (422 on rules); a new rule is
 * checked and counted as a saved audience's is.
 */
export async function prepareEdit(scope: AudiencesScope, id: number, body: UpdateAudienceBody): Promise<PreparedEdit> {
  const row = (await listedInScope(scope, id)).audience;
  if (row.sharedFromClientId !== null) throw readOnly();
  if (body.name !== undefined) {
    const issues = validateSave({ name: body.name, description: body.description ?? '' });
    if (issues.length) throw new AppError(422, ERROR_CODES.validation, issues[0]!.message, issues);
  }
  if (!body.rules) return {};
  if (row.shortId !== null || row.type !== 'audience') {
    throw new AppError(422, ERROR_CODES.validation, 'The people of a lookalike, optimized or motivation audience are its model\'s: only its name and description can change.', [{ path: 'body.rules', message: 'This audience\'s rule cannot be edited.' }]);
  }
  if (hasNonSegments(body.rules)) throw new AppError(422, ERROR_CODES.validation, AUDIENCE_TEXT.nonSegments, [{ path: 'body.rules.values', message: AUDIENCE_TEXT.nonSegments }]);
  const peopleCount = await countAudience({ db: scope.db as Db, data: scope.data, auth: scope.auth, ctx: scope.ctx }, body.rules);
  return { rules: body.rules, peopleCount };
}

export async function updateAudience(scope: AudiencesScope, id: number, body: UpdateAudienceBody, prepared: PreparedEdit): Promise<AudienceDetail> {
  const mine: Record<string, unknown> = {};
  if (body.name !== undefined) mine.name = body.name.trim();
  if (body.description !== undefined) mine.description = body.description.trim() || null;
  if (prepared.rules) mine.rules = prepared.rules;
  const { row, values } = await claimMerged(claimable(scope, id), body, mine, (r) => ({ name: r.name, description: r.description, rules: r.rules }), 'audience');
  if (row.sharedFromClientId !== null) throw readOnly();
  const set: Partial<repo.NewDerivedAudience> = {};
  if ('name' in values) set.name = String(values.name);
  if ('description' in values) set.description = (values.description as string | null) ?? null;
  if ('rules' in values && prepared.rules) Object.assign(set, { rules: prepared.rules, peopleCount: prepared.peopleCount, countedAt: new Date() });
  const updated = await repo.updateAudience(scope.db, row.id, set);
  if (set.name !== undefined && updated.shortId !== null) await repo.renameSegment(scope.db, updated.shortId, updated.name);
  await auditOf(scope, 'audience.update', updated.id, { fields: Object.keys(set) });
  return storedDetail(scope, updated.id);
}

function auditOf(scope: AudiencesScope, action: string, id: number, details: Record<string, unknown>) {
  return auditWrite(scope, action, `audience:${id}`, details);
}
export { auditOf as audienceAudit };

/** 'a Grow chart "X" of Dana Whitfield, activation 3 of Priya Raman' */
function usesInWords(uses: readonly AudienceUse[]): string {
  const label: Record<AudienceUse['kind'], string> = { chart: 'the Grow chart', journey: 'the journey', activation: 'the activation', persona: 'the persona', comparison: 'the comparison' };
  return uses.map((u) => `${label[u.kind]} '${u.name}'${u.user ? ` of ${u.user}` : ''}`).join(', ');
}

/**
 * Deletes an audience of the scope: refused (409) while a chart, journey or activation uses it,
 * naming them and their users. A shared copy may be deleted by its target. Its lookalikes stay
 * (their seed is set null by the foreign key, its name kept for their breadcrumb); a stored
 * set's segment is marked deleted, and its people dropped from the engines after the commit.
 */
export async function deleteAudience(scope: AudiencesScope, id: number, version: number | undefined, message: (name: string) => string = AUDIENCES_TEXT.deleted): Promise<{ message: string; drop: { clientRegionId: number; shortId: number } | null }> {
  const row = version === undefined ? (await listedInScope(scope, id)).audience : await claimExact(claimable(scope, id), version);
  const blocking = (await usesOf(scope, row)).filter((u) => u.kind === 'chart' || u.kind === 'journey' || u.kind === 'activation');
  if (blocking.length) throw new AppError(409, ERROR_CODES.conflict, AUDIENCES_TEXT.inUse(row.name, usesInWords(blocking)), { uses: blocking });
  let drop: { clientRegionId: number; shortId: number } | null = null;
  if (row.shortId !== null && row.sharedFromClientId === null) {
    await repo.markSegmentDeleted(scope.db, row.shortId);
    drop = { clientRegionId: await contextClientRegion(scope), shortId: row.shortId };
  }
  await repo.deleteAudience(scope.db, row.id);
  await auditOf(scope, 'audience.delete', row.id, { name: row.name });
  return { message: message(row.name), drop };
}

/** Drops a deleted stored set's people from the engines (after its delete committed); a failure only leaves them loaded until a restart. */
export async function dropStoredSet(data: DataManager, drop: { clientRegionId: number; shortId: number } | null) {
  if (!drop) return;
  await data.dropSet(drop.clientRegionId, drop.shortId).catch(() => undefined);
  await data.refreshCatalog(drop.clientRegionId);
}

/** A copy in the same scope: 'Copy of {name}' made unique unless named; a plain audience of the same rule, made from the original (its breadcrumb). */
export async function copyAudience(scope: AudiencesScope, id: number, name: string | undefined): Promise<AudienceDetail> {
  const row = (await listedInScope(scope, id)).audience;
  if (row.status !== 'ready') throw new AppError(409, ERROR_CODES.conflict, `'${row.name}' is still being built: copy it once it is ready.`);
  const taken = await repo.namesInScope(scope.db, scopeOf(scope));
  const wanted = name?.trim();
  if (wanted !== undefined && wanted.length === 0) throw new AppError(422, ERROR_CODES.validation, AUDIENCE_TEXT.nameRequired, [{ path: 'body.name', message: AUDIENCE_TEXT.nameRequired }]);
  const copy = await repo.insertDerived(scope.db, {
    ...scopeOf(scope),
    name: wanted ?? copyName(row.name, taken),
    description: row.description,
    type: 'audience',
    audienceType: null,
    rules: row.rules,
    peopleCount: row.peopleCount,
    countedAt: row.countedAt,
    seedAudienceId: row.id,
    seedIdentifier: row.identifier,
    seedName: row.name,
    createdBy: scope.auth.user.id,
  });
  await auditOf(scope, 'audience.copy', copy.id, { from: row.id });
  return storedDetail(scope, copy.id);
}
