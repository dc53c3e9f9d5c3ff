import { useLayoutEffect, useState, type RefObject } from 'react';

/**
 * A chart's plot height that keeps the whole chart, its axis and legend, inside the window
 * (issue 27: at 1366x768 the charts' axes and legends were below the fold): the largest height
 * from `min` to `max` at which the element's bottom, with the page scrolled to the top, sits
 * `marginPx` above the window's bottom. The element's bottom moves one for one with the plot's
 * height, so one measurement gives the answer; it is measured again after every render (what is
 * above the chart may have grown) and when the window is resized. Without layout (a test
 * without a DOM) it is `max`.
 */
export function useHeightToFit(ref: RefObject<HTMLElement | null>, { min, max, marginPx = 24 }: { min: number; max: number; marginPx?: number }): number {
  const [height, setHeight] = useState(max);
  useLayoutEffect(() => {
    const fit = () => {
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
    };
    fit();
    window.addEventListener('resize', fit);
    return () => window.removeEventListener('resize', fit);
  });
  return height;
}
