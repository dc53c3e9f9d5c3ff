import { describe, expect, it } from 'vitest';
import {
  INDEX_REPORT_REFUSALS,
  indexBand,
  indexMaths,
  indexReportBlocker,
  indexReportFileName,
  intersectRules,
  isFormulaLike,
  reportHistoryFileName,
  rulesInWords,
  safeCell,
} from './index-report';
import { widgetMaths } from './insights';

const open = { tab: 'person_level', invalidIdentifiers: [], lite: false, canCreate: true } as const;

describe('indexReportBlocker', () => {
  it('allows a person-level report of valid segments by a user who may create one', () => {
    expect(indexReportBlocker(open)).toBeNull();
  });

  it('refuses each case with its own reason, permission first, then lite, tab and identifiers', () => {
    expect(indexReportBlocker({ ...open, canCreate: false, lite: true })).toBe(INDEX_REPORT_REFUSALS.permission);
    expect(indexReportBlocker({ ...open, lite: true, tab: 'market_level' })).toBe(INDEX_REPORT_REFUSALS.lite);
    expect(indexReportBlocker({ ...open, tab: 'market_level', invalidIdentifiers: [3] })).toBe(INDEX_REPORT_REFUSALS.marketLevel);
    expect(indexReportBlocker({ ...open, invalidIdentifiers: [3] })).toBe(INDEX_REPORT_REFUSALS.invalidIdentifiers);
  });
});

describe('file names', () => {
  const at = new Date('2026-03-04T23:30:00Z');

  it('names the report file after the report and the UTC day', () => {
    expect(indexReportFileName('Fizz buyers', at)).toBe('Fizz buyers_index_report_2026-03-04.xlsx');
  });

  it('drops characters file systems refuse, leading dots and runs of spaces', () => {
    expect(indexReportFileName('../a/b:c*d?"e"<f>|g  h', at)).toBe('a b c d e f g h_index_report_2026-03-04.xlsx');
    expect(indexReportFileName('///', at)).toBe('Index report_index_report_2026-03-04.xlsx');
    expect(indexReportFileName('x'.repeat(200), at)).toBe(`${'x'.repeat(80)}_index_report_2026-03-04.xlsx`);
  });

  it('names Report History {yyyy-MM-dd}_{env}_past_downloads_report.xlsx (spec 1 §9)', () => {
    expect(reportHistoryFileName('production', at)).toBe('2026-03-04_production_past_downloads_report.xlsx');
    expect(reportHistoryFileName('../x y', at)).toBe('2026-03-04_xy_past_downloads_report.xlsx');
  });
});

describe('safeCell', () => {
  it('marks text beginning with =, +, -, @, tab or carriage return, and keeps the text unchanged', () => {
    for (const text of ['=HYPERLINK("http://x","y")', '+1', '-2+3', '@SUM(A1)', '\t=1', '\r=1']) {
      expect(isFormulaLike(text)).toBe(true);
      expect(safeCell(text)).toEqual({ t: 's', v: text, quotePrefix: true });
    }
  });

  it('leaves ordinary text alone, also with = inside', () => {
    expect(safeCell('Fizz = fun')).toEqual({ t: 's', v: 'Fizz = fun', quotePrefix: false });
    expect(safeCell('')).toEqual({ t: 's', v: '', quotePrefix: false });
  });
});

describe('indexBand', () => {
  it('colours significant indexes at or beyond 120 and 80 only', () => {
    expect(indexBand(120, true)).toBe('high');
    expect(indexBand(119.9, true)).toBeNull();
    expect(indexBand(80, true)).toBe('low');
    expect(indexBand(80.1, true)).toBeNull();
    expect(indexBand(300, false)).toBeNull();
    expect(indexBand(null, true)).toBeNull();
  });
});

describe('indexMaths', () => {
  it('with everyone as base equals the insights widget maths', () => {
    for (const [count, audience, valueSize, people] of [[40, 200, 1_000, 10_000], [0, 50, 10, 100], [7, 7, 7, 7], [3, 0, 5, 100], [5, 10, 0, 100]] as const) {
      expect(indexMaths({ count, size: audience }, { count: valueSize, size: people }, { count, size: audience })).toEqual(widgetMaths(count, audience, valueSize, people));
    }
  });

  it('against a base audience: shares of each, z of the audience against the base outside it', () => {
    const row = indexMaths({ count: 60, size: 200 }, { count: 100, size: 1_000 }, { count: 20, size: 100 });
    expect(row.share).toBeCloseTo(0.3);
    expect(row.base_share).toBeCloseTo(0.1);
    expect(row.index).toBeCloseTo(300);
    // (60/200 - 80/900) / sqrt(p(1-p)(1/200 + 1/900)), p = 140/1100
    const p = 140 / 1100;
    expect(row.z_score).toBeCloseTo((0.3 - 80 / 900) / Math.sqrt(p * (1 - p) * (1 / 200 + 1 / 900)), 10);
    expect(row).toMatchObject({ significant: true, small_sample: true });
  });
});

describe('rules', () => {
  const names = new Map([[1, 'Runners'], [2, 'Cyclists'], [3, 'Parents'], [4, 'Students']]);

  it('reads a rule in words with segment names, naming unknown ids', () => {
    expect(rulesInWords({ include: { and: [[1, 2], [3]] }, exclude: [4, 9], values: [] }, (id) => names.get(id))).toBe('(Runners or Cyclists) and Parents, excluding Students or segment 9');
    expect(rulesInWords({ include: { and: [[1, 2]] }, exclude: [], values: [] }, (id) => names.get(id))).toBe('Runners or Cyclists');
  });

  it("names demographic values as 'Category: Value', as groups ANDed after the segments'", () => {
    const values = new Map([[7, 'Gender: Female'], [8, 'Age: 18-24'], [9, 'Age: 25-34']]);
    const valueOf = (id: number) => values.get(id);
    expect(rulesInWords({ include: { and: [[1, 2]] }, exclude: [4], values: [[7], [8, 9]] }, (id) => names.get(id), valueOf)).toBe(
      '(Runners or Cyclists) and Gender: Female and (Age: 18-24 or Age: 25-34), excluding Students',
    );
    expect(rulesInWords({ include: { and: [] }, exclude: [], values: [[8, 9]] }, (id) => names.get(id), valueOf)).toBe('Age: 18-24 or Age: 25-34');
    expect(rulesInWords({ include: { and: [] }, exclude: [], values: [[5]] }, (id) => names.get(id))).toBe('value 5');
  });

  it('intersects two rules: all groups of both, either exclude', () => {
    expect(intersectRules({ include: { and: [[1]] }, exclude: [4], values: [] }, { include: { and: [[2, 3]] }, exclude: [4, 5], values: [] })).toEqual({ include: { and: [[1], [2, 3]] }, exclude: [4, 5], values: [] });
  });
});
