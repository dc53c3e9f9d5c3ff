import { normalizeUnit, unitForCreate } from '@shared/rules/toolbox';
import type { ToolboxUnit, ToolboxUnitBody } from '@shared/schemas/toolbox';
import type { StoredCommand } from '../../lib/offline/db';
import { enqueue, registerEntity, type EntityHandler } from '../../lib/offline/outbox-client';
import { temporaryId } from '../../lib/offline/outbox-store';
import { toolboxUnitsQueryOptions } from '../../lib/toolbox-queries';

/**
 * Toolbox units are edited through the outbox (issue 4): each edit is a command, shown at once
 * over the server's list, and sent when the network allows.
 */
export const UNIT_ENTITY = 'toolbox_unit';

/** A unit as the page shows it: a unit created on this device has a temporary id until the server names it. */
export type UnitView = Omit<ToolboxUnit, 'id'> & { id: number | string; pending?: boolean };

export type UnitFields = Omit<ToolboxUnitBody, 'id' | 'status' | 'client_slug'>;

const clientOf = (command: StoredCommand) => (command.context ?? '').split('/')[0] ?? '';
const sameId = (unit: UnitView, id: string) => String(unit.id) === id;
const bodyOf = (command: StoredCommand) => (command.body ?? {}) as Partial<ToolboxUnit>;

function replace(units: readonly UnitView[], id: string, next: UnitView | null): UnitView[] {
  const found = units.some((u) => sameId(u, id));
  if (!found) return next ? [...units, next] : [...units];
  return units.flatMap((u) => (sameId(u, id) ? (next ? [next] : []) : [u]));
}

export const byName = (a: Pick<UnitView, 'name'>, b: Pick<UnitView, 'name'>) => a.name.localeCompare(b.name);

/** How the toolbox list shows a queued unit edit, and takes the server's copy. */
export const unitHandler: EntityHandler<UnitView[]> = {
  queryKeys: (command) => [toolboxUnitsQueryOptions(clientOf(command)).queryKey],
  apply(units, command) {
    if (command.method === 'DELETE') return units.filter((u) => !sameId(u, command.entityId));
    const current = units.find((u) => sameId(u, command.entityId));
    const body = bodyOf(command);
    if (command.method === 'POST') {
      const created: UnitView = { ...(body as ToolboxUnit), id: command.entityId, client_slug: clientOf(command), version: 0, pending: true };
      return [...units, created];
    }
    // The base values are what the edit saw, not what it sets.
    const { base: _base, ...fields } = body as Record<string, unknown>;
    return current ? replace(units, command.entityId, { ...current, ...fields, id: current.id, version: current.version, pending: true }) : units;
  },
  settle(units, command, serverCopy) {
    const copy = serverCopy as ToolboxUnit | null;
    // A create's temporary id gives way to the server's id.
    const without = command.method === 'POST' ? units.filter((u) => !sameId(u, command.entityId)) : units;
    if (!copy || command.method === 'DELETE') return without.filter((u) => !sameId(u, command.entityId));
    return replace(without, String(copy.id), copy).sort(byName);
  },
};
registerEntity(UNIT_ENTITY, unitHandler);

const labelName = (unit: Pick<UnitView, 'name'>) => unit.name || 'a unit';

/** Edit a unit's fields (and keep its status). */
/** The unit's fields as the user saw them: the server merges an edit with changes made since (issue 12). */
const baseOf = (unit: UnitView) => {
  const { name, region_ids, use_client_hierarchy, feature_module_category, iframed, url, status } = unit;
  return { name, region_ids, use_client_hierarchy, feature_module_category, iframed, url, status };
};

export function saveUnit(context: string, unit: UnitView, fields: UnitFields) {
  const body = { ...normalizeUnit({ ...fields, status: unit.status }), base: baseOf(unit) };
  return enqueue({
    entity: UNIT_ENTITY, entityId: String(unit.id), baseVersion: unit.version, method: 'PUT',
    path: `/api/toolbox/units/${unit.id}`, body, context, label: `Edit unit ${labelName(unit)}`,
  });
}

/** Hide (status false clears the category and iframed, spec 1 §4) or show again. */
export function setUnitShown(context: string, unit: UnitView, shown: boolean) {
  const { name, region_ids, use_client_hierarchy, feature_module_category, iframed, url } = unit;
  const body = { ...normalizeUnit({ name, region_ids, use_client_hierarchy, feature_module_category, iframed, url, status: shown }), base: baseOf(unit) };
  return enqueue({
    entity: UNIT_ENTITY, entityId: String(unit.id), baseVersion: unit.version, method: 'PUT',
    path: `/api/toolbox/units/${unit.id}`, body, context, label: `${shown ? 'Show' : 'Hide'} unit ${labelName(unit)}`,
  });
}

export function deleteUnit(context: string, unit: UnitView) {
  return enqueue({
    entity: UNIT_ENTITY, entityId: String(unit.id), baseVersion: unit.version, method: 'DELETE',
    path: `/api/toolbox/units/${unit.id}`, context, label: `Delete unit ${labelName(unit)}`,
  });
}

/** Creating clears the id and forces status true (spec 1 §5). */
export function createUnit(context: string, fields: UnitFields) {
  const body = normalizeUnit(unitForCreate(fields));
  return enqueue({
    entity: UNIT_ENTITY, entityId: temporaryId(), baseVersion: null, method: 'POST',
    path: '/api/toolbox/units', body, context, label: `Add unit ${labelName(body)}`,
  });
}
