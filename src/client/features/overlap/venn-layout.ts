/**
 * The geometry of a proportional Venn of two or three sets (issue 16, Overlap): each circle's
 * area is its set's size; the distances between centres are solved so each pair's lens (the
 * area two circles share) is that pair's overlap as nearly as the plane allows. Three circles
 * cannot always match three overlaps (and never the triple one as well): the layout minimises
 * the squared error of the pairwise lenses, and says how far off it is. Pure: no DOM.
 */

export interface Circle {
  x: number;
  y: number;
  r: number;
}

export interface VennInput {
  /** People in each set (2 or 3). */
  sizes: readonly number[];
  /** People in both sets of each pair (a < b, positions in `sizes`). */
  pairs: readonly { a: number; b: number; count: number }[];
}

export interface PairFit {
  a: number;
  b: number;
  /** The overlap asked for and the lens drawn, both in people. */
  target: number;
  drawn: number;
}

export interface VennLayout {
  circles: Circle[];
  fit: PairFit[];
  /** The largest |drawn − target| of a pair as a share of the smaller set (0 = exact). */
  error: number;
}

/** The area two circles of radii r1, r2 share when their centres are d apart. */
export function lensArea(r1: number, r2: number, d: number): number {
  if (r1 <= 0 || r2 <= 0) return 0;
  if (d >= r1 + r2) return 0;
  const small = Math.min(r1, r2);
  if (d <= Math.abs(r1 - r2)) return Math.PI * small * small;
  const a1 = Math.acos(clamp((d * d + r1 * r1 - r2 * r2) / (2 * d * r1), -1, 1));
  const a2 = Math.acos(clamp((d * d + r2 * r2 - r1 * r1) / (2 * d * r2), -1, 1));
  const kite = Math.sqrt(Math.max(0, (-d + r1 + r2) * (d + r1 - r2) * (d - r1 + r2) * (d + r1 + r2)));
  return r1 * r1 * a1 + r2 * r2 * a2 - kite / 2;
}

/** Apart by this share of the radii when two sets share nobody: they are seen not to touch. */
const DISJOINT_GAP = 0.06;

/**
 * The centre distance at which two circles share `area` (bisection: the lens shrinks as they
 * part). Nobody shared: a little apart; all of the smaller shared: the smaller inside, centred
 * as far as it fits.
 */
export function distanceForOverlap(r1: number, r2: number, area: number): number {
  if (r1 <= 0 || r2 <= 0 || area <= 0) return (r1 + r2) * (1 + DISJOINT_GAP);
  const small = Math.min(r1, r2);
  if (area >= Math.PI * small * small) return Math.abs(r1 - r2);
  let lo = Math.abs(r1 - r2);
  let hi = r1 + r2;
  for (let i = 0; i < 64; i++) {
    const mid = (lo + hi) / 2;
    if (lensArea(r1, r2, mid) > area) lo = mid;
    else hi = mid;
  }
  return (lo + hi) / 2;
}

const clamp = (v: number, lo: number, hi: number) => Math.min(hi, Math.max(lo, v));
const dist = (p: Circle, q: Circle) => Math.hypot(p.x - q.x, p.y - q.y);

/** A circle of `size` people: area = size (in people², scaled later). */
const radiusOf = (size: number) => Math.sqrt(Math.max(0, size) / Math.PI);

function pairCount(input: VennInput, a: number, b: number): number {
  const pair = input.pairs.find((p) => (p.a === a && p.b === b) || (p.a === b && p.b === a));
  return Math.max(0, pair?.count ?? 0);
}

function fitOf(input: VennInput, circles: Circle[]): { fit: PairFit[]; error: number } {
  const fit: PairFit[] = [];
  let error = 0;
  for (let a = 0; a < circles.length; a++) {
    for (let b = a + 1; b < circles.length; b++) {
      const target = Math.min(pairCount(input, a, b), input.sizes[a] ?? 0, input.sizes[b] ?? 0);
      const drawn = lensArea(circles[a]!.r, circles[b]!.r, dist(circles[a]!, circles[b]!));
      fit.push({ a, b, target, drawn });
      const smaller = Math.min(input.sizes[a] ?? 0, input.sizes[b] ?? 0);
      if (smaller > 0) error = Math.max(error, Math.abs(drawn - target) / smaller);
    }
  }
  return { fit, error };
}

/**
 * Lays out two or three circles, in people units (area = people): circle 0 at the origin,
 * circle 1 on the x axis, circle 2 above it.
 */
