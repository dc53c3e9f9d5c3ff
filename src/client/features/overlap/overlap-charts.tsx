import { useId, useMemo, type KeyboardEvent, type MouseEvent } from 'react';
import { formatCount } from '@shared/rules/grow';
import type { ComparisonResult } from '@shared/schemas/audiences';
import { formatIndex, formatShare, intersections, overlapMatrix, type Intersection } from './overlap-model';
import { fitToBox, regionAnchors, regionAt, vennLayout } from './venn-layout';

/**
 * The Overlap page's three views of one result (issue 16): the pairwise matrix (a table), the
 * proportional Venn of two or three members and the UpSet bars of every exclusive intersection.
 * The drawings are SVG written here (no chart library: the Venn's geometry is ours, and an
 * UpSet's dot matrix is no bar chart's); every intersection is a focusable button that says its
 * numbers, and clicking one selects it.
 */

/** A member's colour (up to four). */
export const MEMBER_COLOURS = ['#5aa9ff', '#f87171', '#a3e635', '#facc15'] as const;

const people = (n: number) => `${formatCount(n)} ${n === 1 ? 'person' : 'people'}`;
export const describeIntersection = (i: Intersection) => `${i.label}: ${people(i.count)}, index ${formatIndex(i.index)}`;

interface SelectProps {
  selected: number | null;
  onSelect(mask: number): void;
}

const onKey = (select: () => void) => (e: KeyboardEvent) => {
  if (e.key === 'Enter' || e.key === ' ') {
    e.preventDefault();
    select();
  }
};

/** Rows × columns: a cell is the people in both and their share of the row; the diagonal is the member's size. */
export function OverlapMatrix({ result }: { result: ComparisonResult }) {
  const matrix = overlapMatrix(result);
  const names = result.members.map((m) => m.name);
  return (
    <table className="overlap-matrix">
      <caption>Pairwise overlap: people in both, and their share of the row’s member</caption>
      <thead>
        <tr>
          <td />
          {names.map((n, i) => <th key={i} scope="col">{n}</th>)}
        </tr>
      </thead>
      <tbody>
        {matrix.map((row, a) => (
          <tr key={a}>
            <th scope="row">{names[a]}</th>
            {row.map((cell, b) => (
              <td key={b} className={cell.diagonal ? 'overlap-matrix__size' : undefined} data-testid={`matrix-${a}-${b}`}>
                <span className="overlap-matrix__count">{formatCount(cell.count)}</span>
                <span className="overlap-matrix__share">{cell.diagonal ? 'size' : `${formatShare(cell.share)} of ${names[a]}`}</span>
              </td>
            ))}
          </tr>
        ))}
      </tbody>
    </table>
  );
}

const VENN_W = 420;
/** A region this far from every edge (px) has its count written in it; a smaller one a dot to focus. */
const ROOM_FOR_LABEL = 9;
const VENN_H = 300;

