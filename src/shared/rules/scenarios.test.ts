import { describe, expect, it } from 'vitest';
import { defaultBounds, evaluate, leastBudgetFor, lineResponse, optimise, sameScenarioName, scenarioSummary, SCENARIO_TEXT, shapeOf, type MediaLine } from './scenarios';

const spend = (a: number, b: number, c: number, d: number, e = 1) => ({ curve_type_name: 'Spend', params: { a, b, c, d, e } });
const line = (media_type: string, curve: MediaLine['curve'], planned: number, over: Partial<MediaLine> = {}): MediaLine => ({
  media_type, curve, shape: [1], planned, min: 0, max: 100, ...over,
});

/** The best split of `budget` (whole units) over three lines, by trying every one. */
function bruteForce(lines: MediaLine[], budget: number): number {
  let best = -Infinity;
  for (let x = Math.ceil(lines[0]!.min); x <= Math.min(budget, lines[0]!.max); x++) {
    for (let y = Math.ceil(lines[1]!.min); y <= Math.min(budget - x, lines[1]!.max); y++) {
      const z = budget - x - y;
      if (z < lines[2]!.min || z > lines[2]!.max) continue;
      best = Math.max(best, evaluate(lines, [x, y, z]).response);
    }
  }
  return best;
}

describe('a media type spends over its weeks as its plan does', () => {
  it('keeps the weekly pattern and scales it', () => {
    expect(shapeOf([10, 30, 0, 60])).toEqual([0.1, 0.3, 0, 0.6]);
    expect(shapeOf([], 4)).toEqual([0.25, 0.25, 0.25, 0.25]);
    const weekly = { media_type: 'TV', curve: spend(0, 2, 50, 100), shape: shapeOf([50, 50]) };
    // 100 over two weeks is 50 a week: the turn each week.
    expect(lineResponse(weekly, 100)).toBeCloseTo(100, 10);
  });

  it('says per media type and in all: spend, response, incremental response, marginal response and cost per response', () => {
    const result = evaluate([line('TV', spend(10, 2, 50, 100), 50), line('Search', spend(0, 1, 20, 40), 20)], [50, 20]);
    expect(result.budget).toBe(70);
    expect(result.lines[0]).toMatchObject({ media_type: 'TV', spend: 50, response: 55, incremental: 45 });
    expect(result.lines[0]!.cost_per_response).toBeCloseTo(50 / 45, 12);
    expect(result.lines[1]!.response).toBeCloseTo(20, 12);
    expect(result.incremental).toBeCloseTo(65, 10);
    expect(result.cost_per_response).toBeCloseTo(70 / 65, 12);
  });
});

