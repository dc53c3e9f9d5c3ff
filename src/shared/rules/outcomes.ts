/**
 * Outcomes Measure's rules (spec 3 §2.5, §4 Measure, §5, §9; issue 18; decision 014): months
 * and their keys, the timeframe selection and picker, the presets and the quarter rule, the
 * 13-month range limit, the stacked chart's y ticks, percent change, the tabs, missing figures,
 * the months a new timeframe may take, and the figures' validation. Pure: the page, the admin
 * panel, the server and the record job share them.
 */

export const OUTCOMES = {
  /** A range of more months apart than this turns range mode off (§5). */
  rangeLimitMonths: 13,
  /** The stacked chart shows at most this many timeframes (§9). */
  maxStackedTimeframes: 13,
  yTickCount: 12,
  /** When the y step would be under this, the fixed ticks are used (§9). */
  minYStep: 3,
  /** 0 to 33 in steps of 3 (§9). */
  fixedYTicks: [0, 3, 6, 9, 12, 15, 18, 21, 24, 27, 30, 33],
  /** Years in 'Select year to view': this one and the 9 before (§9). */
  yearOptions: 10,
  /** Years of month grids the picker shows side by side (§2.5). */
  pickerYears: 2,
  legendCollapsedPx: 55,
  panelWidthPx: 800,
  tabSpacingPx: 10,
  tooltipDelayMs: 500,
  /** The percent-change overlay is clamped to plus or minus this (§9). */
  overlayClamp: 100,
  saveFailureMs: 6000,
  /** 'Last 6 months' covers timeframes whose month distance is less than this (§9). */
  lastMonthsSpan: 6,
  /** The largest figure a timeframe takes (a population: 11 digits). */
  maxFigure: 99_999_999_999,
} as const;

export const OUTCOMES_TEXT = {
  header: 'Outcomes Measure',
  chartPicker: 'Select Chart to View',
  defaultChart: 'Default',
  populationChange: 'Population Change',
  /** The first info box: the previous timeframe's population, e.g. 'Oct 2026 Population'. */
  previousPopulation: (previous: string) => `${previous} Population`,
  rangeTooLong: 'Time period too long to chart by month. Please decrease the time period.',
  saveFailed: 'Something went wrong saving this outcome. Please refresh the page and try again.',
  comparison: 'Comparison',
  range: 'Range',
  presets: { yearToDate: 'Year to date', lastSixMonths: 'Last 6 months', lastQuarter: 'Last quarter', lastMonth: 'Last month' },
  settings: 'Timeframe Settings',
  view: 'View',
  groupByNone: 'Group by None',
  groupByMarket: 'Group by Market',
  seeMore: 'See more',
  seeLess: 'See less',
  countAxis: 'Count',
  dateAxis: 'Date',
  panelTitle: 'Outcomes',
  selectYear: 'Select year to view',
  addTimeframe: 'Add Timeframe',
  newTimeframe: 'New Timeframe',
  selectMonth: 'Select Month',
  apply: 'Apply',
  cancel: 'Cancel',
  save: 'Save',
  edit: 'Edit',
  delete: 'Delete',
  currentTimeframe: 'Current Timeframe',
  recordMonth: 'Record this month',
  recordQueued: (month: string) => `Recording ${month} for every chart: the bell says when it is done.`,
  recorded: (month: string) => `Outcomes for ${month} recorded`,
  columns: { total: 'Total Population', matched: 'Matched', modeled: 'Modeled' },
  chartTotal: 'All markets',
  /** The range chart's legend note (issue 27): why a stack is less than its audiences' sum. */
  countedOnce: "Each stack counts a person once: a market's part is its de-duplicated figure, shared by its audiences in proportion to their figures.",
  countedOnceRow: (name: string) => `${name}, counted once`,
  noMonthsLeft: 'Every month of this year before the current one already has a timeframe.',
  noTimeframesInYear: (year: number) => `No timeframes in ${year}.`,
  noCharts: 'There are no Grow charts in this product yet. Create one in Grow to measure its markets month by month.',
  noMarkets: 'This chart has no markets yet.',
  /** A chart whose markets have no audiences: nothing to measure until Grow gives them some. */
  noAudiences: "This chart's markets have no audiences yet. Add audiences to them in Grow to measure them month by month.",
  deleteConfirmTitle: 'Delete timeframe',
  deleteConfirm: (month: string) => `Delete the ${month} timeframe? Its figures for every market and audience are removed.`,
  saved: (month: string) => `${month} saved.`,
  deleted: (month: string) => `${month} deleted.`,
  notApplicable: 'N/A',
  dataNotReady: "This region's audience data is being prepared: the current month's Matched and Modeled counts show 0 until it is ready.",
} as const;

