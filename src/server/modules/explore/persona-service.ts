import { ALL_DATA_PERSONA_NAME, copyName, EXPLORE_LIMITS, EXPLORE_TEXT, personaNameIssue } from '@shared/rules/explore';
import type { CreatePersonaBody, Persona, PersonaSummary, UpdatePersonaBody } from '@shared/schemas/explore';
import { claimExact, claimMerged } from '../../lib/versioned';
import { auditWrite } from '../audit/audit-repository';
import { invalid, readinessOf } from '../grow/grow-common';
import {
  allDataLocked,
  checkRules,
  claimablePersona,
  guarded,
  namedSegments,
  personaInScope,
  personaView,
  productScope,
  type Answer,
  type ExploreScope,
} from './explore-common';
import * as repo from './explore-repository';
import { toPersonaSummary } from './explore-views';

/**
 * Personas of the X-Context product and region (spec 3 §2.1, §3 Persona, §4, §5, §6): list,
 * read, create, edit (merged over a newer version), make default, copy and delete. The all-data
 * persona is always there, first, and never edited, copied or deleted: it may only be made default.
 */

const audit = (scope: ExploreScope, action: string, id: number, details: Record<string, unknown>) => auditWrite(scope, `explore.persona.${action}`, `persona:${id}`, details);

export async function listPersonas(scope: ExploreScope): Promise<PersonaSummary[]> {
  const ps = productScope(scope);
  await repo.ensureAllData(scope.db, ps, ALL_DATA_PERSONA_NAME);
  const rows = await repo.listPersonas(scope.db, ps);
  const segments = await namedSegments(scope, rows);
  const readiness = readinessOf(scope);
  return rows.map((row) => toPersonaSummary(row, segments, readiness));
}

export async function getPersona(scope: ExploreScope, id: number): Promise<Persona> {
  return personaView(scope, await personaInScope(scope, id));
}

/** The name's issue (§5) against the scope's other personas, as the form says it, or null. */
async function nameIssue(scope: ExploreScope, name: string, ownId: number | null): Promise<string | null> {
  return personaNameIssue(name, await repo.personaNames(scope.db, productScope(scope)), ownId);
}

async function checkName(scope: ExploreScope, name: string, ownId: number | null): Promise<void> {
  const issue = await nameIssue(scope, name, ownId);
  if (issue) throw invalid([{ field: 'name', message: issue }]);
}

async function checkRoom(scope: ExploreScope): Promise<void> {
  if ((await repo.countPersonas(scope.db, productScope(scope))) >= EXPLORE_LIMITS.personas) throw invalid([{ field: 'name', message: EXPLORE_TEXT.tooMany }]);
}

export async function createPersona(scope: ExploreScope, body: CreatePersonaBody): Promise<Answer<Persona>> {
  const ps = productScope(scope);
  await repo.ensureAllData(scope.db, ps, ALL_DATA_PERSONA_NAME);
  await checkName(scope, body.name, null);
  await checkRoom(scope);
  await checkRules(scope, body.identifiers);
  if (body.default) await repo.clearDefault(scope.db, ps);
  const row = await guarded(() => repo.insertPersona(scope.db, ps, { name: body.name.trim(), identifiers: body.identifiers, isDefault: body.default, icon: body.icon }, scope.auth.user.id));
  await audit(scope, 'create', row.id, { name: row.name, version: row.version });
  return { data: await personaView(scope, row), ...(body.client_key ? { meta: { created: { [body.client_key]: row.id } } } : {}) };
}

/** A persona's own fields as the API names them: what an edit of it merges (issue 12). */
const personaValuesOf = (row: repo.PersonaRow) => ({ name: row.name, identifiers: row.identifiers, default: row.isDefault, icon: row.icon });

/** Whether an edit of the all-data persona changes more than its default (it may not). */
function touchesAllData(row: repo.PersonaRow, sent: UpdatePersonaBody): boolean {
  return (sent.name !== undefined && sent.name.trim() !== row.name)
    || sent.identifiers !== undefined
    || (sent.icon !== undefined && sent.icon !== row.icon);
}

