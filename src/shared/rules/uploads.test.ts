import { describe, expect, it } from 'vitest';
import {
  appliedLine,
  checkHeader,
  checkRow,
  combineFigures,
  escapeHtml,
  figureShares,
  isBlankRow,
  mergeFigures,
  UPLOAD_TEXT,
  UPLOADERS,
  type SheetCell,
} from './uploads';

const grow = UPLOADERS.grow;
const journeys = UPLOADERS.journeys;
const explore = UPLOADERS.explore;

/** A Grow row: brand, product, chart, market, market position, audience, audience position, category, attribute, position, value, percent. */
const growRow = (over: Partial<Record<string, SheetCell>> = {}): SheetCell[] => {
  const base: Record<string, SheetCell> = {
    brand: 'Fizz Cola', product: 'Fizz Original', chart: 'Soda Market', market: 'Cola', marketPosition: 1, audience: 'Loyal', audiencePosition: null,
    category: 'Age', attribute: '18-24', attributePosition: 1, value: 1200, percent: null, discussion: null,
  };
  return grow.columns.map((c) => (c.key in over ? over[c.key]! : base[c.key]!));
};

describe('the uploaders as the spec lists them (spec 2 §5, §7)', () => {
  it('names the templates and the rules word for word', () => {
    expect(UPLOADERS.grow.templateName).toBe('GrowChart_Template');
    expect(UPLOADERS.journeys.templateName).toBe('Journey_Template');
    expect(UPLOADERS.explore.templateName).toBe('Persona_Template');
    expect(journeys.rules).toContain('Columns A-H required, I-O optional.');
    expect(journeys.rules).toContain('Errors do not stop the upload (if brands, products and format are valid), but the row or field in error is not updated.');
    expect(journeys.rules).toContain("Percentages go in 'Attribute Percent'. Use either 'Attribute Value' or 'Attribute Percent', not both.");
    expect(grow.rules).toContain('The same as Journeys, but columns A-K are required except G, keyed on brand, market and audience names.');
    expect(explore.rules).toContain("Affects only custom Market Level widgets under the 'All Data' persona.");
    expect(explore.rules).toContain('Columns A-G required except E.');
  });

  it('has the column ranges the rules give: Journeys A-H required and I-O optional, Grow A-K but G, Explore A-G but E', () => {
    const required = (u: typeof grow) => u.columns.filter((c) => c.required).map((c) => c.letter).join('');
    expect(journeys.columns.map((c) => c.letter).join('')).toBe('ABCDEFGHIJKLMNO');
    expect(required(journeys)).toBe('ABCDEFGH');
    // K is the value of a value-or-percent pair: required as "K or L" by the row check.
    expect(required(grow)).toBe('ABCDEFHIJ');
    expect(grow.columns[10]!.header).toBe('Attribute Value');
    expect(required(explore)).toBe('ABCDFG');
  });
});