// ---- months -------------------------------------------------------------------------------------

/** A calendar month, one-based (1 = January), as the API answers it. */
export interface YearMonth {
  year: number;
  month: number;
}

/** 'YYYY-MM': how a month is named in the address bar and in a selection. */
export type MonthKey = string;

const MONTH_NAMES = ['January', 'February', 'March', 'April', 'May', 'June', 'July', 'August', 'September', 'October', 'November', 'December'] as const;

export const monthIndex = (m: YearMonth) => m.year * 12 + (m.month - 1);
export const fromMonthIndex = (i: number): YearMonth => ({ year: Math.floor(i / 12), month: (((i % 12) + 12) % 12) + 1 });
export const addMonths = (m: YearMonth, n: number) => fromMonthIndex(monthIndex(m) + n);
/** How many months `to` is after `from` (negative when before). */
export const monthsBetween = (from: YearMonth, to: YearMonth) => monthIndex(to) - monthIndex(from);
export const sameMonth = (a: YearMonth, b: YearMonth) => a.year === b.year && a.month === b.month;

export const monthKey = (m: YearMonth): MonthKey => `${m.year}-${String(m.month).padStart(2, '0')}`;
/** A key back to its month, or null when it is not 'YYYY-MM' with a month 01 to 12. */
export function parseMonthKey(key: string | null | undefined): YearMonth | null {
  const match = /^(\d{4})-(\d{2})$/.exec(key ?? '');
  if (!match) return null;
  const year = Number(match[1]);
  const month = Number(match[2]);
  return month >= 1 && month <= 12 ? { year, month } : null;
}

/** 'Oct 2026': the picker's trigger, the x axis and the info boxes. */
export const monthLabel = (m: YearMonth) => `${MONTH_NAMES[m.month - 1]?.slice(0, 3) ?? '?'} ${m.year}`;
/** 'October 2026': a timeframe card's title. */
export const monthTitle = (m: YearMonth) => `${MONTH_NAMES[m.month - 1] ?? '?'} ${m.year}`;
export const monthName = (month: number) => MONTH_NAMES[month - 1] ?? '?';

/** Months travel to the server zero-based and come back one-based (spec 3 §3). */
export const toServerMonth = (month: number) => month - 1;
export const fromServerMonth = (month: number) => month + 1;

/** The month a date falls in, in UTC (the server's and the record job's clock). */
export const monthOf = (date: Date): YearMonth => ({ year: date.getUTCFullYear(), month: date.getUTCMonth() + 1 });

/** Newest first. */
export function sortNewestFirst<T extends YearMonth>(months: readonly T[]): T[] {
  return [...months].sort((a, b) => monthIndex(b) - monthIndex(a));
}

// ---- selection ----------------------------------------------------------------------------------

/** Timeframe selection (spec 3 §3): previous precedes or equals current. */
export interface TimeframeSelection {
  previous: YearMonth;
  current: YearMonth;
  isRangeMode: boolean;
}

/**
 * The default selection (§4): the newest timeframe is current and the second newest previous,
 * or the newest again when there is only one; null without timeframes.
 */
export function defaultSelection(months: readonly YearMonth[], isRangeMode = false): TimeframeSelection | null {
  const [newest, second] = sortNewestFirst(months);
  if (!newest) return null;
  return { previous: second ?? newest, current: newest, isRangeMode };
}

