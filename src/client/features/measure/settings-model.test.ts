import { describe, expect, it } from 'vitest';
import { OUTCOMES_TEXT, availableMonths, fromServerMonth, outcomeFieldValues } from '@shared/rules/outcomes';
import {
  draftOf,
  draftProblems,
  levelProblems,
  editedFields,
  figureColumns,
  firstAvailable,
  isBlockedFigureKey,
  isCurrentTimeframe,
  isDirty,
  loadedFigures,
  newTimeframeBody,
  parseDraft,
  timeframeRows,
  timeframesOfYear,
  type NamedChartShape,
} from './settings-model';

const chart: NamedChartShape & { id: number } = {
  id: 40,
  markets: [
    { id: 7, name: 'Soda', sub_markets: [{ id: 12, name: 'Teens' }, { id: 13, name: 'Parents' }] },
    { id: 8, name: 'Water', sub_markets: [{ id: 14, name: 'Runners' }] },
  ],
};

const timeframe = {
  id: 3,
  year: 2026,
  month: 10,
  current: false,
  total: 100,
  matched: 60,
  modeled: 80,
  market_outcomes: [{ market_id: 7, total: 70, matched: 40, modeled: 50 }],
  submarket_outcomes: [
    { sub_market_id: 12, market_id: 7, total: 30, matched: 20, modeled: 25 },
    { sub_market_id: 99, market_id: 7, total: 5, matched: 5, modeled: 5 },
  ],
};

describe('the year of cards', () => {
  it('keeps the year, newest first', () => {
    const all = [{ year: 2026, month: 2 }, { year: 2025, month: 12 }, { year: 2026, month: 10 }, { year: 2026, month: 5 }];
    expect(timeframesOfYear(all, 2026)).toEqual([{ year: 2026, month: 10 }, { year: 2026, month: 5 }, { year: 2026, month: 2 }]);
    expect(timeframesOfYear(all, 2024)).toEqual([]);
  });

  it('marks the current month, synthesised (id null) or recorded', () => {
    const today = { year: 2026, month: 11 };
    expect(isCurrentTimeframe({ id: null, year: 2026, month: 11, current: true }, today)).toBe(true);
    expect(isCurrentTimeframe({ id: 9, year: 2026, month: 11, current: true }, today)).toBe(true);
    expect(isCurrentTimeframe({ id: 9, year: 2026, month: 10, current: false }, today)).toBe(false);
  });
});

describe('rows of a card', () => {
  it('lists the chart total, then every market of the chart with its audiences, missing figures 0, gone ones dropped', () => {
    const rows = timeframeRows(chart, timeframe);
    expect(rows.chart).toMatchObject({ label: OUTCOMES_TEXT.chartTotal, prefix: '', figures: { total: 100, matched: 60, modeled: 80 } });
    expect(rows.markets.map((m) => [m.label, m.figures.total, m.audiences.map((a) => [a.label, a.figures.total])])).toEqual([
      ['Soda', 70, [['Teens', 30], ['Parents', 0]]],
      ['Water', 0, [['Runners', 0]]],
    ]);
    expect(rows.markets[0]?.audiences[0]?.prefix).toBe('sub_market:12:');
    expect(rows.markets[1]?.prefix).toBe('market:8:');
  });

  it('shows only Total Population in market-level-only regions', () => {
    expect(figureColumns(true)).toEqual(['total']);
    expect(figureColumns(false)).toEqual(['total', 'matched', 'modeled']);
  });
});