describe('checkRow', () => {
  it('accepts a complete row and reads its values', () => {
    const { values, issues } = checkRow(grow, growRow(), 5);
    expect(issues).toEqual([]);
    expect(values).toMatchObject({ brand: 'Fizz Cola', audience: 'Loyal', value: 1200, percent: null, attributePosition: 1, audiencePosition: null });
  });

  it('names each missing required column by letter, with the row as the spreadsheet numbers it', () => {
    const { issues } = checkRow(grow, growRow({ chart: null, market: '  ' }), 7);
    expect(issues).toEqual([
      { column: 'C', row: 7, message: UPLOAD_TEXT.required('Chart Name') },
      { column: 'D', row: 7, message: UPLOAD_TEXT.required('Market Name') },
    ]);
  });

  it('wants a value or a percent, never both, and the percent from 0 to 100', () => {
    expect(checkRow(grow, growRow({ value: null }), 2).issues).toEqual([{ column: 'K', row: 2, message: UPLOAD_TEXT.valueOrPercent }]);
    const both = checkRow(grow, growRow({ percent: 12 }), 2);
    expect(both.issues).toEqual([{ column: 'L', row: 2, message: UPLOAD_TEXT.notBoth }]);
    expect(both.values.value).toBeNull();
    expect(checkRow(grow, growRow({ value: null, percent: 100.5 }), 3).issues).toEqual([{ column: 'L', row: 3, message: UPLOAD_TEXT.percent('Attribute Percent') }]);
    expect(checkRow(grow, growRow({ value: null, percent: '42.5%' }), 3).values.percent).toBe(42.5);
  });

  it('reads positions as whole numbers from 1, and numbers typed as text', () => {
    expect(checkRow(grow, growRow({ marketPosition: 0 }), 4).issues[0]).toEqual({ column: 'E', row: 4, message: UPLOAD_TEXT.position('Market Position') });
    expect(checkRow(grow, growRow({ attributePosition: 1.5 }), 4).issues[0]?.column).toBe('J');
    expect(checkRow(grow, growRow({ marketPosition: '2', value: '1,250' }), 4)).toMatchObject({ issues: [], values: { marketPosition: 2, value: 1250 } });
    expect(checkRow(grow, growRow({ value: -3 }), 4).issues[0]?.message).toBe(UPLOAD_TEXT.wholeNumber('Attribute Value'));
    expect(checkRow(grow, growRow({ value: 'lots' }), 4).issues[0]?.message).toBe(UPLOAD_TEXT.wholeNumber('Attribute Value'));
  });

  it('reads a discussion cluster ID (column M) as a whole number from 1, past the positions\' 10,000', () => {
    expect(checkRow(grow, growRow({ discussion: 12_345 }), 4)).toMatchObject({ issues: [], values: { discussion: 12_345 } });
    expect(checkRow(grow, growRow({ discussion: '7' }), 4).values.discussion).toBe(7);
    for (const bad of [0, 2.5, -1, 'seven', 2 ** 31]) {
      expect(checkRow(grow, growRow({ discussion: bad }), 4).issues).toEqual([{ column: 'M', row: 4, message: UPLOAD_TEXT.id('Discussion Cluster ID') }]);
    }
  });

  it('refuses dates, formulas and error cells where numbers belong, and control characters in names', () => {
    expect(checkRow(grow, growRow({ value: { date: '2024-01-01T00:00:00.000Z' } }), 6).issues[0]?.message).toBe(UPLOAD_TEXT.date('Attribute Value'));
    // '18-24' retyped in a spreadsheet program comes back a date: named, never dropped silently.
    expect(checkRow(grow, growRow({ attribute: { date: '2024-06-18T00:00:00.000Z' } }), 6).issues).toEqual([{ column: 'I', row: 6, message: UPLOAD_TEXT.dateInText('Attribute') }]);
    expect(checkRow(grow, growRow({ value: { formula: '=SUM(A1:A3)' } }), 6).issues[0]?.message).toBe(UPLOAD_TEXT.formula('Attribute Value'));
    expect(checkRow(grow, growRow({ value: { error: '#DIV/0!' } }), 6).issues[0]?.message).toBe(UPLOAD_TEXT.errorCell('Attribute Value'));
    expect(checkRow(grow, growRow({ audience: 'Lo\u0000yal' }), 6).issues[0]).toEqual({ column: 'F', row: 6, message: UPLOAD_TEXT.control('Audience Name') });
    expect(checkRow(grow, growRow({ audience: 'x'.repeat(201) }), 6).issues[0]?.message).toBe(UPLOAD_TEXT.tooLong('Audience Name'));
  });

  it('lets a journey row set only its cell (population or segments) without an attribute', () => {
    const cells: SheetCell[] = ['Fizz Cola', 'Fizz Original', 'Path', 'Fizz', 1, 'Aware', 1, 'Age', null, null, null, null, 5000, null, null];
    expect(checkRow(journeys, cells, 3)).toMatchObject({ issues: [], values: { population: 5000, attribute: null } });
    const nothing = [...cells.slice(0, 12), null, null, null];
    expect(checkRow(journeys, nothing, 3).issues).toEqual([{ column: null, row: 3, message: UPLOAD_TEXT.nothingToSet }]);
    const orphan = [...cells.slice(0, 10), 30, null, null, null, null];
    expect(checkRow(journeys, orphan, 3).issues).toEqual([{ column: 'I', row: 3, message: UPLOAD_TEXT.valueWithoutAttribute }]);
  });

  it('needs the Explore columns A-G but E', () => {
    const row: SheetCell[] = ['Fizz Cola', 'Fizz Original', 'Demographics', 'Age', null, 'Age', '18-24', null, 12.5];
    expect(checkRow(explore, row, 2).issues).toEqual([]);
    expect(checkRow(explore, [...row.slice(0, 6), null, null, 12.5], 2).issues).toEqual([{ column: 'G', row: 2, message: UPLOAD_TEXT.required('Attribute') }]);
  });
});

