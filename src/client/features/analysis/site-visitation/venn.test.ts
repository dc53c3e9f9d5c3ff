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

  it('draw one inside the other when every buyer visits, its figures in a row under the circles', () => {
    const layout = vennLayout({ visitors: 4000, buyers: 1000, both: 1000 }, 600);
    const [a, b] = layout.shapes.filter((s) => s.kind === 'circle');
    if (a?.kind !== 'circle' || b?.kind !== 'circle') throw new Error('two circles');
    expect(Math.abs(b.cx - a.cx) + b.r).toBeLessThanOrEqual(a.r + 1e-6);
    const both = layout.shapes.find((s) => s.kind === 'text' && s.text === 'both');
    expect(both?.kind === 'text' && both.y).toBeGreaterThan(a.cy + a.r);
    expectNoLabelOver(layout);
  });

  it('never write one figure over another: a small group or a thin overlap moves them under the circles', () => {
    for (const figures of [
      { visitors: 100_000, buyers: 300, both: 100 },
      { visitors: 5_000, buyers: 4_000, both: 40 },
      { visitors: 5_000, buyers: 4_000, both: 3_990 },
      { visitors: 3_000, buyers: 2_500, both: 0 },
      { visitors: 12_000, buyers: 9_000, both: 4_000 },
      { visitors: 0, buyers: 0, both: 0 },
    ]) {
      for (const width of [320, 600]) {
        const layout = vennLayout(figures, width);
        expectNoLabelOver(layout, `${JSON.stringify(figures)} at ${width}`);
        const words = layout.shapes.flatMap((s) => (s.kind === 'text' ? [s.text] : []));
        if (figures.both > 0) expect(words, JSON.stringify(figures)).toEqual(expect.arrayContaining(['visitors only', 'both', 'buyers only']));
      }
    }
    // A roomy overlap keeps its figures inside the circles.
    const roomy = vennLayout({ visitors: 12_000, buyers: 9_000, both: 4_000 }, 600);
    const [a] = roomy.shapes.filter((s) => s.kind === 'circle');
    const both = roomy.shapes.find((s) => s.kind === 'text' && s.text === 'both');
    if (a?.kind !== 'circle' || both?.kind !== 'text') throw new Error('a circle and a label');
    expect(both.y).toBeLessThan(a.cy + a.r);
  });
});

/** No two texts' boxes (about 0.6 of the font size a character, the font size high) cross, and each stays in the chart. */
function expectNoLabelOver(layout: ReturnType<typeof vennLayout>, what = '') {
  const boxes = layout.shapes.flatMap((s) => {
    if (s.kind !== 'text') return [];
    const w = s.text.length * s.size * 0.6;
    const left = s.anchor === 'middle' ? s.x - w / 2 : s.anchor === 'end' ? s.x - w : s.x;
    return [{ text: s.text, left, right: left + w, top: s.y - s.size, bottom: s.y }];
  });
  for (const [i, p] of boxes.entries()) {
    expect(p.bottom, `${what} ${p.text} inside the chart`).toBeLessThanOrEqual(layout.height);
    for (const q of boxes.slice(i + 1)) {
      const cross = p.left < q.right && q.left < p.right && p.top < q.bottom && q.top < p.bottom;
      expect(cross, `${what}: "${p.text}" and "${q.text}" overlap`).toBe(false);
    }
  }
}
