import { LAYOUT } from '@shared/constants';
import { ui } from './ui-store';

/**
 * The narrowest window that holds the expanded navigation beside a main area of the spec's
 * 1280 px (spec 1 §9): 1480 px. Below it the navigation is its 56 px rail (issue 13 item 9);
 * the user can still open it, and the page then makes room rather than scrolling sideways.
 */
export const NAV_EXPANDS_FROM_PX = LAYOUT.navExpandedPx + LAYOUT.minMainWidthPx;

type MediaSource = Pick<Window, 'matchMedia'>;

/**
 * Sets the navigation to fit the window now and each time the window crosses 1480 px; between
 * crossings the user's own choice stands. Returns the unsubscribe.
 */
export function followWindowWidth(source: MediaSource = window): () => void {
  const wide = source.matchMedia(`(min-width: ${NAV_EXPANDS_FROM_PX}px)`);
  ui.navExpanded = wide.matches;
  const onChange = (event: MediaQueryListEvent) => {
    ui.navExpanded = event.matches;
  };
  wide.addEventListener('change', onChange);
  return () => wide.removeEventListener('change', onChange);
}
