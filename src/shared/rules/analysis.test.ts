import { describe, expect, it } from 'vitest';
import {
  ANALYSIS,
  ANALYSIS_TEXT,
  VALUE_TIERS,
  analysisMonths,
  attritionMonth,
  attritionPositions,
  attritionWindows,
  averageRetention,
  buyerIdentifier,
  checkBestPercent,
  checkWindow,
  cohortRow,
  filterParam,
  frequencyIdentifier,
  monthKey,
  monthPosition,
  parseBest,
  parseFilterParam,
  parseWindow,
  periodPositions,
  shareIndex,
  siteGroupIdentifier,
  tierFigures,
  tierMonths,
  tierMovement,
  tierOf,
  topPercentCut,
  visitBandIdentifier,
} from './analysis';

/** People per purchase frequency, k = 1..12, from a sparse list. */
const byK = (entries: Record<number, number>) => Array.from({ length: 12 }, (_, i) => entries[i + 1] ?? 0);

describe('months and identifiers', () => {
  it('has 24 months ending with the data end, oldest first, and knows each position', () => {
    const months = analysisMonths();
    expect(months).toHaveLength(24);
    expect(monthKey(months[0]!)).toBe('2024-11');
    expect(monthKey(months[23]!)).toBe('2026-10');
    expect(months.map((m) => monthPosition(m))).toEqual(months.map((_, i) => i));
    expect(monthPosition({ year: 2024, month: 10 })).toBeNull();
    expect(monthPosition({ year: 2026, month: 11 })).toBeNull();
  });

  it('splits the data into the current 12 months and the 12 before', () => {
    const { current, previous } = periodPositions();
    expect(current).toEqual([12, 13, 14, 15, 16, 17, 18, 19, 20, 21, 22, 23]);
    expect(previous).toEqual([0, 1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11]);
    // Less data than two periods: the previous period is what there is.
    expect(periodPositions(15)).toEqual({ current: [3, 4, 5, 6, 7, 8, 9, 10, 11, 12, 13, 14], previous: [0, 1, 2] });
  });

  it('names the sets of a brand', () => {
    expect(buyerIdentifier('fizz-cola', 'bought', { year: 2026, month: 3 })).toBe('adventure-buyers-fizz-cola-bought-2026-03');
    expect(buyerIdentifier('glow', 'first', { year: 2025, month: 11 })).toBe('adventure-buyers-glow-first-2025-11');
    expect(frequencyIdentifier('glow', 'previous', 7)).toBe('adventure-buyers-glow-previous-7m');
    expect(siteGroupIdentifier('fizz-cola', 'customer_site_non_visitors')).toBe('fabrikam-site-fizz-cola-customer-site-non-visitors');
    expect(visitBandIdentifier('fizz-cola', 'often')).toBe('fabrikam-site-fizz-cola-visits-often');
  });
});

