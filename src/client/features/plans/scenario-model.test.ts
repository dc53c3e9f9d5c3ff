import { describe, expect, it } from 'vitest';
import { SCENARIO_TEXT } from '@shared/rules/scenarios';
import type { Curve } from '@shared/schemas/plans';
import { boundsTextOf, checkAmount, checkScratchBudget, checkWeeks, flightSpend, flightsToSave, formatChange, linesWithBounds, moneyFormatter, parseMoney, scenarioOfPlan, scratchFlights, SCRATCH_TEXT } from './scenario-model';
import type { MediaLine } from '@shared/rules/scenarios';

const curve = (media_type: string): Curve => ({
  id: 1, media_type, curve_type_name: 'Spend', is_generic: false, error_messages: [],
  params: { a: 0, b: 1.2, c: 50_000, d: 10_000, e: 1, cpp_or_cpm: null, cpp: null },
});
const plan = { flights: [{ media_type: 'TV', weekly_budget: [100, 0, 300] }, { media_type: 'Print', weekly_budget: [50, 50, 50] }] };

describe('the scenario of a plan', () => {
  it('makes a line per media type with a curve, its weeks summed and ±30 % bounds; one with none is named and left out', () => {
    const s = scenarioOfPlan(plan, [curve('TV'), curve('Search')]);
    expect(s.lines.map((l) => [l.media_type, l.planned, l.min, l.max])).toEqual([['TV', 400, 280, 520]]);
    expect(s.lines[0]!.shape).toEqual([0.25, 0, 0.75]);
    expect(s.missing).toEqual([SCENARIO_TEXT.noCurve('Print')]);
    expect(s.weeks).toBe(3);
  });

  it('reads typed bounds, and says what is wrong with them', () => {
    const { lines } = scenarioOfPlan(plan, [curve('TV'), curve('Print')]);
    expect(boundsTextOf(lines)).toEqual([{ min: '280', max: '520' }, { min: '105', max: '195' }]);
    const ok = linesWithBounds(lines, [{ min: '$1,000', max: '2,000.5' }, { min: '0', max: '0' }]);
    expect(ok.ok && ok.lines.map((l) => [l.min, l.max])).toEqual([[1000, 2000.5], [0, 0]]);
    expect(linesWithBounds(lines, [{ min: '3', max: '2' }, { min: '0', max: '1' }])).toEqual({ ok: false, message: SCENARIO_TEXT.boundsOrder('TV') });
    expect(linesWithBounds(lines, [{ min: 'x', max: '2' }, { min: '0', max: '1' }])).toEqual({ ok: false, message: 'TV: please enter the minimum spend as a number.' });
  });
});

describe('amounts', () => {
  it('parses money as typed', () => {
    expect(parseMoney(' $1,234.5 ')).toBe(1234.5);
    expect(parseMoney('-20')).toBe(-20);
    expect(parseMoney('')).toBeNull();
    expect(parseMoney('12abc')).toBeNull();
  });

  it('refuses negative and absurd budgets in the rules\' words', () => {
    expect(checkAmount('-1000')).toEqual({ ok: false, message: SCENARIO_TEXT.budgetNegative });
    expect(checkAmount('1e13')).toEqual({ ok: false, message: 'Please enter a number' });
    expect(checkAmount('10000000000000')).toEqual({ ok: false, message: SCENARIO_TEXT.budgetAbsurd });
    expect(checkAmount('5,000')).toEqual({ ok: true, value: 5000 });
  });

  it('formats money and changes', () => {
    expect(moneyFormatter('USD')(1234567.4)).toBe('$1,234,567');
    expect(moneyFormatter('USD', 2)(12.345)).toBe('$12.35');
    expect(moneyFormatter('USD')(null)).toBe('—');
    expect(formatChange(100, 130)).toBe('+30%');
    expect(formatChange(100, 84.96)).toBe('−15%');
    expect(formatChange(0, 0)).toBe('—');
  });
});

describe('what a saved scenario keeps', () => {
  const curve = { curve_type_name: 'Spend', params: { a: 0, b: 1, c: 10, d: 100, e: 1, cpp_or_cpm: null, cpp: null } };
  const line = (media_type: string, planned: number, shape: number[]): MediaLine => ({ media_type, curve, shape, planned, min: planned * 0.7, max: planned * 1.3 });
  const flights = [
    { media_type: 'TV', weekly_budget: [100, 0, 300] },
    { media_type: 'Search', weekly_budget: [0, 0, 0] },
    { media_type: 'Print', weekly_budget: [5, 5, 5], min: 1, max: 20 },
  ];
  const lines = [line('TV', 400, [0.25, 0, 0.75]), line('Search', 0, [1 / 3, 1 / 3, 1 / 3])];

  it('the planned weeks before Optimise, with the bounds shown; a media type without a curve as it came', () => {
    expect(flightsToSave(flights, lines, null)).toEqual([
      { media_type: 'TV', weekly_budget: [100, 0, 300], min: 280, max: 520 },
      { media_type: 'Search', weekly_budget: [0, 0, 0], min: 0, max: 0 },
      { media_type: 'Print', weekly_budget: [5, 5, 5], min: 1, max: 20 },
    ]);
  });

  it('after Optimise, each media type\'s weeks scaled to its optimised spend (a plan of zero spread by its shape), in whole units', () => {
    const saved = flightsToSave(flights, lines, [500, 90]);
    expect(saved[0]!.weekly_budget).toEqual([125, 0, 375]);
    expect(saved[1]!.weekly_budget).toEqual([30, 30, 30]);
    expect(flightSpend(saved[0]!)).toBe(500);
    expect(flightSpend({ weekly_budget: [10, -5, 2] })).toBe(12);
  });
});

describe('a scenario from scratch', () => {
  it('splits the budget evenly across the media types and weeks, in whole units that add up, each free from 0 to the whole budget', () => {
    const flights = scratchFlights({ budget: 1_000_001, weeks: 3, start_week: '2027-01-04', media: ['TV', 'Search'] });
    expect(flights.map((f) => f.media_type)).toEqual(['TV', 'Search']);
    // 500,000.5 a media type rounds to 500,001 (half up): 166,667 + 166,667 + 166,667.
    for (const f of flights) {
      expect(f.weekly_budget).toEqual([166_667, 166_667, 166_667]);
      expect([f.min, f.max]).toEqual([0, 1_000_001]);
    }
    const uneven = scratchFlights({ budget: 10, weeks: 4, start_week: null, media: ['TV'] });
    expect(uneven[0]!.weekly_budget).toEqual([3, 3, 2, 2]);
    expect(flightSpend(uneven[0]!)).toBe(10);
  });

  it('takes a budget above 0, and says why not in words', () => {
    expect(checkScratchBudget('2,400,000')).toEqual({ ok: true, value: 2_400_000 });
    expect(checkScratchBudget('0')).toEqual({ ok: false, message: SCRATCH_TEXT.budgetZero });
    expect(checkScratchBudget('-5')).toEqual({ ok: false, message: SCENARIO_TEXT.budgetNegative });
    expect(checkScratchBudget('lots')).toEqual({ ok: false, message: 'Please enter a number' });
  });

  it('takes from 1 to 104 weeks, whole', () => {
    expect(checkWeeks('13')).toEqual({ ok: true, value: 13 });
    for (const bad of ['0', '105', '2.5', '', 'ten', '-3']) expect(checkWeeks(bad)).toEqual({ ok: false, message: SCRATCH_TEXT.weeks });
  });
});
