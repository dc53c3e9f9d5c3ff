import { describe, expect, it } from 'vitest';
import { scenarioSummary } from '@shared/rules/scenarios';
import type { Scenario } from '@shared/schemas/plans';
import { applyToScenarioList, parseScenarioPath, settleScenarioList, type ScenarioView } from './scenario-edits';

const tv = { media_type: 'TV', curve_type_name: 'Spend', params: { a: 0, b: 1.2, c: 50_000, d: 10_000, e: 1, cpp_or_cpm: null, cpp: null } };
const flights = (n: number) => [{ media_type: 'TV', weekly_budget: [n, n], min: null, max: null }, { media_type: 'Print', weekly_budget: [10, 10], min: null, max: null }];
const scenario = (id: number, name: string, updated: string): Scenario => ({
  id, name, budget: 220, start_week: '2027-03-01', flights: flights(100), source_import_id: null,
  summary: scenarioSummary(flights(100), [tv]), version: 2, created_by: { id: 1, name: 'Dana Whitfield' }, updated_at: updated,
});
const list: ScenarioView[] = [scenario(2, 'Summer', '2026-11-02T00:00:00.000Z'), scenario(1, 'Spring', '2026-11-01T00:00:00.000Z')];
const edit = (method: 'POST' | 'PUT' | 'DELETE', path: string, body: unknown, entityId = '1') => ({ method, path, body, entityId, createdAt: Date.parse('2026-11-03T00:00:00.000Z') });

describe('a queued scenario save or delete, as the saved scenarios show it', () => {
  it('shows a new one first, pending, with its figures worked out from the curves on the device', () => {
    const body = { name: ' Autumn ', budget: 500, start_week: '2027-09-06', flights: flights(240), source_import_id: 3 };
    const out = applyToScenarioList(list, edit('POST', '/api/scenarios', body, 'tmp-9'), [tv]);
    expect(out.map((s) => s.id)).toEqual(['tmp-9', 2, 1]);
    const made = out[0]!;
    expect(made).toMatchObject({ name: 'Autumn', budget: 500, start_week: '2027-09-06', source_import_id: 3, version: 1, pending: true });
    expect(made.summary).toEqual(scenarioSummary(flights(240), [tv]));
    expect(made.summary.missing_curves).toEqual(['Print']);
    // Without the curves on the device: the budget, and no response yet.
    expect(applyToScenarioList(list, edit('POST', '/api/scenarios', body, 'tmp-9'), null)[0]!.summary).toMatchObject({ budget: 500, response: null });
  });

  it('shows a save of an opened one in its place at the top, its version kept for the outbox to rebase', () => {
    const out = applyToScenarioList(list, edit('PUT', '/api/scenarios/1', { name: 'Spring v2', budget: 300, start_week: '2027-03-01', flights: flights(140), source_import_id: null }), [tv]);
    expect(out.map((s) => [s.id, s.name, s.version, s.pending ?? false])).toEqual([[1, 'Spring v2', 2, true], [2, 'Summer', 2, false]]);
    expect(out[0]!.summary.response).toBeCloseTo(scenarioSummary(flights(140), [tv]).response!, 9);
  });

  it('takes a deleted one out, by the id in its path', () => {
    expect(applyToScenarioList(list, edit('DELETE', '/api/scenarios/2?version=2', undefined, '2'), [tv]).map((s) => s.id)).toEqual([1]);
    expect(parseScenarioPath('/api/scenarios/17?version=3')).toBe('17');
  });

  it("puts the server's copy in place of the queued one, by the temporary or the real id", () => {
    const pending = applyToScenarioList(list, edit('POST', '/api/scenarios', { name: 'Autumn', budget: 1, flights: flights(1) }, 'tmp-9'), [tv]);
    const copy = { ...scenario(3, 'Autumn', '2026-11-04T00:00:00.000Z') };
    expect(settleScenarioList(pending, 'tmp-9', copy).map((s) => [s.id, s.pending ?? false])).toEqual([[3, false], [2, false], [1, false]]);
    expect(settleScenarioList(list, '2', null).map((s) => s.id)).toEqual([1]);
  });
});
