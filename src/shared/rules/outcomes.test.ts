import { describe, expect, it } from 'vitest';
import {
  addMonths, applyOutcomeFieldValues, availableMonths, blankTimeframeFigures, defaultSelection, figureProblem, fillMissingOutcomes,
  formatPercentChange, fromMonthIndex, fromServerMonth, lastQuarter, monthCellState, monthIndex, monthKey, monthLabel, monthName, monthOf,
  monthsBetween, monthTitle, newMonthProblem, OUTCOME_TAB_LABELS, OUTCOME_TABS, OUTCOMES, OUTCOMES_TEXT, outcomeFieldValues, overlayPercent,
  parseMonthKey, percentChange, pickerYears, pickMonth, populationChange, PRESET_KEYS, presetEndpoints, presetSelection, rangeTimeframes,
  rangeTooLong, reconcileSelection, resolveOutcomeTab, sameMonth, selectedFigure, sortNewestFirst, toggleMeasureSelection, toServerMonth,
  triggerText, yAxisTicks, yearOptions, axisTickFormat, shareOut, figureHierarchyProblems,
} from './outcomes';
import type { PickerState, TimeframeSelection, YearMonth } from './outcomes';

const ym = (year: number, month: number): YearMonth => ({ year, month });
/** Every month from `from` to `to`, inclusive. */
const monthsFrom = (from: YearMonth, to: YearMonth) => Array.from({ length: monthsBetween(from, to) + 1 }, (_, i) => addMonths(from, i));
const idle: PickerState = { kind: 'idle' };

describe('months', () => {
  it('index months so that December and the next January are one apart', () => {
    expect(monthIndex(ym(2026, 1)) - monthIndex(ym(2025, 12))).toBe(1);
    expect(fromMonthIndex(monthIndex(ym(2026, 12)))).toEqual(ym(2026, 12));
    expect(fromMonthIndex(monthIndex(ym(2026, 1)))).toEqual(ym(2026, 1));
    expect(addMonths(ym(2026, 11), 3)).toEqual(ym(2027, 2));
    expect(addMonths(ym(2026, 2), -3)).toEqual(ym(2025, 11));
    expect(monthsBetween(ym(2025, 11), ym(2026, 2))).toBe(3);
    expect(monthsBetween(ym(2026, 2), ym(2025, 11))).toBe(-3);
    expect(sameMonth(ym(2026, 3), ym(2026, 3))).toBe(true);
    expect(sameMonth(ym(2026, 3), ym(2025, 3))).toBe(false);
  });

  it('name a month by a YYYY-MM key and read it back, refusing anything else', () => {
    expect(monthKey(ym(2026, 3))).toBe('2026-03');
    expect(monthKey(ym(2026, 12))).toBe('2026-12');
    expect(parseMonthKey('2026-03')).toEqual(ym(2026, 3));
    expect(parseMonthKey(monthKey(ym(1999, 10)))).toEqual(ym(1999, 10));
    for (const bad of ['2026-00', '2026-13', '2026-3', '26-03', '2026-03-01', '', 'March 2026', null, undefined]) expect(parseMonthKey(bad)).toBeNull();
  });

  it('label months short and long', () => {
    expect(monthLabel(ym(2026, 10))).toBe('Oct 2026');
    expect(monthLabel(ym(2027, 1))).toBe('Jan 2027');
    expect(monthTitle(ym(2026, 10))).toBe('October 2026');
    expect(monthTitle(ym(2026, 5))).toBe('May 2026');
    expect(monthName(12)).toBe('December');
  });

  it('travel zero-based to the server and come back one-based (§3)', () => {
    expect(toServerMonth(1)).toBe(0);
    expect(toServerMonth(12)).toBe(11);
    expect(fromServerMonth(0)).toBe(1);
    expect(fromServerMonth(11)).toBe(12);
    for (let m = 1; m <= 12; m += 1) expect(fromServerMonth(toServerMonth(m))).toBe(m);
  });

  it('take the month of a date in UTC, not the local clock', () => {
    expect(monthOf(new Date('2026-01-31T23:59:59Z'))).toEqual(ym(2026, 1));
    expect(monthOf(new Date('2026-02-01T00:00:00Z'))).toEqual(ym(2026, 2));
    expect(monthOf(new Date('2025-12-31T23:30:00-05:00'))).toEqual(ym(2026, 1));
  });

  it('sort newest first without changing the list', () => {
    const list = [ym(2025, 12), ym(2026, 2), ym(2026, 1)];
    expect(sortNewestFirst(list)).toEqual([ym(2026, 2), ym(2026, 1), ym(2025, 12)]);
    expect(list[0]).toEqual(ym(2025, 12));
  });
});

