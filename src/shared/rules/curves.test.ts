import { describe, expect, it } from 'vitest';
import {
  inMediaOrder,
  canAddSet, canApply, checkCurveRow, CURVE_TEXT, curveNumber, emptyCurveRow, marginal, marginalToMoney, paramsOfRow, response, responseToMoney, rowOfCurve, unitsPerMoney,
  type CurveRow,
} from './curves';

const hill = { a: 0, b: 2, c: 50, d: 100, e: 1 };

describe('the five-parameter logistic, against points computed by hand', () => {
  it('is A at zero, half-way between A and D at C when E = 1, and nears D', () => {
    expect(response(hill, 0)).toBe(0);
    expect(response(hill, 50)).toBeCloseTo(50, 12);
    // 100 - 100 / (1 + 2^2) = 80
    expect(response(hill, 100)).toBeCloseTo(80, 12);
    expect(response(hill, 1e9)).toBeCloseTo(100, 6);
    // A base of 10: 100 + (10 - 100) / 2 = 55 at C.
    expect(response({ ...hill, a: 10 }, 50)).toBeCloseTo(55, 12);
  });

  it('E moves the turn: at C, 100 - 100 / 2^E', () => {
    expect(response({ ...hill, e: 2 }, 50)).toBeCloseTo(75, 12);
    expect(response({ ...hill, e: 0.5 }, 50)).toBeCloseTo(100 - 100 / Math.SQRT2, 12);
  });

  it('has the derivative (D - A) E B (x/C)^B / (x (1 + (x/C)^B)^(E+1)), which a difference quotient confirms', () => {
    // At C with B = 2, E = 1: 100 * 2 / (50 * 4) = 1.
    expect(marginal(hill, 50)).toBeCloseTo(1, 12);
    for (const p of [hill, { a: 5, b: 0.7, c: 20, d: 60, e: 1.8 }, { a: 0, b: 3.5, c: 400, d: 1000, e: 0.6 }]) {
      for (const x of [1, 7.5, 30, 120, 900]) {
        const h = x * 1e-6;
        expect(marginal(p, x)).toBeCloseTo((response(p, x + h) - response(p, x - h)) / (2 * h), 6);
      }
    }
  });

  it('at zero spend the slope is 0 for an S-shape, (D - A) E / C for B = 1, unbounded below 1', () => {
    expect(marginal(hill, 0)).toBe(0);
    expect(marginal({ ...hill, b: 1 }, 0)).toBeCloseTo(2, 12);
    expect(marginal({ ...hill, b: 0.5 }, 0)).toBe(Number.POSITIVE_INFINITY);
  });

  it('reads a TRP curve in TRPs bought (budget / CPP) or impressions (budget / CPM x 1000)', () => {
    const cpp = { curve_type_name: 'TRP', params: { ...hill, cpp_or_cpm: 0 as const, cpp: 200 } };
    const cpm = { curve_type_name: 'TRP', params: { ...hill, c: 5_000_000, cpp_or_cpm: 1 as const, cpp: 10 } };
    expect(unitsPerMoney(cpp)).toBe(1 / 200);
    expect(unitsPerMoney(cpm)).toBe(100);
    expect(unitsPerMoney({ curve_type_name: 'Spend', params: hill })).toBe(1);
    // 10,000 of money buys 50 TRPs: the turn.
    expect(responseToMoney(cpp, 10_000)).toBeCloseTo(50, 12);
    // 50,000 of money at a CPM of 10 buys 5,000,000 impressions: the turn.
    expect(responseToMoney(cpm, 50_000)).toBeCloseTo(50, 12);
    expect(marginalToMoney(cpp, 10_000)).toBeCloseTo(1 / 200, 12);
  });
});

const row = (over: Partial<CurveRow> = {}): CurveRow => ({ media_type: 'TV', curve_type_name: 'Spend', a: '0', b: '2', c: '50', d: '100', e: '1', cpp_or_cpm: '', cpp: '', ...over });

