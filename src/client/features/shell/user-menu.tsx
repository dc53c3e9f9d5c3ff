import { lazy, Suspense, useState } from 'react';
import { preload, usePreloadWhenIdle } from '../../lib/preload-when-idle';
import type { UserMenuProps } from './user-menu-dropdown';
import { UserMenuFace, userMenuLabel } from './user-menu-face';

// The menu (Radix, with floating-ui) is not in the shell's first load: it is fetched once the page
// is idle, so that it opens with the server gone too (Log out, the theme).
const loadDropdown = () => import('./user-menu-dropdown');
const UserMenuDropdown = lazy(() => loadDropdown().then((m) => ({ default: m.UserMenuDropdown })));

/** The user menu button (spec 1 §2.7); its items arrive on first use and it opens at once. */
export function UserMenu(props: UserMenuProps) {
  const [wanted, setWanted] = useState(false);
  usePreloadWhenIdle(loadDropdown);
  const label = userMenuLabel(props.session);
  const button = (
    <button
      type="button"
      className="user-menu__trigger"
      aria-label={`User menu: ${label}`}
      aria-haspopup="menu"
      aria-expanded={false}
      onPointerEnter={() => preload(loadDropdown)}
      onFocus={() => preload(loadDropdown)}
      onClick={() => setWanted(true)}
    >
      <UserMenuFace session={props.session} label={label} />
    </button>
  );
  if (!wanted) return button;
  return (
    <Suspense fallback={button}>
      <UserMenuDropdown {...props} label={label} />
    </Suspense>
  );
}