/** The selection kept when both its months still exist, else the default again (§4: reapplied when the selection is no longer in the list). */
export function reconcileSelection(selection: TimeframeSelection | null, months: readonly YearMonth[]): TimeframeSelection | null {
  if (selection && months.some((m) => sameMonth(m, selection.previous)) && months.some((m) => sameMonth(m, selection.current))) {
    return monthIndex(selection.previous) <= monthIndex(selection.current) ? selection : { ...selection, previous: selection.current, current: selection.previous };
  }
  return defaultSelection(months, selection?.isRangeMode ?? false);
}

/** The picker between clicks (§4): nothing picked, one month picked (intermediate), or a complete pair. */
export type PickerState = { kind: 'idle' } | { kind: 'intermediate'; first: YearMonth };

/**
 * A click on a month: the first picks it, the second completes the pair, sorted so previous
 * precedes current. Answers the picker's next state and, on the second click, the pair.
 */
export function pickMonth(state: PickerState, month: YearMonth): { state: PickerState; pair: { previous: YearMonth; current: YearMonth } | null } {
  if (state.kind === 'idle') return { state: { kind: 'intermediate', first: month }, pair: null };
  const [previous, current] = monthIndex(state.first) <= monthIndex(month) ? [state.first, month] : [month, state.first];
  return { state: { kind: 'idle' }, pair: { previous, current } };
}

/** How a month cell of the picker looks: disabled without data; the endpoints selected; in range mode the months between highlighted. */
export function monthCellState(
  month: YearMonth,
  available: readonly YearMonth[],
  selection: TimeframeSelection | null,
  picker: PickerState,
): { disabled: boolean; selected: boolean; between: boolean } {
  const disabled = !available.some((m) => sameMonth(m, month));
  if (picker.kind === 'intermediate') return { disabled, selected: sameMonth(picker.first, month), between: false };
  if (!selection) return { disabled, selected: false, between: false };
  const selected = sameMonth(selection.previous, month) || sameMonth(selection.current, month);
  const i = monthIndex(month);
  const between = selection.isRangeMode && i > monthIndex(selection.previous) && i < monthIndex(selection.current);
  return { disabled, selected, between };
}

/** The two years the picker shows, oldest first, ending with `year`. */
export const pickerYears = (year: number) => Array.from({ length: OUTCOMES.pickerYears }, (_, i) => year - OUTCOMES.pickerYears + 1 + i);

/** Trigger text (§2.5): '{previous} to {current}' in comparison mode, '{previous} - {current}' in range mode. */
export function triggerText(selection: TimeframeSelection): string {
  return `${monthLabel(selection.previous)}${selection.isRangeMode ? ' - ' : ' to '}${monthLabel(selection.current)}`;
}

// ---- presets and the quarter rule -----------------------------------------------------------------

export type PresetKey = keyof typeof OUTCOMES_TEXT.presets;
export const PRESET_KEYS: readonly PresetKey[] = ['yearToDate', 'lastSixMonths', 'lastQuarter', 'lastMonth'];

/**
 * The quarter before the one `today` is in (§9): months 1-3 use the previous year's Oct to Dec,
 * 4-6 Jan to Mar, 7-9 Apr to Jun, 10-12 Jul to Sep.
 */
export function lastQuarter(today: YearMonth): { previous: YearMonth; current: YearMonth } {
  const quarterStart = Math.floor((today.month - 1) / 3) * 3 + 1;
  const start = addMonths({ year: today.year, month: quarterStart }, -3);
  return { previous: start, current: addMonths(start, 2) };
}

/**
 * A preset's endpoints, from the current month `today`:
 * - Year to date: January of this year to this month;
 * - Last 6 months: the months less than 6 apart, i.e. 5 months ago to this month;
 * - Last quarter: the quarter rule;
 * - Last month: last month to this month.
 */
export function presetEndpoints(preset: PresetKey, today: YearMonth): { previous: YearMonth; current: YearMonth } {
  switch (preset) {
    case 'yearToDate':
      return { previous: { year: today.year, month: 1 }, current: today };
    case 'lastSixMonths':
      return { previous: addMonths(today, -(OUTCOMES.lastMonthsSpan - 1)), current: today };
    case 'lastQuarter':
      return lastQuarter(today);
    case 'lastMonth':
      return { previous: addMonths(today, -1), current: today };
  }
}