export function vennLayout(input: VennInput): VennLayout {
  const k = input.sizes.length;
  if (k < 2 || k > 3) throw new Error('A Venn is drawn for two or three sets');
  const r = input.sizes.map(radiusOf);
  const target = (a: number, b: number) => Math.min(pairCount(input, a, b), input.sizes[a] ?? 0, input.sizes[b] ?? 0);
  const want = (a: number, b: number) => distanceForOverlap(r[a]!, r[b]!, target(a, b));
  const d01 = want(0, 1);
  const circles: Circle[] = [{ x: 0, y: 0, r: r[0]! }, { x: d01, y: 0, r: r[1]! }];
  if (k === 3) {
    const d02 = want(0, 2);
    const d12 = want(1, 2);
    // The triangle of the three distances, when there is one: every lens is exact.
    const x = d01 > 0 ? (d01 * d01 + d02 * d02 - d12 * d12) / (2 * d01) : d02;
    const y2 = d02 * d02 - x * x;
    circles.push({ x, y: Math.sqrt(Math.max(0, y2)), r: r[2]! });
    if (y2 < 0) refine(input, circles);
  }
  return { circles, ...fitOf(input, circles) };
}

/** The squared error of the pairwise lenses, relative to the largest set. */
function loss(input: VennInput, circles: Circle[]): number {
  const scale = Math.max(1, ...input.sizes);
  let sum = 0;
  for (const { drawn, target } of fitOf(input, circles).fit) sum += ((drawn - target) / scale) ** 2;
  return sum;
}

/**
 * No triangle has the three wanted distances: a compass search over circle 1's x and circle 2's
 * x and y (circle 0 stays at the origin) finds the positions whose lenses are nearest.
 */
function refine(input: VennInput, circles: Circle[]): void {
  const span = Math.max(...circles.map((c) => c.r), 1e-9);
  let step = span / 2;
  let best = loss(input, circles);
  const moves: [number, 'x' | 'y'][] = [[1, 'x'], [2, 'x'], [2, 'y']];
  for (let round = 0; round < 400 && step > span * 1e-7; round++) {
    let improved = false;
    for (const [i, axis] of moves) {
      for (const sign of [1, -1]) {
        const circle = circles[i]!;
        const before = circle[axis];
        circle[axis] = before + sign * step;
        const l = loss(input, circles);
        if (l < best - 1e-15) {
          best = l;
          improved = true;
        } else circle[axis] = before;
      }
    }
    if (!improved) step /= 2;
  }
}

export interface PlacedVenn {
  circles: Circle[];
  /** Pixels per unit of the layout (radius in px = r × scale). */
  scale: number;
}

/** The layout scaled and centred into a width × height box with `padding` on every side. */
export function fitToBox(circles: readonly Circle[], width: number, height: number, padding: number): PlacedVenn {
  const minX = Math.min(...circles.map((c) => c.x - c.r));
  const maxX = Math.max(...circles.map((c) => c.x + c.r));
  const minY = Math.min(...circles.map((c) => c.y - c.r));
  const maxY = Math.max(...circles.map((c) => c.y + c.r));
  const w = Math.max(maxX - minX, 1e-9);
  const h = Math.max(maxY - minY, 1e-9);
  const scale = Math.min((width - 2 * padding) / w, (height - 2 * padding) / h);
  const offsetX = (width - w * scale) / 2 - minX * scale;
  const offsetY = (height - h * scale) / 2 - minY * scale;
  return { circles: circles.map((c) => ({ x: c.x * scale + offsetX, y: c.y * scale + offsetY, r: c.r * scale })), scale };
}

/** Which circles hold the point (bit i = circle i); 0 outside them all. */
export function regionAt(circles: readonly Circle[], x: number, y: number): number {
  let mask = 0;
  circles.forEach((c, i) => {
    if (c.r > 0 && Math.hypot(x - c.x, y - c.y) <= c.r) mask |= 1 << i;
  });
  return mask;
}

/**
 * Where to put each region's label (and its focusable mark): of a grid of points, the one of
 * that region farthest from every circle's edge, with that distance (its room: a label needs
 * some). A region the drawing has no room for (a lens of zero, or three circles that cannot
 * show it) has none.
 */
export function regionAnchors(circles: readonly Circle[], grid = 80): Map<number, { x: number; y: number; room: number }> {
  const minX = Math.min(...circles.map((c) => c.x - c.r));
  const maxX = Math.max(...circles.map((c) => c.x + c.r));
  const minY = Math.min(...circles.map((c) => c.y - c.r));
  const maxY = Math.max(...circles.map((c) => c.y + c.r));
  const best = new Map<number, { x: number; y: number; room: number }>();
  for (let i = 0; i <= grid; i++) {
    for (let j = 0; j <= grid; j++) {
      const x = minX + ((maxX - minX) * i) / grid;
      const y = minY + ((maxY - minY) * j) / grid;
      const mask = regionAt(circles, x, y);
      if (mask === 0) continue;
      const room = Math.min(...circles.filter((c) => c.r > 0).map((c) => Math.abs(Math.hypot(x - c.x, y - c.y) - c.r)));
      const seen = best.get(mask);
      if (!seen || room > seen.room) best.set(mask, { x, y, room });
    }
  }
  return best;
}
