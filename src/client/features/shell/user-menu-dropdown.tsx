import { useId, useState } from 'react';
import { DropdownMenu } from 'radix-ui';
import { useRouter } from '@tanstack/react-router';
import { can, type PermissionSet } from '@shared/permissions';
import { canToggleDataSource } from '@shared/rules/access';
import { EXTERNAL_PAGES } from '@shared/rules/navigation';
import type { SessionUser } from '@shared/schemas/auth';
import { unsentCount } from '../../lib/offline/device-session';
import { impersonate, logout, switchDataSource } from '../../lib/session-actions';
import { UnsentEditsDialog } from './unsent-edits-dialog';
import { UserMenuFace } from './user-menu-face';
import { ViewAsDialog } from './view-as-dialog';

const SOURCE_NAMES = { es: 'ES', molecula: 'Molecula' } as const;

function openExternal(url: string) {
  window.open(url, '_blank', 'noopener,noreferrer');
}

export interface UserMenuProps {
  session: SessionUser;
  permissions: PermissionSet;
  pathname: string;
}

/** The user menu's items (spec 1 §2.7), loaded on first use; it opens as soon as it arrives. */
export function UserMenuDropdown({ session, permissions, pathname, label }: UserMenuProps & { label: string }) {
  const router = useRouter();
  const sourceId = useId();
  const [viewAsOpen, setViewAsOpen] = useState(false);
  const [open, setOpen] = useState(true);
  // Leaving the user's session with edits still queued asks first (they would be discarded).
  const [confirm, setConfirm] = useState<null | { count: number; action: string; run: () => void }>(null);
  const guarded = (action: string, run: () => void) => {
    void unsentCount().then((count) => (count > 0 ? setConfirm({ count, action, run }) : run()));
  };
  const { parentUser, dataSource, dataSourceCount } = session;
  const otherSource = dataSource === 'molecula' ? 'es' : 'molecula';
  const isAdmin = !parentUser && can(permissions, 'impersonation', 'create');
  return (
    <>
      <DropdownMenu.Root open={open} onOpenChange={setOpen}>
        <DropdownMenu.Trigger className="user-menu__trigger" aria-label={`User menu: ${label}`}>
          <UserMenuFace session={session} label={label} />
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
              // The item reads exactly as spec 1 §2.7 words it; the line above it names the source in use.
              <>
                <DropdownMenu.Label className="menu__note" id={sourceId}>Data source: {SOURCE_NAMES[dataSource]}</DropdownMenu.Label>
                <DropdownMenu.Item className="menu__item" aria-describedby={sourceId} onSelect={() => void switchDataSource(otherSource)}>
                  Toggle to ES/Molecula
                </DropdownMenu.Item>
              </>
            ) : null}
            {isAdmin ? (
              <DropdownMenu.Item className="menu__item" onSelect={() => guarded('View as another user', () => setViewAsOpen(true))}>View as...</DropdownMenu.Item>
            ) : null}
            <DropdownMenu.Separator className="menu__separator" />
            {parentUser ? (
              <DropdownMenu.Item className="menu__item" onSelect={() => guarded('Stop Viewing As', () => void impersonate(null))}>Stop Viewing As</DropdownMenu.Item>
            ) : (
              <DropdownMenu.Item className="menu__item" onSelect={() => guarded('Log out', () => void logout())}>Logout</DropdownMenu.Item>
            )}
          </DropdownMenu.Content>
        </DropdownMenu.Portal>
      </DropdownMenu.Root>
      {viewAsOpen ? <ViewAsDialog onClose={() => setViewAsOpen(false)} /> : null}
      {confirm ? (
        <UnsentEditsDialog
          count={confirm.count}
          action={confirm.action}
          onConfirm={() => {
            setConfirm(null);
            confirm.run();
          }}
          onCancel={() => setConfirm(null)}
        />
      ) : null}
    </>
  );
}
