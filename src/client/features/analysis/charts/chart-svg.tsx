import type { ReactNode } from 'react';
import { usePlotWidth } from '../../../lib/use-plot-width';
import type { ChartLayout, Paint, Shape, Tone } from './chart-shapes';

const SCREEN_TONES: Record<Tone, string> = { ink: 'var(--color-text)', muted: 'var(--color-text-muted)', rule: 'var(--color-border)' };
const paint = (p: Paint) => (p.startsWith('#') ? p : SCREEN_TONES[p as Tone]);

function ShapeElement({ shape }: { shape: Shape }) {
  switch (shape.kind) {
    case 'rect':
      return (
        <rect x={shape.x} y={shape.y} width={Math.max(0, shape.width)} height={Math.max(0, shape.height)} fill={paint(shape.fill)} fillOpacity={shape.opacity}>
          {shape.title ? <title>{shape.title}</title> : null}
        </rect>
      );
    case 'line':
      return <line x1={shape.x1} y1={shape.y1} x2={shape.x2} y2={shape.y2} stroke={paint(shape.stroke)} strokeWidth={1} strokeDasharray={shape.dash ? '2 4' : undefined} />;
    case 'path':
      return <path d={shape.d} fill="none" stroke={paint(shape.stroke)} strokeWidth={shape.width} strokeLinejoin="round" />;
    case 'circle':
      return (
        <circle cx={shape.cx} cy={shape.cy} r={shape.r} fill={paint(shape.fill)} fillOpacity={shape.opacity ?? 1} stroke={shape.stroke ? paint(shape.stroke) : undefined} strokeWidth={shape.stroke ? 2 : undefined}>
          {shape.title ? <title>{shape.title}</title> : null}
        </circle>
      );
    case 'text':
      return (
        <text
          x={shape.x}
          y={shape.y}
          fill={paint(shape.fill)}
          fontSize={shape.size}
          fontWeight={shape.weight}
          textAnchor={shape.anchor}
          transform={shape.rotate ? `rotate(${shape.rotate} ${shape.x} ${shape.y})` : undefined}
        >
          {shape.text}
        </text>
      );
  }
}

/** A chart's shapes on screen: the same list the export writes (chartFile). */
export function ChartSvg({ layout, label }: { layout: ChartLayout; label: string }) {
  return (
    <svg className="analysis-chart__svg" width={layout.width} height={layout.height} viewBox={`0 0 ${layout.width} ${layout.height}`} role="img" aria-label={label}>
      {layout.shapes.map((shape, i) => <ShapeElement key={i} shape={shape} />)}
    </svg>
  );
}

/**
 * A chart as wide as its column: the layout is made for the width measured (so text keeps its
 * size at 1366 and at 1920), drawn once the width is known.
 */
export function FittedChart({ layoutFor, label, children }: { layoutFor: (width: number) => ChartLayout; label: string; children?: ReactNode }) {
  const [ref, width] = usePlotWidth(150);
  return (
    <div ref={ref} className="analysis-chart__plot">
      {width !== null && width > 0 ? <ChartSvg layout={layoutFor(width)} label={label} /> : null}
      {children}
    </div>
  );
}
