import type { AudienceRules } from '@shared/schemas/audience-rules';
import type { Comparison, ComparisonMember, ComparisonResult } from '@shared/schemas/audiences';
import { comparisonResultSchema } from '@shared/schemas/audiences';
import { ERROR_CODES, versionConflictMessage } from '@shared/schemas/error';
import type { Db, Executor } from '../../db/client';
import { uniqueViolation } from '../../db/errors';
import type { DataManager } from '../../engine/data-manager';
import { AppError } from '../../lib/errors';
import { claimExact, type Claimable } from '../../lib/versioned';
import type { RequestAuth, RequestContext } from '../../types';
import { auditWrite } from '../audit/audit-repository';
import * as audiences from '../audiences/audience-repository';
import { rulesOf } from '../audiences/audience-service';
import { findPersona } from '../explore/explore-repository';
import { chartScope } from '../grow/grow-common';
import { checkRules, contextClientRegion, engineOf, intersectionFigures, timed } from '../insights/insights-service';
import * as repo from './comparisons-repository';

export interface ComparisonsScope {
  db: Executor;
  auth: RequestAuth;
  ctx: RequestContext;
  data: DataManager;
  requestId: string;
}

const scopeOf = (s: ComparisonsScope): repo.ComparisonScope => chartScope(s.ctx);
const invalid = (path: string, message: string) => new AppError(422, ERROR_CODES.validation, message, [{ path, message }]);
export const comparisonNotFound = (id: number) => new AppError(404, ERROR_CODES.notFound, `There is no comparison ${id} in this product and region: it may have been deleted.`, { gone: { kind: 'comparison', id } });
const NAME_TAKEN = 'A comparison with this name already exists.';

export function comparisonView(l: repo.ListedComparison): Comparison {
  const c = l.comparison;
  const result = comparisonResultSchema.safeParse(c.result);
  return {
    id: c.id,
    name: c.name,
    members: c.members,
    result: result.success ? result.data : null,
    error: c.error,
    version: c.version,
    created_by: l.creator ? { id: l.creator.id, name: `${l.creator.first} ${l.creator.last}`.trim() } : null,
    updated_at: c.updatedAt.toISOString(),
  };
}

/** A member as counted: its name and rule in the context region. */
interface Resolved {
  member: ComparisonMember;
  name: string;
  rules: AudienceRules;
}

/**
 * The members' names and rules in the context region: an audience of the scope (ready, with a
 * rule), a live segment of the region, a persona of the scope with filters. 422 naming the member
 * otherwise (another tenant's ids included).
 */
async function resolveMembers(scope: ComparisonsScope, members: readonly ComparisonMember[]): Promise<Resolved[]> {
  const clientRegion = await contextClientRegion(scope);
  const s = scopeOf(scope);
  const resolved: Resolved[] = [];
  for (const [i, m] of members.entries()) {
    const path = `body.members.${i}`;
    if (m.kind === 'audience') {
      const row = await audiences.findAudience(scope.db, s, m.id);
      const rules = row ? rulesOf(row) : null;
      if (!row) throw invalid(path, `There is no audience ${m.id} in this product and region.`);
      if (row.status !== 'ready' || !rules) throw invalid(path, `'${row.name}' has no people to compare${row.status !== 'ready' ? ' yet' : ' in this region'}.`);
      resolved.push({ member: m, name: row.name, rules });
    } else if (m.kind === 'segment') {
      const [seg] = await audiences.segmentsByShortIds(scope.db, clientRegion, [m.id]);
      if (!seg || seg.deleted) throw invalid(path, `There is no segment ${m.id} in ${scope.ctx.clientSlug}/${scope.ctx.regionSlug}.`);
      resolved.push({ member: m, name: seg.name, rules: { include: { and: [[m.id]] }, exclude: [], values: [] } });
    } else {
      const persona = await findPersona(scope.db, s, m.id);
      if (!persona) throw invalid(path, `There is no persona ${m.id} in this product and region.`);
      if (!persona.identifiers) throw invalid(path, `'${persona.name}' is everyone: compare personas with filters.`);
      resolved.push({ member: m, name: persona.name, rules: persona.identifiers });
    }
  }
  const seen = new Set(members.map((m) => `${m.kind}:${m.id}`));
  if (seen.size !== members.length) throw invalid('body.members', 'Each member can be compared once.');
  return resolved;
}

/** Counts the members: sizes, pairs and every exclusive intersection (the engines' intersections). */
async function countMembers(scope: ComparisonsScope, resolved: readonly Resolved[]): Promise<ComparisonResult> {
  const asker = { db: scope.db as Db, data: scope.data, auth: scope.auth, ctx: scope.ctx };
  const clientRegion = await contextClientRegion(scope);
  const engine = engineOf(asker, clientRegion);
  const rules = resolved.map((r) => r.rules);
  await checkRules(asker, clientRegion, rules);
  const answer = await timed(asker, () => engine.intersections(clientRegion, rules));
  const { pairs, regions } = intersectionFigures(answer);
  return {
    counted_at: new Date().toISOString(),
    people: answer.people,
    members: resolved.map((r, i) => ({ kind: r.member.kind, id: r.member.id, name: r.name, count: answer.sizes[i]! })),
    pairs,
    regions,
  };
}