describe('optimise: the best split of a fixed budget, within each media type\'s bounds', () => {
  const cases: { name: string; lines: MediaLine[]; budget: number }[] = [
    { name: 'three concave curves', budget: 100, lines: [line('TV', spend(0, 0.8, 40, 120), 30), line('Search', spend(0, 1, 15, 60), 40), line('Social', spend(0, 0.6, 60, 90), 30)] },
    { name: 'S-shaped curves that a one-step climb would never enter', budget: 100, lines: [line('TV', spend(0, 4, 45, 300), 10), line('Search', spend(0, 1, 10, 25), 80), line('Audio', spend(0, 3, 30, 80), 10)] },
    { name: 'bounds that bind (the plan ±30 %)', budget: 90, lines: [line('TV', spend(0, 2, 30, 100), 30, defaultBounds(30)), line('Search', spend(0, 1, 10, 50), 30, defaultBounds(30)), line('Print', spend(5, 1.5, 25, 40), 30, defaultBounds(30))] },
  ];
  for (const c of cases) {
    it(`comes within 0.5 % of the best split found by trying every whole split: ${c.name}`, () => {
      const best = bruteForce(c.lines, c.budget);
      const found = optimise(c.lines, c.budget);
      if (!found.ok) throw new Error(found.message);
      expect(found.spends.reduce((s, x) => s + x, 0)).toBeCloseTo(c.budget, 6);
      found.spends.forEach((x, i) => {
        expect(x).toBeGreaterThanOrEqual(c.lines[i]!.min - 1e-9);
        expect(x).toBeLessThanOrEqual(c.lines[i]!.max + 1e-9);
      });
      expect(found.result.response).toBeGreaterThanOrEqual(best * 0.995);
      // Never worse than the plan.
      expect(found.gain).toBeGreaterThanOrEqual(-1e-9);
    });
  }

  it('crosses the flat start of an S-curve: all of a small budget on the steep one, not spread', () => {
    const lines = [line('TV', spend(0, 6, 50, 1000), 50), line('Search', spend(0, 1, 200, 30), 50)];
    const found = optimise(lines, 100);
    if (!found.ok) throw new Error(found.message);
    // 100 on Search gives 10; ~60+ on TV is already far past its turn.
    expect(found.result.response).toBeGreaterThan(900);
    expect(found.spends[0]).toBeGreaterThan(55);
  });

  it('refuses a negative or absurd budget, bounds out of order and a budget the bounds cannot hold', () => {
    const lines = [line('TV', spend(0, 1, 10, 20), 10, { min: 10, max: 20 }), line('Search', spend(0, 1, 10, 20), 10, { min: 5, max: 10 })];
    expect(optimise(lines, -1)).toEqual({ ok: false, message: SCENARIO_TEXT.budgetNegative });
    expect(optimise(lines, Number.NaN)).toEqual({ ok: false, message: SCENARIO_TEXT.budgetNumber });
    expect(optimise(lines, Number.POSITIVE_INFINITY)).toEqual({ ok: false, message: SCENARIO_TEXT.budgetAbsurd });
    expect(optimise([{ ...lines[0]!, max: Number.NaN }, lines[1]!], 20)).toEqual({ ok: false, message: SCENARIO_TEXT.boundsOrder('TV') });
    expect(optimise(lines, 1e13)).toEqual({ ok: false, message: SCENARIO_TEXT.budgetAbsurd });
    expect(optimise(lines, 10)).toEqual({ ok: false, message: SCENARIO_TEXT.infeasibleLow(10, 15) });
    expect(optimise(lines, 31)).toEqual({ ok: false, message: SCENARIO_TEXT.infeasibleHigh(31, 30) });
    expect(optimise([{ ...lines[0]!, min: 30 }], 25)).toEqual({ ok: false, message: SCENARIO_TEXT.boundsOrder('TV') });
  });
});

describe('the inverse: the least budget that reaches a target response', () => {
  it('finds the budget whose best split gives the target, within 0.5 %', () => {
    const lines = [line('TV', spend(0, 2, 40, 120), 30), line('Search', spend(0, 1, 15, 60), 40), line('Social', spend(0, 1.5, 30, 90), 30)];
    const at60 = optimise(lines.map((l) => ({ ...l, min: 0 })), 60);
    if (!at60.ok) throw new Error(at60.message);
    const least = leastBudgetFor(lines, at60.result.response);
    if (!least.ok) throw new Error(least.message);
    expect(least.result.response).toBeGreaterThanOrEqual(at60.result.response * (1 - 1e-9));
    expect(Math.abs(least.budget - 60)).toBeLessThan(60 * 0.005);
  });

  it('says so when no budget within the maximums reaches the target', () => {
    const lines = [line('TV', spend(0, 1, 10, 20), 10, { max: 50 })];
    const most = lineResponse(lines[0]!, 50);
    expect(leastBudgetFor(lines, 25)).toEqual({ ok: false, message: SCENARIO_TEXT.unreachable(25, most) });
  });
});

describe('a scenario summary (the server reads it of every saved scenario, the page of a queued one)', () => {
  it('evaluates the media types with a curve at their spend, names the others, and gives no cost per response while one is missing', () => {
    const curves = [{ media_type: 'TV', ...spend(0, 1, 100, 100) }];
    const flights = [{ media_type: 'TV', weekly_budget: [50, 50] }, { media_type: 'Print', weekly_budget: [20] }];
    const s = scenarioSummary(flights, curves);
    expect(s.budget).toBe(120);
    expect(s.missing_curves).toEqual(['Print']);
    expect(s.cost_per_response).toBeNull();
    const line = { media_type: 'TV', curve: curves[0]!, shape: shapeOf([50, 50]) };
    expect(s.response).toBeCloseTo(evaluate([line], [100]).response, 12);
    expect(scenarioSummary([{ media_type: 'TV', weekly_budget: [50, 50] }], curves).cost_per_response).toBeCloseTo(100 / evaluate([line], [100]).incremental, 9);
    expect(scenarioSummary(flights, [])).toEqual({ budget: 120, response: null, incremental: null, cost_per_response: null, missing_curves: ['TV', 'Print'] });
  });

  it('takes two names as one when they differ only in case or surrounding spaces', () => {
    expect(sameScenarioName(' Spring push ', 'spring PUSH')).toBe(true);
    expect(sameScenarioName('Spring push', 'Spring  push')).toBe(false);
  });
});
