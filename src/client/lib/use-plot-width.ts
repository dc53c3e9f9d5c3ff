import { useCallback, useState } from 'react';

/**
 * The width of the element the returned ref is attached to, in px.
 *
 * It is read once as the element attaches: a ref callback runs in the commit's layout phase, so
 * the corrected render happens before the browser paints and the chart never flashes empty or
 * at the wrong size. After that a ResizeObserver follows the element, debounced so dragging a
 * window edge does not re-lay out a hundred tiles on every frame.
 */
export function usePlotWidth(debounceMs: number): [ref: (el: HTMLElement | null) => (() => void) | undefined, width: number | null] {
  const [width, setWidth] = useState<number | null>(null);
  const ref = useCallback((el: HTMLElement | null) => {
    if (!el) return undefined;
    setWidth(el.clientWidth);
    if (typeof ResizeObserver === 'undefined') return undefined;
    let timer: ReturnType<typeof setTimeout> | undefined;
    const observer = new ResizeObserver(() => {
      clearTimeout(timer);
      timer = setTimeout(() => setWidth(el.clientWidth), debounceMs);
    });
    observer.observe(el);
    return () => {
      clearTimeout(timer);
      observer.disconnect();
    };
  }, [debounceMs]);
  return [ref, width];
}
