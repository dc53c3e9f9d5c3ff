import { describe, expect, it } from 'vitest';
import { AUDIENCES_TEXT } from '../../src/shared/rules/audience-kinds';
import { countResponseSchema } from '../../src/shared/schemas/insights';
import { audiences } from '../../src/server/db/schema';
import { findProductScope } from '../../src/server/modules/hierarchy/hierarchy-repository';
import { ACME_PRODUCT, login, ANALYST } from './helper';
import { journeyBody, journeyKit } from './journeys-support';
import { expectError, userId } from './support';

describe('POST /api/journeys/{id}/counts', async () => {
  const kit = await journeyKit();
  const { app, admin, db, database, make, counts, live, liveModeled, uniqueName, send, get } = kit;

  /** People in every segment of `ids` (the insights count route: an independent answer). */
  const countOf = async (ids: number[]) => {
    const res = await admin.request({ method: 'POST', url: '/api/audiences/count', payload: { rules: { include: { and: ids.map((id) => [id]) }, exclude: [], values: [] } }, context: 'acme/us' });
    expect(res.statusCode, res.body).toBe(200);
    return countResponseSchema.parse(res.json()).data.count;
  };

  // Two brands by five stages: brand 0 has a segment in every stage, brand 1 none in its third.
  const stages = live.slice(0, 5);
  const { body } = journeyBody(uniqueName('Counted'), ['Fizz', 'Pop'], ['Aware', 'Consider', 'Buy', 'Repeat', 'Advocate'], (b, s) => ({
    population: b === 0 ? [1000, 600, 0, 200, 100][s]! : 50,
    matched_id: b === 1 && s === 2 ? null : stages[(s + b) % 5]!.id,
    modeled_id: s === 0 ? liveModeled[0]!.id : null,
  }), { has_transition_data: true });
  const journey = (await make(body)).data;

  it('counts each cell\'s people and each adjacent pair\'s shared people: share = |A∩B| / |A|', async () => {
    const got = await counts(journey.id, 'matched');
    expect(got.tab).toBe('matched');
    expect(got.people).toBeGreaterThan(0);
    const [fizz, pop] = got.brands;
    expect(fizz!.brand_id).toBe(journey.brands[0]!.id);
    for (const [i, stage] of fizz!.stages.entries()) {
      expect(stage.stage_id).toBe(journey.stages[i]!.id);
      expect(stage.count).toBe(await countOf([stages[i]!.id]));
    }
    expect(fizz!.transitions).toHaveLength(4);
    for (const [i, t] of fizz!.transitions.entries()) {
      const both = await countOf([stages[i]!.id, stages[i + 1]!.id]);
      expect(t).toEqual({ from_stage_id: journey.stages[i]!.id, to_stage_id: journey.stages[i + 1]!.id, both, share: both / fizz!.stages[i]!.count! });
      expect(both).toBeGreaterThan(0);
    }
    // Pop has no segment in its third stage: that stage counts null, and both arrows touching it are N/A.
    expect(pop!.stages[2]!.count).toBeNull();
    expect(pop!.transitions.map((t) => t.share === null)).toEqual([false, true, true, false]);
    expect(pop!.transitions[3]!.both).toBe(await countOf([stages[4]!.id, stages[0]!.id]));
  });

  it('answers the same on both data sources (molecula and es)', async () => {
    const es = await login(app, ANALYST);
    const switched = await es.request({ method: 'PUT', url: '/api/auth/data-source', payload: { source: 'es' } });
    expect(switched.statusCode, switched.body).toBe(200);
    const molecula = await login(app, ANALYST);
    for (const tab of ['matched', 'modeled'] as const) {
      const [a, b] = [await counts(journey.id, tab, molecula), await counts(journey.id, tab, es)];
      expect({ ...b, counted_at: '' }).toEqual({ ...a, counted_at: '' });
    }
  });

  it('on Modeled counts the modeled segments: cells without one count null', async () => {
    const got = await counts(journey.id, 'modeled');
    const fizz = got.brands[0]!;
    expect(fizz.stages[0]!.count).toBe(await countOf([liveModeled[0]!.id]));
    expect(fizz.stages.slice(1).map((s) => s.count)).toEqual([null, null, null, null]);
    expect(fizz.transitions.every((t) => t.both === null && t.share === null)).toBe(true);
  });

  it('on Total Population counts the cells\' populations and their ratios, N/A after a zero', async () => {
    const got = await counts(journey.id, 'total');
    const fizz = got.brands[0]!;
    expect(fizz.stages.map((s) => s.count)).toEqual([1000, 600, 0, 200, 100]);
    expect(fizz.transitions.map((t) => t.share)).toEqual([0.6, 0, null, 0.5]);
    expect(fizz.transitions.every((t) => t.both === null)).toBe(true);
  });

  it('has no transitions without "Display Transition Data"', async () => {
    const plain = (await make(journeyBody(uniqueName('Plain'), ['A'], ['S1', 'S2'], (_b, s) => ({ matched_id: live[s]!.id })).body)).data;
    const got = await counts(plain.id, 'matched');
    expect(got.brands[0]!.transitions).toEqual([]);
    expect(got.brands[0]!.stages.map((s) => s.count)).toEqual([await countOf([live[0]!.id]), await countOf([live[1]!.id])]);
  });

  it('needs a tab it knows and a journey of the context', async () => {
    expect((await admin.request({ method: 'POST', url: `/api/journeys/${journey.id}/counts`, payload: { tab: 'people' }, context: ACME_PRODUCT })).statusCode).toBe(400);
    expectError(await admin.request({ method: 'POST', url: '/api/journeys/999999/counts', payload: { tab: 'matched' }, context: ACME_PRODUCT }), 404, 'NOT_FOUND');
  });

  describe('"Used by" of an audience', () => {
    it('lists the journeys whose cells name the audience\'s segment, with their users, and refuses its delete', async () => {
      const scope = (await findProductScope(db, { client: 'acme', region: 'us', brand: 'fizz-cola', product: 'fizz-original' }))!;
      const segment = live[9]!;
      const [audience] = await db.insert(audiences).values({ clientId: scope.clientId, productId: scope.productId, regionId: scope.regionId, name: 'Backed by a segment', shortId: segment.id, createdBy: await userId(database, ANALYST) }).returning();
      const analyst = await login(app, ANALYST);
      const using = (await make(journeyBody(uniqueName('Uses it'), ['A'], ['S'], () => ({ modeled_id: segment.id })).body, analyst)).data;
      const detail = await get(`/api/audiences/${audience!.id}`);
      expect(detail.statusCode, detail.body).toBe(200);
      expect(detail.json().data.used_by).toContainEqual({ kind: 'journey', id: using.id, name: using.name, user: 'Priya Raman' });
      const refused = expectError(await send(admin, { method: 'DELETE', url: `/api/audiences/${audience!.id}` }), 409, 'CONFLICT');
      // The demo's Grow charts may name the segment too: the refusal names every user.
      expect(refused.error.message.startsWith(AUDIENCES_TEXT.inUse('Backed by a segment', '\u0000').split('\u0000')[0]!)).toBe(true);
      expect(refused.error.message).toContain(`the journey '${using.name}' of Priya Raman`);
    });
  });
});