describe('defaultSelection and reconcileSelection (§4)', () => {
  const months = [ym(2026, 1), ym(2026, 3), ym(2025, 12), ym(2026, 2)];

  it('takes the newest as current and the second newest as previous', () => {
    expect(defaultSelection(months)).toEqual({ previous: ym(2026, 2), current: ym(2026, 3), isRangeMode: false });
    expect(defaultSelection(months, true)?.isRangeMode).toBe(true);
  });

  it('takes the newest twice when there is only one, and nothing without timeframes', () => {
    expect(defaultSelection([ym(2026, 3)])).toEqual({ previous: ym(2026, 3), current: ym(2026, 3), isRangeMode: false });
    expect(defaultSelection([])).toBeNull();
  });

  it('keeps a selection whose months both exist, sorting it', () => {
    const kept: TimeframeSelection = { previous: ym(2025, 12), current: ym(2026, 2), isRangeMode: true };
    expect(reconcileSelection(kept, months)).toBe(kept);
    expect(reconcileSelection({ previous: ym(2026, 2), current: ym(2025, 12), isRangeMode: false }, months))
      .toEqual({ previous: ym(2025, 12), current: ym(2026, 2), isRangeMode: false });
  });

  it('reapplies the default when a month is gone, keeping the mode', () => {
    expect(reconcileSelection({ previous: ym(2025, 6), current: ym(2026, 2), isRangeMode: true }, months))
      .toEqual({ previous: ym(2026, 2), current: ym(2026, 3), isRangeMode: true });
    expect(reconcileSelection(null, months)).toEqual({ previous: ym(2026, 2), current: ym(2026, 3), isRangeMode: false });
    expect(reconcileSelection({ previous: ym(2026, 2), current: ym(2026, 3), isRangeMode: false }, [])).toBeNull();
  });
});

describe('the picker (§2.5, §4)', () => {
  it('is intermediate after the first click and completes the sorted pair on the second', () => {
    const first = pickMonth(idle, ym(2026, 5));
    expect(first).toEqual({ state: { kind: 'intermediate', first: ym(2026, 5) }, pair: null });
    const second = pickMonth(first.state, ym(2025, 11));
    expect(second).toEqual({ state: idle, pair: { previous: ym(2025, 11), current: ym(2026, 5) } });
    expect(pickMonth(pickMonth(idle, ym(2025, 11)).state, ym(2026, 5)).pair).toEqual({ previous: ym(2025, 11), current: ym(2026, 5) });
  });

  it('takes the same month twice as a pair of one month', () => {
    expect(pickMonth(pickMonth(idle, ym(2026, 5)).state, ym(2026, 5)).pair).toEqual({ previous: ym(2026, 5), current: ym(2026, 5) });
  });

  const available = monthsFrom(ym(2025, 10), ym(2026, 4));
  const range: TimeframeSelection = { previous: ym(2025, 11), current: ym(2026, 2), isRangeMode: true };

  it('disables months without a timeframe', () => {
    expect(monthCellState(ym(2025, 9), available, range, idle).disabled).toBe(true);
    expect(monthCellState(ym(2026, 5), available, range, idle).disabled).toBe(true);
    expect(monthCellState(ym(2025, 10), available, range, idle).disabled).toBe(false);
  });

  it('selects the endpoints and, in range mode only, highlights the months between', () => {
    expect(monthCellState(ym(2025, 11), available, range, idle)).toEqual({ disabled: false, selected: true, between: false });
    expect(monthCellState(ym(2026, 2), available, range, idle)).toEqual({ disabled: false, selected: true, between: false });
    expect(monthCellState(ym(2025, 12), available, range, idle)).toEqual({ disabled: false, selected: false, between: true });
    expect(monthCellState(ym(2026, 1), available, range, idle).between).toBe(true);
    expect(monthCellState(ym(2026, 3), available, range, idle)).toEqual({ disabled: false, selected: false, between: false });
    expect(monthCellState(ym(2025, 12), available, { ...range, isRangeMode: false }, idle)).toEqual({ disabled: false, selected: false, between: false });
  });

  it('while intermediate shows only the first pick selected and nothing between', () => {
    const picking: PickerState = { kind: 'intermediate', first: ym(2026, 3) };
    expect(monthCellState(ym(2026, 3), available, range, picking)).toEqual({ disabled: false, selected: true, between: false });
    expect(monthCellState(ym(2025, 11), available, range, picking).selected).toBe(false);
    expect(monthCellState(ym(2025, 12), available, range, picking).between).toBe(false);
  });

  it('shows nothing selected without a selection', () => {
    expect(monthCellState(ym(2025, 11), available, null, idle)).toEqual({ disabled: false, selected: false, between: false });
  });

  it('shows two years side by side, oldest first', () => {
    expect(pickerYears(2026)).toEqual([2025, 2026]);
    expect(pickerYears(2026)).toHaveLength(OUTCOMES.pickerYears);
  });

  it("writes the trigger as 'to' in comparison mode and ' - ' in range mode", () => {
    expect(triggerText({ previous: ym(2025, 11), current: ym(2026, 2), isRangeMode: false })).toBe('Nov 2025 to Feb 2026');
    expect(triggerText({ previous: ym(2025, 11), current: ym(2026, 2), isRangeMode: true })).toBe('Nov 2025 - Feb 2026');
  });
});

