import { describe, expect, it } from 'vitest';
import type { Journey } from '@shared/schemas/journeys';
import {
  applyToJourney, applyToJourneyList, bodyOfJourney, journeyFromEdit, parseJourneyPath, settleJourney, settleJourneyList, summaryOfJourney, type JourneySummaryView, type JourneyView,
} from './journey-edits';

const at = Date.parse('2026-11-25T12:00:00.000Z');
const journey = (id: number, name: string, isDefault = false): Journey => ({
  id, name, default: isDefault, has_transition_data: true, version: 3, updated_at: '2026-11-25T10:00:00.000Z',
  brands: [{ id: 10, name: 'Fizz', order: 0 }, { id: 11, name: 'Pop', order: 1 }],
  stages: [{ id: 20, name: 'Aware', priority: 0, icon: 'eye' }, { id: 21, name: 'Buy', priority: 1, icon: 'shopping-cart' }],
  sub_markets: [
    { id: 100, journey_brand_id: 10, journey_stage_id: 20, population: 5, matched_id: 1, modeled_id: null, discussion_cluster_node_id: null },
    { id: 101, journey_brand_id: 10, journey_stage_id: 21, population: 3, matched_id: 2, modeled_id: 9, discussion_cluster_node_id: null },
    { id: 102, journey_brand_id: 11, journey_stage_id: 20, population: 4, matched_id: 3, modeled_id: null, discussion_cluster_node_id: null },
    { id: 103, journey_brand_id: 11, journey_stage_id: 21, population: 2, matched_id: 4, modeled_id: null, discussion_cluster_node_id: 7 },
  ],
  segments: [
    { id: 2, identifier: 's2', name: 'Buyers', path_parts: [], vendor_type: 'x', deleted: false, people_count: 10 },
    { id: 9, identifier: 's9', name: 'Gone', path_parts: [], vendor_type: 'x', deleted: true, people_count: 0 },
  ],
  invalid_cell_ids: [101],
  segments_checked: true,
});
const summaries = (): JourneySummaryView[] => [summaryOfJourney(journey(1, 'Funnel', true)), summaryOfJourney(journey(2, 'Zeta'))];

