import {
  OUTCOMES_TEXT,
  applyOutcomeFieldValues,
  blankTimeframeFigures,
  figureHierarchyProblems,
  figureProblem,
  fillMissingOutcomes,
  monthIndex,
  outcomeFieldValues,
  sortNewestFirst,
  type MarketOutcome,
  type OutcomeChartShape,
  type OutcomeFigures,
  type SubmarketOutcome,
  type YearMonth,
} from '@shared/rules/outcomes';
import type { CreateOutcomeTimeframeBody, OutcomeTimeframeFields } from '@shared/schemas/outcomes';
import { timeframeFields } from './measure-edits';

/**
 * The timeframes admin's pure parts (spec 3 §2.5 Admin Outcomes panel, §4 timeframe card and new
 * timeframe, §5; decision 014): the year's cards, the rows a card shows, an edit's draft of typed
 * figures and its problems, and the bodies the panel sends. The components only draw them.
 */

export type FigureColumn = keyof OutcomeFigures;
type Figures = OutcomeFigures & { market_outcomes: readonly MarketOutcome[]; submarket_outcomes: readonly SubmarketOutcome[] };

/** A chart as the panel needs it: markets and audiences with their names, in order. */
export interface NamedChartShape extends OutcomeChartShape {
  markets: readonly { id: number; name: string; sub_markets: readonly { id: number; name: string }[] }[];
}

/** The columns a card shows (§2.5): only Total Population in market-level-only regions. */
export const figureColumns = (marketLevelOnly: boolean): FigureColumn[] => (marketLevelOnly ? ['total'] : ['total', 'matched', 'modeled']);

/** The year's timeframes, newest first (§2.5). */
export function timeframesOfYear<T extends YearMonth>(timeframes: readonly T[], year: number): T[] {
  return sortNewestFirst(timeframes.filter((t) => t.year === year));
}

/** The figures of a timeframe as the card shows them: every market and audience the chart has now, missing ones 0 (§4). */
export function loadedFigures<T extends Figures>(chart: OutcomeChartShape, timeframe: T): T {
  return { ...timeframe, ...fillMissingOutcomes(chart, timeframe) };
}

/** One row of a card: the chart's total, a market (expanding to its audiences) or an audience. */
export interface FigureRow {
  /** The field prefix of its figures: '' (the chart), 'market:7:' or 'sub_market:12:'. */
  prefix: string;
  level: 'chart' | 'market' | 'sub_market';
  id: number | null;
  label: string;
  figures: OutcomeFigures;
}
export interface MarketRows extends FigureRow {
  audiences: FigureRow[];
}

const figuresOf = (f: OutcomeFigures): OutcomeFigures => ({ total: f.total, matched: f.matched, modeled: f.modeled });

/** The rows of a card: the chart total, then each market with its audiences, in the chart's order. */
export function timeframeRows(chart: NamedChartShape, timeframe: Figures): { chart: FigureRow; markets: MarketRows[] } {
  const filled = fillMissingOutcomes(chart, timeframe);
  const markets = new Map(filled.market_outcomes.map((m) => [m.market_id, m]));
  const subs = new Map(filled.submarket_outcomes.map((s) => [s.sub_market_id, s]));
  const zero = { total: 0, matched: 0, modeled: 0 };
  return {
    chart: { prefix: '', level: 'chart', id: null, label: OUTCOMES_TEXT.chartTotal, figures: figuresOf(timeframe) },
    markets: chart.markets.map((m) => ({
      prefix: `market:${m.id}:`,
      level: 'market',
      id: m.id,
      label: m.name,
      figures: figuresOf(markets.get(m.id) ?? zero),
      audiences: m.sub_markets.map((s) => ({ prefix: `sub_market:${s.id}:`, level: 'sub_market', id: s.id, label: s.name, figures: figuresOf(subs.get(s.id) ?? zero) })),
    })),
  };
}

/** An edit in progress: each figure's field ('total', 'market:7:matched', ...) to the text typed. */
export type FigureDraft = Record<string, string>;