describe('presets (§2.5, §9)', () => {
  it('are the four of the spec in order', () => {
    expect(PRESET_KEYS.map((k) => OUTCOMES_TEXT.presets[k])).toEqual(['Year to date', 'Last 6 months', 'Last quarter', 'Last month']);
  });

  it('applies the quarter rule to every month: the quarter before the one today is in', () => {
    const expected: Record<number, [YearMonth, YearMonth]> = {
      1: [ym(2025, 10), ym(2025, 12)], 2: [ym(2025, 10), ym(2025, 12)], 3: [ym(2025, 10), ym(2025, 12)],
      4: [ym(2026, 1), ym(2026, 3)], 5: [ym(2026, 1), ym(2026, 3)], 6: [ym(2026, 1), ym(2026, 3)],
      7: [ym(2026, 4), ym(2026, 6)], 8: [ym(2026, 4), ym(2026, 6)], 9: [ym(2026, 4), ym(2026, 6)],
      10: [ym(2026, 7), ym(2026, 9)], 11: [ym(2026, 7), ym(2026, 9)], 12: [ym(2026, 7), ym(2026, 9)],
    };
    for (let month = 1; month <= 12; month += 1) {
      const [previous, current] = expected[month] ?? [];
      expect(lastQuarter(ym(2026, month)), `month ${month}`).toEqual({ previous, current });
      expect(presetEndpoints('lastQuarter', ym(2026, month))).toEqual({ previous, current });
    }
  });

  it('gives year to date from January, even in January itself', () => {
    expect(presetEndpoints('yearToDate', ym(2026, 5))).toEqual({ previous: ym(2026, 1), current: ym(2026, 5) });
    expect(presetEndpoints('yearToDate', ym(2026, 1))).toEqual({ previous: ym(2026, 1), current: ym(2026, 1) });
  });

  it("covers in 'Last 6 months' the months less than 6 apart, across a year's end", () => {
    const pair = presetEndpoints('lastSixMonths', ym(2026, 3));
    expect(pair).toEqual({ previous: ym(2025, 10), current: ym(2026, 3) });
    expect(monthsBetween(pair.previous, pair.current)).toBeLessThan(OUTCOMES.lastMonthsSpan);
    expect(monthsBetween(pair.previous, pair.current)).toBe(OUTCOMES.lastMonthsSpan - 1);
  });

  it("gives 'Last month' from last month to this one, across a year's end", () => {
    expect(presetEndpoints('lastMonth', ym(2026, 1))).toEqual({ previous: ym(2025, 12), current: ym(2026, 1) });
    expect(presetEndpoints('lastMonth', ym(2026, 7))).toEqual({ previous: ym(2026, 6), current: ym(2026, 7) });
  });

  it('is disabled unless both endpoints have a timeframe', () => {
    const today = ym(2026, 3);
    const all = monthsFrom(ym(2025, 1), today);
    for (const key of PRESET_KEYS) expect(presetSelection(key, today, all), key).toEqual(presetEndpoints(key, today));
    const withoutToday = all.filter((m) => !sameMonth(m, today));
    expect(presetSelection('yearToDate', today, withoutToday)).toBeNull();
    expect(presetSelection('lastMonth', today, withoutToday)).toBeNull();
    expect(presetSelection('lastSixMonths', today, all.filter((m) => !sameMonth(m, ym(2025, 10))))).toBeNull();
    expect(presetSelection('lastQuarter', today, all.filter((m) => !sameMonth(m, ym(2025, 10))))).toBeNull();
    // The months between may be missing: only the endpoints count.
    expect(presetSelection('lastQuarter', today, [ym(2025, 10), ym(2025, 12)])).toEqual({ previous: ym(2025, 10), current: ym(2025, 12) });
    expect(presetSelection('yearToDate', today, [])).toBeNull();
  });
});

