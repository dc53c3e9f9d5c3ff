import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { AUDIENCES_TEXT, LOOKALIKE, lookalikeLift } from '../../src/shared/rules/audience-kinds';
import {
  deleteAnswerSchema,
  lookalikeListResponseSchema,
  lookalikeResponseSchema,
  motivationAudienceListResponseSchema,
  optimizedSeedResponseSchema,
} from '../../src/shared/schemas/audiences';
import { motivationAudienceResponseSchema } from '../../src/shared/schemas/explore';
import { countResponseSchema, overlapResponseSchema } from '../../src/shared/schemas/insights';
import { tasksResponseSchema } from '../../src/shared/schemas/notifications';
import { segments } from '../../src/server/db/schema';
import { allocateSegment } from '../../src/server/modules/audiences/audience-repository';
import { ACME_PRODUCT } from './helper';
import { audiencesKit, rule, type Rules } from './audiences-support';
import { clientRegionIdOf, TEST_POPULATION } from './population';
import { catalogSeedOf } from '../../src/server/engine/generator/generator';
import { seedPopulation } from '../../src/server/engine/population-seeder';
import { expectError, strict } from './support';

// Jobs and a 200k-people region: slower than the default under a shared machine's load.
describe('Lookalikes, optimized and motivation audiences (issue 16)', { timeout: 120_000 }, async () => {
  const kit = await audiencesKit();
  const { app, db, admin, analyst, send, get, save, detail, lookalike, ok, near, acme } = kit;
  const count = async (rules: Rules) => strict(countResponseSchema).parse(ok(await send(admin, { method: 'POST', url: '/api/audiences/count', payload: { rules }, context: 'acme/us' }))).data.count;
  const overlapOf = async (x: Rules, y: Rules) =>
    strict(overlapResponseSchema).parse(ok(await send(admin, { method: 'POST', url: '/api/insights/overlap', payload: { audiences: [{ name: 'x', rules: x }, { name: 'y', rules: y }] }, context: ACME_PRODUCT }))).data;

  const seedSegment = near(0.03);
  const seed = await save(rule([seedSegment.id]), 'Seed of lookalikes');

  // The model's figure is measured on demo-like data: acme/au gets 200k generated people and the
  // demo's 300 segments (the 30k test population is too few for a 2 % seed's held-out fifth).
  const AU = 'acme/au/fizz-cola/fizz-original';
  const auRegion = await clientRegionIdOf(db, 'acme', 'au');
  await seedPopulation(db, app.data.store, auRegion, { people: 200_000, segments: 300, seed: 'test:acme/au', catalogSeed: catalogSeedOf('acme') });
  await app.data.start();
  await app.data.whenIdle();
  const auSegments = await kit.liveSegments('acme', 'au');
  const auNear = (share: number) => [...auSegments].sort((x, y) => Math.abs(x.people - share * 200_000) - Math.abs(y.people - share * 200_000))[0]!;

  it('queues a pending lookalike with its job, then builds exactly the size asked, none of the seed, with a measured lift', async () => {
    const res = await send(analyst, { method: 'POST', url: '/api/lookalikes', payload: { name: 'Three times', seed_audience_id: seed.id, reach: { kind: 'multiplier', value: 3 } } });
    const asked = strict(lookalikeResponseSchema).parse(ok(res));
    expect(asked.data).toMatchObject({ status: 'pending', people_count: null, kind: 'lookalike', seed_identifier: (await detail(seed.id)).identifier });
    expect(asked.meta.job_id).toEqual(expect.any(String));
    expect(asked.data.short_id).toEqual(expect.any(Number));
    await app.jobs.whenIdle(60_000);
    const built = await detail(asked.data.id);
    const wanted = Math.round(seed.people_count * 3);
    expect(built).toMatchObject({ status: 'ready', people_count: wanted, error: null, reach: { kind: 'multiplier', value: 3 } });
    expect(built.rules).toEqual(rule([built.short_id!]));
    expect(built.segments).toEqual([{ id: built.short_id!, name: 'Three times', path_parts: ['Audiences', 'Lookalikes', 'Three times'], deleted: false }]);
    expect(await count(built.rules!)).toBe(wanted);
    // The seed's people are not in it.
    const both = await overlapOf(seed.rules as Rules, built.rules as Rules);
    expect(both.pairs[0]!.count).toBe(0);
    // The model is measured on a held-out fifth of the seed (by a hash of the id: about a fifth).
    const q = built.quality!;
    expect(q.holdout / seed.people_count).toBeGreaterThan(LOOKALIKE.holdoutShare * 0.8);
    expect(q.holdout / seed.people_count).toBeLessThan(LOOKALIKE.holdoutShare * 1.2);
    expect(q.recall).toBeCloseTo(q.recovered / q.holdout, 10);
    expect(q.random_recall).toBeCloseTo(wanted / (TEST_POPULATION.people - (seed.people_count - q.holdout)), 2);
    expect(built.lineage.map((s) => [s.name, s.kind])).toEqual([['Seed of lookalikes', 'audience'], ['Three times', 'lookalike']]);
    // The requester's bell says it is ready and opens its page.
    const tasks = strict(tasksResponseSchema).parse(ok(await get('/api/notifications', analyst, 'acme'))).data;
    const task = tasks.find((t) => t.report_type === 'lookalike' && t.ui_name === 'Three times')!;
    expect(task).toMatchObject({ status: 'completed', name: 'Lookalike Three times is ready', path: `/${ACME_PRODUCT}/audiences/overview/lookalike/${built.id}` });
  });

  it('builds a target count exactly, and a lookalike of a lookalike (a three-level breadcrumb)', async () => {
    const { built: first } = await lookalike({ name: 'By count', seed_audience_id: seed.id, reach: { kind: 'count', value: 1234 } });
    expect(first.people_count).toBe(1234);
    const { built: second } = await lookalike({ name: 'Of a lookalike', seed_audience_id: first.id, reach: { kind: 'multiplier', value: 1.5 } });
    expect(second.people_count).toBe(Math.round(1234 * 1.5));
    expect(second.lineage.map((s) => s.name)).toEqual(['Seed of lookalikes', 'By count', 'Of a lookalike']);
    expect((await overlapOf(first.rules as Rules, second.rules as Rules)).pairs[0]!.count).toBe(0);
    const listed = strict(lookalikeListResponseSchema).parse(ok(await get('/api/lookalikes'))).data;
    expect(listed.map((l) => l.id)).toEqual(expect.arrayContaining([first.id, second.id]));
    expect(listed.every((l) => l.kind === 'lookalike' || l.kind === 'pve')).toBe(true);
    expect(strict(lookalikeResponseSchema).parse(ok(await get(`/api/lookalikes/${second.id}`))).data.id).toBe(second.id);
    expectError(await get(`/api/lookalikes/${seed.id}`), 404, 'NOT_FOUND');
  });

  it('finds a 2 % seed\'s held-out people far better than chance on demo-like data (lift > 1.5), through the API', async () => {
    const lifts: number[] = [];
    for (const share of [0.02, 0.03]) {
      const auSeed = await save(rule([auNear(share).id]), `AU seed ${share}`, admin, AU);
      const { built } = await lookalike({ name: `AU lookalike ${share}`, seed_audience_id: auSeed.id, reach: { kind: 'multiplier', value: 5 } }, admin, AU);
      expect(built.people_count).toBe(Math.round(auSeed.people_count * 5));
      lifts.push(built.quality!.lift);
    }
    expect(Math.min(...lifts)).toBeGreaterThan(1.5);
  });

  it('measures honestly: a random model recovers the held-out seed about as often as chance (lift about 1)', async () => {
    const lifts: number[] = [];
    for (const [i, s] of [auNear(0.02), auNear(0.03), auNear(0.05)].entries()) {
      const shortId = await db.transaction((tx) => allocateSegment(tx, auRegion, { identifier: `random-model-${i}`, name: `Random ${i}`, folder: 'Lookalikes' }));
      const size = Math.round(s.people * 5);
      const built = await app.data.buildLookalike(auRegion, { seed: rule([s.id]), size, shortId, model: 'random' });
      expect(built.size).toBe(size);
      lifts.push(lookalikeLift(built.holdout, built.recovered, built.size, built.candidates).lift);
      await app.data.dropSet(auRegion, shortId);
    }
    const mean = lifts.reduce((x, y) => x + y, 0) / lifts.length;
    expect(mean).toBeGreaterThan(0.75);
    expect(mean).toBeLessThan(1.25);
  });

  it('refuses what cannot be modelled with 422 naming the field', async () => {
    expectError(await send(admin, { method: 'POST', url: '/api/lookalikes', payload: { name: 'Too far', seed_audience_id: seed.id, reach: { kind: 'count', value: TEST_POPULATION.people } } }), 422, 'VALIDATION_FAILED', AUDIENCES_TEXT.reachTooLarge);
    expectError(await send(admin, { method: 'POST', url: '/api/lookalikes', payload: { name: 'x', seed_audience_id: seed.id, reach: { kind: 'multiplier', value: 11 } } }), 400, 'VALIDATION_FAILED');
    // Issue 27 item 6: a target far beyond the region's people, and multiples below 1, each refused with the dialog's words.
    expectError(await send(admin, { method: 'POST', url: '/api/lookalikes', payload: { name: 'Too far', seed_audience_id: seed.id, reach: { kind: 'count', value: 999_999_999 } } }), 422, 'VALIDATION_FAILED', AUDIENCES_TEXT.reachTooLarge);
    for (const value of [0, -5]) {
      const refused = expectError(await send(admin, { method: 'POST', url: '/api/lookalikes', payload: { name: 'x', seed_audience_id: seed.id, reach: { kind: 'multiplier', value } } }), 400, 'VALIDATION_FAILED');
      expect(JSON.stringify(refused.error.details)).toContain(AUDIENCES_TEXT.multiplierRange);
    }
    const zero = expectError(await send(admin, { method: 'POST', url: '/api/lookalikes', payload: { name: 'x', seed_audience_id: seed.id, reach: { kind: 'count', value: 0 } } }), 400, 'VALIDATION_FAILED');
    expect(JSON.stringify(zero.error.details)).toContain(AUDIENCES_TEXT.targetCount);
    expectError(await send(admin, { method: 'POST', url: '/api/lookalikes', payload: { name: 'x', seed_audience_id: seed.id, seed_rules: rule([acme[0]!.id]), reach: { kind: 'multiplier', value: 2 } } }), 400, 'VALIDATION_FAILED');
    expectError(await send(admin, { method: 'POST', url: '/api/lookalikes', payload: { name: 'x', seed_rules: rule([999_999_999]), reach: { kind: 'multiplier', value: 2 } } }), 422, 'UNKNOWN_SEGMENTS');
    // A seed of fewer than 50 people: the smallest segments ANDed until that few are left.
    const smallest = [...acme].reverse();
    let tiny: Rules = rule([smallest[0]!.id]);
    for (let n = 1; n < smallest.length && (await count(tiny)) >= LOOKALIKE.minSeed; n++) tiny = rule(...smallest.slice(0, n + 1).map((s) => [s.id]));
    expect(await count(tiny)).toBeLessThan(LOOKALIKE.minSeed);
    expectError(await send(admin, { method: 'POST', url: '/api/lookalikes', payload: { name: 'Tiny', seed_rules: tiny, reach: { kind: 'multiplier', value: 2 } } }), 422, 'VALIDATION_FAILED', AUDIENCES_TEXT.seedTooSmall);
  });

  it('answers a reach that is no number, huge, fractional or of no kind with 400, never 500 (issue 27 item 6)', async () => {
    const reaches: unknown[] = [
      { kind: 'multiplier', value: 'three' }, { kind: 'multiplier', value: null }, { kind: 'multiplier', value: 1e308 }, { kind: 'multiplier', value: -1e308 },
      { kind: 'count', value: '1200' }, { kind: 'count', value: 1e20 }, { kind: 'count', value: LOOKALIKE.maxTarget + 1 }, { kind: 'count', value: 2.5 }, { kind: 'count', value: -3 },
      { kind: 'percent', value: 3 }, { kind: 'multiplier' }, 3, null,
    ];
    for (const reach of reaches) {
      expectError(await send(admin, { method: 'POST', url: '/api/lookalikes', payload: { name: 'x', seed_audience_id: seed.id, reach } }), 400, 'VALIDATION_FAILED');
    }
  });

  it('makes an optimized audience (pve) from the product category\'s buyers', async () => {
    // acme/au has the demo's 300 segments, Behaviour > Beverages among them; the 60 of acme/us have none.
    expect(strict(optimizedSeedResponseSchema).parse(ok(await get('/api/lookalikes/optimized-seed'))).data).toEqual({ category: '', rules: null, segments: [] });
    const seedAnswer = strict(optimizedSeedResponseSchema).parse(ok(await get('/api/lookalikes/optimized-seed', admin, AU))).data;
    expect(seedAnswer.category).toBe('Beverages');
    expect(seedAnswer.rules).not.toBeNull();
    expect(seedAnswer.segments.length).toBeGreaterThan(0);
    expect(seedAnswer.segments.every((s) => /Beverages/.test(s.name))).toBe(true);
    const { built } = await lookalike({ name: 'Optimized Fizz', seed_rules: seedAnswer.rules, audience_type: 'pve', reach: { kind: 'count', value: 1000 } }, admin, AU);
    const seedCount = strict(countResponseSchema).parse(ok(await send(admin, { method: 'POST', url: '/api/audiences/count', payload: { rules: seedAnswer.rules }, context: 'acme/au' }))).data.count;
    expect(seedCount).toBeGreaterThan(1000);
    expect(built).toMatchObject({ kind: 'pve', audience_type: 'pve', status: 'ready', people_count: 1000 });
    expect(built.segments[0]!.path_parts).toEqual(['Audiences', 'Optimized', 'Optimized Fizz']);
  });

  it('deletes a lookalike (data.message): its segment is deleted and its people dropped', async () => {
    const { built } = await lookalike({ name: 'Short-lived', seed_audience_id: seed.id, reach: { kind: 'multiplier', value: 1 } });
    const res = await send(admin, { method: 'DELETE', url: `/api/lookalikes/${built.id}` });
    expect(strict(deleteAnswerSchema).parse(ok(res)).data.message).toBe(AUDIENCES_TEXT.lookalikeDeleted('Short-lived'));
    const [segment] = await db.select().from(segments).where(eq(segments.shortId, built.short_id!));
    expect(segment!.deleted).toBe(true);
    expectError(await send(admin, { method: 'POST', url: '/api/audiences/count', payload: { rules: built.rules }, context: 'acme/us' }), 422, 'UNKNOWN_SEGMENTS');
    expectError(await get(`/api/lookalikes/${built.id}`), 404, 'NOT_FOUND');
  });

  describe('motivation audiences', () => {
    it('moves pending (count cleared) to complete, as an audience of its own segment with its rule\'s people', async () => {
      const rules = rule([near(0.1).id], [near(0.5).id]);
      const res = await send(admin, { method: 'POST', url: '/api/motivation-audiences', payload: { motivation_audience: { name: 'Motivated', description: 'Why', rules } } });
      expect(res.statusCode, res.body).toBe(201);
      const asked = strict(motivationAudienceResponseSchema).parse(res.json()).data;
      expect(asked.attributes).toEqual({ job_status: 'pending', count: { people: null } });
      await app.jobs.whenIdle(60_000);
      const listed = strict(motivationAudienceListResponseSchema).parse(ok(await get('/api/motivation-audiences'))).data.find((m) => m.id === asked.id)!;
      const people = await count(rules);
      expect(listed.attributes).toEqual({ job_status: 'complete', count: { people } });
      const audience = await detail(listed.audience_id!);
      expect(audience).toMatchObject({ kind: 'motivation', status: 'ready', people_count: people, name: 'Motivated' });
      expect(audience.segments[0]!.path_parts).toEqual(['Audiences', 'Motivation', 'Motivated']);
      const gone = strict(deleteAnswerSchema).parse(ok(await send(admin, { method: 'DELETE', url: `/api/motivation-audiences/${asked.id}` }))).data;
      expect(gone.message).toBe(AUDIENCES_TEXT.deleted('Motivated'));
      expect((await detail(audience.id)).status).toBe('ready');
      expectError(await send(admin, { method: 'DELETE', url: `/api/motivation-audiences/${asked.id}` }), 404, 'NOT_FOUND');
      expectError(await send(admin, { method: 'DELETE', url: `/api/motivation-audiences/${asked.id}`, context: 'globex/us/globex-auto/roadster' }), 404, 'NOT_FOUND');
    });
  });
});
