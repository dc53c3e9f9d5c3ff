import { describe, expect, it } from 'vitest';
import { lensArea, vennDistance, vennLayout } from './venn';

describe('the Venn’s circles', () => {
  it('share no area apart, all of the smaller one inside the other', () => {
    expect(lensArea(2, 1, 3)).toBe(0);
    expect(lensArea(2, 1, 0.5)).toBeCloseTo(Math.PI);
    // Two unit circles at distance 1 share 2π/3 - √3/2.
    expect(lensArea(1, 1, 1)).toBeCloseTo((2 * Math.PI) / 3 - Math.sqrt(3) / 2);
  });

  it('are placed so that their overlap is the people in both', () => {
    for (const overlap of [0.1, 1, 2.5]) expect(lensArea(2, 1, vennDistance(2, 1, overlap))).toBeCloseTo(overlap, 6);
    expect(vennDistance(2, 1, 0)).toBe(3);
    expect(vennDistance(2, 1, Math.PI)).toBe(1);
  });

  it('have areas proportional to the people, the overlap to both', () => {
    const layout = vennLayout({ visitors: 4000, buyers: 1000, both: 500 }, 600);
    const [a, b] = layout.shapes.filter((s) => s.kind === 'circle');
    if (a?.kind !== 'circle' || b?.kind !== 'circle') throw new Error('two circles');
    expect((a.r / b.r) ** 2).toBeCloseTo(4);
    const lens = lensArea(a.r, b.r, Math.abs(b.cx - a.cx));
    expect(lens / (Math.PI * a.r ** 2)).toBeCloseTo(500 / 4000);
    const words = layout.shapes.flatMap((s) => (s.kind === 'text' ? [s.text] : []));
    expect(words).toEqual(expect.arrayContaining(['3,500', 'visitors only', '500', 'both', 'buyers only']));
    expect(a.cx - a.r).toBeGreaterThanOrEqual(0);
    expect(b.cx + b.r).toBeLessThanOrEqual(600);
  });

  it('draw one inside the other when every buyer visits, without region labels', () => {
    const layout = vennLayout({ visitors: 4000, buyers: 1000, both: 1000 }, 600);
    const [a, b] = layout.shapes.filter((s) => s.kind === 'circle');
    if (a?.kind !== 'circle' || b?.kind !== 'circle') throw new Error('two circles');
    expect(Math.abs(b.cx - a.cx) + b.r).toBeLessThanOrEqual(a.r + 1e-6);
    expect(layout.shapes.some((s) => s.kind === 'text' && s.text === 'both')).toBe(false);
  });
});