describe('range mode (§5, §9)', () => {
  it('refuses a gap of more than 13 months: 13 apart is allowed, 14 is not', () => {
    expect(rangeTooLong({ previous: ym(2025, 1), current: ym(2026, 2) })).toBe(false);
    expect(monthsBetween(ym(2025, 1), ym(2026, 2))).toBe(13);
    expect(rangeTooLong({ previous: ym(2025, 1), current: ym(2026, 3) })).toBe(true);
    expect(rangeTooLong({ previous: ym(2026, 3), current: ym(2026, 3) })).toBe(false);
  });

  it('shows the range oldest first, at most its first 13 timeframes', () => {
    const timeframes = sortNewestFirst(monthsFrom(ym(2024, 1), ym(2026, 3))).map((m) => ({ ...m, id: monthKey(m) }));
    const twelve = rangeTimeframes(timeframes, { previous: ym(2025, 4), current: ym(2026, 3) });
    expect(twelve.map((t) => t.id)).toEqual(monthsFrom(ym(2025, 4), ym(2026, 3)).map(monthKey));
    const fourteen = rangeTimeframes(timeframes, { previous: ym(2025, 1), current: ym(2026, 2) });
    expect(fourteen).toHaveLength(OUTCOMES.maxStackedTimeframes);
    expect(fourteen[0]?.id).toBe('2025-01');
    expect(fourteen.at(-1)?.id).toBe('2026-01');
    expect(rangeTimeframes(timeframes, { previous: ym(2026, 3), current: ym(2026, 3) }).map((t) => t.id)).toEqual(['2026-03']);
  });

  it('skips months without a timeframe inside the range', () => {
    const timeframes = [ym(2026, 3), ym(2026, 1), ym(2025, 11)];
    expect(rangeTimeframes(timeframes, { previous: ym(2025, 12), current: ym(2026, 3) })).toEqual([ym(2026, 1), ym(2026, 3)]);
  });
});

describe('yAxisTicks (§9)', () => {
  it('has 12 ticks from 0 in steps of round(max × 1.2 / 12)', () => {
    const { ticks, top } = yAxisTicks(1000);
    expect(ticks).toHaveLength(12);
    expect(ticks).toEqual(Array.from({ length: 12 }, (_, i) => i * 100));
    expect(top).toBe(1100);
    const big = yAxisTicks(123_456);
    expect(big.ticks[1]).toBe(Math.round((123_456 * 1.2) / 12));
    expect(big.ticks).toHaveLength(12);
  });

  it("keeps the spec's step exactly, and the issue's axis reads in one format (issue 27)", () => {
    // The 9,627 step stays 9,627 (spec 3 §9); what read as noise was '9,627' beside '19.3K'.
    const { ticks } = yAxisTicks(96_270);
    expect(ticks.slice(0, 3)).toEqual([0, 9_627, 19_254]);
    expect(ticks.map(axisTickFormat(ticks)).slice(0, 3)).toEqual(['0', '9.63K', '19.25K']);
    expect(yAxisTicks(894_258).ticks[1]).toBe(89_426);
  });
});

