import { MEDIA_TYPES, marginalToMoney, responseToMoney, type CurveParams } from './curves';

/**
 * Scenarios of the planner (issue 31; decision 022): a budget per media type per week, the
 * response the curves give it, and the split of a fixed budget across media types that gives the
 * most (or the least budget that reaches a target). A curve reads one week's spend on its media
 * type; a media type's weekly pattern (its flighting) is kept as the plan has it and scaled, as
 * Meridian keeps flighting fixed. Pure: the page, the server and the benchmark share it.
 */

export interface PlannedCurve {
  curve_type_name: string;
  params: CurveParams;
}

/** A media type in a scenario: its curve, its weekly pattern (shares summing to 1) and its bounds. */
export interface MediaLine {
  media_type: string;
  curve: PlannedCurve;
  /** Each week's share of the media type's spend. */
  shape: readonly number[];
  /** The spend the plan (or the scenario) has. */
  planned: number;
  min: number;
  max: number;
}

export const SCENARIO_LIMITS = {
  /** Default bounds of a media type's spend when optimising: the plan's ±30 % (Meridian's fixed-budget default). */
  boundPct: 30,
  weeksMax: 104,
  mediaMax: 16,
  /** Budgets above this are refused as absurd (more than any media plan). */
  budgetMax: 1e12,
  /** Scenarios compared side by side. */
  compareMax: 4,
  /** Grid units of the greedy climb; then halving steps refine the split. */
  gridUnits: 1000,
} as const;

export const SCENARIO_TEXT = {
  nameRequired: 'Scenario name is required.',
  nameTooLong: 'A scenario name can be at most 120 characters.',
  nameTaken: 'This product already has a scenario of that name.',
  noFlights: 'A scenario needs at least one media type.',
  budgetNegative: 'A budget cannot be negative.',
  budgetNumber: 'A budget must be a number.',
  budgetAbsurd: `A budget must be at most ${SCENARIO_LIMITS.budgetMax.toLocaleString('en-US')}.`,
  noCurve: (media: string) => `${media} has no response curve: add one on Scenario Planner Management, or take it out of the scenario.`,
  boundsOrder: (media: string) => `${media}: the minimum spend is above the maximum.`,
  infeasibleLow: (budget: number, least: number) => `The budget ${money(budget)} is below the media types' minimum spends together (${money(least)}).`,
  infeasibleHigh: (budget: number, most: number) => `The budget ${money(budget)} is above the media types' maximum spends together (${money(most)}).`,
  unreachable: (target: number, most: number) => `No budget within the media types' maximum spends reaches a response of ${Math.round(target).toLocaleString('en-US')}: the most they give is ${Math.round(most).toLocaleString('en-US')}.`,
} as const;

/** An amount in the plan's currency, whatever it is: whole units with separators, no symbol (the page names the currency). */
const money = (n: number) => Math.round(n).toLocaleString('en-US');

/** Each week's share of a weekly budget list; an empty or zero list spreads evenly. */
export function shapeOf(weekly: readonly number[], weeks = weekly.length): number[] {
  const total = weekly.reduce((s, x) => s + Math.max(0, x), 0);
  if (weeks === 0) return [];
  if (total <= 0) return Array.from({ length: weeks }, () => 1 / weeks);
  return Array.from({ length: weeks }, (_, i) => Math.max(0, weekly[i] ?? 0) / total);
}

/** The response of spending `spend` on a media type, spread over its weeks by its pattern. */
export function lineResponse(line: Pick<MediaLine, 'curve' | 'shape'>, spend: number): number {
  let total = 0;
  for (const share of line.shape) total += responseToMoney(line.curve, spend * share);
  return total;
}

/** The extra response of one more unit of money on the media type at this spend (its weeks scaled alike). */
export function lineMarginal(line: Pick<MediaLine, 'curve' | 'shape'>, spend: number): number {
  let total = 0;
  for (const share of line.shape) if (share > 0) total += share * marginalToMoney(line.curve, spend * share);
  return total;
}

/** What the response is at zero spend: the curves' base, which no spend buys. */
export const lineBase = (line: Pick<MediaLine, 'curve' | 'shape'>): number => lineResponse(line, 0);

export interface LineResult {
  media_type: string;
  spend: number;
  response: number;
  /** Response above what zero spend gives. */
  incremental: number;
  /** Extra response per extra unit of money at this spend. */
  marginal: number;
  /** Spend per unit of incremental response; null when the spend buys none. */
  cost_per_response: number | null;
}

