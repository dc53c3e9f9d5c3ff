import { describe, expect, it } from 'vitest';
import { TEXT } from '@shared/constants';
import { withRetryEdits } from '@shared/rules/refusals';
import '../../entities';
import type { StoredCommand } from './db';
import { retryAction, retryFieldsOf } from './outbox-actions';
import { loadEveryEntity, outboxEntities } from './outbox-client';

/**
 * Issue 27: no refusal of a queued create or edit leaves Discard as the only way out. For every
 * entity the outbox carries, a refused command as its feature makes it: what the user typed is
 * offered to change ("Edit and retry"), and sending it again keeps the rest of it (rules, lists).
 * A new entity without a case here fails the first test.
 */
const rules = { include: { and: [[11, 12]] }, exclude: [13], values: [] };
const CASES: Record<string, { method: StoredCommand['method']; path: string; body?: unknown; typed: string[] }> = {
  toolbox_unit: {
    method: 'PUT', path: '/api/toolbox/units/4',
    body: { name: 'Reach planner', region_ids: ['all'], use_client_hierarchy: true, feature_module_category: null, iframed: false, url: 'https://example.com', status: true, base: { name: 'Reach' } },
    typed: ['name', 'url'],
  },
  mekko: {
    method: 'PUT', path: '/api/mekkos/3/audiences/9',
    body: { name: 'Runners', tag: 'owned', matched_short_id: 5, modeled_short_id: null, population: 1200, webo_cluster_id: null, discussion_cluster_node_id: null, base: { name: 'Run' } },
    typed: ['name', 'population'],
  },
  saved_audience: { method: 'POST', path: '/api/audiences', body: { name: 'Gamers', description: 'Play a lot', rules, referer: 'Grow' }, typed: ['name', 'description'] },
  motivation_audience: {
    method: 'POST', path: '/api/motivation-audiences', body: { motivation_audience: { name: 'Movers', description: '', rules } }, typed: ['motivation_audience.name', 'motivation_audience.description'],
  },
  persona: { method: 'POST', path: '/api/personas', body: { name: 'GAMERS AND MUSIC LOVERS', identifiers: rules, default: false, icon: null, client_key: 'tmp-1' }, typed: ['name'] },
  custom_widget: {
    method: 'POST', path: '/api/widgets', body: { name: 'Top brands', tab: 'brands', rows: [{ segment_id: 4 }], persona_id: 2, kind: 'market', client_key: 'tmp-2' }, typed: ['name'],
  },
  comparison: { method: 'POST', path: '/api/comparisons', body: { name: 'Gamers vs Runners', members: [{ kind: 'persona', id: 2 }] }, typed: ['name'] },
  journey: {
    method: 'PUT', path: '/api/journeys/6',
    body: { name: 'Path to purchase', default: false, has_transition_data: false, brands: [{ id: 1, name: 'Fizz' }], stages: [{ id: 2, name: 'Aware' }], sub_markets: [], base: { name: 'Path' } },
    typed: ['name'],
  },
  outcome_timeframe: {
    method: 'PUT', path: '/api/outcome-timeframes/8',
    body: { outcome_timeframe: { year: 2026, month: 3, total: 5000, matched: 4000, modeled: 1000, mekko_id: 3, market_outcomes_attributes: [{ market_id: 1, total: 10 }] }, base: { total: 4000 } },
    typed: ['outcome_timeframe.total', 'outcome_timeframe.matched', 'outcome_timeframe.modeled'],
  },
  scenario: {
    method: 'POST', path: '/api/scenarios',
    body: { name: 'Spring push', budget: 1200000, start_week: '2027-03-01', flights: [{ media_type: 'TV', weekly_budget: [100000, 120000], min: null, max: null }], source_import_id: 3 },
    typed: ['name', 'budget'],
  },
  // Marking a notification read carries nothing typed: it is offered to send again as it is.
  notification_task: { method: 'POST', path: '/api/notifications/5/read', typed: [] },
};

const refused = (entity: string): StoredCommand => {
  const c = CASES[entity]!;
  return {
    ...(entity === 'mekko' ? { item: 'audience:9' } : {}),
    id: `c-${entity}`, entity, entityId: '1', baseVersion: 1, createdAt: 1, state: 'rejected', attempts: 1, nextAttemptAt: null, userId: 7,
    method: c.method, path: c.path, body: c.body, context: 'acme/us/fizz-cola/fizz-original', label: `Save ${entity}`,
    error: { status: 422, code: 'VALIDATION_FAILED', message: 'Not valid' },
  };
};

describe('a refused command of every entity the outbox carries (issue 27)', () => {
  it('has a case here for every registered entity', async () => {
    await loadEveryEntity();
    expect(outboxEntities()).toEqual(Object.keys(CASES).sort());
  });

  for (const entity of Object.keys(CASES)) {
    it(`${entity}: offers a way besides Discard, and sending it again keeps what was not changed`, async () => {
      await loadEveryEntity();
      const command = refused(entity);
      if (entity === 'mekko') expect(retryFieldsOf(command)[0]?.label).toBe('Audience name');
      const fields = retryFieldsOf(command);
      expect(fields.map((f) => f.path)).toEqual(CASES[entity]!.typed);
      // Named as the user sees it, never the API's name.
      for (const f of fields) expect(f.label).toMatch(/^[A-Z]/);
      expect(retryAction(command)).toBe(fields.length > 0 ? TEXT.editAndRetry : TEXT.sendAgain);
      if (fields.length === 0) return;
      const [first] = fields;
      const edited = withRetryEdits(command.body, { [first!.path]: first!.kind === 'number' ? '42' : 'Changed' }, fields) as Record<string, unknown>;
      // The changed field has the new value; everything else of the body is what the user had made.
      const expected = structuredClone(command.body) as Record<string, unknown>;
      const keys = first!.path.split('.');
      const holder = keys.slice(0, -1).reduce<Record<string, unknown>>((o, k) => o[k] as Record<string, unknown>, expected);
      holder[keys.at(-1)!] = first!.kind === 'number' ? 42 : 'Changed';
      expect(edited).toEqual(expected);
    });
  }
});
