import { describe, expect, it } from 'vitest';
import { INDEX_REPORT_REFUSALS } from '@shared/rules/index-report';
import { INDEX_REPORT_TEXT } from '@shared/rules/index-report-form';
import type { MekkoView } from './chart-edits';
import { indexReportOfSelection } from './index-report-of-selection';

const audience = (id: number, marketId: number, name: string, matched: number | null) => ({
  id, market_id: marketId, name, tag: 'none' as const, order: 0, matched_short_id: matched, modeled_short_id: null, population: 100, webo_cluster_id: null, discussion_cluster_node_id: null, in_prediction_model: false,
});
const segment = (id: number, name: string, deleted = false) => ({
  id, identifier: `s${id}`, name, path_parts: [], vendor_type: 'matched', deleted, people_count: 10, create_audience_single: true,
});

function chart(extra: Partial<MekkoView> = {}): MekkoView {
  return {
    id: 7, name: 'Fizz Map', default: false, measurement_label: 'Penetration', count_type: 'people_count', vertical_type: null, version: 3, updated_at: '2026-01-01T00:00:00Z',
    markets: [
      { id: 1, name: 'Cola', order: 0, sub_markets: [audience(11, 1, 'Fans', 110), audience(12, 1, 'Lapsed', 120)] },
      { id: 2, name: 'Age', order: 1, sub_markets: [audience(21, 2, '18-24', 210), audience(22, 2, 'Unmatched', null), audience(23, 2, 'Twin', 110)] },
    ],
    segments: [segment(110, 'Cola fans'), segment(120, 'Cola lapsed'), segment(210, 'Age 18-24')],
    invalid_audience_ids: [], segments_checked: true, region_people: 1000,
    ...extra,
  };
}
const ctx = { context: 'acme/us/fizz-cola/fizz-original', canCreate: true, lite: false };

describe('indexReportOfSelection', () => {
  it('describes the selection as the insights count it, with the other audiences as bases', () => {
    const { block, request } = indexReportOfSelection(chart(), [11, 12, 21], 'matched', ctx);
    expect(block).toBeNull();
    expect(request).toMatchObject({
      context: ctx.context, tab: 'person_level', origin: 'Grow: Fizz Map',
      audience: { name: '(Fans or Lapsed) and 18-24', rules: { include: { and: [[110, 120], [210]] }, exclude: [] } },
    });
    expect(request!.audience.labels['120']).toBe('Cola lapsed');
    expect(indexReportOfSelection(chart(), [11], 'matched', ctx).request!.bases.map((b) => [b.name, b.rules.include.and])).toEqual([
      ['Cola: Lapsed', [[120]]], ['Age: 18-24', [[210]]],
    ]);
  });
  it('is refused at the Market Level (the Total Population tab), without a selection, for lite clients and without the permission', () => {
    expect(indexReportOfSelection(chart(), [11], 'total', ctx)).toEqual({ block: INDEX_REPORT_REFUSALS.marketLevel, request: null });
    expect(indexReportOfSelection(chart(), [], 'matched', ctx).block).toBe(INDEX_REPORT_TEXT.noAudience);
    expect(indexReportOfSelection(chart(), [22], 'matched', ctx).block).toBe(INDEX_REPORT_TEXT.noAudience);
    expect(indexReportOfSelection(chart(), [11], 'matched', { ...ctx, lite: true }).block).toBe(INDEX_REPORT_REFUSALS.lite);
    expect(indexReportOfSelection(chart(), [11], 'matched', { ...ctx, canCreate: false }).block).toBe(INDEX_REPORT_REFUSALS.permission);
  });
  it('is refused for deleted or missing segments once the region is checked', () => {
    const deleted = chart({ segments: [segment(110, 'Cola fans', true), segment(120, 'Cola lapsed'), segment(210, 'Age 18-24')] });
    expect(indexReportOfSelection(deleted, [11], 'matched', ctx).block).toBe(INDEX_REPORT_REFUSALS.invalidIdentifiers);
    expect(indexReportOfSelection(deleted, [12], 'matched', ctx).block).toBeNull();
    expect(indexReportOfSelection(chart({ segments: [] }), [11], 'matched', ctx).block).toBe(INDEX_REPORT_REFUSALS.invalidIdentifiers);
    expect(indexReportOfSelection(chart({ segments: [], segments_checked: false }), [11], 'matched', ctx).block).toBeNull();
  });
});
