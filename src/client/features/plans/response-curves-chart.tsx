import { ResponsiveLine, type LineCustomSvgLayerProps, type LineSvgLayer } from '@nivo/line';
import { createContext, useContext, useMemo } from 'react';
import { MEDIA_TYPES } from '@shared/rules/curves';
import { lineResponse, type MediaLine } from '@shared/rules/scenarios';
import { formatResponse } from './scenario-model';

/** A colour per media type, the same on every plan (readable on the dark and the light theme). */
const COLOURS = ['#5aa9ff', '#f5b942', '#4ade80', '#f87171', '#c084fc', '#2dd4bf', '#fb923c', '#a3a3a3'];
export const mediaColour = (media: string) => COLOURS[Math.max(0, (MEDIA_TYPES as readonly string[]).indexOf(media)) % COLOURS.length]!;

/** Points drawn on each curve: enough for a smooth S at the chart's width. */
const SAMPLES = 48;
const MARGIN = { top: 16, right: 24, bottom: 56, left: 84 };
const THEME = {
  text: { fill: 'var(--color-text-muted)', fontSize: 12 },
  axis: {
    legend: { text: { fill: 'var(--color-text)', fontSize: 13, fontWeight: 600 } },
    ticks: { text: { fill: 'var(--color-text-muted)', fontSize: 12 }, line: { stroke: 'var(--color-border)' } },
    domain: { line: { stroke: 'var(--color-border)', strokeWidth: 1 } },
  },
  grid: { line: { stroke: 'var(--color-border)', strokeWidth: 1, strokeDasharray: '2 4' } },
};

interface Series {
  id: string;
  data: { x: number; y: number }[];
}

interface Marker {
  media: string;
  spend: number;
  response: number;
  kind: 'planned' | 'optimised';
}
const MarkersContext = createContext<readonly Marker[]>([]);

/** The planned spend (a ring) and the optimised one (a dot) on each media type's curve. */
function MarkersLayer({ xScale, yScale }: LineCustomSvgLayerProps<Series>) {
  const markers = useContext(MarkersContext);
  return (
    <g>
      {markers.map((m) => {
        const cx = xScale(m.spend);
        const cy = yScale(m.response);
        const colour = mediaColour(m.media);
        return m.kind === 'planned'
          ? <circle key={`${m.media}-p`} cx={cx} cy={cy} r={6} fill="var(--color-surface)" stroke={colour} strokeWidth={2.5} />
          : <circle key={`${m.media}-o`} cx={cx} cy={cy} r={5} fill={colour} stroke="var(--color-text)" strokeWidth={1} />;
      })}
    </g>
  );
}

const LAYERS: readonly LineSvgLayer<Series>[] = ['grid', 'axes', 'lines', MarkersLayer];

const compactMoney = (n: number) => `$${Intl.NumberFormat('en-US', { notation: 'compact', maximumFractionDigits: 1 }).format(n)}`;
const compactCount = (n: number) => Intl.NumberFormat('en-US', { notation: 'compact', maximumFractionDigits: 1 }).format(n);

/**
 * Each media type's response as a function of its spend over the plan (its weekly pattern kept),
 * from nothing to twice its maximum, with the plan's spend and the optimised one marked.
 */
export function ResponseCurvesChart({ lines, optimised, money }: { lines: readonly MediaLine[]; optimised: readonly number[] | null; money: (n: number) => string }) {
  const series = useMemo<Series[]>(() => lines.map((line) => {
    const top = 2 * Math.max(line.max, line.planned, 1);
    return { id: line.media_type, data: Array.from({ length: SAMPLES + 1 }, (_, k) => ({ x: (top * k) / SAMPLES, y: lineResponse(line, (top * k) / SAMPLES) })) };
  }), [lines]);
  const markers = useMemo<Marker[]>(() => lines.flatMap((line, i) => {
    const planned: Marker = { media: line.media_type, spend: line.planned, response: lineResponse(line, line.planned), kind: 'planned' };
    const spend = optimised?.[i];
    return spend === undefined ? [planned] : [planned, { media: line.media_type, spend, response: lineResponse(line, spend), kind: 'optimised' }];
  }), [lines, optimised]);
  const summary = `Response curves of ${lines.length} media types: response against spend over the plan. `
    + markers.map((m) => `${m.media} ${m.kind === 'planned' ? 'planned' : 'optimised'} ${money(m.spend)} gives ${formatResponse(m.response)}`).join('; ')
    + '.';
  return (
    <figure className="planner-chart">
      <figcaption className="planner-chart__title">Response by spend</figcaption>
      <div className="planner-chart__plot" role="img" aria-label={summary}>
        <MarkersContext.Provider value={markers}>
          <ResponsiveLine<Series>
            data={series}
            margin={MARGIN}
            xScale={{ type: 'linear', min: 0, max: 'auto' }}
            yScale={{ type: 'linear', min: 0, max: 'auto' }}
            curve="monotoneX"
            colors={(s) => mediaColour(String(s.id))}
            lineWidth={2.5}
            enablePoints={false}
            layers={LAYERS}
            axisBottom={{ legend: 'Spend over the plan', legendOffset: 42, legendPosition: 'middle', tickValues: 6, format: compactMoney }}
            axisLeft={{ legend: 'Response', legendOffset: -68, legendPosition: 'middle', tickValues: 6, format: compactCount }}
            isInteractive={false}
            animate={false}
            theme={THEME}
          />
        </MarkersContext.Provider>
      </div>
      <ul className="planner-chart__legend" aria-label="Legend">
        {lines.map((line) => (
          <li key={line.media_type}><span className="planner-chart__swatch" style={{ background: mediaColour(line.media_type) }} aria-hidden="true" />{line.media_type}</li>
        ))}
        <li><span className="planner-chart__ring" aria-hidden="true" />Planned spend</li>
        {optimised ? <li><span className="planner-chart__dot" aria-hidden="true" />Optimised spend</li> : null}
      </ul>
    </figure>
  );
}