/** The proportional Venn: circle areas are sizes, lenses as near the pairwise overlaps as the plane allows. */
export function OverlapVenn({ result, selected, onSelect }: { result: ComparisonResult } & SelectProps) {
  const titleId = useId();
  const layout = useMemo(() => {
    const { circles, error } = vennLayout({ sizes: result.members.map((m) => m.count), pairs: result.pairs });
    const placed = fitToBox(circles, VENN_W, VENN_H, 36).circles;
    return { placed, error, anchors: regionAnchors(placed) };
  }, [result]);
  const bars = intersections(result);
  const byMask = new Map(bars.map((b) => [b.mask, b]));
  const names = result.members.map((m) => m.name);
  const summary = [
    ...result.members.map((m) => `${m.name}: ${people(m.count)}`),
    ...result.pairs.map((p) => `${names[p.a]} and ${names[p.b]} share ${people(p.count)}`),
  ].join('; ');

  const click = (e: MouseEvent<SVGSVGElement>) => {
    const svg = e.currentTarget;
    const box = svg.getBoundingClientRect();
    const x = ((e.clientX - box.left) / box.width) * VENN_W;
    const y = ((e.clientY - box.top) / box.height) * VENN_H;
    const mask = regionAt(layout.placed, x, y);
    if (mask !== 0 && byMask.has(mask)) onSelect(mask);
  };

  return (
    <figure className="overlap-venn">
      <svg viewBox={`0 0 ${VENN_W} ${VENN_H}`} width={VENN_W} height={VENN_H} role="group" aria-labelledby={titleId} onClick={click} className="overlap-venn__svg">
        <title id={titleId}>{`Proportional Venn of ${names.join(', ')}`}</title>
        <defs>
          {layout.placed.map((c, i) => (
            <clipPath key={i} id={`${titleId}-clip-${i}`}>
              <circle cx={c.x} cy={c.y} r={c.r} />
            </clipPath>
          ))}
        </defs>
        <g role="img" aria-label={`Proportional Venn diagram. ${summary}`}>
          {layout.placed.map((c, i) => (
            <circle key={i} cx={c.x} cy={c.y} r={Math.max(c.r, 0)} fill={MEMBER_COLOURS[i]} fillOpacity={0.28} stroke={MEMBER_COLOURS[i]} strokeWidth={2} />
          ))}
          {selected !== null ? <SelectedRegion circles={layout.placed} mask={selected} clipId={(i) => `${titleId}-clip-${i}`} /> : null}
        </g>
        {[...layout.anchors].map(([mask, p]) => {
          const bar = byMask.get(mask);
          if (!bar) return null;
          return (
            <g
              key={mask}
              role="button"
              tabIndex={0}
              aria-pressed={selected === mask}
              aria-label={describeIntersection(bar)}
              className="overlap-venn__region"
              data-testid={`venn-region-${bar.in.join('-')}`}
              onClick={(e) => {
                e.stopPropagation();
                onSelect(mask);
              }}
              onKeyDown={onKey(() => onSelect(mask))}
            >
              {p.room >= ROOM_FOR_LABEL ? (
                <text x={p.x} y={p.y} textAnchor="middle" dominantBaseline="middle" className="overlap-venn__count">{formatCount(bar.count)}</text>
              ) : (
                <circle cx={p.x} cy={p.y} r={3.5} className="overlap-venn__mark" />
              )}
            </g>
          );
        })}
      </svg>
      <ul className="overlap-legend" aria-label="Venn members">
        {result.members.map((m, i) => (
          <li key={i}><span className="overlap-legend__swatch" style={{ background: MEMBER_COLOURS[i] }} aria-hidden="true" /> {m.name}: {people(m.count)}</li>
        ))}
      </ul>
      {layout.error > 0.05 ? (
        <figcaption className="insight-note">Circles cannot show these overlaps exactly: the drawing is off by up to {(layout.error * 100).toFixed(0)}% of the smaller member. The numbers are exact.</figcaption>
      ) : null}
    </figure>
  );
}

/** The selected region drawn over the circles: the in-circles' intersection (nested clips), the out-circles painted over. */
function SelectedRegion({ circles, mask, clipId }: { circles: readonly { x: number; y: number; r: number }[]; mask: number; clipId: (i: number) => string }) {
  const inside = circles.map((_, i) => i).filter((i) => mask & (1 << i));
  const outside = circles.map((_, i) => i).filter((i) => !(mask & (1 << i)));
  const fill = (
    <g>
      <rect x={0} y={0} width={VENN_W} height={VENN_H} className="overlap-venn__selected" />
      {outside.map((i) => <circle key={i} cx={circles[i]!.x} cy={circles[i]!.y} r={circles[i]!.r} className="overlap-venn__cut" />)}
    </g>
  );
  return inside.reduceRight((child, i) => <g clipPath={`url(#${clipId(i)})`}>{child}</g>, fill);
}

const BAR_W = 30;
const BAR_GAP = 14;
const LABEL_W = 170;
const BARS_H = 170;
const TOP = 22;
const INDEX_H = 18;
const ROW_H = 24;

