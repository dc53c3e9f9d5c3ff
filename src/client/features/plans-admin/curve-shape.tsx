import { response, type CurveParams } from '@shared/rules/curves';

const WIDTH = 90;
const HEIGHT = 32;
const PAD = 3;
const STEPS = 48;

const short = (n: number) => (Math.abs(n) >= 1000 || Number.isInteger(n) ? Math.round(n).toLocaleString('en-US') : n.toPrecision(3));

/**
 * A valid row's response curve, F(x) for x from 0 to 3·C, drawn small beside its numbers so the
 * planner sees its shape (an S, a saturating rise, a fall) while typing. The dashed line is C,
 * where the curve turns.
 */
export function CurveShape({ params, media }: { params: CurveParams; media: string }) {
  const end = 3 * params.c;
  const points = Array.from({ length: STEPS + 1 }, (_, i) => {
    const x = (end * i) / STEPS;
    return { x, y: response(params, x) };
  });
  const ys = points.map((p) => p.y).filter(Number.isFinite);
  if (ys.length < 2) return null;
  let low = Math.min(...ys);
  let high = Math.max(...ys);
  if (high - low < 1e-9) {
    low -= 1;
    high += 1;
  }
  const sx = (x: number) => PAD + ((WIDTH - 2 * PAD) * x) / end;
  const sy = (y: number) => HEIGHT - PAD - ((HEIGHT - 2 * PAD) * (y - low)) / (high - low);
  const path = points
    .filter((p) => Number.isFinite(p.y))
    .map((p, i) => `${i === 0 ? 'M' : 'L'}${sx(p.x).toFixed(1)},${sy(p.y).toFixed(1)}`)
    .join(' ');
  const first = points[0]!.y;
  const last = points[STEPS]!.y;
  const label = `${media || 'Curve'} response: ${short(first)} at 0, ${short(response(params, params.c))} at C ${short(params.c)}, ${short(last)} at ${short(end)}`;
  return (
    <svg className="curve-shape" viewBox={`0 0 ${WIDTH} ${HEIGHT}`} width={WIDTH} height={HEIGHT} role="img" aria-label={label}>
      <title>{label}</title>
      <line className="curve-shape__turn" x1={sx(params.c)} x2={sx(params.c)} y1={PAD} y2={HEIGHT - PAD} />
      <path className="curve-shape__line" d={path} />
    </svg>
  );
}