export interface ScenarioResult {
  budget: number;
  response: number;
  incremental: number;
  cost_per_response: number | null;
  lines: LineResult[];
}

/** A split's response, per media type and in all. */
export function evaluate(lines: readonly Pick<MediaLine, 'media_type' | 'curve' | 'shape'>[], spends: readonly number[]): ScenarioResult {
  const out = lines.map((line, i): LineResult => {
    const spend = spends[i] ?? 0;
    const r = lineResponse(line, spend);
    const incremental = r - lineBase(line);
    return { media_type: line.media_type, spend, response: r, incremental, marginal: lineMarginal(line, spend), cost_per_response: incremental > 0 ? spend / incremental : null };
  });
  const budget = out.reduce((s, l) => s + l.spend, 0);
  const incremental = out.reduce((s, l) => s + l.incremental, 0);
  return { budget, response: out.reduce((s, l) => s + l.response, 0), incremental, cost_per_response: incremental > 0 ? budget / incremental : null, lines: out };
}

/** The default bounds of a media type when optimising: its planned spend ±30 %. */
export const defaultBounds = (planned: number, pct: number = SCENARIO_LIMITS.boundPct) => ({ min: planned * (1 - pct / 100), max: planned * (1 + pct / 100) });

export type Optimised =
  | { ok: true; spends: number[]; result: ScenarioResult; planned: ScenarioResult; gain: number; gain_pct: number | null; steps: number }
  | { ok: false; message: string };

/**
 * The best response of every whole number of grid units spread over the media types, each from
 * its minimum up to its maximum: the max-plus knapsack over a spend grid. Exact on the grid
 * whatever the curves' shapes (an S-curve's flat start is no trap, as it is for a climb that
 * looks one step ahead), in media types x units² steps.
 */
function gridBest(lines: readonly MediaLine[], unit: number, units: number) {
  const levels = lines.map((l) => {
    const n = Math.min(units, Math.floor((l.max - l.min) / unit + 1e-9));
    return Float64Array.from({ length: n + 1 }, (_, k) => lineResponse(l, l.min + k * unit));
  });
  let best = new Float64Array(units + 1).fill(Number.NEGATIVE_INFINITY);
  best[0] = 0;
  const choice = levels.map(() => new Int32Array(units + 1));
  levels.forEach((level, j) => {
    const next = new Float64Array(units + 1).fill(Number.NEGATIVE_INFINITY);
    const pick = choice[j]!;
    for (let u = 0; u <= units; u++) {
      const top = Math.min(u, level.length - 1);
      for (let k = 0; k <= top; k++) {
        const before = best[u - k]!;
        if (before === Number.NEGATIVE_INFINITY) continue;
        const v = before + level[k]!;
        if (v > next[u]!) {
          next[u] = v;
          pick[u] = k;
        }
      }
    }
    best = next;
  });
  /** The units each media type gets in the best split of `u` units. */
  const split = (u: number): number[] => {
    const out = lines.map(() => 0);
    for (let j = lines.length - 1; j >= 0; j--) {
      out[j] = choice[j]![u]!;
      u -= out[j]!;
    }
    return out;
  };
  return { best, split };
}

/**
 * The split of `budget` across the media types, each within its bounds, with the most response:
 * the best split on a grid of a thousandth of what is free (gridBest), then money moved between
 * pairs of media types at halving steps while a move adds response, to the last 1/1024 of a unit.
 */
export function optimise(lines: readonly MediaLine[], budget: number): Optimised {
  const problem = checkBounds(lines, budget);
  if (problem) return { ok: false, message: problem };
  const least = lines.reduce((s, l) => s + l.min, 0);
  const spends = lines.map((l) => l.min);
  let steps = 0;
  const free = budget - least;
  if (free > 0) {
    const units = SCENARIO_LIMITS.gridUnits;
    const unit = free / units;
    const { best, split } = gridBest(lines, unit, units);
    // The most units the bounds hold (their grids' tops may fall short of all of them).
    let u = units;
    while (u > 0 && best[u] === Number.NEGATIVE_INFINITY) u--;
    split(u).forEach((k, i) => (spends[i] = lines[i]!.min + k * unit));
    // What the grid could not place: by marginal response, within bounds.
    let rest = budget - spends.reduce((s, x) => s + x, 0);
    while (rest > budget * 1e-12) {
      const open = lines.map((l, i) => ({ i, room: l.max - spends[i]!, m: lineMarginal(l, spends[i]!) })).filter((o) => o.room > 1e-9).sort((a, b) => b.m - a.m);
      if (open.length === 0) break;
      const give = Math.min(rest, open[0]!.room);
      spends[open[0]!.i]! += give;
      rest -= give;
    }
    steps = refine(lines, spends, unit, unit / 1024);
  }
  const result = evaluate(lines, spends);
  const planned = evaluate(lines, lines.map((l) => l.planned));
  const gain = result.response - planned.response;
  return { ok: true, spends, result, planned, gain, gain_pct: planned.incremental > 0 ? (gain / planned.incremental) * 100 : null, steps };
}