describe('value tiers', () => {
  it('cover 1..12 purchase months once each, best first', () => {
    expect(VALUE_TIERS.map((t) => tierMonths(t))).toEqual([[10, 11, 12], [6, 7, 8, 9], [3, 4, 5], [1, 2]]);
    expect(Array.from({ length: 12 }, (_, i) => tierOf(i + 1))).toEqual(['low', 'low', 'medium', 'medium', 'medium', 'high', 'high', 'high', 'high', 'top', 'top', 'top']);
    expect(tierOf(0)).toBeNull();
    expect(tierOf(13)).toBeNull();
  });

  it('tierFigures: people, purchase months, shares of buyers and of spend, and spend per buyer', () => {
    // 24 buyers making 71 purchase months: top 2 (10 + 12 = 22), high 2 (6 + 6 = 12), medium 5 (4 x 3 + 5 = 17), low 15 (10 + 5 x 2 = 20).
    const figures = tierFigures(byK({ 1: 10, 2: 5, 3: 4, 5: 1, 6: 2, 10: 1, 12: 1 }), 10);
    expect(figures.map((f) => [f.key, f.name, f.people, f.purchases])).toEqual([
      ['top', 'Top', 2, 22],
      ['high', 'High', 2, 12],
      ['medium', 'Medium', 5, 17],
      ['low', 'Low', 15, 20],
    ]);
    expect(figures.map((f) => f.share_of_buyers)).toEqual([2 / 24, 2 / 24, 5 / 24, 15 / 24]);
    expect(figures.map((f) => f.share_of_spend)).toEqual([22 / 71, 12 / 71, 17 / 71, 20 / 71]);
    expect(figures[0]!.average_spend).toBe(110);
    expect(figures[1]!.average_spend).toBe(60);
    expect(figures[2]!.average_spend).toBe(34);
    expect(figures[3]!.average_spend).toBeCloseTo(200 / 15, 12);
    // The shares add up to the whole.
    expect(figures.reduce((s, f) => s + f.share_of_buyers, 0)).toBeCloseTo(1, 12);
    expect(figures.reduce((s, f) => s + f.share_of_spend, 0)).toBeCloseTo(1, 12);
  });

  it('tierFigures: a share of spend is a share of purchase months, whatever the spend per purchase', () => {
    const a = tierFigures(byK({ 1: 7, 11: 3 }), 1);
    const b = tierFigures(byK({ 1: 7, 11: 3 }), 42.5);
    expect(b.map((f) => f.share_of_spend)).toEqual(a.map((f) => f.share_of_spend));
    expect(a[0]!.share_of_spend).toBe(33 / 40);
    expect(b[0]!.average_spend).toBeCloseTo(11 * 42.5, 12);
  });

  it('tierFigures: no buyers, or a short list, gives zeros rather than NaN', () => {
    for (const f of tierFigures([], 9)) expect(f).toMatchObject({ people: 0, purchases: 0, share_of_buyers: 0, share_of_spend: 0, average_spend: 0 });
    const short = tierFigures([4, 0, 2], 1);
    expect(short.map((f) => f.people)).toEqual([0, 0, 2, 4]);
    expect(short.map((f) => f.purchases)).toEqual([0, 0, 6, 4]);
  });

  it('tierMovement: stayed, moved up and down, lapsed per previous tier, and the "new" row', () => {
    // matrix[previous][current], tiers best first.
    const matrix = [
      [5, 2, 1, 0],
      [3, 10, 4, 1],
      [0, 2, 20, 6],
      [0, 1, 5, 30],
    ];
    const rows = tierMovement(matrix, [10, 20, 30, 50], [12, 20, 40, 45]);
    expect(rows).toEqual([
      { from: 'top', to: [5, 2, 1, 0], lapsed: 2, stayed: 5, moved_up: 0, moved_down: 3, total: 10 },
      { from: 'high', to: [3, 10, 4, 1], lapsed: 2, stayed: 10, moved_up: 3, moved_down: 5, total: 20 },
      { from: 'medium', to: [0, 2, 20, 6], lapsed: 2, stayed: 20, moved_up: 2, moved_down: 6, total: 30 },
      { from: 'low', to: [0, 1, 5, 30], lapsed: 14, stayed: 30, moved_up: 6, moved_down: 0, total: 50 },
      // Current tiers' people in no previous tier: 12 - 8, 20 - 15, 40 - 30, 45 - 37.
      { from: 'new', to: [4, 5, 10, 8], lapsed: 0, stayed: 0, moved_up: 0, moved_down: 0, total: 27 },
    ]);
    // Every previous buyer is somewhere: stayed + up + down + lapsed = total.
    for (const r of rows.slice(0, 4)) expect(r.stayed + r.moved_up + r.moved_down + r.lapsed).toBe(r.total);
    // Every current buyer is in one row: the columns add up to the current tiers.
    expect([0, 1, 2, 3].map((i) => rows.reduce((s, r) => s + r.to[i]!, 0))).toEqual([12, 20, 40, 45]);
  });

  it('tierMovement: never a negative lapsed or new count, and an empty matrix is all new', () => {
    const rows = tierMovement([[3, 0, 0, 0]], [2, 0, 0, 0], [1, 0, 0, 0]);
    expect(rows[0]).toMatchObject({ lapsed: 0, stayed: 3, total: 2 });
    expect(rows[4]!.to).toEqual([0, 0, 0, 0]);
    const fresh = tierMovement([], [0, 0, 0, 0], [1, 2, 3, 4]);
    expect(fresh.slice(0, 4).every((r) => r.total === 0 && r.to.every((x) => x === 0))).toBe(true);
    expect(fresh[4]).toEqual({ from: 'new', to: [1, 2, 3, 4], lapsed: 0, stayed: 0, moved_up: 0, moved_down: 0, total: 10 });
  });
});