describe('axisTickFormat: one number format for every tick of an axis (issue 27)', () => {
  const labels = (ticks: number[]) => ticks.map(axisTickFormat(ticks));
  it('writes every tick in the unit of the largest, with the same decimals', () => {
    expect(labels([0, 10_000, 20_000, 110_000])).toEqual(['0', '10K', '20K', '110K']);
    expect(labels([0, 100_000, 1_100_000])).toEqual(['0', '0.1M', '1.1M']);
    expect(labels([0, 1_200, 2_400, 13_200])).toEqual(['0', '1.2K', '2.4K', '13.2K']);
    expect(labels([0, 2_500, 5_000, 7_500, 10_000])).toEqual(['0', '2.5K', '5.0K', '7.5K', '10.0K']);
    expect(labels([0, 120, 240, 1_320])).toEqual(['0', '120', '240', '1,320']);
    expect(labels([0, 3, 6, 33])).toEqual(['0', '3', '6', '33']);
    expect(labels([0, 2_000_000_000])).toEqual(['0', '2B']);
  });
});

describe('shareOut: parts that never claim more than their whole (issue 27)', () => {
  it('keeps the parts when they fit in the whole', () => {
    expect(shareOut(100, [30, 50])).toEqual([30, 50]);
  });
  it('scales overlapping parts down to their shares of the whole', () => {
    expect(shareOut(100, [100, 100])).toEqual([50, 50]);
    expect(shareOut(894_258, [1_000_000, 760_000]).reduce((a, b) => a + b, 0)).toBeCloseTo(894_258, 6);
    expect(shareOut(90, [60, 30, 90])).toEqual([30, 15, 45]);
  });
  it('draws nothing of a whole of 0 or of parts of 0', () => {
    expect(shareOut(0, [10, 20])).toEqual([0, 0]);
    expect(shareOut(50, [0, 0])).toEqual([0, 0]);
  });
});

describe('figureHierarchyProblems: no audience above its market, no market above its chart (issue 27, decision 014)', () => {
  const chart = { markets: [{ id: 1, name: 'Sparkling', sub_markets: [{ id: 11, name: 'Fans' }, { id: 12, name: 'Switchers' }] }] };
  const timeframe = (market: Partial<{ total: number; matched: number; modeled: number }>, fans: Partial<{ total: number; matched: number; modeled: number }>, top = { total: 1_200_000, matched: 1_000, modeled: 1_000 }) => ({
    ...top,
    market_outcomes: [{ market_id: 1, total: 100, matched: 100, modeled: 100, ...market }],
    submarket_outcomes: [
      { sub_market_id: 11, market_id: 1, total: 50, matched: 50, modeled: 50, ...fans },
      { sub_market_id: 12, market_id: 1, total: 50, matched: 50, modeled: 50 },
    ],
  });
  it('accepts figures that fit (overlapping audiences may sum to more than their market)', () => {
    expect(figureHierarchyProblems(timeframe({}, { matched: 100 }), chart)).toEqual([]);
  });
  it('refuses a market larger than the chart, naming both figures', () => {
    expect(figureHierarchyProblems(timeframe({ total: 5_000_000 }, {}), chart)).toEqual([
      { field: 'market:1:total', message: "Sparkling's Total Population (5,000,000) is more than the chart's (1,200,000): a market cannot have more people than its chart." },
    ]);
  });
  it('refuses an audience larger than its market', () => {
    expect(figureHierarchyProblems(timeframe({}, { modeled: 101 }), chart)).toEqual([
      { field: 'sub_market:11:modeled', message: "Fans' Modeled (101) is more than its market Sparkling's (100): an audience cannot have more people than its market." },
    ]);
  });
});

