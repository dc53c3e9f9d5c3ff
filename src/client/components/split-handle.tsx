import './split.css';
import type { KeyboardEvent, PointerEvent } from 'react';

/** The chart's share of the split with the insights open, in percent (issue 13: 60 % unless the user drags it). */
export const SPLIT = { defaultPct: 60, minPct: 30, maxPct: 85, stepPct: 5 } as const;

export const clampShare = (pct: number) => Math.min(SPLIT.maxPct, Math.max(SPLIT.minPct, Math.round(pct)));

/**
 * The handle between a chart and its insights (Grow, Journey): drag it, or focus it and use the arrow keys (Home
 * and End for the ends), to give one side more room. A window splitter in ARIA's terms.
 */
export function SplitHandle({ sharePct, onChange }: { sharePct: number; onChange(pct: number): void }) {
  const onPointerDown = (event: PointerEvent<HTMLDivElement>) => {
    const handle = event.currentTarget;
    const split = handle.parentElement?.getBoundingClientRect();
    if (!split || split.width === 0) return;
    event.preventDefault();
    handle.setPointerCapture(event.pointerId);
    const move = (e: globalThis.PointerEvent) => onChange(clampShare(((e.clientX - split.left) / split.width) * 100));
    const stop = () => {
      handle.removeEventListener('pointermove', move);
      handle.removeEventListener('pointerup', stop);
      handle.removeEventListener('pointercancel', stop);
    };
    handle.addEventListener('pointermove', move);
    handle.addEventListener('pointerup', stop);
    handle.addEventListener('pointercancel', stop);
  };
  const onKeyDown = (event: KeyboardEvent<HTMLDivElement>) => {
    const next = { ArrowLeft: sharePct - SPLIT.stepPct, ArrowRight: sharePct + SPLIT.stepPct, Home: SPLIT.minPct, End: SPLIT.maxPct }[event.key];
    if (next === undefined) return;
    event.preventDefault();
    onChange(clampShare(next));
  };
  return (
    <div
      role="separator"
      tabIndex={0}
      aria-orientation="vertical"
      aria-label="Width of the chart beside the insights"
      aria-valuemin={SPLIT.minPct}
      aria-valuemax={SPLIT.maxPct}
      aria-valuenow={sharePct}
      aria-valuetext={`Chart ${sharePct}%`}
      className="split-handle"
      onPointerDown={onPointerDown}
      onKeyDown={onKeyDown}
    />
  );
}
