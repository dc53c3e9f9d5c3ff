import { defaultBounds, shapeOf, SCENARIO_LIMITS, SCENARIO_TEXT, type MediaLine } from '@shared/rules/scenarios';
import type { Curve, ScenarioFlight } from '@shared/schemas/plans';

/**
 * The planner's scenario of an imported plan (decision 022): a line per media type that has a
 * curve, with the plan's weekly pattern and spend; the media types with none are named and left
 * out of the maths.
 */
export interface PlanScenario {
  lines: MediaLine[];
  /** SCENARIO_TEXT.noCurve for each media type of the plan with no curve. */
  missing: string[];
  weeks: number;
}

/** A flight to start from: an imported plan's, or a saved scenario's with its bounds (null: the plan's ±30 %). */
export interface StartFlight {
  media_type: string;
  weekly_budget: readonly number[];
  min?: number | null;
  max?: number | null;
}

export function scenarioOfPlan(plan: { flights: readonly StartFlight[] }, curves: readonly Curve[]): PlanScenario {
  const lines: MediaLine[] = [];
  const missing: string[] = [];
  for (const flight of plan.flights) {
    const curve = curves.find((c) => c.media_type === flight.media_type);
    if (!curve) {
      missing.push(SCENARIO_TEXT.noCurve(flight.media_type));
      continue;
    }
    const planned = flight.weekly_budget.reduce((s, x) => s + Math.max(0, x), 0);
    lines.push({
      media_type: flight.media_type,
      curve: { curve_type_name: curve.curve_type_name, params: curve.params },
      shape: shapeOf(flight.weekly_budget),
      planned,
      ...defaultBounds(planned),
      ...(flight.min === null || flight.min === undefined ? {} : { min: flight.min }),
      ...(flight.max === null || flight.max === undefined ? {} : { max: flight.max }),
    });
  }
  return { lines, missing, weeks: plan.flights[0]?.weekly_budget.length ?? 0 };
}

/** A money field as typed: digits with optional commas, a leading $ or minus, a decimal part. */
const MONEY = /^-?\$?\s*[\d,]*\.?\d+$/;

/** The number a typed money field holds, or null when it holds none. */
export function parseMoney(text: string): number | null {
  const t = text.trim();
  if (!MONEY.test(t)) return null;
  const n = Number(t.replace(/[$,\s]/g, ''));
  return Number.isFinite(n) ? n : null;
}

export const PLANNER_TEXT = {
  title: 'Scenario Planner',
  number: 'Please enter a number',
  bounds: (media: string, which: 'minimum' | 'maximum') => `${media}: please enter the ${which} spend as a number.`,
  budgetNegative: SCENARIO_TEXT.budgetNegative,
  needsData: 'The planner needs the response curves and the imported plans, and they could not be read. Check the connection and try again; once read, they stay on this device for offline use.',
  noPlans: 'There is no complete imported plan to start from yet.',
} as const;

/** A budget or target as typed, checked: the number, or the message saying why not. */
export function checkAmount(text: string): { ok: true; value: number } | { ok: false; message: string } {
  const value = parseMoney(text);
  if (value === null) return { ok: false, message: PLANNER_TEXT.number };
  if (value < 0) return { ok: false, message: SCENARIO_TEXT.budgetNegative };
  if (value > SCENARIO_LIMITS.budgetMax) return { ok: false, message: SCENARIO_TEXT.budgetAbsurd };
  return { ok: true, value };
}

/** The bounds as typed, per line: min and max as text. */
export interface BoundsText {
  min: string;
  max: string;
}

/** A default amount as the field shows it: whole, with thousands separators. */
export const amountText = (n: number): string => Math.round(n).toLocaleString('en-US');

export const boundsTextOf = (lines: readonly MediaLine[]): BoundsText[] => lines.map((l) => ({ min: amountText(l.min), max: amountText(l.max) }));

/** The lines with the typed bounds, or the first message saying what is wrong with them. */
export function linesWithBounds(lines: readonly MediaLine[], bounds: readonly BoundsText[]): { ok: true; lines: MediaLine[] } | { ok: false; message: string } {
  const out: MediaLine[] = [];
  for (const [i, line] of lines.entries()) {
    const min = parseMoney(bounds[i]?.min ?? '');
    const max = parseMoney(bounds[i]?.max ?? '');
    if (min === null) return { ok: false, message: PLANNER_TEXT.bounds(line.media_type, 'minimum') };
    if (max === null) return { ok: false, message: PLANNER_TEXT.bounds(line.media_type, 'maximum') };
    if (min < 0 || max < 0) return { ok: false, message: `${line.media_type}: ${SCENARIO_TEXT.budgetNegative}` };
    if (min > max) return { ok: false, message: SCENARIO_TEXT.boundsOrder(line.media_type) };
    out.push({ ...line, min, max });
  }
  return { ok: true, lines: out };
}