export async function updatePersona(scope: ExploreScope, id: number, sent: UpdatePersonaBody): Promise<Answer<Persona>> {
  const before = await personaInScope(scope, id);
  if (before.isAllData && touchesAllData(before, sent)) throw allDataLocked();
  // Only the fields sent are written (and merged); the name as typed, so the checks tell blank from missing.
  const mine = Object.fromEntries(
    Object.entries({ name: sent.name, identifiers: sent.identifiers, default: sent.default, icon: sent.icon }).filter(([, v]) => v !== undefined),
  ) as Partial<ReturnType<typeof personaValuesOf>>;
  const { row: current, values } = await claimMerged(claimablePersona(scope, id), sent, mine, personaValuesOf, 'persona');
  const changes: Partial<repo.PersonaValues> = {};
  if (values.name !== undefined && !current.isAllData) {
    await checkName(scope, values.name, id);
    changes.name = values.name.trim();
  }
  if (values.identifiers !== undefined && !current.isAllData) {
    // A merged value is theirs when mine was what I saw: theirs was checked when it was written.
    if (values.identifiers !== current.identifiers) await checkRules(scope, values.identifiers!);
    changes.identifiers = values.identifiers;
  }
  if (values.icon !== undefined && !current.isAllData) changes.icon = values.icon;
  if (values.default !== undefined) {
    // Newly made default takes it from the other persona; unticked on the default one clears it (§4).
    if (values.default && !current.isDefault) await repo.clearDefault(scope.db, productScope(scope), id);
    changes.isDefault = values.default;
  }
  const row = Object.keys(changes).length ? await guarded(() => repo.updatePersona(scope.db, id, changes)) : current;
  await audit(scope, 'update', id, { name: row.name, version: row.version, fields: Object.keys(mine) });
  return { data: await personaView(scope, row) };
}

/** A copy of a persona with its custom widgets, never the default; the all-data and invalid personas are refused (§5). */
export async function copyPersona(scope: ExploreScope, id: number, body: { name?: string | undefined; client_key?: string | undefined }): Promise<Answer<Persona>> {
  const ps = productScope(scope);
  const source = await personaInScope(scope, id);
  if (source.isAllData) throw allDataLocked();
  const view = await personaView(scope, source);
  if (view.deleted_segment_ids.length > 0) throw invalid([{ field: 'id', message: EXPLORE_TEXT.copyInvalid }], 'params');
  await checkRoom(scope);
  let name: string;
  if (body.name === undefined) {
    name = copyName(source.name, (await repo.personaNames(scope.db, ps)).map((p) => p.name));
  } else {
    await checkName(scope, body.name, null);
    name = body.name.trim();
  }
  const row = await guarded(() => repo.insertPersona(scope.db, ps, { name, identifiers: source.identifiers, isDefault: false, icon: source.icon }, scope.auth.user.id));
  const widgets = await repo.widgetsOf(scope.db, source.id);
  await repo.insertWidgets(scope.db, widgets.map((w) => ({ personaId: row.id, kind: w.kind, name: w.name, tab: w.tab, position: w.position, rows: w.rows })));
  await audit(scope, 'copy', row.id, { name: row.name, version: row.version, source_id: source.id });
  return { data: await personaView(scope, row), ...(body.client_key ? { meta: { created: { [body.client_key]: row.id } } } : {}) };
}

/** Deletes the persona and its widgets; answers it as it was, at the next version. */
export async function deletePersona(scope: ExploreScope, id: number, version: number): Promise<Answer<Persona>> {
  const before = await personaInScope(scope, id);
  if (before.isAllData) throw allDataLocked();
  const row = await claimExact(claimablePersona(scope, id), version);
  const view = await personaView(scope, row);
  await repo.deletePersona(scope.db, id);
  await audit(scope, 'delete', id, { name: row.name, version: row.version });
  return { data: view };
}
