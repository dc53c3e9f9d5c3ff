import type { PermissionSet } from '@shared/permissions';
import type { ResolvedContext } from '@shared/rules/context';
import type { SessionUser } from '@shared/schemas/auth';
import type { Hierarchy } from '@shared/schemas/hierarchy';

import { ContextPicker } from './context-picker';
import { SyncStatus, type SyncStatusProps } from './sync-status';
import { UserMenu } from './user-menu';

interface Props {
  session: SessionUser;
  permissions: PermissionSet;
  hierarchy: Hierarchy;
  current: ResolvedContext | null;
  pathname: string;
  pickerDisabled: boolean;
  offline: SyncStatusProps['offline'];
}

/** The 80 px top bar: product name, context picker, sync state and user menu. */
export function TopBar({ session, permissions, hierarchy, current, pathname, pickerDisabled, offline }: Props) {
  return (
    <header className="top-bar">
      <span className="top-bar__brand">Audience Insights</span>
      <ContextPicker hierarchy={hierarchy} current={current} permissions={permissions} pathname={pathname} disabled={pickerDisabled} />
      <SyncStatus offline={offline} />
      <UserMenu session={session} permissions={permissions} pathname={pathname} />
    </header>
  );
}