describe('yAxisTicks (§9): the fixed ticks', () => {
  it('uses the fixed ticks 0 to 33 when the step is under 3', () => {
    expect(yAxisTicks(24).ticks).toEqual([0, 3, 6, 9, 12, 15, 18, 21, 24, 27, 30, 33]);
    expect(yAxisTicks(0).ticks).toEqual(OUTCOMES.fixedYTicks);
    expect(yAxisTicks(0).top).toBe(33);
    expect(yAxisTicks(Number.NaN).ticks).toEqual(OUTCOMES.fixedYTicks);
    expect(yAxisTicks(-5).ticks).toEqual(OUTCOMES.fixedYTicks);
  });

  it('switches at step 3: max 25 rounds to step 3, max 24 to the fixed ticks', () => {
    expect(yAxisTicks(25).ticks).toEqual(Array.from({ length: 12 }, (_, i) => i * 3));
    expect(yAxisTicks(30).ticks[1]).toBe(3);
    expect(yAxisTicks(40).ticks[1]).toBe(4);
  });

  it('never ends the axis below the tallest bar', () => {
    // round(34 × 1.2 / 12) = 3: the last tick 33 is below 34.
    expect(yAxisTicks(34)).toEqual({ ticks: Array.from({ length: 12 }, (_, i) => i * 3), top: 34 });
    for (const max of [1, 7, 26, 34, 54, 55, 99, 1234, 987_654]) expect(yAxisTicks(max).top).toBeGreaterThanOrEqual(max);
  });
});

