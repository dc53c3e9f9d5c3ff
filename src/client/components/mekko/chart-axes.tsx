import { MEKKO_LAYOUT } from '@shared/rules/mekko-layout';

/**
 * The y axis: the measurement label, turned to run up the side, and the 100 to 0 % ticks.
 * The ticks are laid over the plot's height only (the column names sit above it), so the
 * caller gives the offset of the plot inside the stage.
 */
export function ChartYAxis({ label, plotTopPx, heightPx }: { label: string; plotTopPx: number; heightPx: number }) {
  return (
    <>
      <div className="mekko__y-title" style={{ paddingTop: plotTopPx, height: plotTopPx + heightPx }}>
        <span>{label}</span>
      </div>
      {/* Decorative: the tiles and their tooltips carry the numbers for assistive technology. */}
      <div className="mekko__y-ticks" aria-hidden="true" style={{ marginTop: plotTopPx, height: heightPx }}>
        {MEKKO_LAYOUT.ySteps.map((step) => (
          <span key={step} className="mekko__y-tick" style={{ top: `${100 - step}%` }}>{step}%</span>
        ))}
      </div>
    </>
  );
}

/** The x axis: 0 to 100 % of the total population, under the plot. */
export function ChartXAxis() {
  return (
    <div className="mekko__x-ticks" aria-hidden="true">
      {MEKKO_LAYOUT.xSteps.map((step) => (
        <span key={step} className="mekko__x-tick" style={{ left: `${step}%` }}>{step}%</span>
      ))}
    </div>
  );
}

/** Faint horizontal lines at the y ticks, behind the tiles, so a tile's height can be read off. */
export function ChartGrid({ plotTopPx, heightPx }: { plotTopPx: number; heightPx: number }) {
  return (
    <div className="mekko__grid" aria-hidden="true" style={{ top: plotTopPx, height: heightPx }}>
      {MEKKO_LAYOUT.ySteps.map((step) => (
        <span key={step} className="mekko__grid-line" style={{ top: `${100 - step}%` }} />
      ))}
    </div>
  );
}