describe('best customers', () => {
  // 100 buyers: 50 at 1 month ... 1 at 10 months.
  const by = byK({ 1: 50, 2: 20, 3: 10, 4: 8, 5: 5, 6: 3, 7: 2, 8: 1, 10: 1 });

  it('topPercentCut keeps whole frequencies from the top until the share is reached', () => {
    expect(topPercentCut(by, 10)).toEqual({ minMonths: 5, people: 12, share: 0.12 });
    expect(topPercentCut(by, 1)).toEqual({ minMonths: 10, people: 1, share: 0.01 });
    // Exactly the share asked is enough: 1 + 1 = 2 %.
    expect(topPercentCut(by, 2)).toEqual({ minMonths: 8, people: 2, share: 0.02 });
    expect(topPercentCut(by, 50)).toEqual({ minMonths: 2, people: 50, share: 0.5 });
  });

  it('topPercentCut does not split a frequency: ties give more than the share asked', () => {
    const tied = byK({ 1: 60, 12: 40 });
    expect(topPercentCut(tied, 10)).toEqual({ minMonths: 12, people: 40, share: 0.4 });
    expect(topPercentCut(tied, 41)).toEqual({ minMonths: 1, people: 100, share: 1 });
    // Everyone at one frequency: the best are everyone.
    expect(topPercentCut(byK({ 3: 9 }), 1)).toEqual({ minMonths: 3, people: 9, share: 1 });
  });

  it('topPercentCut of no buyers is no one', () => {
    expect(topPercentCut(byK({}), 10)).toEqual({ minMonths: 1, people: 0, share: 0 });
    expect(topPercentCut([], 10)).toEqual({ minMonths: 1, people: 0, share: 0 });
  });

  it('checkBestPercent allows whole percentages from 1 to 50', () => {
    for (const ok of [1, 10, 50]) expect(checkBestPercent(ok)).toBeNull();
    for (const bad of [0, 51, 60, -5, 10.5, Number.NaN, Infinity]) expect(checkBestPercent(bad)).toBe(ANALYSIS_TEXT.badPercent);
    expect(ANALYSIS_TEXT.badPercent).toBe('Best customers are the top 1 to 50 % of buyers.');
  });

  it('parseBest reads the query as typed: the tier by default, a whole percent (10 by default), else the refusal and its field', () => {
    expect(parseBest(undefined, undefined)).toEqual({ best: 'tier', percent: null });
    expect(parseBest('tier', '60')).toEqual({ best: 'tier', percent: null });
    expect(parseBest('percent', undefined)).toEqual({ best: 'percent', percent: ANALYSIS.bestPercent.default });
    expect(parseBest('percent', ' 25 ')).toEqual({ best: 'percent', percent: 25 });
    for (const bad of ['', 'TIER', 'top']) expect(parseBest(bad, undefined)).toEqual({ error: ANALYSIS_TEXT.badBest, field: 'best' });
    for (const bad of ['', 'abc', '2.5', '1e1', '0x3', '0', '51', 'Infinity']) expect(parseBest('percent', bad)).toEqual({ error: ANALYSIS_TEXT.badPercent, field: 'percent' });
  });

  it('shareIndex: 100 is the base share, null without a base', () => {
    expect(shareIndex(0.3, 0.15)).toBe(200);
    expect(shareIndex(0.05, 0.1)).toBe(50);
    expect(shareIndex(0.1, 0)).toBeNull();
  });
});

