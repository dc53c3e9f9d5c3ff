import { describe, expect, it } from 'vitest';
import { SCENARIO_TEXT } from '@shared/rules/scenarios';
import type { Curve } from '@shared/schemas/plans';
import { boundsTextOf, checkAmount, formatChange, linesWithBounds, moneyFormatter, parseMoney, scenarioOfPlan } from './scenario-model';

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
