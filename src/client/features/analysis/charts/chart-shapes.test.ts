import { describe, expect, it } from 'vitest';
import { chartFile, filePaint, legendShapes, niceTicks, shareTicks } from './chart-shapes';

describe('axes', () => {
  it('counts in round steps from 0 past the largest figure', () => {
    expect(niceTicks(4_300)).toEqual([0, 1000, 2000, 3000, 4000, 5000]);
    expect(niceTicks(12)).toEqual([0, 2.5, 5, 7.5, 10, 12.5]);
    expect(niceTicks(0)).toEqual([0, 0.2, 0.4, 0.6, 0.8, 1]);
    expect(niceTicks(100)).toEqual([0, 20, 40, 60, 80, 100]);
  });

  it('reads shares to 100 % in fifths, or to the low share’s ceiling', () => {
    expect(shareTicks(0.8)).toEqual([0, 0.2, 0.4, 0.6, 0.8, 1]);
    expect(shareTicks(0.27)).toEqual([0, 0.1, 0.2, 0.3]);
    expect(shareTicks(0.04)).toEqual([0, 0.05, 0.1]);
  });
});

describe('the chart as a file', () => {
  const layout = {
    width: 400,
    height: 200,
    shapes: [
      { kind: 'rect' as const, x: 10, y: 20, width: 30, height: 40, fill: '#2f9e6a' as const, title: 'Retained, Oct 2026: 1,200' },
      { kind: 'text' as const, x: 5, y: 5, text: 'A & <B>', fill: 'ink' as const, size: 12 },
      { kind: 'line' as const, x1: 0, y1: 0, x2: 10, y2: 0, stroke: 'rule' as const, dash: true },
    ],
  };

  it('writes the shapes drawn on screen under the slide’s title, escaped, in the slide’s colours', () => {
    const svg = chartFile(layout, 'Fizz Cola: buyers');
    expect(svg).toContain('<title>Fizz Cola: buyers</title>');
    expect(svg).toContain('width="496" height="342"');
    expect(svg).toContain('<rect x="10" y="20" width="30" height="40" fill="#2f9e6a"><title>Retained, Oct 2026: 1,200</title></rect>');
    expect(svg).toContain('A &amp; &lt;B&gt;');
    expect(svg).toContain(`stroke="${filePaint('rule')}"`);
    expect(svg).not.toContain('var(--');
  });

  it('wraps a legend that runs past its width', () => {
    const one = legendShapes([{ name: 'Retained', colour: '#000000' }], 0, 0, 600);
    const wrapped = legendShapes(Array.from({ length: 8 }, (_, i) => ({ name: `Series number ${i}`, colour: '#000000' })), 0, 0, 400);
    expect(one.height).toBe(22);
    expect(wrapped.height).toBeGreaterThan(22);
  });
});