describe('customer attrition', () => {
  it('checkWindow allows whole months from 1 to 6', () => {
    for (const ok of [1, 3, 6]) expect(checkWindow(ok)).toBeNull();
    for (const bad of [0, 7, 9, -1, 2.5, Number.NaN]) expect(checkWindow(bad)).toBe(ANALYSIS_TEXT.badWindow);
    expect(ANALYSIS_TEXT.badWindow).toBe('The window is from 1 to 6 months.');
  });

  it('parseWindow: 3 months by default, a whole number as typed, else the refusal', () => {
    expect(parseWindow(undefined)).toEqual({ window: ANALYSIS.attritionWindow.default });
    expect(parseWindow('6')).toEqual({ window: 6 });
    for (const bad of ['', ' ', '2.5', '1e0', '0x3', '-1', '7', 'abc']) expect(parseWindow(bad)).toEqual({ error: ANALYSIS_TEXT.badWindow });
  });

  it('attritionWindows: recent, earlier and before, in the middle of the data', () => {
    expect(attritionWindows(7, 3)).toEqual({ recent: [5, 6, 7], earlier: [2, 3, 4], before: [0, 1] });
    expect(attritionWindows(23, 6)).toEqual({ recent: [18, 19, 20, 21, 22, 23], earlier: [12, 13, 14, 15, 16, 17], before: [0, 1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11] });
    expect(attritionWindows(10, 1)).toEqual({ recent: [10], earlier: [9], before: [0, 1, 2, 3, 4, 5, 6, 7, 8] });
  });

  it('attritionWindows: at the data\'s first months, the windows are cut at month 0', () => {
    // Both windows just fit: nothing before.
    expect(attritionWindows(5, 3)).toEqual({ recent: [3, 4, 5], earlier: [0, 1, 2], before: [] });
    // The earlier window runs past the start: only month 0 of it is data.
    expect(attritionWindows(3, 3)).toEqual({ recent: [1, 2, 3], earlier: [0], before: [] });
    expect(attritionWindows(2, 3)).toEqual({ recent: [0, 1, 2], earlier: [], before: [] });
    expect(attritionWindows(1, 3)).toEqual({ recent: [0, 1], earlier: [], before: [] });
    expect(attritionWindows(0, 1)).toEqual({ recent: [0], earlier: [], before: [] });
  });

  it('attritionWindows: the three windows partition months 0..t', () => {
    for (let w = 1; w <= 6; w++) {
      for (let t = 0; t < 24; t++) {
        const { recent, earlier, before } = attritionWindows(t, w);
        expect([...before, ...earlier, ...recent]).toEqual(Array.from({ length: t + 1 }, (_, i) => i));
      }
    }
  });

  it('attritionPositions: the last 12 months, or fewer where the windows would not fit', () => {
    for (let w = 1; w <= 6; w++) expect(attritionPositions(24, w)).toEqual([12, 13, 14, 15, 16, 17, 18, 19, 20, 21, 22, 23]);
    expect(attritionPositions()).toEqual(attritionPositions(ANALYSIS.months, ANALYSIS.attritionWindow.default, ANALYSIS.attritionMonths));
    // Ten months of data and a 3-month window: from month 5, the first whose earlier window starts at 0.
    expect(attritionPositions(10, 3)).toEqual([5, 6, 7, 8, 9]);
    expect(attritionPositions(12, 6)).toEqual([11]);
    expect(attritionPositions(8, 6)).toEqual([]);
    // Every position shown has two whole windows.
    for (let w = 1; w <= 6; w++) {
      for (const months of [10, 12, 18, 24]) {
        for (const t of attritionPositions(months, w)) {
          const { recent, earlier } = attritionWindows(t, w);
          expect([recent.length, earlier.length]).toEqual([w, w]);
        }
      }
    }
  });

  it('attritionMonth: every state from the counted sets, and the identities between them', () => {
    const c = { recent: 100, earlier: 80, both: 50, ever: 300, new: 20 };
    const m = attritionMonth(c);
    expect(m).toEqual({ active: 100, retained: 50, new: 20, won_back: 30, at_risk: 30, lapsed: 170, attrition_rate: 30 / 80 });
    // Active is retained + new + won back; the earlier window's people are retained or at risk;
    // everyone who ever bought is active, at risk or lapsed.
    expect(m.retained + m.new + m.won_back).toBe(m.active);
    expect(m.retained + m.at_risk).toBe(c.earlier);
    expect(m.active + m.at_risk + m.lapsed).toBe(c.ever);
  });

  it('attritionMonth: no earlier buyers has no rate; counts never go negative', () => {
    expect(attritionMonth({ recent: 10, earlier: 0, both: 0, ever: 10, new: 10 })).toEqual({ active: 10, retained: 0, new: 10, won_back: 0, at_risk: 0, lapsed: 0, attrition_rate: null });
    expect(attritionMonth({ recent: 0, earlier: 0, both: 0, ever: 0, new: 0 }).attrition_rate).toBeNull();
    expect(attritionMonth({ recent: 40, earlier: 40, both: 40, ever: 40, new: 0 }).attrition_rate).toBe(0);
    // Inconsistent counts (more new than possible, ever too small) are clamped, not negative.
    const odd = attritionMonth({ recent: 10, earlier: 5, both: 5, ever: 3, new: 8 });
    expect(odd.won_back).toBe(0);
    expect(odd.lapsed).toBe(0);
  });
});