describe('figures', () => {
  it('maps the tabs to the figures, Matched Addressable the default order', () => {
    expect(OUTCOME_TABS).toEqual(['total', 'matched', 'modeled']);
    expect(OUTCOME_TAB_LABELS).toEqual({ total: 'Total Population', matched: 'Matched Addressable', modeled: 'Modeled Addressable' });
  });

  it('resolves the tab: without the market-level tab to Matched, without person-level tabs to Total (§4)', () => {
    const both = { marketLevel: true, personLevel: true };
    for (const tab of OUTCOME_TABS) expect(resolveOutcomeTab(tab, both)).toBe(tab);
    expect(resolveOutcomeTab('total', { marketLevel: false, personLevel: true })).toBe('matched');
    expect(resolveOutcomeTab('modeled', { marketLevel: false, personLevel: true })).toBe('modeled');
    expect(resolveOutcomeTab('matched', { marketLevel: true, personLevel: false })).toBe('total');
    expect(resolveOutcomeTab('modeled', { marketLevel: true, personLevel: false })).toBe('total');
    expect(resolveOutcomeTab('total', { marketLevel: true, personLevel: false })).toBe('total');
  });

  it('gives percent change, 0 when it is not a number', () => {
    expect(percentChange(200, 250)).toBe(25);
    expect(percentChange(200, 150)).toBe(-25);
    expect(percentChange(0, 50)).toBe(0);
    expect(percentChange(0, 0)).toBe(0);
    expect(percentChange(Number.NaN, 5)).toBe(0);
  });

  it('clamps the overlay to plus or minus 100', () => {
    expect(overlayPercent(10, 35)).toBe(100);
    expect(overlayPercent(100, 0)).toBe(-100);
    expect(overlayPercent(100, 150)).toBe(50);
    expect(overlayPercent(0, 10)).toBe(0);
  });

  it('formats percentages to one decimal with a sign', () => {
    expect(formatPercentChange(12.345)).toBe('+12.3%');
    expect(formatPercentChange(-4)).toBe('-4.0%');
    expect(formatPercentChange(0)).toBe('0.0%');
    expect(formatPercentChange(0.04)).toBe('0.0%');
    expect(formatPercentChange(-0.04)).toBe('0.0%');
    expect(formatPercentChange(2.25)).toBe('+2.3%');
    expect(formatPercentChange(100)).toBe('+100.0%');
  });

  it("gives 'Population Change' as the difference, the percent and the direction", () => {
    expect(populationChange(200, 250)).toEqual({ absolute: 50, percent: 25, direction: 'up' });
    expect(populationChange(200, 150)).toEqual({ absolute: -50, percent: -25, direction: 'down' });
    expect(populationChange(80, 80)).toEqual({ absolute: 0, percent: 0, direction: 'flat' });
    expect(populationChange(0, 30)).toEqual({ absolute: 30, percent: 0, direction: 'up' });
  });

  const chart = { markets: [{ id: 1, sub_markets: [{ id: 11 }, { id: 12 }] }, { id: 2, sub_markets: [{ id: 21 }] }] };

  it('fills missing outcomes with zero in the chart’s order, drops gone ones, files audiences under their market now', () => {
    const filled = fillMissingOutcomes(chart, {
      market_outcomes: [{ market_id: 2, total: 5, matched: 4, modeled: 3 }, { market_id: 9, total: 1, matched: 1, modeled: 1 }],
      submarket_outcomes: [{ sub_market_id: 12, market_id: 2, total: 7, matched: 6, modeled: 5 }, { sub_market_id: 99, market_id: 1, total: 1, matched: 1, modeled: 1 }],
    });
    expect(filled.market_outcomes).toEqual([
      { market_id: 1, total: 0, matched: 0, modeled: 0 },
      { market_id: 2, total: 5, matched: 4, modeled: 3 },
    ]);
    expect(filled.submarket_outcomes).toEqual([
      { sub_market_id: 11, market_id: 1, total: 0, matched: 0, modeled: 0 },
      { sub_market_id: 12, market_id: 1, total: 7, matched: 6, modeled: 5 },
      { sub_market_id: 21, market_id: 2, total: 0, matched: 0, modeled: 0 },
    ]);
  });

  it('gives a new timeframe zero figures for every market and audience (§4)', () => {
    const blank = blankTimeframeFigures(chart);
    expect([blank.total, blank.matched, blank.modeled]).toEqual([0, 0, 0]);
    expect(blank.market_outcomes.map((m) => m.market_id)).toEqual([1, 2]);
    expect(blank.submarket_outcomes.map((s) => s.sub_market_id)).toEqual([11, 12, 21]);
    expect(blank.submarket_outcomes.every((s) => s.total === 0 && s.matched === 0 && s.modeled === 0)).toBe(true);
  });

  it('toggles the selection: one market or one audience, the other cleared, the same click clearing it', () => {
    expect(toggleMeasureSelection(null, { kind: 'market', id: 1 })).toEqual({ kind: 'market', id: 1 });
    expect(toggleMeasureSelection({ kind: 'market', id: 1 }, { kind: 'market', id: 1 })).toBeNull();
    expect(toggleMeasureSelection({ kind: 'market', id: 1 }, { kind: 'subMarket', id: 11 })).toEqual({ kind: 'subMarket', id: 11 });
    expect(toggleMeasureSelection({ kind: 'subMarket', id: 11 }, { kind: 'subMarket', id: 12 })).toEqual({ kind: 'subMarket', id: 12 });
    expect(toggleMeasureSelection({ kind: 'subMarket', id: 11 }, { kind: 'subMarket', id: 11 })).toBeNull();
    // A market and an audience may share an id: the kind tells them apart.
    expect(toggleMeasureSelection({ kind: 'subMarket', id: 1 }, { kind: 'market', id: 1 })).toEqual({ kind: 'market', id: 1 });
  });

  it("reads the selected audience's, market's or chart's figure on the tab", () => {
    const timeframe = {
      total: 100, matched: 60, modeled: 80,
      market_outcomes: [{ market_id: 1, total: 40, matched: 30, modeled: 35 }],
      submarket_outcomes: [{ sub_market_id: 11, market_id: 1, total: 10, matched: 8, modeled: 9 }],
    };
    expect(selectedFigure(timeframe, 'matched', null)).toBe(60);
    expect(selectedFigure(timeframe, 'total', { kind: 'market', id: 1 })).toBe(40);
    expect(selectedFigure(timeframe, 'modeled', { kind: 'subMarket', id: 11 })).toBe(9);
    expect(selectedFigure(timeframe, 'total', { kind: 'market', id: 7 })).toBe(0);
    expect(selectedFigure(timeframe, 'total', { kind: 'subMarket', id: 7 })).toBe(0);
  });
});