describe('checkHeader and blank rows', () => {
  it('accepts the template header in any case and spacing, and names the first column that differs', () => {
    expect(checkHeader(grow, grow.columns.map((c) => `  ${c.header.toUpperCase()} `))).toBeNull();
    const wrong = grow.columns.map((c) => c.header as SheetCell);
    wrong[2] = '__proto__';
    expect(checkHeader(grow, wrong)).toBe(UPLOAD_TEXT.badHeader('C', 'Chart Name', '__proto__'));
    expect(checkHeader(grow, [])).toBe(UPLOAD_TEXT.emptySheet);
  });

  it('skips rows with nothing in the uploader columns', () => {
    expect(isBlankRow([null, '', '  '], grow)).toBe(true);
    expect(isBlankRow(growRow(), grow)).toBe(false);
  });
});

describe('figures', () => {
  const f = (attribute: string, value: string, percent: number | null, count: number | null = null) => ({ attribute, value, count, percent });

  it('replaces the figures an upload names, adds new ones, and keeps the rest', () => {
    const current = [f('Age', '18-24', 10), f('Age', '25-34', 20), f('Gender', 'Female', 51)];
    const merged = mergeFigures(current, [{ ...f('age', '25-34', 22), position: null }, { ...f('Gender', 'Male', 48), position: null }]);
    expect(merged).toEqual([f('Age', '18-24', 10), f('age', '25-34', 22), f('Gender', 'Female', 51), f('Gender', 'Male', 48)]);
  });

  it('puts positioned figures where they say within their category', () => {
    const merged = mergeFigures([f('Age', 'b', 1), f('Age', 'c', 2)], [{ ...f('Age', 'a', 3), position: 1 }]);
    expect(merged.map((x) => x.value)).toEqual(['a', 'b', 'c']);
  });

  it('sums a group’s people per attribute as a share of its population', () => {
    const combined = combineFigures([
      { population: 1000, figures: [f('Age', '18-24', 10)] },
      { population: 3000, figures: [f('Age', '18-24', null, 900)] },
    ]);
    expect(combined).toEqual([{ attribute: 'Age', value: '18-24', count: 1000, percent: 25 }]);
  });

  it('shows a percent as given, else people of the population, else of the category', () => {
    const rows = [f('Age', 'a', null, 30), f('Age', 'b', null, 10), f('Gender', 'x', 40)];
    expect(figureShares(rows, null)).toEqual([75, 25, 40]);
    expect(figureShares(rows, 300)).toEqual([10, 10 / 3, 40]);
  });

  it('escapes what users typed before it goes into an HTML message', () => {
    expect(escapeHtml('<img src=x onerror="alert(1)">&\'')).toBe('&lt;img src=x onerror=&quot;alert(1)&quot;&gt;&amp;&#39;');
  });
});

describe('the line under the file picker', () => {
  it('counts rows and errors in words, singular and plural', () => {
    expect(appliedLine(1, 2, 1)).toBe('1 of 2 rows applied; 1 error, listed below.');
    expect(appliedLine(1, 1, 0)).toBe('1 of 1 row applied; no errors.');
    expect(appliedLine(1200, 1500, 300)).toBe('1,200 of 1,500 rows applied; 300 errors, listed below.');
  });
});
