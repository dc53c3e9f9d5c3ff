import { afterEach, describe, expect, it } from 'vitest';
import { followWindowWidth, NAV_EXPANDS_FROM_PX } from './nav-auto-collapse';
import { ui } from './ui-store';

/** A window of a given width whose media queries answer as a browser's would. */
function fakeWindow(width: number) {
  const listeners = new Set<(e: MediaQueryListEvent) => void>();
  let current = width;
  let query = '';
  const matches = () => current >= Number(/min-width: (\d+)px/.exec(query)?.[1]);
  return {
    matchMedia(q: string) {
      query = q;
      return {
        get matches() {
          return matches();
        },
        addEventListener: (_: string, l: (e: MediaQueryListEvent) => void) => listeners.add(l),
        removeEventListener: (_: string, l: (e: MediaQueryListEvent) => void) => listeners.delete(l),
      } as unknown as MediaQueryList;
    },
    resize(to: number) {
      const before = matches();
      current = to;
      if (matches() !== before) for (const l of listeners) l({ matches: matches() } as MediaQueryListEvent);
    },
    listeners,
  };
}

afterEach(() => {
  ui.navExpanded = true;
});

describe('navigation width follows the window (issue 13 item 9)', () => {
  it('is the rail below 1480 px and expanded from 1480 px', () => {
    expect(NAV_EXPANDS_FROM_PX).toBe(1480);
    for (const [width, expanded] of [[1280, false], [1366, false], [1440, false], [1479, false], [1480, true], [1920, true]] as const) {
      followWindowWidth(fakeWindow(width))();
      expect(ui.navExpanded, `at ${width} px`).toBe(expanded);
    }
  });

  it('collapses and opens again as the window crosses 1480 px, and the user may open it in between', () => {
    const win = fakeWindow(1920);
    const stop = followWindowWidth(win);
    expect(ui.navExpanded).toBe(true);
    win.resize(1366);
    expect(ui.navExpanded).toBe(false);
    ui.navExpanded = true; // the user opens it
    win.resize(1400);
    expect(ui.navExpanded).toBe(true);
    win.resize(1600);
    expect(ui.navExpanded).toBe(true);
    stop();
    expect(win.listeners.size).toBe(0);
  });
});
