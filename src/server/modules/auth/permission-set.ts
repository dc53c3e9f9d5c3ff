import type { Actions, PermissionSet, Resource } from '@shared/permissions';

interface PermissionRow {
  resource: string;
  create: boolean;
  read: boolean;
  update: boolean;
  destroy: boolean;
}

/** Merges the rows of every role a user has: an action is granted if any role grants it. */
export function mergePermissions(rows: readonly PermissionRow[]): PermissionSet {
  const set: Record<string, Actions> = {};
  for (const row of rows) {
    const prev = set[row.resource] ?? { create: false, read: false, update: false, destroy: false };
    set[row.resource] = {
      create: prev.create || row.create,
      read: prev.read || row.read,
      update: prev.update || row.update,
      destroy: prev.destroy || row.destroy,
    };
  }
  return set as PermissionSet & Record<Resource, Actions>;
}
