import { useCallback, useEffect, useLayoutEffect, useState, type RefObject } from 'react';

interface HeightToFit {
  min: number;
  max: number;
  marginPx?: number;
  /** False: the chart keeps `max` (a page-set height, a chart below the first): nothing is measured or listened to. */
  enabled?: boolean;
}

/**
 * A chart's plot height that keeps the whole chart, its axis and legend, inside the window
 * (issue 27: at 1366x768 the charts' axes and legends were below the fold): the largest height
 * from `min` to `max` at which the element's bottom, with the page scrolled to the top, sits
 * `marginPx` above the window's bottom. The element's bottom moves one for one with the plot's
 * height, so one measurement gives the answer; it is measured again after every render (what is
 * above the chart may have grown; the browser lays the page out before painting it anyway) and
 * when the window is resized, through one listener for the chart's life. Without layout (a test
 * without a DOM) it is `max`.
 */
export function useHeightToFit(ref: RefObject<HTMLElement | null>, { min, max, marginPx = 24, enabled = true }: HeightToFit): number {
  const [height, setHeight] = useState(max);
  const fit = useCallback(() => {
    const element = ref.current;
    if (!element || typeof window === 'undefined') return;
    const rect = element.getBoundingClientRect();
    if (rect.height === 0) return;
    const bottom = rect.bottom + window.scrollY;
    setHeight((current) => {
      const next = Math.round(Math.min(max, Math.max(min, current - (bottom - (window.innerHeight - marginPx)))));
      // Sub-pixel differences are no reason to lay the chart out again.
      return Math.abs(next - current) < 2 ? current : next;
    });
  }, [ref, min, max, marginPx]);
  useLayoutEffect(() => {
    if (enabled) fit();
  });
  useEffect(() => {
    if (!enabled) return;
    window.addEventListener('resize', fit);
    return () => window.removeEventListener('resize', fit);
  }, [enabled, fit]);
  return enabled ? height : max;
}