/**
 * Moves money between pairs of media types at halving steps, from `start` down to `finest`,
 * while a move adds response; returns the moves made.
 */
function refine(lines: readonly MediaLine[], spends: number[], start: number, finest: number): number {
  let moves = 0;
  const current = spends.map((s, i) => lineResponse(lines[i]!, s));
  for (let step = start; step >= finest; step /= 2) {
    let improved = true;
    while (improved) {
      improved = false;
      for (let from = 0; from < lines.length; from++) {
        for (let to = 0; to < lines.length; to++) {
          if (from === to) continue;
          const give = Math.min(step, spends[from]! - lines[from]!.min, lines[to]!.max - spends[to]!);
          if (give <= 1e-12) continue;
          const a = lineResponse(lines[from]!, spends[from]! - give);
          const b = lineResponse(lines[to]!, spends[to]! + give);
          if (a + b > current[from]! + current[to]! + 1e-12 * Math.max(1, Math.abs(current[from]! + current[to]!))) {
            spends[from]! -= give;
            spends[to]! += give;
            current[from] = a;
            current[to] = b;
            improved = true;
            moves++;
          }
        }
      }
    }
  }
  return moves;
}

function checkBounds(lines: readonly MediaLine[], budget: number): string | null {
  if (Number.isNaN(budget)) return SCENARIO_TEXT.budgetNumber;
  if (budget < 0) return SCENARIO_TEXT.budgetNegative;
  if (budget > SCENARIO_LIMITS.budgetMax) return SCENARIO_TEXT.budgetAbsurd;
  for (const l of lines) if (!Number.isFinite(l.min) || !Number.isFinite(l.max) || l.min > l.max + 1e-9 || l.min < 0) return SCENARIO_TEXT.boundsOrder(l.media_type);
  const least = lines.reduce((s, l) => s + l.min, 0);
  const most = lines.reduce((s, l) => s + l.max, 0);
  if (budget < least - 1e-6) return SCENARIO_TEXT.infeasibleLow(budget, least);
  if (budget > most + 1e-6) return SCENARIO_TEXT.infeasibleHigh(budget, most);
  return null;
}

export type LeastBudget =
  | { ok: true; budget: number; spends: number[]; result: ScenarioResult }
  | { ok: false; message: string };

/**
 * The least budget whose best split reaches a target response: each media type from zero up to
 * its maximum. One grid pass gives the best response of every budget on the grid; the first
 * that reaches the target brackets the answer, which halving within that grid step then finds.
 */
export function leastBudgetFor(lines: readonly MediaLine[], target: number): LeastBudget {
  const open = lines.map((l) => ({ ...l, min: 0 }));
  const most = open.reduce((s, l) => s + l.max, 0);
  const top = optimise(open, most);
  if (!top.ok) return top;
  if (top.result.response < target) return { ok: false, message: SCENARIO_TEXT.unreachable(target, top.result.response) };
  const units = SCENARIO_LIMITS.gridUnits;
  const unit = most / units;
  const base = evaluate(open, open.map(() => 0));
  if (base.response >= target) return { ok: true, budget: 0, spends: open.map(() => 0), result: base };
  const { best } = gridBest(open, unit, units);
  let u = 1;
  while (u < units && !(best[u]! >= target)) u++;
  let low = (u - 1) * unit;
  let high = u * unit;
  let found = u === units ? top : optimise(open, high);
  if (!found.ok) return found;
  // The grid's best may fall a little short of the refined split's: the bracket holds the answer either way.
  while (high - low > Math.max(most * 1e-6, 1e-9)) {
    const mid = (low + high) / 2;
    const split = optimise(open, mid);
    if (split.ok && split.result.response >= target) {
      high = mid;
      found = split;
    } else low = mid;
  }
  return { ok: true, budget: found.result.budget, spends: found.spends, result: found.result };
}