/** The draft Edit starts from (the backup copy Cancel restores): the card's figures as typed text. */
export function draftOf(timeframe: Figures): FigureDraft {
  return Object.fromEntries(Object.entries(outcomeFieldValues(timeframe)).map(([field, value]) => [field, String(value)]));
}

/** Each bad field's message (figureProblem); empty when every figure may be saved. */
export function draftProblems(draft: FigureDraft): Record<string, string> {
  const problems: Record<string, string> = {};
  for (const [field, text] of Object.entries(draft)) {
    const problem = figureProblem(text);
    if (problem) problems[field] = problem;
  }
  return problems;
}

/**
 * Each figure the draft would put above its parent's (decision 014: no audience above its market,
 * no market above the chart), by field, with the server's own message; empty while a figure is
 * not a number yet (its own message says so) or when every level fits.
 */
export function levelProblems(chart: NamedChartShape, loaded: Figures, draft: FigureDraft): Record<string, string> {
  const values = parseDraft(draft);
  if (!values) return {};
  return Object.fromEntries(figureHierarchyProblems(applyOutcomeFieldValues(loaded, values), chart).map((p) => [p.field, p.message]));
}

/** The draft as numbers, or null while a figure is bad. */
export function parseDraft(draft: FigureDraft): Record<string, number> | null {
  if (Object.keys(draftProblems(draft)).length > 0) return null;
  return Object.fromEntries(Object.entries(draft).map(([field, text]) => [field, Number(text.trim())]));
}

/** Whether the draft differs from the figures it was taken from (a figure typed as '007' is 7: not a change). */
export function isDirty(draft: FigureDraft, timeframe: Figures): boolean {
  const loaded = outcomeFieldValues(timeframe);
  return Object.entries(draft).some(([field, text]) => {
    const typed = text.trim();
    return !/^\d+$/.test(typed) || Number(typed) !== loaded[field];
  });
}

/** Keys a figure input refuses (§5 'Edit inputs are numeric'): the number input would otherwise take exponents, signs and decimals. */
export const BLOCKED_FIGURE_KEYS: readonly string[] = ['e', 'E', '-', '+', '.'];
export const isBlockedFigureKey = (key: string) => BLOCKED_FIGURE_KEYS.includes(key);

/** 'Apply' of the New Timeframe form: zero figures for every market and audience of the chart (§4). */
export function newTimeframeBody(chart: OutcomeChartShape & { id: number }, month: YearMonth): CreateOutcomeTimeframeBody {
  return { outcome_timeframe: timeframeFields({ ...blankTimeframeFigures(chart), year: month.year, month: month.month, mekko_id: chart.id }) };
}

/**
 * Save of an edit: the loaded figures with the draft applied, and `base` (the figures as loaded)
 * for the server to merge over a newer version figure by figure; null while a figure is bad.
 */
export function editedFields<T extends Figures & YearMonth>(mekkoId: number, loaded: T, draft: FigureDraft): { fields: OutcomeTimeframeFields; base: Record<string, number> } | null {
  const values = parseDraft(draft);
  if (!values) return null;
  const edited = applyOutcomeFieldValues(loaded, values);
  return {
    fields: timeframeFields({ ...edited, year: loaded.year, month: loaded.month, mekko_id: mekkoId, market_outcomes: [...edited.market_outcomes], submarket_outcomes: [...edited.submarket_outcomes] }),
    base: outcomeFieldValues(loaded),
  };
}

/** The month the New Timeframe form picks first (§4: the first available), or null when none is left. */
export const firstAvailable = (months: readonly number[]): number | null => months[0] ?? null;

/** Whether a timeframe is the current month (§2.5: marked 'Current Timeframe', no actions). */
export const isCurrentTimeframe = (timeframe: YearMonth & { current: boolean; id: number | string | null }, today: YearMonth) =>
  timeframe.current || timeframe.id === null || monthIndex(timeframe) === monthIndex(today);
