import { ACTIONS, type Action, type Actions, type PermissionSet } from '@shared/permissions';
import type { ResourceInfo } from '@shared/schemas/roles';

/** The role being edited: resource -> actions (every resource the grid shows, all four actions). */
export type Grants = Record<string, Actions>;

const NONE: Actions = { create: false, read: false, update: false, destroy: false };

export const grantsOf = (resources: readonly ResourceInfo[], permissions: Record<string, Partial<Actions>>): Grants =>
  Object.fromEntries(resources.map((r) => [r.resource, { ...NONE, ...permissions[r.resource] }]));

/** A cell the caller may change: only what they hold themselves (nobody grants or takes away more). */
export const mayChange = (held: PermissionSet, resource: string, action: Action) => held[resource as keyof PermissionSet]?.[action] === true;

export interface Cell {
  resource: string;
  action: Action;
}

/** The changeable cells among `cells`; a toggle turns them all on unless they all are (then off). */
export function toggleCells(grants: Grants, held: PermissionSet, cells: readonly Cell[]): Grants {
  const open = cells.filter((c) => mayChange(held, c.resource, c.action));
  if (open.length === 0) return grants;
  const on = !open.every((c) => grants[c.resource]?.[c.action] === true);
  const next: Grants = { ...grants };
  for (const c of open) next[c.resource] = { ...NONE, ...next[c.resource], [c.action]: on };
  return next;
}

export const rowCells = (info: ResourceInfo): Cell[] => info.actions.map((action) => ({ resource: info.resource, action }));
export const columnCells = (resources: readonly ResourceInfo[], action: Action): Cell[] =>
  resources.filter((r) => r.actions.includes(action)).map((r) => ({ resource: r.resource, action }));

/** Whether every cell is on: a row or column toggle reads as pressed. */
export const allOn = (grants: Grants, cells: readonly Cell[]) => cells.length > 0 && cells.every((c) => grants[c.resource]?.[c.action] === true);

/** The role's permissions as written: resources granting nothing are left out. */
export function permissionsOf(grants: Grants): Record<string, Actions> {
  return Object.fromEntries(Object.entries(grants).filter(([, a]) => ACTIONS.some((x) => a[x])));
}