describe('an edit', () => {
  const loaded = loadedFigures(chart, timeframe);

  it('starts from every figure of the card as text', () => {
    const draft = draftOf(loaded);
    expect(draft).toMatchObject({ total: '100', 'market:7:matched': '40', 'market:8:total': '0', 'sub_market:13:modeled': '0' });
    expect(draft['sub_market:99:total']).toBeUndefined();
    expect(isDirty(draft, loaded)).toBe(false);
  });

  it('is dirty once a figure changes, not when it is typed with leading zeros', () => {
    const draft = draftOf(loaded);
    expect(isDirty({ ...draft, 'market:7:total': '0070' }, loaded)).toBe(false);
    expect(isDirty({ ...draft, 'market:7:total': '71' }, loaded)).toBe(true);
    expect(isDirty({ ...draft, 'market:7:total': '' }, loaded)).toBe(true);
  });

  it('names each bad figure and saves nothing while one is bad', () => {
    const draft = { ...draftOf(loaded), 'market:7:total': '', 'sub_market:12:matched': '1.5', 'sub_market:13:total': '-3', modeled: '999999999999' };
    const problems = draftProblems(draft);
    expect(Object.keys(problems).sort()).toEqual(['market:7:total', 'modeled', 'sub_market:12:matched', 'sub_market:13:total']);
    expect(problems['market:7:total']).toBe('Enter a number.');
    expect(parseDraft(draft)).toBeNull();
    expect(editedFields(chart.id, loaded, draft)).toBeNull();
  });

  it('refuses a market above the chart or an audience above its market before anything is sent (issue 27, decision 014)', () => {
    const draft = { ...draftOf(loaded), 'market:7:total': '5000000', 'sub_market:12:matched': '41' };
    expect(levelProblems(chart, loaded, draft)).toEqual({
      'market:7:total': "Soda's Total Population (5,000,000) is more than the chart's (100): a market cannot have more people than its chart.",
      'sub_market:12:matched': "Teens' Matched (41) is more than its market Soda's (40): an audience cannot have more people than its market.",
    });
    // Fixed: nothing to say; while a figure is not a number, its own message is enough.
    expect(levelProblems(chart, loaded, { ...draft, 'market:7:total': '100', 'sub_market:12:matched': '40' })).toEqual({});
    expect(levelProblems(chart, loaded, { ...draft, total: '' })).toEqual({});
  });

  it('sends the edited figures with the month zero-based and the loaded figures as base', () => {
    const draft = { ...draftOf(loaded), 'market:7:total': '75', 'sub_market:13:matched': ' 12 ' };
    const edited = editedFields(chart.id, loaded, draft);
    expect(edited).not.toBeNull();
    const { fields, base } = edited!;
    expect(fields).toMatchObject({ year: 2026, month: 9, mekko_id: 40, total: 100, matched: 60, modeled: 80 });
    expect(fromServerMonth(fields.month)).toBe(10);
    expect(fields.market_outcomes_attributes).toEqual([
      { market_id: 7, total: 75, matched: 40, modeled: 50 },
      { market_id: 8, total: 0, matched: 0, modeled: 0 },
    ]);
    expect(fields.submarket_outcomes_attributes.find((s) => s.sub_market_id === 13)).toEqual({ sub_market_id: 13, market_id: 7, total: 0, matched: 12, modeled: 0 });
    expect(base).toEqual(outcomeFieldValues(loaded));
    expect(base['market:7:total']).toBe(70);
  });
});

describe('input keys', () => {
  it('refuses exponents, signs and decimals, takes digits and editing keys', () => {
    for (const key of ['e', 'E', '-', '+', '.']) expect(isBlockedFigureKey(key)).toBe(true);
    for (const key of ['0', '9', 'Backspace', 'ArrowLeft', 'Tab']) expect(isBlockedFigureKey(key)).toBe(false);
  });
});

describe('a new timeframe', () => {
  it('has zero figures for every market and audience, the month zero-based', () => {
    const body = newTimeframeBody(chart, { year: 2026, month: 1 });
    expect(body.outcome_timeframe).toMatchObject({ year: 2026, month: 0, mekko_id: 40, total: 0, matched: 0, modeled: 0 });
    expect(body.outcome_timeframe.market_outcomes_attributes.map((m) => m.market_id)).toEqual([7, 8]);
    expect(body.outcome_timeframe.submarket_outcomes_attributes.map((s) => [s.sub_market_id, s.market_id, s.total])).toEqual([[12, 7, 0], [13, 7, 0], [14, 8, 0]]);
    expect(newTimeframeBody(chart, { year: 2025, month: 12 }).outcome_timeframe.month).toBe(11);
  });

  it('defaults to the first available month, none when the year is full up to now', () => {
    const today = { year: 2026, month: 4 };
    const existing = [{ year: 2026, month: 1 }, { year: 2026, month: 3 }];
    expect(firstAvailable(availableMonths(2026, existing, today))).toBe(2);
    expect(firstAvailable(availableMonths(2026, [...existing, { year: 2026, month: 2 }], today))).toBeNull();
  });
});