describe('buyer retention', () => {
  it('cohortRow, n-month: people of the cohort who bought in each month since; month 0 is the cohort', () => {
    const row = cohortRow('2025-01', 100, [97, 40, 30, 20], [10, 20, 30, 40], 'n-month');
    expect(row).toEqual({ month: '2025-01', size: 100, counts: [100, 40, 30, 20], shares: [1, 0.4, 0.3, 0.2], complete: false });
  });

  it('cohortRow, unbounded: people who bought in that month or later, the sum of last purchases from it on', () => {
    const row = cohortRow('2025-01', 100, [100, 40, 30, 20], [10, 20, 30, 40], 'unbounded');
    expect(row.counts).toEqual([100, 90, 70, 40]);
    expect(row.shares).toEqual([1, 0.9, 0.7, 0.4]);
    // Never below the n-month figure, and never rising.
    const nMonth = cohortRow('2025-01', 100, [100, 40, 30, 20], [10, 20, 30, 40], 'n-month');
    for (let k = 0; k < 4; k++) expect(row.counts[k]).toBeGreaterThanOrEqual(nMonth.counts[k]!);
    for (let k = 1; k < 4; k++) expect(row.counts[k]).toBeLessThanOrEqual(row.counts[k - 1]!);
  });

  it('cohortRow: complete once followed past the horizon; an empty cohort has zero shares', () => {
    const long = Array.from({ length: 13 }, () => 1);
    expect(cohortRow('2024-11', 5, long, long, 'n-month').complete).toBe(true);
    expect(cohortRow('2024-12', 5, long.slice(1), long.slice(1), 'n-month').complete).toBe(false);
    expect(cohortRow('2024-12', 5, [5, 1, 1], [1, 1, 1], 'n-month', 2).complete).toBe(true);
    const empty = cohortRow('2026-10', 0, [0], [0], 'unbounded');
    expect(empty).toEqual({ month: '2026-10', size: 0, counts: [0], shares: [0], complete: false });
  });

  it('averageRetention weighs cohorts by size, over the cohorts that reach each month', () => {
    const rows = [
      { size: 100, counts: [100, 50, 30] },
      { size: 50, counts: [50, 10] },
      { size: 10, counts: [10] },
    ];
    const avg = averageRetention(rows);
    expect(avg).toEqual([1, 60 / 150, 30 / 100]);
    // Not the plain mean of the shares: (0.5 + 0.2) / 2.
    expect(avg[1]).not.toBeCloseTo(0.35, 5);
  });

  it('averageRetention: null where no one could be followed, nothing without cohorts', () => {
    expect(averageRetention([])).toEqual([]);
    expect(averageRetention([{ size: 0, counts: [0, 0] }])).toEqual([null, null]);
    expect(averageRetention([{ size: 0, counts: [0, 0] }, { size: 4, counts: [4] }])).toEqual([1, null]);
  });
});

describe('filters', () => {
  it('parses groups (ANDed) of segment ids (ORed), dropping repeats', () => {
    expect(parseFilterParam(undefined)).toEqual({ groups: [] });
    expect(parseFilterParam('')).toEqual({ groups: [] });
    expect(parseFilterParam('   ')).toEqual({ groups: [] });
    expect(parseFilterParam('1,2;3')).toEqual({ groups: [[1, 2], [3]] });
    expect(parseFilterParam(' 7 , 8 ; 9 ')).toEqual({ groups: [[7, 8], [9]] });
    expect(parseFilterParam('5,5,6;5')).toEqual({ groups: [[5, 6], [5]] });
    expect(parseFilterParam('1234567890')).toEqual({ groups: [[1234567890]] });
  });

  it('round-trips through filterParam', () => {
    const groups = [[12, 345], [6], [7, 8, 9]];
    expect(filterParam(groups)).toBe('12,345;6;7,8,9');
    expect(parseFilterParam(filterParam(groups))).toEqual({ groups });
    expect(filterParam([])).toBe('');
    expect(parseFilterParam(filterParam([]))).toEqual({ groups: [] });
  });

  it('refuses what is not ids: letters, zero, signs, decimals, empty groups or ids, too many digits', () => {
    const error = { error: 'A filter names segments by their ids: numbers, separated by commas, groups by semicolons.' };
    for (const bad of ['a', '1,b', '0', '01', '-1', '+1', '1.5', '1;;2', '1,', ';1', '1;', '12345678901', '1 2', '0x10']) {
      expect(parseFilterParam(bad), bad).toEqual(error);
    }
  });

  it(`refuses more than ${ANALYSIS.filterGroups} groups or ${ANALYSIS.filterGroupSegments} segments in a group`, () => {
    const ids = (n: number) => Array.from({ length: n }, (_, i) => i + 1);
    expect(parseFilterParam(filterParam(ids(5).map((i) => [i])))).toEqual({ groups: ids(5).map((i) => [i]) });
    expect(parseFilterParam(filterParam(ids(6).map((i) => [i])))).toEqual({ error: ANALYSIS_TEXT.tooManyFilters });
    expect(parseFilterParam(filterParam([ids(50)]))).toEqual({ groups: [ids(50)] });
    expect(parseFilterParam(filterParam([ids(51)]))).toEqual({ error: ANALYSIS_TEXT.tooManyFilters });
    expect(ANALYSIS_TEXT.tooManyFilters).toBe('At most 5 filters of 50 segments each.');
  });
});
