import { describe, expect, it } from 'vitest';
import {
  canDeleteNode,
  checkBubbles,
  clusterBubbles,
  checkDiscussionRows,
  checkNode,
  DISCUSSION_COLUMNS,
  DISCUSSION_LIMITS,
  DISCUSSION_RULES,
  DISCUSSION_TEXT,
  nodesWithClusters,
} from './discussions';
import { UPLOAD_TEXT, type SheetCell } from './uploads';

/** A row of the template: Bubble (A), Theme (B), Name / Reachable People (C), Size (D). */
const row = (bubble: SheetCell = 'Cold brew', theme: SheetCell = 'Coffee', reach: SheetCell = 40, size: SheetCell = 10): SheetCell[] => [bubble, theme, reach, size];

describe('the discussion template as the spec lists it (spec 2 §5)', () => {
  it('shows the seven rules word for word', () => {
    expect(DISCUSSION_RULES).toEqual([
      'Only the current client is affected.',
      'Every row needs a value in each column except C.',
      'One row per extra word bubble.',
      'Name (column C) values feed Reachable People and cannot be above 100.',
      'Size (column D) values between 1 and 100.',
      'Errors appear with row and column.',
      'After upload the file appears with an ID usable in the Grow uploader.',
    ]);
  });

  it('has columns A to D headed Bubble, Theme, Name and Size, with only C optional', () => {
    expect(DISCUSSION_COLUMNS.map((c) => [c.letter, c.header, c.required])).toEqual([
      ['A', 'Bubble', true],
      ['B', 'Theme', true],
      ['C', 'Name', false],
      ['D', 'Size', true],
    ]);
  });
});

describe('the cluster drawer fields', () => {
  it('asks for a name when it is blank or only spaces', () => {
    expect(checkNode({ name: '', description: '' })).toEqual({ name: 'Cluster name is required.' });
    expect(checkNode({ name: '   ', description: 'Some words' })).toEqual({ name: 'Cluster name is required.' });
  });

  it('refuses a name longer than the limit but accepts one at the limit', () => {
    expect(checkNode({ name: 'x'.repeat(DISCUSSION_LIMITS.nameMax + 1), description: '' })).toEqual({ name: DISCUSSION_TEXT.nameTooLong });
    expect(checkNode({ name: 'x'.repeat(DISCUSSION_LIMITS.nameMax), description: '' })).toEqual({});
  });

  it('refuses a description longer than the limit but accepts one at the limit', () => {
    expect(checkNode({ name: 'Coffee talk', description: 'd'.repeat(DISCUSSION_LIMITS.descriptionMax + 1) })).toEqual({ description: DISCUSSION_TEXT.descriptionTooLong });
    expect(checkNode({ name: 'Coffee talk', description: 'd'.repeat(DISCUSSION_LIMITS.descriptionMax) })).toEqual({});
  });

  it('reports both a missing name and a too long description at once', () => {
    expect(checkNode({ name: ' ', description: 'd'.repeat(DISCUSSION_LIMITS.descriptionMax + 1) })).toEqual({
      name: DISCUSSION_TEXT.nameRequired,
      description: DISCUSSION_TEXT.descriptionTooLong,
    });
  });

  it('finds nothing wrong with a fine cluster', () => {
    expect(checkNode({ name: 'Coffee talk', description: 'What coffee drinkers say.' })).toEqual({});
  });
});

describe('deleting a cluster', () => {
  it('is not allowed while an audience uses it', () => {
    expect(canDeleteNode({ sub_markets: [{ id: 1 }], journey_sub_markets: [] })).toBe(false);
  });

  it('is not allowed while a journey cell uses it', () => {
    expect(canDeleteNode({ sub_markets: [], journey_sub_markets: [{ id: 7 }] })).toBe(false);
  });

  it('is allowed when nothing uses it', () => {
    expect(canDeleteNode({ sub_markets: [], journey_sub_markets: [] })).toBe(true);
  });
});

describe("a journey cell's Discussion dropdown", () => {
  const nodes = [
    { id: 3, name: 'banana', discussion_clusters: [1] },
    { id: 1, name: 'Cherry', discussion_clusters: [] },
    { id: 9, name: 'apple', discussion_clusters: [1, 2] },
    { id: 4, name: 'Apple', discussion_clusters: [1] },
    { id: 2, name: 'Banana', discussion_clusters: [5] },
  ];

  it('offers only clusters with word bubbles, by name whatever the case, then by id', () => {
    expect(nodesWithClusters(nodes).map((n) => n.id)).toEqual([4, 9, 2, 3]);
  });

  it('leaves the list it was given as it was', () => {
    const before = nodes.map((n) => n.id);
    nodesWithClusters(nodes);
    expect(nodes.map((n) => n.id)).toEqual(before);
  });
});