/** Counts members for a write (outside its transaction): 422 for a bad member, 503 while the data is not ready. */
export async function prepareResult(scope: ComparisonsScope, members: readonly ComparisonMember[]): Promise<ComparisonResult> {
  return countMembers(scope, await resolveMembers(scope, members));
}

async function guardedName<T>(write: () => Promise<T>): Promise<T> {
  try {
    return await write();
  } catch (err) {
    if (uniqueViolation(err) === 'comparisons_scope_name_key') throw invalid('body.name', NAME_TAKEN);
    throw err;
  }
}

export async function listComparisons(scope: ComparisonsScope): Promise<Comparison[]> {
  return (await repo.listComparisons(scope.db, scopeOf(scope))).map(comparisonView);
}

async function listedInScope(scope: ComparisonsScope, id: number) {
  const found = await repo.findComparison(scope.db, scopeOf(scope), id);
  if (!found) throw comparisonNotFound(id);
  return found;
}

/** A comparison; `recount` counts it again and stores that (a member gone makes the result null with the reason). */
export async function readComparison(scope: ComparisonsScope, id: number, recount: boolean): Promise<Comparison> {
  const found = await listedInScope(scope, id);
  if (!recount) return comparisonView(found);
  let result: ComparisonResult | null = null;
  let error: string | null = null;
  try {
    result = await prepareResult(scope, found.comparison.members);
  } catch (err) {
    // The data not being ready is not the comparison's fault: it keeps its last counts.
    if (err instanceof AppError && (err.status === 503 || err.status === 429)) throw err;
    if (!(err instanceof AppError)) throw err;
    error = err.message;
  }
  await repo.storeResult(scope.db, id, result, error);
  return comparisonView(await listedInScope(scope, id));
}

function audit(scope: ComparisonsScope, action: string, id: number, details: Record<string, unknown>) {
  return auditWrite(scope, action, `comparison:${id}`, details);
}

export async function createComparison(scope: ComparisonsScope, body: { name: string; members: ComparisonMember[] }, result: ComparisonResult): Promise<Comparison> {
  const name = body.name.trim();
  if (!name) throw invalid('body.name', 'Name is required.');
  if (await repo.nameTaken(scope.db, scopeOf(scope), name, null)) throw invalid('body.name', NAME_TAKEN);
  const row = await guardedName(() => repo.insertComparison(scope.db, { ...scopeOf(scope), name, members: body.members, result, createdBy: scope.auth.user.id }));
  await audit(scope, 'comparison.create', row.id, { name, members: body.members });
  return comparisonView(await listedInScope(scope, row.id));
}

function claimable(scope: ComparisonsScope, id: number): Claimable<repo.ComparisonRow> {
  return {
    claim: (version) => repo.claimComparison(scope.db, scopeOf(scope), id, version),
    current: async () => (await listedInScope(scope, id)).comparison,
    conflict: async (current) => new AppError(409, ERROR_CODES.versionConflict, versionConflictMessage('comparison'), { current: comparisonView(await listedInScope(scope, current.id)) }),
  };
}

/** Renames it or changes its members (recounted), based on its version (409 with the current one otherwise). */
export async function updateComparison(scope: ComparisonsScope, id: number, body: { name?: string | undefined; members?: ComparisonMember[] | undefined; version: number }, result: ComparisonResult | null): Promise<Comparison> {
  const row = await claimExact(claimable(scope, id), body.version);
  const set: Parameters<typeof repo.updateComparison>[2] = {};
  if (body.name !== undefined) {
    const name = body.name.trim();
    if (!name) throw invalid('body.name', 'Name is required.');
    if (await repo.nameTaken(scope.db, scopeOf(scope), name, row.id)) throw invalid('body.name', NAME_TAKEN);
    set.name = name;
  }
  if (body.members !== undefined && result) Object.assign(set, { members: body.members, result, error: null });
  await guardedName(() => repo.updateComparison(scope.db, row.id, set));
  await audit(scope, 'comparison.update', row.id, { fields: Object.keys(set) });
  return comparisonView(await listedInScope(scope, row.id));
}

export async function deleteComparison(scope: ComparisonsScope, id: number, version: number | undefined) {
  const row = version === undefined ? (await listedInScope(scope, id)).comparison : await claimExact(claimable(scope, id), version);
  await repo.deleteComparison(scope.db, row.id);
  await audit(scope, 'comparison.delete', row.id, { name: row.name });
  return { message: `'${row.name}' was deleted.` };
}
