import { describe, expect, it } from 'vitest';
import { distanceForOverlap, fitToBox, lensArea, regionAnchors, regionAt, vennLayout } from './venn-layout';

const area = (r: number) => Math.PI * r * r;
const d = (p: { x: number; y: number }, q: { x: number; y: number }) => Math.hypot(p.x - q.x, p.y - q.y);

describe('lensArea', () => {
  it('is the smaller circle when one holds the other, nothing when apart, and the textbook lens between', () => {
    expect(lensArea(1, 1, 0)).toBeCloseTo(Math.PI, 12);
    expect(lensArea(2, 1, 0.5)).toBeCloseTo(Math.PI, 12);
    expect(lensArea(1, 1, 2)).toBe(0);
    expect(lensArea(1, 1, 3)).toBe(0);
    // Two unit circles one radius apart: 2π/3 − √3/2.
    expect(lensArea(1, 1, 1)).toBeCloseTo((2 * Math.PI) / 3 - Math.sqrt(3) / 2, 12);
  });

  it('shrinks as the circles part', () => {
    let last = Infinity;
    for (let x = 0.6; x <= 3.5; x += 0.1) {
      const a = lensArea(1.5, 2, x);
      expect(a).toBeLessThanOrEqual(last);
      last = a;
    }
  });
});

describe('distanceForOverlap', () => {
  it('is the inverse of lensArea', () => {
    for (const [r1, r2, share] of [[1, 1, 0.3], [2, 1, 0.9], [3, 0.5, 0.01], [1.2, 4, 0.5]] as const) {
      const want = share * area(Math.min(r1, r2));
      expect(lensArea(r1, r2, distanceForOverlap(r1, r2, want))).toBeCloseTo(want, 9);
    }
  });

  it('puts sets that share nobody apart, and a set wholly inside the other inside it', () => {
    expect(distanceForOverlap(1, 2, 0)).toBeGreaterThan(3);
    expect(distanceForOverlap(1, 2, area(1))).toBeCloseTo(1, 12);
    expect(distanceForOverlap(1, 2, 10 * area(1))).toBeCloseTo(1, 12);
  });
});

describe('vennLayout', () => {
  it('draws two sets with areas of their sizes and a lens of their overlap', () => {
    const { circles, fit, error } = vennLayout({ sizes: [1000, 400], pairs: [{ a: 0, b: 1, count: 150 }] });
    expect(area(circles[0]!.r)).toBeCloseTo(1000, 6);
    expect(area(circles[1]!.r)).toBeCloseTo(400, 6);
    expect(lensArea(circles[0]!.r, circles[1]!.r, d(circles[0]!, circles[1]!))).toBeCloseTo(150, 6);
    expect(fit).toEqual([{ a: 0, b: 1, target: 150, drawn: expect.closeTo(150, 6) as unknown as number }]);
    expect(error).toBeLessThan(1e-9);
  });

  it('matches three pairwise overlaps exactly when a triangle of their distances exists', () => {
    const input = { sizes: [5000, 3000, 2000], pairs: [{ a: 0, b: 1, count: 900 }, { a: 0, b: 2, count: 700 }, { a: 1, b: 2, count: 400 }] };
    const { circles, fit, error } = vennLayout(input);
    for (const p of fit) expect(p.drawn).toBeCloseTo(p.target, 4);
    expect(error).toBeLessThan(1e-6);
    circles.forEach((c, i) => expect(area(c.r)).toBeCloseTo(input.sizes[i]!, 6));
  });

  it('finds the one layout of an edge case no first triangle gives: two disjoint sets both inside a third', () => {
    // A and B (100 each) inside C (400): both centres one small radius from C's, on opposite sides.
    const { fit, error } = vennLayout({ sizes: [100, 100, 400], pairs: [{ a: 0, b: 1, count: 0 }, { a: 0, b: 2, count: 100 }, { a: 1, b: 2, count: 100 }] });
    expect(error).toBeLessThan(0.03);
    expect(fit.find((p) => p.a === 0 && p.b === 1)!.drawn).toBeLessThan(3);
  });

  it('says how far off it is when no layout can match (a set inside two sets that share nobody)', () => {
    const { error } = vennLayout({ sizes: [100, 100, 100], pairs: [{ a: 0, b: 1, count: 0 }, { a: 0, b: 2, count: 100 }, { a: 1, b: 2, count: 100 }] });
    expect(error).toBeGreaterThan(0.2);
    expect(error).toBeLessThan(1);
  });

  it('refuses one set or four', () => {
    expect(() => vennLayout({ sizes: [1], pairs: [] })).toThrow();
    expect(() => vennLayout({ sizes: [1, 2, 3, 4], pairs: [] })).toThrow();
  });

  it('draws an empty set as a circle of nothing', () => {
    const { circles, error } = vennLayout({ sizes: [100, 0], pairs: [{ a: 0, b: 1, count: 0 }] });
    expect(circles[1]!.r).toBe(0);
    expect(error).toBe(0);
  });
});

describe('fitToBox, regionAt and regionAnchors', () => {
  const { circles } = vennLayout({ sizes: [5000, 3000, 2000], pairs: [{ a: 0, b: 1, count: 900 }, { a: 0, b: 2, count: 700 }, { a: 1, b: 2, count: 400 }] });
  const placed = fitToBox(circles, 400, 300, 10);

  it('fits the circles in the box, keeping their proportions', () => {
    for (const c of placed.circles) {
      expect(c.x - c.r).toBeGreaterThanOrEqual(10 - 1e-9);
      expect(c.x + c.r).toBeLessThanOrEqual(390 + 1e-9);
      expect(c.y - c.r).toBeGreaterThanOrEqual(10 - 1e-9);
      expect(c.y + c.r).toBeLessThanOrEqual(290 + 1e-9);
    }
    expect(placed.circles[0]!.r / placed.circles[1]!.r).toBeCloseTo(circles[0]!.r / circles[1]!.r, 9);
  });

  it('names the circles that hold a point', () => {
    const [a] = placed.circles;
    expect(regionAt(placed.circles, a!.x, a!.y) & 1).toBe(1);
    expect(regionAt(placed.circles, -100, -100)).toBe(0);
  });

  it('anchors every region the drawing shows inside that region', () => {
    const anchors = regionAnchors(placed.circles);
    // Every pair overlaps, and the overlaps are large enough for the three to share a region.
    expect([...anchors.keys()].sort((x, y) => x - y)).toEqual([1, 2, 3, 4, 5, 6, 7]);
    for (const [mask, p] of anchors) expect(regionAt(placed.circles, p.x, p.y)).toBe(mask);
  });

  it('gives no anchor to a region that is not drawn', () => {
    const apart = vennLayout({ sizes: [100, 100], pairs: [{ a: 0, b: 1, count: 0 }] });
    expect([...regionAnchors(apart.circles).keys()].sort()).toEqual([1, 2]);
  });
});