describe('new timeframes (§5, decision 014)', () => {
  const today = ym(2026, 4);

  it("lists this year and the 9 before, newest first", () => {
    expect(yearOptions(today)).toEqual([2026, 2025, 2024, 2023, 2022, 2021, 2020, 2019, 2018, 2017]);
  });

  it('offers past months not present yet: never the current or a future month', () => {
    expect(availableMonths(2026, [], today)).toEqual([1, 2, 3]);
    expect(availableMonths(2026, [ym(2026, 2), ym(2025, 1)], today)).toEqual([1, 3]);
    expect(availableMonths(2025, [ym(2025, 1), ym(2026, 2)], today)).toEqual([2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12]);
    expect(availableMonths(2027, [], today)).toEqual([]);
    expect(availableMonths(2026, [], ym(2026, 1))).toEqual([]);
  });

  it("says why a month may not be added, or nothing when it may", () => {
    expect(newMonthProblem(ym(2026, 3), [], today)).toBeNull();
    expect(newMonthProblem(ym(2017, 1), [], today)).toBeNull();
    expect(newMonthProblem(ym(2026, 4), [], today)).toBe('Timeframes can only be added for months before April 2026: April 2026 is not over yet.');
    expect(newMonthProblem(ym(2026, 9), [], today)).toBe('Timeframes can only be added for months before April 2026: September 2026 is not over yet.');
    expect(newMonthProblem(ym(2016, 12), [], today)).toBe('Timeframes go back to 2017: December 2016 is too old.');
    expect(newMonthProblem(ym(2026, 2), [ym(2026, 2)], today)).toBe('There is already a timeframe for February 2026.');
  });

  it('agrees with availableMonths for every month of the offered years', () => {
    const existing = [ym(2026, 1), ym(2025, 7)];
    for (const year of yearOptions(today)) {
      const offered = availableMonths(year, existing, today);
      for (let month = 1; month <= 12; month += 1) expect(newMonthProblem(ym(year, month), existing, today) === null, `${year}-${month}`).toBe(offered.includes(month));
    }
  });

  it('checks a figure: a whole number from 0 to the largest', () => {
    expect(figureProblem('0')).toBeNull();
    expect(figureProblem(' 1200 ')).toBeNull();
    expect(figureProblem(OUTCOMES.maxFigure)).toBeNull();
    expect(figureProblem('')).toBe('Enter a number.');
    expect(figureProblem('   ')).toBe('Enter a number.');
    expect(figureProblem('-1')).toBe('Enter a whole number of people, 0 or more.');
    expect(figureProblem('1.5')).toBe('Enter a whole number of people, 0 or more.');
    expect(figureProblem('1e3')).toBe('Enter a whole number of people, 0 or more.');
    expect(figureProblem(-3)).toBe('Enter a whole number of people, 0 or more.');
    expect(figureProblem(OUTCOMES.maxFigure + 1)).toBe('Enter at most 99,999,999,999.');
  });
});

describe('flat fields for the three-way merge', () => {
  const timeframe = {
    id: 5, total: 100, matched: 60, modeled: 80,
    market_outcomes: [{ market_id: 7, total: 40, matched: 30, modeled: 35 }],
    submarket_outcomes: [{ sub_market_id: 12, market_id: 7, total: 10, matched: 8, modeled: 9 }],
  };

  it('names every figure', () => {
    expect(outcomeFieldValues(timeframe)).toEqual({
      total: 100, matched: 60, modeled: 80,
      'market:7:total': 40, 'market:7:matched': 30, 'market:7:modeled': 35,
      'sub_market:12:total': 10, 'sub_market:12:matched': 8, 'sub_market:12:modeled': 9,
    });
  });

  it('round trips, and applies only the fields named with numbers', () => {
    expect(applyOutcomeFieldValues(timeframe, outcomeFieldValues(timeframe))).toEqual(timeframe);
    const changed = applyOutcomeFieldValues(timeframe, { matched: 61, 'market:7:total': 41, 'sub_market:12:modeled': 1, 'sub_market:12:total': 'x', 'market:99:total': 3 });
    expect(changed).toEqual({
      ...timeframe,
      matched: 61,
      market_outcomes: [{ market_id: 7, total: 41, matched: 30, modeled: 35 }],
      submarket_outcomes: [{ sub_market_id: 12, market_id: 7, total: 10, matched: 8, modeled: 1 }],
    });
    expect(outcomeFieldValues(changed)).toMatchObject({ matched: 61, 'market:7:total': 41, 'sub_market:12:modeled': 1 });
    expect(changed.id).toBe(5);
  });
});