describe('the rows of a discussion upload', () => {
  it('turns a valid row into a word bubble', () => {
    const result = checkDiscussionRows([row('Cold brew', 'Coffee', 40, 10)]);
    expect(result).toEqual({ bubbles: [{ name: 'Cold brew', theme: 'Coffee', reach: 40, size: 10 }], issues: [], rows: 1 });
  });

  it('leaves Reachable People empty when column C is empty', () => {
    expect(checkDiscussionRows([row('Cold brew', 'Coffee', null, 10)]).bubbles).toEqual([{ name: 'Cold brew', theme: 'Coffee', reach: null, size: 10 }]);
    expect(checkDiscussionRows([row('Cold brew', 'Coffee', '  ', 10)]).bubbles[0]!.reach).toBeNull();
  });

  it('reads Reachable People typed as a number or as a percent', () => {
    expect(checkDiscussionRows([row('Cold brew', 'Coffee', 12.5, 10)]).bubbles[0]!.reach).toBe(12.5);
    expect(checkDiscussionRows([row('Cold brew', 'Coffee', '40%', 10)]).bubbles[0]!.reach).toBe(40);
  });

  it('asks for the Bubble in column A', () => {
    const result = checkDiscussionRows([row(null)]);
    expect(result.issues).toEqual([{ column: 'A', row: 2, message: 'Bubble is required.' }]);
    expect(result.bubbles).toEqual([]);
  });

  it('asks for the Theme in column B', () => {
    const result = checkDiscussionRows([row('Cold brew', '  ')]);
    expect(result.issues).toEqual([{ column: 'B', row: 2, message: 'Theme is required.' }]);
    expect(result.bubbles).toEqual([]);
  });

  it('numbers issues as the spreadsheet does, below the header row', () => {
    const result = checkDiscussionRows([row('One'), row('Two'), row(null)]);
    expect(result.issues).toEqual([{ column: 'A', row: 4, message: 'Bubble is required.' }]);
  });

  it.each([0, 101, 2.5, 'abc', -3])('refuses a Size of %s', (size) => {
    const result = checkDiscussionRows([row('Cold brew', 'Coffee', 40, size)]);
    expect(result.issues).toEqual([{ column: 'D', row: 2, message: DISCUSSION_TEXT.size }]);
    expect(result.bubbles).toEqual([]);
  });

  it('accepts a Size of 1 and of 100', () => {
    const result = checkDiscussionRows([row('Small', 'Coffee', 40, 1), row('Large', 'Coffee', 40, 100)]);
    expect(result.issues).toEqual([]);
    expect(result.bubbles.map((b) => b.size)).toEqual([1, 100]);
  });

  it('refuses a Name (Reachable People) above 100 in column C', () => {
    const result = checkDiscussionRows([row('Cold brew', 'Coffee', 101, 10)]);
    expect(result.issues).toEqual([{ column: 'C', row: 2, message: 'Name must be a number from 0 to 100.' }]);
    expect(result.bubbles).toEqual([]);
  });

  it('says a formula in Size is a formula, not a size out of range', () => {
    const result = checkDiscussionRows([row('Cold brew', 'Coffee', 40, { formula: '=1+1' })]);
    expect(result.issues).toHaveLength(1);
    expect(result.issues[0]!.column).toBe('D');
    expect(result.issues[0]!.message).toContain('formula');
    expect(result.issues[0]!.message).not.toBe(DISCUSSION_TEXT.size);
  });

  it('refuses a bubble already on an earlier row, whatever its case and spacing', () => {
    const result = checkDiscussionRows([row('Cold brew'), row('Latte'), row('  COLD   Brew ')]);
    expect(result.issues).toEqual([{ column: 'A', row: 4, message: DISCUSSION_TEXT.duplicate('COLD   Brew', 2) }]);
    expect(result.issues[0]!.message).toContain('row 2');
    expect(result.bubbles.map((b) => b.name)).toEqual(['Cold brew', 'Latte']);
  });

  it('skips blank rows without counting them', () => {
    const result = checkDiscussionRows([row('Cold brew'), [null, '  ', null, null], [], row('Latte')]);
    expect(result.rows).toBe(2);
    expect(result.issues).toEqual([]);
    expect(result.bubbles.map((b) => b.name)).toEqual(['Cold brew', 'Latte']);
  });

  it(`keeps at most ${DISCUSSION_LIMITS.bubblesPerNode} word bubbles and lists the extra rows`, () => {
    const rows = Array.from({ length: DISCUSSION_LIMITS.bubblesPerNode + 2 }, (_, i) => row(`Bubble ${i + 1}`));
    const result = checkDiscussionRows(rows);
    expect(result.bubbles).toHaveLength(DISCUSSION_LIMITS.bubblesPerNode);
    expect(result.bubbles.at(-1)!.name).toBe(`Bubble ${DISCUSSION_LIMITS.bubblesPerNode}`);
    expect(result.rows).toBe(DISCUSSION_LIMITS.bubblesPerNode + 2);
    expect(result.issues).toEqual([
      { column: null, row: DISCUSSION_LIMITS.bubblesPerNode + 2, message: DISCUSSION_TEXT.tooManyBubbles },
      { column: null, row: DISCUSSION_LIMITS.bubblesPerNode + 3, message: DISCUSSION_TEXT.tooManyBubbles },
    ]);
  });

  it('does not count rows in error towards the bubble limit', () => {
    const rows = [row(null), ...Array.from({ length: DISCUSSION_LIMITS.bubblesPerNode }, (_, i) => row(`Bubble ${i + 1}`))];
    const result = checkDiscussionRows(rows);
    expect(result.bubbles).toHaveLength(DISCUSSION_LIMITS.bubblesPerNode);
    expect(result.issues).toEqual([{ column: 'A', row: 2, message: 'Bubble is required.' }]);
  });

  it('gives no bubble for a row in error and keeps the order of the file for the rest', () => {
    const result = checkDiscussionRows([row('Zebra', 'Animals', 10, 5), row('Broken', 'Animals', 10, 0), row('Aardvark', 'Animals', null, 7), row('Mango', 'Fruit', '15%', 3)]);
    expect(result.bubbles).toEqual([
      { name: 'Zebra', theme: 'Animals', reach: 10, size: 5 },
      { name: 'Aardvark', theme: 'Animals', reach: null, size: 7 },
      { name: 'Mango', theme: 'Fruit', reach: 15, size: 3 },
    ]);
    expect(result.issues).toEqual([{ column: 'D', row: 3, message: DISCUSSION_TEXT.size }]);
    expect(result.rows).toBe(4);
  });

  it('lists every issue of a row with its own column', () => {
    const result = checkDiscussionRows([[null, null, 150, 0]]);
    expect(result.issues).toEqual([
      { column: 'A', row: 2, message: 'Bubble is required.' },
      { column: 'B', row: 2, message: 'Theme is required.' },
      { column: 'C', row: 2, message: 'Name must be a number from 0 to 100.' },
      { column: 'D', row: 2, message: DISCUSSION_TEXT.size },
    ]);
    expect(result.bubbles).toEqual([]);
  });
});