/** Change from the plan in %, signed ('+12.5%', '−3%'); a dash when the plan had none. */
export function formatChange(planned: number, next: number): string {
  if (planned <= 0) return next > 0 ? 'new' : '—';
  const pct = ((next - planned) / planned) * 100;
  const rounded = Math.round(pct * 10) / 10;
  if (rounded === 0) return '0%';
  return `${rounded > 0 ? '+' : '−'}${Math.abs(rounded).toLocaleString('en-US')}%`;
}

/** Money in the plan's currency, in whole units ('$1,234,567') or with `digits` decimals. */
export function moneyFormatter(currency: string, digits = 0): (n: number | null) => string {
  const options = { style: 'currency', minimumFractionDigits: digits, maximumFractionDigits: digits } as const;
  let format: Intl.NumberFormat;
  try {
    format = new Intl.NumberFormat('en-US', { ...options, currency });
  } catch {
    // A code Intl does not know: dollars, as the product's default currency.
    format = new Intl.NumberFormat('en-US', { ...options, currency: 'USD' });
  }
  return (n) => (n === null || !Number.isFinite(n) ? '—' : format.format(n));
}

/** A response with thousands separators; small ones keep a decimal. */
export function formatResponse(n: number | null): string {
  if (n === null || !Number.isFinite(n)) return '—';
  return n.toLocaleString('en-US', { maximumFractionDigits: Math.abs(n) < 100 ? 2 : 0 });
}

/**
 * The flights a save sends: each line's weeks as shown, scaled to the optimised spend when there
 * is one (optimised / planned, whole units), with the bounds typed; the media types without a
 * curve kept as they came.
 */
export function flightsToSave(flights: readonly StartFlight[], lines: readonly MediaLine[], optimised: readonly number[] | null): ScenarioFlight[] {
  return flights.map((flight): ScenarioFlight => {
    const i = lines.findIndex((l) => l.media_type === flight.media_type);
    const line = lines[i];
    if (!line) return { media_type: flight.media_type, weekly_budget: [...flight.weekly_budget], min: flight.min ?? null, max: flight.max ?? null };
    const spend = optimised?.[i];
    const weekly = spend === undefined
      ? flight.weekly_budget.map((w) => Math.max(0, w))
      : line.planned > 0
        ? flight.weekly_budget.map((w) => Math.round(Math.max(0, w) * (spend / line.planned)))
        : line.shape.map((share) => Math.round(share * spend));
    return { media_type: flight.media_type, weekly_budget: weekly, min: line.min, max: line.max };
  });
}

/** A flight's spend: the sum of its weeks. */
export const flightSpend = (flight: Pick<StartFlight, 'weekly_budget'>): number => flight.weekly_budget.reduce((s, x) => s + Math.max(0, x), 0);

/** A scenario from scratch, as typed: its total budget, weeks, first week and media types. */
export interface ScratchInput {
  budget: number;
  weeks: number;
  start_week: string | null;
  media: readonly string[];
}

export const SCRATCH_TEXT = {
  weeks: `A scenario has from 1 to ${SCENARIO_LIMITS.weeksMax} weeks.`,
  media: 'Choose at least one media type with a response curve.',
  noCurves: 'A scenario from scratch needs response curves: add them on Scenario Planner Management.',
  budgetZero: 'A scenario from scratch needs a budget above 0.',
} as const;

/**
 * A scratch scenario's total budget as typed: a budget checkAmount takes, and above 0 (its flights
 * would otherwise hold no spend, which the server refuses only once the save is sent).
 */
export function checkScratchBudget(text: string): { ok: true; value: number } | { ok: false; message: string } {
  const amount = checkAmount(text);
  if (amount.ok && amount.value <= 0) return { ok: false, message: SCRATCH_TEXT.budgetZero };
  return amount;
}

/**
 * The flights of a scenario from scratch: the budget split evenly across the chosen media types
 * and their weeks, each free to go from nothing to the whole budget when optimised (there is no
 * plan to stay near). Whole units; what rounding leaves goes to the first weeks.
 */
export function scratchFlights(input: ScratchInput): StartFlight[] {
  const perMedia = input.budget / Math.max(1, input.media.length);
  return input.media.map((media_type) => {
    const base = Math.floor(perMedia / input.weeks);
    let left = Math.round(perMedia) - base * input.weeks;
    const weekly_budget = Array.from({ length: input.weeks }, () => {
      const extra = left > 0 ? 1 : 0;
      left -= extra;
      return base + extra;
    });
    return { media_type, weekly_budget, min: 0, max: Math.round(input.budget) };
  });
}

/** The weeks as typed, checked. */
export function checkWeeks(text: string): { ok: true; value: number } | { ok: false; message: string } {
  const n = Number(text.trim());
  if (!/^\d+$/.test(text.trim()) || n < 1 || n > SCENARIO_LIMITS.weeksMax) return { ok: false, message: SCRATCH_TEXT.weeks };
  return { ok: true, value: n };
}
