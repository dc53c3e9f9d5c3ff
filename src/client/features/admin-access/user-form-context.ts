import type { PermissionSet } from '@shared/permissions';
import type { AdminRole } from '@shared/schemas/roles';
import type { SlugNode } from './hierarchy-tree-model';

/** What both user forms offer: the roles, the caller's own permissions and the hierarchy they see. */
export interface UserFormContext {
  roles: readonly AdminRole[];
  held: PermissionSet;
  tree: readonly SlugNode[];
  mayGiveAll: boolean;
}