/** The UpSet chart: a bar per exclusive intersection, largest first, with the dot matrix of who is in under it. */
export function OverlapUpSet({ result, selected, onSelect }: { result: ComparisonResult } & SelectProps) {
  const titleId = useId();
  const bars = intersections(result);
  const names = result.members.map((m) => m.name);
  const k = names.length;
  const max = Math.max(1, ...bars.map((b) => b.count));
  const width = LABEL_W + bars.length * (BAR_W + BAR_GAP) + BAR_GAP;
  const matrixTop = TOP + BARS_H + INDEX_H + 8;
  const height = matrixTop + k * ROW_H + 8;
  const x = (i: number) => LABEL_W + BAR_GAP + i * (BAR_W + BAR_GAP);
  const rowY = (m: number) => matrixTop + m * ROW_H + ROW_H / 2;

  return (
    <figure className="overlap-upset">
      <div className="overlap-upset__scroll">
        <svg viewBox={`0 0 ${width} ${height}`} width={width} height={height} role="group" aria-labelledby={titleId} className="overlap-upset__svg">
          <title id={titleId}>{`Exclusive intersections of ${names.join(', ')}, largest first`}</title>
          <g role="img" aria-label={`Dot matrix: one column per bar; rows ${names.join(', ')}`}>
            {names.map((n, m) => (
              <g key={m}>
                {m % 2 === 0 ? <rect x={0} y={matrixTop + m * ROW_H} width={width} height={ROW_H} className="overlap-upset__band" /> : null}
                <text x={LABEL_W - 8} y={rowY(m)} textAnchor="end" dominantBaseline="middle" className="overlap-upset__name">
                  <tspan fill={MEMBER_COLOURS[m]}>●</tspan> {n.length > 19 ? `${n.slice(0, 18)}…` : n}
                </text>
              </g>
            ))}
            {bars.map((b, i) => {
              const cx = x(i) + BAR_W / 2;
              const ins = b.in;
              return (
                <g key={b.mask}>
                  {ins.length > 1 ? <line x1={cx} x2={cx} y1={rowY(ins[0]!)} y2={rowY(ins[ins.length - 1]!)} className="overlap-upset__link" /> : null}
                  {names.map((_, m) => <circle key={m} cx={cx} cy={rowY(m)} r={6} className={ins.includes(m) ? 'overlap-upset__dot overlap-upset__dot--in' : 'overlap-upset__dot'} />)}
                </g>
              );
            })}
          </g>
          {bars.map((b, i) => {
            const h = (b.count / max) * BARS_H;
            const select = () => onSelect(b.mask);
            return (
              <g
                key={b.mask}
                role="button"
                tabIndex={0}
                aria-pressed={selected === b.mask}
                aria-label={describeIntersection(b)}
                data-testid={`upset-bar-${b.in.join('-')}`}
                className="overlap-upset__bar"
                onClick={select}
                onKeyDown={onKey(select)}
              >
                <rect x={x(i) - BAR_GAP / 2} y={TOP - 16} width={BAR_W + BAR_GAP} height={BARS_H + INDEX_H + 16} className="overlap-upset__hit" />
                <rect x={x(i)} y={TOP + BARS_H - h} width={BAR_W} height={Math.max(h, b.count > 0 ? 1 : 0)} className={selected === b.mask ? 'overlap-upset__fill overlap-upset__fill--selected' : 'overlap-upset__fill'} />
                <text x={x(i) + BAR_W / 2} y={TOP + BARS_H - h - 5} textAnchor="middle" className="overlap-upset__count">{compact(b.count)}</text>
                <text x={x(i) + BAR_W / 2} y={TOP + BARS_H + 13} textAnchor="middle" className="overlap-upset__index">{formatIndex(b.index)}</text>
              </g>
            );
          })}
          <text x={LABEL_W - 8} y={TOP + BARS_H + 13} textAnchor="end" className="overlap-upset__index">Index</text>
        </svg>
      </div>
      <figcaption className="insight-note">Each bar: the people in exactly the members with a dot, and their index against the region (100 = what independent members would give).</figcaption>
    </figure>
  );
}

/** 12.3K, 4.5M: a bar's label has the room of a bar. */
function compact(n: number): string {
  if (n < 10_000) return formatCount(n);
  if (n < 1_000_000) return `${(n / 1000).toFixed(n < 100_000 ? 1 : 0)}K`;
  return `${(n / 1_000_000).toFixed(n < 100_000_000 ? 1 : 0)}M`;
}
