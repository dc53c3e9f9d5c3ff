import { Suspense, useState } from 'react';
import { LoadBoundary } from '../../components/load-boundary';
import { useLazyPart } from '../../lib/lazy-part';
import { preload, usePreloadWhenIdle } from '../../lib/preload-when-idle';
import type { UserMenuProps } from './user-menu-dropdown';
import { UserMenuFace, userMenuLabel } from './user-menu-face';

// The menu (Radix, with floating-ui) is not in the shell's first load: it is fetched once the page
// is idle, so that it opens with the server gone too (Log out, the theme).
const loadDropdown = () => import('./user-menu-dropdown');
const loadUserMenuDropdown = () => loadDropdown().then((m) => m.UserMenuDropdown);

/** The user menu button (spec 1 §2.7); its items arrive on first use and it opens at once. */
export function UserMenu(props: UserMenuProps) {
  const [wanted, setWanted] = useState(false);
  const dropdown = useLazyPart(loadUserMenuDropdown);
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
      onClick={() => (wanted ? dropdown.retry() : setWanted(true))}
    >
      <UserMenuFace session={props.session} label={label} />
    </button>
  );
  if (!wanted) return button;
  const UserMenuDropdown = dropdown.Part;
  // Code that could not be fetched (the server gone before it was): the button stays, a click tries again.
  return (
    <LoadBoundary key={dropdown.attempt} fallback={button}>
      <Suspense fallback={button}>
        <UserMenuDropdown {...props} label={label} />
      </Suspense>
    </LoadBoundary>
  );
}