/** A preset's pair, or null (the preset is disabled) when either endpoint has no timeframe (§5). */
export function presetSelection(preset: PresetKey, today: YearMonth, available: readonly YearMonth[]): { previous: YearMonth; current: YearMonth } | null {
  const pair = presetEndpoints(preset, today);
  const has = (m: YearMonth) => available.some((a) => sameMonth(a, m));
  return has(pair.previous) && has(pair.current) ? pair : null;
}

// ---- range mode ------------------------------------------------------------------------------------

/** §5: range mode is limited to 13 months; a gap between previous and current above that turns it off. */
export const rangeTooLong = (selection: Pick<TimeframeSelection, 'previous' | 'current'>) =>
  monthsBetween(selection.previous, selection.current) > OUTCOMES.rangeLimitMonths;

/** The timeframes a range shows: from previous to current, oldest first, at most the first 13 (§9). */
export function rangeTimeframes<T extends YearMonth>(timeframes: readonly T[], selection: Pick<TimeframeSelection, 'previous' | 'current'>): T[] {
  const from = monthIndex(selection.previous);
  const to = monthIndex(selection.current);
  return [...timeframes]
    .filter((t) => monthIndex(t) >= from && monthIndex(t) <= to)
    .sort((a, b) => monthIndex(a) - monthIndex(b))
    .slice(0, OUTCOMES.maxStackedTimeframes);
}

/**
 * The stacked chart's count axis (§9): 12 ticks in steps of round(max × 1.2 / 12); when that step
 * is under 3, the fixed ticks 0 to 33 in steps of 3. `top` is where the axis ends: the last tick,
 * or the tallest bar when rounding left it above the last tick.
 */
export function yAxisTicks(max: number): { ticks: number[]; top: number } {
  const safeMax = Number.isFinite(max) && max > 0 ? max : 0;
  const step = Math.round((safeMax * 1.2) / OUTCOMES.yTickCount);
  const ticks = step < OUTCOMES.minYStep ? [...OUTCOMES.fixedYTicks] : Array.from({ length: OUTCOMES.yTickCount }, (_, i) => i * step);
  return { ticks, top: Math.max(ticks[ticks.length - 1] ?? 0, safeMax) };
}

const AXIS_UNITS = [{ from: 1e9, size: 1e9, suffix: 'B' }, { from: 1e6, size: 1e6, suffix: 'M' }, { from: 1e4, size: 1e3, suffix: 'K' }] as const;

/**
 * One number format for every tick of an axis (issue 27: never '9,627' beside '19.3K'): the unit
 * of the largest tick (B, M, K from 10,000, else whole numbers with separators) and the fewest
 * decimals that write every tick exactly (at most 2), the same for all; 0 is '0'.
 */
export function axisTickFormat(ticks: readonly number[]): (value: number) => string {
  const largest = Math.max(0, ...ticks.map(Math.abs));
  const unit = AXIS_UNITS.find((u) => largest >= u.from);
  if (!unit) return (value) => Math.round(value).toLocaleString('en-US');
  const exact = (d: number) => ticks.every((t) => Math.abs(Math.round((t / unit.size) * 10 ** d) - (t / unit.size) * 10 ** d) < 1e-6);
  const decimals = [0, 1].find(exact) ?? 2;
  return (value) => (value === 0 ? '0' : `${(value / unit.size).toFixed(decimals)}${unit.suffix}`);
}

/**
 * Parts drawn inside their whole (issue 27): overlapping parts (audiences of a market, markets of a
 * chart: people in two are counted once in the whole) are scaled to their shares of the whole
 * when together they claim more than it; parts that fit are drawn as they are. A stack drawn
 * this way never claims more people than its whole has.
 */
export function shareOut(whole: number, parts: readonly number[]): number[] {
  const sum = parts.reduce((a, b) => a + Math.max(0, b), 0);
  if (!(whole > 0) || !(sum > 0)) return parts.map(() => 0);
  const scale = Math.min(1, whole / sum);
  return parts.map((p) => Math.max(0, p) * scale);
}