describe('journey edits', () => {
  it('reads the journey id and action of a path', () => {
    expect(parseJourneyPath('/api/journeys')).toEqual({ journeyId: null, action: null });
    expect(parseJourneyPath('/api/journeys/12?version=3')).toEqual({ journeyId: '12', action: null });
    expect(parseJourneyPath('/api/journeys/12/copy')).toEqual({ journeyId: '12', action: 'copy' });
    expect(parseJourneyPath('/api/mekkos/12')).toEqual({ journeyId: null, action: null });
  });

  it('shows a journey created offline at once, pending under its temporary id, made default over the old one', () => {
    const body = { ...bodyOfJourney(journey(0, ' New one ')), default: true, brands: [{ id: 'tmp-b', name: 'Fizz', order: 0 }], stages: [{ id: 'tmp-s', name: 'New Stage 1', priority: 0, icon: 'blank' as const }], sub_markets: [{ journey_brand_id: 'tmp-b', journey_stage_id: 'tmp-s', population: 0, matched_id: null, modeled_id: null, discussion_cluster_node_id: null }] };
    const edit = { method: 'POST' as const, path: '/api/journeys', entityId: 'tmp-j', createdAt: at, body };
    const list = applyToJourneyList(summaries(), edit);
    expect(list.map((j) => [j.id, j.default, j.pending ?? false])).toEqual([['tmp-j', true, true], [1, false, false], [2, false, false]]);
    expect(list[0]).toMatchObject({ name: 'New one', brand_count: 1, stage_count: 1, invalid_cell_count: 0 });
    const made = journeyFromEdit(edit);
    expect(made).toMatchObject({ id: 'tmp-j', pending: true, version: 0, brands: [{ id: 'tmp-b' }], stages: [{ id: 'tmp-s', icon: 'blank' }] });
    expect(made.sub_markets[0]).toMatchObject({ journey_brand_id: 'tmp-b', journey_stage_id: 'tmp-s' });
  });

  it('shows a copy pending under the name the server will give unless one was asked', () => {
    const list = applyToJourneyList(summaries(), { method: 'POST', path: '/api/journeys/2/copy', entityId: 'tmp-c', createdAt: at, body: {} });
    expect(list.find((j) => j.id === 'tmp-c')).toMatchObject({ name: 'Zeta (copy)', default: false, pending: true, brand_count: 2 });
    const named = applyToJourneyList(summaries(), { method: 'POST', path: '/api/journeys/2/copy', entityId: 'tmp-c', createdAt: at, body: { name: 'Mine' } });
    expect(named.find((j) => j.id === 'tmp-c')?.name).toBe('Mine');
    expect(journeyFromEdit({ method: 'POST', path: '/api/journeys/2/copy', entityId: 'tmp-c', createdAt: at, body: {} }, journey(2, 'Zeta'))).toMatchObject({ id: 'tmp-c', name: 'Zeta (copy)', default: false, pending: true });
  });

  it('applies a whole-journey edit to the list and the open journey, keeping the ids of cells it had', () => {
    const base = journey(2, 'Zeta');
    const body = { ...bodyOfJourney(base), name: 'Zed', default: true, stages: [...base.stages, { id: 'tmp-s', name: 'Repeat', priority: 2, icon: 'star' as const }] };
    body.sub_markets = [...body.sub_markets, { journey_brand_id: 10, journey_stage_id: 'tmp-s', population: 1, matched_id: null, modeled_id: null, discussion_cluster_node_id: null }];
    const edit = { method: 'PUT' as const, path: '/api/journeys/2', entityId: '2', createdAt: at, body: { ...body, base: bodyOfJourney(base) } };
    const list = applyToJourneyList(summaries(), edit);
    expect(list.map((j) => [j.id, j.name, j.default])).toEqual([[2, 'Zed', true], [1, 'Funnel', false]]);
    expect(list[0]).toMatchObject({ stage_count: 3, pending: true });
    const open = applyToJourney(base, edit);
    expect(open).toMatchObject({ name: 'Zed', pending: true, version: 3 });
    expect(open.stages.map((s) => s.id)).toEqual([20, 21, 'tmp-s']);
    expect(open.sub_markets.find((c) => c.journey_stage_id === 21 && c.journey_brand_id === 10)?.id).toBe(101);
    expect(open.sub_markets.find((c) => c.journey_stage_id === 'tmp-s')?.id).toBe('10|tmp-s');
    // The cell naming the deleted segment 9 is still invalid.
    expect(open.invalid_cell_ids).toEqual([101]);
    expect(applyToJourney(journey(1, 'Funnel'), edit).name).toBe('Funnel');
  });

  it('clears deleted segments on Remove Invalid Audience(s) and drops a deleted journey from the list', () => {
    const cleared = applyToJourney(journey(2, 'Zeta'), { method: 'POST', path: '/api/journeys/2/remove-invalid', entityId: '2', createdAt: at, body: {} });
    expect(cleared.invalid_cell_ids).toEqual([]);
    expect(cleared.sub_markets.find((c) => c.id === 101)).toMatchObject({ matched_id: 2, modeled_id: null });
    expect(applyToJourneyList(summaries(), { method: 'POST', path: '/api/journeys/2/remove-invalid', entityId: '2', createdAt: at, body: {} })[1]).toMatchObject({ invalid_cell_count: 0, pending: true });
    expect(applyToJourneyList(summaries(), { method: 'DELETE', path: '/api/journeys/1?version=3', entityId: '1', createdAt: at }).map((j) => j.id)).toEqual([2]);
  });

  it('puts the server copy in place of the pending one, under its new id', () => {
    const pending = applyToJourneyList(summaries(), { method: 'POST', path: '/api/journeys/2/copy', entityId: 'tmp-c', createdAt: at, body: {} });
    const copy = { ...journey(5, 'Zeta (copy)'), version: 1, invalid_cell_ids: [] };
    const settled = settleJourneyList(pending, 'tmp-c', copy);
    expect(settled.map((j) => j.id)).toEqual([1, 2, 5]);
    expect(settled.every((j) => !j.pending)).toBe(true);
    expect(settleJourneyList(summaries(), '2', null).map((j) => j.id)).toEqual([1]);
    // A new default un-defaults the old one.
    expect(settleJourneyList(summaries(), '2', { ...journey(2, 'Zeta', true), version: 4 }).map((j) => [j.id, j.default])).toEqual([[2, true], [1, false]]);
    const made: JourneyView = journeyFromEdit({ method: 'POST', path: '/api/journeys', entityId: 'tmp-j', createdAt: at, body: bodyOfJourney(journey(0, 'X')) });
    expect(settleJourney(made, 'tmp-j', journey(8, 'X')).id).toBe(8);
    const other = journey(1, 'Funnel');
    expect(settleJourney(other, 'tmp-c', copy)).toBe(other);
    expect(settleJourney(other, '1', { ...other, version: 4 }).version).toBe(4);
  });
});

describe('a journey save queued after the create that makes its brand and stage', () => {
  it('is rewritten by the create\'s answer (meta.created) to the new ids, journey, brand and stage', async () => {
    const { createdKeys, rebase } = await import('@shared/rules/outbox-answers');
    const created = createdKeys({ data: {}, meta: { created: { 'tmp-j': 8, 'tmp-b': 30, 'tmp-s': 40 } } });
    const body = { name: 'X', brands: [{ id: 'tmp-b', name: 'Fizz', order: 0 }], stages: [{ id: 'tmp-s', name: 'S', priority: 0, icon: 'blank' }], sub_markets: [{ journey_brand_id: 'tmp-b', journey_stage_id: 'tmp-s' }] };
    const later = { id: 'c2', entity: 'journey', entityId: 'tmp-j', createdAt: 2, baseVersion: 0, state: 'pending' as const, attempts: 0, nextAttemptAt: null, method: 'PUT' as const, path: '/api/journeys/tmp-j', body: { ...body, base: body } };
    const out = rebase(later, { entityId: 'tmp-j', newVersion: 1, newId: '8', created });
    expect(out).toMatchObject({ entityId: '8', path: '/api/journeys/8', baseVersion: 1 });
    expect(out.body).toMatchObject({ brands: [{ id: 30 }], stages: [{ id: 40 }], sub_markets: [{ journey_brand_id: 30, journey_stage_id: 40 }], base: { brands: [{ id: 30 }] } });
  });
});