describe('a blank Size (found by this file: a required number column was let through)', () => {
  it('is required, on column D, and gives no bubble', () => {
    for (const blank of [null, '   ']) {
      const { bubbles, issues } = checkDiscussionRows([['Cold brew', 'Coffee', 40, blank]]);
      expect(bubbles).toEqual([]);
      expect(issues).toEqual([{ column: 'D', row: 2, message: 'Size is required.' }]);
    }
  });
});

describe('the word bubbles as drawn (moved from the journey view, which Grow now shares)', () => {
  it('sizes word bubbles by cluster size, largest first, area proportional', () => {
    const bubbles = clusterBubbles({ discussion_clusters: [{ id: 1, name: 'price', size: 25 }, { id: 2, name: 'taste', size: 100, theme: 'Taste', reach: 40 }, { id: 3, name: 'tiny', size: 1 }] }, 20, 100);
    expect(bubbles.map((b) => [b.name, b.diameterPx])).toEqual([['taste', 100], ['price', 50], ['tiny', 20]]);
    expect(bubbles[0]).toMatchObject({ theme: 'Taste', reach: 40 });
    expect(bubbles[1]).toMatchObject({ theme: '', reach: null });
    expect(clusterBubbles(undefined)).toEqual([]);
  });
});

describe("word bubbles typed in Grow's discussion cluster form", () => {
  it("reads text as the upload reads cells, and says the upload's words by bubble row (n + 2) and column", () => {
    const { bubbles, issues } = checkBubbles([
      { name: ' Iced tea ', theme: 'Taste', reach: '12.5', size: '40' },
      { name: '', theme: '', reach: '', size: '' },
      { name: 'iced TEA', theme: 'Again', reach: null, size: 5 },
      { name: 'Fizz', theme: 'Taste', reach: 101, size: 101 },
    ]);
    expect(bubbles).toEqual([{ name: 'Iced tea', theme: 'Taste', reach: 12.5, size: 40 }]);
    expect(issues).toEqual([
      // A wholly blank bubble is an error in a form (a file's blank row is skipped).
      { column: 'A', row: 3, message: UPLOAD_TEXT.required('Bubble') },
      { column: 'A', row: 4, message: DISCUSSION_TEXT.duplicate('iced TEA', 2) },
      { column: 'C', row: 5, message: UPLOAD_TEXT.percent('Name') },
      { column: 'D', row: 5, message: DISCUSSION_TEXT.size },
    ]);
  });
});
