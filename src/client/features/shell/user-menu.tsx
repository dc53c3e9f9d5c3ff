import { useState } from 'react';
import { DropdownMenu } from 'radix-ui';
import { useRouter } from '@tanstack/react-router';
import { can, type PermissionSet } from '@shared/permissions';
import { canToggleDataSource } from '@shared/rules/access';
import { EXTERNAL_PAGES } from '@shared/rules/navigation';
import type { SessionUser } from '@shared/schemas/auth';
import { impersonate, logout, switchDataSource } from '../../lib/session-actions';
import { ViewAsDialog } from './view-as-dialog';

function openExternal(url: string) {
  window.open(url, '_blank', 'noopener,noreferrer');
}

/** The user menu (spec 1 §2.7). */
export function UserMenu({ session, permissions, pathname }: { session: SessionUser; permissions: PermissionSet; pathname: string }) {
  const router = useRouter();
  const [viewAsOpen, setViewAsOpen] = useState(false);
  const { user, parentUser, dataSource, dataSourceCount } = session;
  const label = parentUser ? `Viewing as ${user.first_name}` : `${user.first_name} ${user.last_name}`;
  const otherSource = dataSource === 'molecula' ? 'es' : 'molecula';
  const isAdmin = !parentUser && can(permissions, 'impersonation', 'create');
  return (
    <>
      <DropdownMenu.Root>
        <DropdownMenu.Trigger className="user-menu__trigger" aria-label={`User menu: ${label}`}>
          <span className="avatar" aria-hidden="true">{user.first_name.charAt(0)}{user.last_name.charAt(0)}</span>
          <span>{label}</span>
        </DropdownMenu.Trigger>
        <DropdownMenu.Portal>
          <DropdownMenu.Content className="menu" align="end" sideOffset={6}>
            <DropdownMenu.Item className="menu__item" onSelect={() => void router.navigate({ to: '/global/admin' })}>Admin</DropdownMenu.Item>
            <DropdownMenu.Item className="menu__item" onSelect={() => openExternal(`${EXTERNAL_PAGES.helpCenter}?page=${encodeURIComponent(pathname)}`)}>
              Help on this Page
            </DropdownMenu.Item>
            <DropdownMenu.Item className="menu__item" onSelect={() => openExternal(EXTERNAL_PAGES.helpCenter)}>Help Center</DropdownMenu.Item>
            <DropdownMenu.Item className="menu__item" onSelect={() => openExternal(EXTERNAL_PAGES.requestSupport)}>Request Support</DropdownMenu.Item>
            {canToggleDataSource(permissions, dataSourceCount) ? (
              <DropdownMenu.Item className="menu__item" onSelect={() => void switchDataSource(otherSource)}>
                {otherSource === 'es' ? 'Toggle to ES' : 'Toggle to Molecula'}
              </DropdownMenu.Item>
            ) : null}
            {isAdmin ? (
              <DropdownMenu.Item className="menu__item" onSelect={() => setViewAsOpen(true)}>View as...</DropdownMenu.Item>
            ) : null}
            <DropdownMenu.Separator className="menu__separator" />
            {parentUser ? (
              <DropdownMenu.Item className="menu__item" onSelect={() => void impersonate(null)}>Stop Viewing As</DropdownMenu.Item>
            ) : (
              <DropdownMenu.Item className="menu__item" onSelect={() => void logout()}>Logout</DropdownMenu.Item>
            )}
          </DropdownMenu.Content>
        </DropdownMenu.Portal>
      </DropdownMenu.Root>
      {viewAsOpen ? <ViewAsDialog onClose={() => setViewAsOpen(false)} /> : null}
    </>
  );
}
