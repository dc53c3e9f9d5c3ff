import { lazy, Suspense } from 'react';
import type { PermissionSet } from '@shared/permissions';
import type { ResolvedContext } from '@shared/rules/context';
import type { SessionUser } from '@shared/schemas/auth';
import type { Hierarchy } from '@shared/schemas/hierarchy';

// Radix menus and dialogs (with floating-ui) load just after the shell, keeping the shell small.
const ContextPicker = lazy(() => import('./context-picker').then((m) => ({ default: m.ContextPicker })));
const UserMenu = lazy(() => import('./user-menu').then((m) => ({ default: m.UserMenu })));

interface Props {
  session: SessionUser;
  permissions: PermissionSet;
  hierarchy: Hierarchy;
  current: ResolvedContext | null;
  pathname: string;
  pickerDisabled: boolean;
}

/** The 80 px top bar: product name, context picker and user menu. */
export function TopBar({ session, permissions, hierarchy, current, pathname, pickerDisabled }: Props) {
  return (
    <header className="top-bar">
      <span className="top-bar__brand">Audience Insights</span>
      <Suspense fallback={<div className="context-picker" />}>
        <ContextPicker hierarchy={hierarchy} current={current} permissions={permissions} pathname={pathname} disabled={pickerDisabled} />
      </Suspense>
      <Suspense fallback={null}>
        <UserMenu session={session} permissions={permissions} pathname={pathname} />
      </Suspense>
    </header>
  );
}