// ---- figures ------------------------------------------------------------------------------------------

/** Measure's tabs (§4): Total Population = total, Matched Addressable = matched (the default), Modeled Addressable = modeled. */
export const OUTCOME_TABS = ['total', 'matched', 'modeled'] as const;
export type OutcomeTab = (typeof OUTCOME_TABS)[number];
export const DEFAULT_OUTCOME_TAB: OutcomeTab = 'matched';
export const OUTCOME_TAB_LABELS: Record<OutcomeTab, string> = { total: 'Total Population', matched: 'Matched Addressable', modeled: 'Modeled Addressable' };

/**
 * The tab shown (§4): without the market-level tab, Matched Addressable; without the person-level
 * tabs, Total Population.
 */
export function resolveOutcomeTab(requested: OutcomeTab, visible: { marketLevel: boolean; personLevel: boolean }): OutcomeTab {
  if (requested === 'total' && !visible.marketLevel && visible.personLevel) return 'matched';
  if (requested !== 'total' && !visible.personLevel) return 'total';
  return requested;
}

export interface OutcomeFigures {
  total: number;
  matched: number;
  modeled: number;
}

/** Percent change from previous to current; 0 when it is not a number (previous 0). */
export function percentChange(previous: number, current: number): number {
  const p = ((current - previous) / previous) * 100;
  return Number.isFinite(p) ? p : 0;
}

/** The mekko's overlay value: the percent change clamped to plus or minus 100 (§9). */
export const overlayPercent = (previous: number, current: number) =>
  Math.max(-OUTCOMES.overlayClamp, Math.min(OUTCOMES.overlayClamp, percentChange(previous, current)));

/** '+12.3%', '-4.0%', '0.0%': percentages to one decimal (§9). */
export function formatPercentChange(percent: number): string {
  const fixed = (Math.round(percent * 10) / 10).toFixed(1);
  return percent > 0 && fixed !== '0.0' ? `+${fixed}%` : fixed === '-0.0' ? '0.0%' : `${fixed}%`;
}

/** 'Population Change' (§2.5): the absolute difference, the percent to one decimal, and which way (green up, red down). */
export function populationChange(previous: number, current: number): { absolute: number; percent: number; direction: 'up' | 'down' | 'flat' } {
  const absolute = current - previous;
  return { absolute, percent: percentChange(previous, current), direction: absolute > 0 ? 'up' : absolute < 0 ? 'down' : 'flat' };
}

export interface MarketOutcome extends OutcomeFigures {
  market_id: number;
}
export interface SubmarketOutcome extends OutcomeFigures {
  sub_market_id: number;
  market_id: number;
}

/** A chart's structure as the outcome rules need it: its markets and their audiences, in order. */
export interface OutcomeChartShape {
  markets: readonly { id: number; sub_markets: readonly { id: number }[] }[];
}

const ZERO: OutcomeFigures = { total: 0, matched: 0, modeled: 0 };
const figuresOf = (f: OutcomeFigures): OutcomeFigures => ({ total: f.total, matched: f.matched, modeled: f.modeled });

/**
 * Every market and audience of the chart with its figures, in the chart's order (§4: missing ones
 * are zero); figures of markets or audiences the chart no longer has are dropped. An audience is
 * filed under the market it is in now.
 */
export function fillMissingOutcomes(
  chart: OutcomeChartShape,
  outcomes: { market_outcomes: readonly MarketOutcome[]; submarket_outcomes: readonly SubmarketOutcome[] },
): { market_outcomes: MarketOutcome[]; submarket_outcomes: SubmarketOutcome[] } {
  const markets = new Map(outcomes.market_outcomes.map((m) => [m.market_id, m]));
  const subs = new Map(outcomes.submarket_outcomes.map((s) => [s.sub_market_id, s]));
  return {
    market_outcomes: chart.markets.map((m) => ({ market_id: m.id, ...figuresOf(markets.get(m.id) ?? ZERO) })),
    submarket_outcomes: chart.markets.flatMap((m) => m.sub_markets.map((s) => ({ sub_market_id: s.id, market_id: m.id, ...figuresOf(subs.get(s.id) ?? ZERO) }))),
  };
}

