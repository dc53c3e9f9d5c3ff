import { describe, expect, it } from 'vitest';
import type { OutcomeTimeframe } from '@shared/schemas/outcomes';
import { applyToTimeframes, parseTimeframePath, settleTimeframes, timeframeFields, timeframesView, type TimeframeEdit } from './measure-edits';

const tf = (id: number | null, year: number, month: number, matched: number, extra: Partial<OutcomeTimeframe> = {}): OutcomeTimeframe => ({
  id, mekko_id: 7, year, month, current: id === null, source: id === null ? 'synthesised' : 'entered', recorded_at: null, version: id === null ? 0 : 1, updated_at: null,
  total: matched * 3, matched, modeled: matched * 2,
  market_outcomes: [{ market_id: 1, total: matched * 3, matched, modeled: matched * 2 }],
  submarket_outcomes: [{ sub_market_id: 11, market_id: 1, total: matched * 3, matched, modeled: matched * 2 }],
  ...extra,
});
const list = () => timeframesView(7, { data: [tf(null, 2026, 5, 900), tf(3, 2026, 3, 500), tf(4, 2026, 4, 700)], meta: { today: { year: 2026, month: 5 }, data_ready: true } });
const edit = (e: Partial<TimeframeEdit> & Pick<TimeframeEdit, 'method' | 'path'>): TimeframeEdit => ({ entityId: 'x', createdAt: 0, ...e });

describe('measure edits', () => {
  it('lists newest first with month keys', () => {
    expect(list().data.map((t) => t.key)).toEqual(['2026-05', '2026-04', '2026-03']);
  });

  it('parses the write paths', () => {
    expect(parseTimeframePath('/api/mekkos/7/outcome-timeframes')).toEqual({ mekkoId: '7', timeframeId: null });
    expect(parseTimeframePath('/api/outcome-timeframes/3?version=2')).toEqual({ mekkoId: null, timeframeId: '3' });
    expect(parseTimeframePath('/api/outcome-timeframes/record')).toEqual({ mekkoId: null, timeframeId: null });
  });

  it('a create shows pending under its temporary id, month one-based from the zero-based body, on its own chart only', () => {
    const body = { outcome_timeframe: { ...timeframeFields({ ...tf(null, 2026, 1, 100), mekko_id: 7 }) } };
    expect(body.outcome_timeframe.month).toBe(0);
    const made = applyToTimeframes(list(), edit({ method: 'POST', path: '/api/mekkos/7/outcome-timeframes', body, entityId: 'tmp-1' }));
    expect(made.data.map((t) => [t.key, t.id, t.pending ?? false])).toEqual([['2026-05', null, false], ['2026-04', 4, false], ['2026-03', 3, false], ['2026-01', 'tmp-1', true]]);
    expect(made.data[3]!.submarket_outcomes[0]!.matched).toBe(100);
    expect(applyToTimeframes(list(), edit({ method: 'POST', path: '/api/mekkos/8/outcome-timeframes', body, entityId: 'tmp-1' }))).toEqual(list());
  });

  it('an edit shows its figures (what it does not name keeps its value); a delete removes', () => {
    const body = { outcome_timeframe: { year: 2026, month: 2, total: 1, matched: 2, modeled: 3, submarket_outcomes_attributes: [{ sub_market_id: 11, total: 4, matched: 5, modeled: 6 }] } };
    const edited = applyToTimeframes(list(), edit({ method: 'PUT', path: '/api/outcome-timeframes/3', body }));
    const march = edited.data.find((t) => t.id === 3)!;
    expect([march.matched, march.submarket_outcomes[0]!.matched, march.market_outcomes[0]!.matched, march.pending]).toEqual([2, 5, 500, true]);
    expect(applyToTimeframes(list(), edit({ method: 'DELETE', path: '/api/outcome-timeframes/4' })).data.map((t) => t.id)).toEqual([null, 3]);
  });

  it('settles with the server copy: a temporary id replaced, a recorded current month replacing the synthesised one, a delete gone', () => {
    const made = applyToTimeframes(list(), edit({ method: 'POST', path: '/api/mekkos/7/outcome-timeframes', body: { outcome_timeframe: { year: 2026, month: 0 } }, entityId: 'tmp-1' }));
    const settled = settleTimeframes(made, 'tmp-1', tf(9, 2026, 1, 100));
    expect(settled.data.map((t) => t.id)).toEqual([null, 4, 3, 9]);
    expect(settled.data.some((t) => t.pending)).toBe(false);
    const recorded = settleTimeframes(list(), 'r', tf(10, 2026, 5, 950, { source: 'recorded' }));
    expect(recorded.data.map((t) => t.id)).toEqual([10, 4, 3]);
    expect(settleTimeframes(list(), '4', null).data.map((t) => t.id)).toEqual([null, 3]);
    expect(settleTimeframes(list(), 'x', { ...tf(12, 2025, 1, 1), mekko_id: 8 })).toEqual(list());
  });
});