describe("a curve row's checks (spec 2 §5, word for word, then what keeps the response defined)", () => {
  it('needs a media type, a curve type and numbers: optional minus, digits, optional decimal part', () => {
    expect(checkCurveRow(row())).toEqual({});
    expect(checkCurveRow(emptyCurveRow())).toMatchObject({ media_type: CURVE_TEXT.mediaTypeRequired, curve_type_name: CURVE_TEXT.curveTypeRequired, a: CURVE_TEXT.number });
    expect(checkCurveRow(row({ a: '-1.5', d: '12' }))).toEqual({});
    for (const bad of ['1e3', '.5', '5.', '1,000', '--1', ' ', 'ten']) expect(checkCurveRow(row({ d: bad })).d).toBe(CURVE_TEXT.number);
    expect(curveNumber(' 42.25 ')).toBe(42.25);
    expect(checkCurveRow(row({ media_type: 'Radio' })).media_type).toBe(CURVE_TEXT.unknownMediaType('Radio'));
  });

  it('refuses a slope of 0, a scale (C) or asymmetry (E) not above 0: the response would be undefined', () => {
    expect(checkCurveRow(row({ b: '0' })).b).toBe(CURVE_TEXT.slopeZero);
    expect(checkCurveRow(row({ c: '0' })).c).toBe(CURVE_TEXT.scalePositive);
    expect(checkCurveRow(row({ c: '-5' })).c).toBe(CURVE_TEXT.scalePositive);
    expect(checkCurveRow(row({ e: '0' })).e).toBe(CURVE_TEXT.asymmetryPositive);
  });

  it('a TRP curve needs its cost method (CPM=1, CPP=0) and a CPP above 0', () => {
    expect(checkCurveRow(row({ curve_type_name: 'TRP', cpp_or_cpm: '0', cpp: '250' }))).toEqual({});
    expect(checkCurveRow(row({ curve_type_name: 'TRP', cpp_or_cpm: '2', cpp: '0' }))).toEqual({ cpp_or_cpm: CURVE_TEXT.costMethod, cpp: CURVE_TEXT.cpp });
    expect(checkCurveRow(row({ curve_type_name: 'TRP', cpp_or_cpm: '1', cpp: '000' })).cpp).toBe(CURVE_TEXT.cpp);
    // A Spend curve has neither.
    expect(paramsOfRow(row())).toEqual({ a: 0, b: 2, c: 50, d: 100, e: 1, cpp_or_cpm: null, cpp: null });
    expect(rowOfCurve({ media_type: 'TV', curve_type_name: 'TRP', params: paramsOfRow(row({ curve_type_name: 'TRP', cpp_or_cpm: '1', cpp: '12.5' })) })).toEqual(row({ curve_type_name: 'TRP', cpp_or_cpm: '1', cpp: '12.5' }));
  });

  it('Apply: upload mode needs curves, all valid; generic mode a media type. Add New Set: none yet, or the last valid', () => {
    expect(canApply('upload', [row()], [])).toBe(true);
    expect(canApply('upload', [row(), row({ b: '' })], [])).toBe(false);
    expect(canApply('upload', [], [])).toBe(false);
    expect(canApply('generic', [], ['TV'])).toBe(true);
    expect(canApply('generic', [row()], [])).toBe(false);
    expect(canAddSet([])).toBe(true);
    expect(canAddSet([row()])).toBe(true);
    expect(canAddSet([row(), emptyCurveRow()])).toBe(false);
  });
});

describe('inMediaOrder', () => {
  it('lists media types once each in the constant order, unknown ones last by name', () => {
    expect(inMediaOrder(['Print', 'Cinema', 'TV', 'Podcasts', 'TV', 'Search'])).toEqual(['TV', 'Search', 'Print', 'Cinema', 'Podcasts']);
  });
});
