import { EXPLORE_TEXT } from '@shared/rules/explore';
import type { FieldConflict } from '@shared/rules/merge';
import type { AudienceRules } from '@shared/schemas/audience-rules';
import { ERROR_CODES, versionConflictMessage } from '@shared/schemas/error';
import type { Persona } from '@shared/schemas/explore';
import { uniqueViolation } from '../../db/errors';
import { AppError, unavailable } from '../../lib/errors';
import type { Claimable } from '../../lib/versioned';
import { chartScope, invalid, readinessOf, type GrowScope } from '../grow/grow-common';
import { segmentsOf } from '../grow/grow-repository';
import { checkRules as checkInsightsRules, contextClientRegion } from '../insights/insights-service';
import * as repo from './explore-repository';
import { ruleSegmentIds, ruleValueIds, toPersona, type NamedValue } from './explore-views';

/**
 * What every Explore call works with: as Grow's, the database (a write's transaction), the
 * caller, the X-Context product and region, and the count engine's view of the region's data.
 */
export type ExploreScope = GrowScope;

/** A write's answer: the entity, and the ids of items it made for the client's temporary keys. */
export interface Answer<T> {
  data: T;
  meta?: { created: Record<string, number> };
}

/** Personas and widgets belong to the X-Context product in its region, as Grow's charts do. */
export const productScope = (scope: ExploreScope): repo.ProductScope => chartScope(scope.ctx);

/** A 404 that names what is gone (`details.gone`), so a queued edit of a deleted item is told apart from a bad id. */
const gone = (kind: 'persona' | 'widget', id: number, message: string) => new AppError(404, ERROR_CODES.notFound, message, { gone: { kind, id } });
export const personaNotFound = (id: number) => gone('persona', id, `There is no persona ${id} in this product and region: it may have been deleted.`);
export const widgetNotFound = (id: number) => gone('widget', id, `There is no custom widget ${id} in this product and region: it may have been deleted.`);

/** The persona, when it is one of the X-Context product's in its region; 404 otherwise (another tenant's included). */
export async function personaInScope(scope: ExploreScope, id: number): Promise<repo.PersonaRow> {
  const row = await repo.findPersona(scope.db, productScope(scope), id);
  if (!row) throw personaNotFound(id);
  return row;
}

/** The region's demographic values by id, with their category's name. */
export async function regionValues(scope: ExploreScope): Promise<Map<number, NamedValue>> {
  const { categories } = await scope.data.catalog(await contextClientRegion(scope));
  return new Map(categories.flatMap((c) => c.values.map((v) => [v.id, { id: v.id, name: v.name, category: c.name }] as const)));
}

/** The segments these personas name, as the region has them (deleted ones included). */
export async function namedSegments(scope: ExploreScope, rows: readonly repo.PersonaRow[]) {
  const ids = [...new Set(rows.flatMap((r) => ruleSegmentIds(r.identifiers)))];
  return ids.length ? segmentsOf(scope.db, await contextClientRegion(scope), ids) : [];
}

export async function personaView(scope: ExploreScope, row: repo.PersonaRow): Promise<Persona> {
  const [segments, values] = await Promise.all([namedSegments(scope, [row]), ruleValueIds(row.identifiers).length ? regionValues(scope) : new Map<number, NamedValue>()]);
  return toPersona(row, segments, values, readinessOf(scope));
}

/**
 * Refuses a rule while the region's data is not ready (503 DATA_NOT_READY), or naming a segment
 * the region does not have or has deleted, or a demographic value it does not have (422
 * UNKNOWN_SEGMENTS, the values in details.values): the insights routes' check.
 */
export async function checkRules(scope: ExploreScope, rules: AudienceRules): Promise<void> {
  const clientRegion = await contextClientRegion(scope);
  // Until the region's data is there its segments and values cannot be judged (an outbox sends it again later).
  const engine = scope.data.engineFor(clientRegion, scope.auth.dataSource);
  if (typeof engine === 'string') throw new AppError(503, ERROR_CODES.dataNotReady, engine);
  await checkInsightsRules(scope, clientRegion, [rules]);
}

/** The 422 of the all-data persona, which is never edited, copied or deleted (only made default). */
export const allDataLocked = () => invalid([{ field: 'id', message: EXPLORE_TEXT.allDataLocked }], 'params');

/** A persona as the versioned claims see it (src/server/lib/versioned.ts). */
export function claimablePersona(scope: ExploreScope, id: number): Claimable<repo.PersonaRow> {
  return {
    claim: (version) => repo.claimPersona(scope.db, productScope(scope), id, version),
    current: () => personaInScope(scope, id),
    conflict: async (current: repo.PersonaRow, conflicts?: FieldConflict[]) =>
      new AppError(409, ERROR_CODES.versionConflict, versionConflictMessage('persona'), { current: await personaView(scope, current), ...(conflicts ? { conflicts } : {}) }),
  };
}

/** The unique indexes are the last guard against a concurrent write: they give the checks' messages. */
export async function guarded<T>(write: () => Promise<T>): Promise<T> {
  try {
    return await write();
  } catch (err) {
    switch (uniqueViolation(err)) {
      case 'personas_scope_name_key':
        throw invalid([{ field: 'name', message: EXPLORE_TEXT.nameTaken }]);
      case 'personas_scope_default_key':
        throw unavailable('Another persona was made the default at the same time; send it again.');
      default:
        throw err;
    }
  }
}