/** What is selected on the page (§4): one market or one audience, never both; null for neither. */
export type MeasureSelection = { kind: 'market'; id: number } | { kind: 'subMarket'; id: number } | null;

/** A click toggles (§4): selecting one clears the other; clicking the selected one clears it. */
export function toggleMeasureSelection(current: MeasureSelection, clicked: NonNullable<MeasureSelection>): MeasureSelection {
  return current && current.kind === clicked.kind && current.id === clicked.id ? null : clicked;
}

/** The figure the info boxes read on a tab: the selected audience's, the selected market's, or the chart's. */
export function selectedFigure(
  timeframe: OutcomeFigures & { market_outcomes: readonly MarketOutcome[]; submarket_outcomes: readonly SubmarketOutcome[] },
  tab: OutcomeTab,
  selection: MeasureSelection,
): number {
  if (selection?.kind === 'market') return timeframe.market_outcomes.find((m) => m.market_id === selection.id)?.[tab] ?? 0;
  if (selection?.kind === 'subMarket') return timeframe.submarket_outcomes.find((s) => s.sub_market_id === selection.id)?.[tab] ?? 0;
  return timeframe[tab];
}

// ---- new timeframes, years and validation ---------------------------------------------------------------

/** 'Select year to view' (§9): this year and the 9 before, newest first. */
export const yearOptions = (today: YearMonth) => Array.from({ length: OUTCOMES.yearOptions }, (_, i) => today.year - i);

/**
 * The months a new timeframe may take in `year` (§5; decision 014 picks the reading): months 1 to
 * 12 not already present, and before the current month. Past months only: the current month is
 * synthesised from the chart (or recorded by the record job), and a future month has nothing to
 * measure yet.
 */
export function availableMonths(year: number, existing: readonly YearMonth[], today: YearMonth): number[] {
  const taken = new Set(existing.filter((m) => m.year === year).map((m) => m.month));
  return Array.from({ length: 12 }, (_, i) => i + 1).filter((month) => !taken.has(month) && monthIndex({ year, month }) < monthIndex(today));
}

/** Why a month may not be given a new timeframe, or null when it may (the server's check of the same rule). */
export function newMonthProblem(month: YearMonth, existing: readonly YearMonth[], today: YearMonth): string | null {
  if (monthIndex(month) >= monthIndex(today)) return `Timeframes can only be added for months before ${monthTitle(today)}: ${monthTitle(month)} is not over yet.`;
  if (month.year < today.year - OUTCOMES.yearOptions + 1) return `Timeframes go back to ${today.year - OUTCOMES.yearOptions + 1}: ${monthTitle(month)} is too old.`;
  if (existing.some((m) => sameMonth(m, month))) return `There is already a timeframe for ${monthTitle(month)}.`;
  return null;
}

/** A new timeframe's figures (§4: zero totals), for every market and audience of the chart. */
export function blankTimeframeFigures(chart: OutcomeChartShape) {
  return { ...ZERO, ...fillMissingOutcomes(chart, { market_outcomes: [], submarket_outcomes: [] }) };
}

/** An edit input's value (typed text) checked: a whole number from 0 to the largest figure; the message, or null. */
export function figureProblem(value: string | number): string | null {
  const text = typeof value === 'number' ? String(value) : value.trim();
  if (text === '') return 'Enter a number.';
  if (!/^\d+$/.test(text)) return 'Enter a whole number of people, 0 or more.';
  if (Number(text) > OUTCOMES.maxFigure) return `Enter at most ${OUTCOMES.maxFigure.toLocaleString('en-US')}.`;
  return null;
}

// ---- reconciling the levels ----------------------------------------------------------------------------

/** A chart's structure with the names its messages use. */
export interface NamedOutcomeChart {
  markets: readonly { id: number; name: string; sub_markets: readonly { id: number; name: string }[] }[];
}

export interface FigureHierarchyProblem {
  /** The figure's flat field (outcomeFieldValues): 'market:7:matched', 'sub_market:12:total'. */
  field: string;
  message: string;
}

