import { useSnapshot } from 'valtio';
import { badgeText } from '@shared/rules/format';
import { activeEntryId, type NavGroup } from '@shared/rules/navigation';
import { AppLink } from '../../components/app-link';
import { ui } from '../../lib/ui-store';
import { NavIcon } from './nav-icons';

interface Props {
  groups: NavGroup[];
  pathname: string;
  badgeCount: number;
}

/** Home and the way back to the admin index are one link each, with no entries under them. */
const single = (group: NavGroup) => group.category === 'home' || group.category === 'admin';

/** The left navigation: categories with icons, collapsible 56/200 px (spec 1 §2.5). */
export function LeftNav({ groups, pathname, badgeCount }: Props) {
  const snap = useSnapshot(ui);
  const active = activeEntryId(pathname);
  const badge = badgeText(badgeCount);
  return (
    <nav className={snap.navExpanded ? 'left-nav left-nav--expanded' : 'left-nav'} aria-label="Main navigation">
      <button
        type="button"
        className="left-nav__toggle"
        aria-expanded={snap.navExpanded}
        aria-label={snap.navExpanded ? 'Collapse navigation' : 'Expand navigation'}
        onClick={() => (ui.navExpanded = !ui.navExpanded)}
      >
        <NavIcon name={snap.navExpanded ? 'collapse' : 'expand'} />
      </button>
      <ul className="left-nav__groups">
        {groups.map((group) => (
          <li key={group.category} className="left-nav__group">
            {/* The category heading opens its first entry, so the collapsed bar stays usable. */}
            <AppLink
              to={group.entries[0]!.target}
              className={active?.startsWith(`${group.category}/`) ? 'left-nav__category left-nav__category--active' : 'left-nav__category'}
              aria-label={snap.navExpanded ? undefined : group.label}
              // Home and Admin have no entries under them: the category link is the highlighted entry.
              aria-current={single(group) && active === group.entries[0]!.id ? 'page' : undefined}
              title={group.label}
            >
              <NavIcon name={group.category} />
              <span className="left-nav__text">{group.label}</span>
            </AppLink>
            {single(group) ? null : (
              <ul className="left-nav__entries">
                {group.entries.map((entry) => (
                  <li key={entry.id}>
                    <AppLink
                      to={entry.target}
                      className={entry.id === active ? 'left-nav__link left-nav__link--active' : 'left-nav__link'}
                      aria-current={entry.id === active ? 'page' : undefined}
                      title={entry.label}
                    >
                      <span className="left-nav__text">{entry.label}</span>
                    </AppLink>
                  </li>
                ))}
              </ul>
            )}
          </li>
        ))}
      </ul>
      <button
        type="button"
        className="left-nav__bell"
        aria-expanded={snap.notificationsOpen}
        aria-label={badge ? `Notifications, ${badge} new` : 'Notifications'}
        onClick={() => (ui.notificationsOpen = !ui.notificationsOpen)}
      >
        <NavIcon name="bell" />
        {badge ? <span className="left-nav__count" aria-hidden="true">{badge}</span> : null}
      </button>
    </nav>
  );
}