/** What makes an imported media plan unusable, in words a planner can act on; none when it is sound. */
export function checkMediaPlan(plan: { flights: readonly { media_type: string; weekly_budget: readonly number[] }[] }): string[] {
  const issues: string[] = [];
  const weeks = plan.flights[0]?.weekly_budget.length ?? 0;
  const seen = new Set<string>();
  for (const f of plan.flights) {
    if (!(MEDIA_TYPES as readonly string[]).includes(f.media_type)) issues.push(`${f.media_type || 'A flight'} is not a media type: ${MEDIA_TYPES.join(', ')}.`);
    if (seen.has(f.media_type)) issues.push(`${f.media_type} has two flights: one per media type.`);
    seen.add(f.media_type);
    if (f.weekly_budget.length !== weeks) issues.push(`${f.media_type} has ${f.weekly_budget.length} weeks where the plan's first flight has ${weeks}.`);
    if (f.weekly_budget.some((x) => !Number.isFinite(x) || x < 0)) issues.push(`${f.media_type} has a week with a negative or missing budget.`);
    if (f.weekly_budget.some((x) => x > SCENARIO_LIMITS.budgetMax)) issues.push(`${f.media_type}: ${SCENARIO_TEXT.budgetAbsurd}`);
  }
  if (weeks === 0 || weeks > SCENARIO_LIMITS.weeksMax) issues.push(`A plan has from 1 to ${SCENARIO_LIMITS.weeksMax} weeks; this one has ${weeks}.`);
  const total = plan.flights.reduce((s, f) => s + f.weekly_budget.reduce((t, x) => t + (Number.isFinite(x) ? Math.max(0, x) : 0), 0), 0);
  if (issues.length === 0 && total <= 0) issues.push('The plan has no budget in any week.');
  return issues;
}

/** A saved scenario's flights: those of a plan, and each media type's bounds in order. */
export function checkScenarioFlights(flights: readonly { media_type: string; weekly_budget: readonly number[]; min: number | null; max: number | null }[]): string[] {
  const issues = checkMediaPlan({ flights });
  for (const f of flights) {
    if ((f.min !== null && (!Number.isFinite(f.min) || f.min < 0)) || (f.max !== null && !Number.isFinite(f.max))) issues.push(SCENARIO_TEXT.boundsOrder(f.media_type));
    else if (f.min !== null && f.max !== null && f.min > f.max) issues.push(SCENARIO_TEXT.boundsOrder(f.media_type));
  }
  return issues;
}

/** Two scenario names are the same name when they differ only in case or surrounding spaces (the server's unique rule). */
export const sameScenarioName = (a: string, b: string): boolean => a.trim().toLowerCase() === b.trim().toLowerCase();

/** What a scenario gives with a product's curves, as the saved scenarios list and the comparison show it. */
export interface ScenarioSummary {
  budget: number;
  response: number | null;
  incremental: number | null;
  cost_per_response: number | null;
  /** Media types of the scenario the product has no curve for. */
  missing_curves: string[];
}

/**
 * A scenario's flights evaluated with these curves (one per media type): the media types with a
 * curve at their planned spend, the others named. The server says it of every saved scenario it
 * reads; the page says it of one queued and not yet sent, so both show the same figures.
 */
export function scenarioSummary(
  flights: readonly { media_type: string; weekly_budget: readonly number[] }[],
  curves: readonly ({ media_type: string } & PlannedCurve)[],
): ScenarioSummary {
  const spendOf = (weekly: readonly number[]) => weekly.reduce((t, x) => t + x, 0);
  const budget = flights.reduce((s, f) => s + spendOf(f.weekly_budget), 0);
  const lines: Pick<MediaLine, 'media_type' | 'curve' | 'shape'>[] = [];
  const spends: number[] = [];
  const missing: string[] = [];
  for (const f of flights) {
    const curve = curves.find((c) => c.media_type === f.media_type);
    if (!curve) {
      missing.push(f.media_type);
      continue;
    }
    lines.push({ media_type: f.media_type, curve: { curve_type_name: curve.curve_type_name, params: curve.params }, shape: shapeOf(f.weekly_budget) });
    spends.push(spendOf(f.weekly_budget));
  }
  if (lines.length === 0) return { budget, response: null, incremental: null, cost_per_response: null, missing_curves: missing };
  const result = evaluate(lines, spends);
  return { budget, response: result.response, incremental: result.incremental, cost_per_response: missing.length ? null : result.cost_per_response, missing_curves: missing };
}