const possessive = (name: string) => (name.endsWith('s') ? `${name}'` : `${name}'s`);
const n = (value: number) => value.toLocaleString('en-US');

/**
 * Decision 014's reconciliation rule (issue 27): a figure may never be larger than its parent's
 * figure of the same column: an audience's than its market's, a market's than the chart's (each
 * level counts people once, so a part can hold at most everyone of its whole). Parts may sum to
 * more than their whole (they overlap). Answers one problem per figure that breaks the rule, in
 * the chart's order; the server refuses such a save with 422 and the panel before it is sent.
 */
export function figureHierarchyProblems(
  t: OutcomeFigures & { market_outcomes: readonly MarketOutcome[]; submarket_outcomes: readonly SubmarketOutcome[] },
  chart: NamedOutcomeChart,
): FigureHierarchyProblem[] {
  const problems: FigureHierarchyProblem[] = [];
  const markets = new Map(t.market_outcomes.map((m) => [m.market_id, m]));
  const audiences = new Map(t.submarket_outcomes.map((s) => [s.sub_market_id, s]));
  for (const market of chart.markets) {
    const m = markets.get(market.id);
    if (!m) continue;
    for (const key of OUTCOME_TABS) {
      if (m[key] > t[key]) {
        problems.push({ field: `market:${market.id}:${key}`, message: `${possessive(market.name)} ${OUTCOMES_TEXT.columns[key]} (${n(m[key])}) is more than the chart's (${n(t[key])}): a market cannot have more people than its chart.` });
      }
    }
    for (const audience of market.sub_markets) {
      const a = audiences.get(audience.id);
      if (!a) continue;
      for (const key of OUTCOME_TABS) {
        if (a[key] > m[key]) {
          problems.push({ field: `sub_market:${audience.id}:${key}`, message: `${possessive(audience.name)} ${OUTCOMES_TEXT.columns[key]} (${n(a[key])}) is more than its market ${possessive(market.name)} (${n(m[key])}): an audience cannot have more people than its market.` });
        }
      }
    }
  }
  return problems;
}

// ---- merging a save over a newer version -------------------------------------------------------------------

/**
 * A timeframe's figures as flat fields ('total', 'market:7:matched', 'sub_market:12:total'), so
 * a save over a newer version merges figure by figure with merge.ts's three-way rule.
 */
export function outcomeFieldValues(t: OutcomeFigures & { market_outcomes: readonly MarketOutcome[]; submarket_outcomes: readonly SubmarketOutcome[] }): Record<string, number> {
  const values: Record<string, number> = { total: t.total, matched: t.matched, modeled: t.modeled };
  for (const m of t.market_outcomes) for (const k of ['total', 'matched', 'modeled'] as const) values[`market:${m.market_id}:${k}`] = m[k];
  for (const s of t.submarket_outcomes) for (const k of ['total', 'matched', 'modeled'] as const) values[`sub_market:${s.sub_market_id}:${k}`] = s[k];
  return values;
}

/** The flat fields back onto a timeframe's figures (fields it does not name keep their value). */
export function applyOutcomeFieldValues<T extends OutcomeFigures & { market_outcomes: readonly MarketOutcome[]; submarket_outcomes: readonly SubmarketOutcome[] }>(t: T, values: Record<string, unknown>): T {
  const num = (key: string, fallback: number) => (typeof values[key] === 'number' ? (values[key] as number) : fallback);
  return {
    ...t,
    total: num('total', t.total),
    matched: num('matched', t.matched),
    modeled: num('modeled', t.modeled),
    market_outcomes: t.market_outcomes.map((m) => ({ ...m, total: num(`market:${m.market_id}:total`, m.total), matched: num(`market:${m.market_id}:matched`, m.matched), modeled: num(`market:${m.market_id}:modeled`, m.modeled) })),
    submarket_outcomes: t.submarket_outcomes.map((s) => ({ ...s, total: num(`sub_market:${s.sub_market_id}:total`, s.total), matched: num(`sub_market:${s.sub_market_id}:matched`, s.matched), modeled: num(`sub_market:${s.sub_market_id}:modeled`, s.modeled) })),
  };
}
