import { describe, expect, it } from 'vitest';
import { renderToStaticMarkup } from 'react-dom/server';
import type { ComparisonResult } from '@shared/schemas/audiences';
import { OverlapMatrix, OverlapUpSet, OverlapVenn } from './overlap-charts';

/* The unit project has no DOM: the charts render to markup, enough to pin their names, numbers and focusable parts. */

const result: ComparisonResult = {
  counted_at: '2026-11-25T10:00:00.000Z',
  people: 10_000,
  members: [{ kind: 'audience', id: 1, name: 'A', count: 3000 }, { kind: 'segment', id: 2, name: 'B', count: 2000 }, { kind: 'persona', id: 3, name: 'C', count: 1500 }],
  pairs: [
    { a: 0, b: 1, count: 800, share_of_a: 800 / 3000, share_of_b: 0.4 },
    { a: 0, b: 2, count: 500, share_of_a: 500 / 3000, share_of_b: 500 / 1500 },
    { a: 1, b: 2, count: 400, share_of_a: 0.2, share_of_b: 400 / 1500 },
  ],
  regions: [
    { in: [0], count: 1900, index: 110.2 }, { in: [1], count: 1000, index: 95 }, { in: [0, 1], count: 600, index: 180 }, { in: [2], count: 800, index: 90 },
    { in: [0, 2], count: 300, index: 160 }, { in: [1, 2], count: 200, index: 140 }, { in: [0, 1, 2], count: 200, index: 420 },
  ],
};
const noop = () => undefined;
const all = (html: string, re: RegExp) => [...html.matchAll(re)].map((m) => m[1]);

describe('the UpSet bars', () => {
  const html = renderToStaticMarkup(<OverlapUpSet result={result} selected={6} onSelect={noop} />);

  it('are a titled group of seven focusable buttons, largest first, each saying its count and index', () => {
    expect(html).toContain('role="group"');
    expect(html).toContain('Exclusive intersections of A, B, C, largest first</title>');
    expect(all(html, /role="button" tabindex="0" aria-pressed="(?:true|false)" aria-label="([^"]+)"/g)).toEqual([
      'Only A: 1,900 people, index 110', 'Only B: 1,000 people, index 95', 'Only C: 800 people, index 90', 'A and B only: 600 people, index 180',
      // A tie: fewer members first.
      'A and C only: 300 people, index 160', 'B and C only: 200 people, index 140', 'All of A, B and C: 200 people, index 420',
    ]);
    expect(html).toContain('aria-pressed="true" aria-label="B and C only');
  });

  it('draws the dot matrix as an image', () => {
    expect(html).toContain('role="img" aria-label="Dot matrix: one column per bar; rows A, B, C"');
    // 7 columns × 3 rows of dots, 12 of them in.
    expect(html.split('overlap-upset__dot overlap-upset__dot--in').length - 1).toBe(12);
  });
});

describe('the Venn', () => {
  const html = renderToStaticMarkup(<OverlapVenn result={result} selected={null} onSelect={noop} />);

  it('is a titled group with the drawing as an image that says the sizes and overlaps', () => {
    expect(html).toContain('Proportional Venn of A, B, C</title>');
    expect(html).toContain('role="img" aria-label="Proportional Venn diagram. A: 3,000 people; B: 2,000 people; C: 1,500 people; A and B share 800 people;');
    expect(html.split('<circle cx').length - 1).toBeGreaterThanOrEqual(3);
  });

  it('has a focusable mark with its numbers for every region it draws', () => {
    const labels = all(html, /role="button" tabindex="0" aria-pressed="false" aria-label="([^"]+)"/g);
    expect(labels).toHaveLength(7);
    expect(labels).toContain('All of A, B and C: 200 people, index 420');
  });
});

describe('the matrix', () => {
  it('is a table with the sizes on its diagonal and each pair as a share of its row', () => {
    const html = renderToStaticMarkup(<OverlapMatrix result={result} />);
    expect(html).toContain('<caption>');
    expect(html).toContain('data-testid="matrix-1-1"><span class="overlap-matrix__count">2,000</span><span class="overlap-matrix__share">size</span>');
    expect(html).toContain('data-testid="matrix-1-0"><span class="overlap-matrix__count">800</span><span class="overlap-matrix__share">40.0% of B</span>');
  });
});
