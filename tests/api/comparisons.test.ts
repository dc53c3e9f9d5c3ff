import { describe, expect, it } from 'vitest';
import { exclusiveRegions, maskMembers, regionIndex } from '../../src/shared/rules/audience-kinds';
import { comparisonConflictSchema, comparisonListResponseSchema, comparisonResponseSchema, deleteAnswerSchema, type Comparison } from '../../src/shared/schemas/audiences';
import { overlapResponseSchema } from '../../src/shared/schemas/insights';
import { ACME_PRODUCT, GLOBEX_PRODUCT } from './helper';
import { audiencesKit, rule } from './audiences-support';
import { clientRegionIdOf } from './population';
import { expectError, strict } from './support';

describe('Overlap comparisons and the overlap\'s exclusive intersections (issue 16)', { timeout: 120_000 }, async () => {
  const kit = await audiencesKit({ jobs: false });
  const { app, db, admin, analyst, viewer, send, get, save, near, ok, acme } = kit;
  const clientRegion = await clientRegionIdOf(db, 'acme', 'us');
  const engine = app.data.engineFor(clientRegion, 'molecula');
  if (typeof engine === 'string') throw new Error(engine);

  const [r1, r2, r3, r4] = [rule([near(0.3).id]), rule([near(0.2).id], [acme[0]!.id]), rule([near(0.1).id, near(0.05).id]), rule([near(0.4).id])];
  const a1 = await save(r1, 'Overlap One');
  const a2 = await save(r2, 'Overlap Two');
  const a3 = await save(r3, 'Overlap Three');
  const persona = ok(await send(admin, { method: 'POST', url: '/api/personas', payload: { name: 'Overlap Persona', identifiers: r4 } })) as { data: { id: number } };

  const comparisonOf = (res: Awaited<ReturnType<typeof get>>): Comparison => strict(comparisonResponseSchema).parse(ok(res)).data;
  const create = (body: object, s = admin, context = ACME_PRODUCT) => send(s, { method: 'POST', url: '/api/comparisons', payload: body, context });

  it('answers the overlap\'s people and every exclusive intersection, equal to the engine\'s intersections', async () => {
    for (const rules of [[r1, r2], [r1, r2, r3], [r1, r2, r3, r4]]) {
      const res = await send(admin, { method: 'POST', url: '/api/insights/overlap', payload: { audiences: rules.map((r, i) => ({ name: `A${i}`, rules: r })) }, context: 'acme/us' });
      const answer = strict(overlapResponseSchema).parse(ok(res)).data;
      const truth = await engine.intersections(clientRegion, rules);
      const exact = exclusiveRegions(rules.length, truth.all);
      expect(answer.people).toBe(truth.people);
      expect(answer.audiences.map((x) => x.count)).toEqual(truth.sizes);
      expect(answer.regions).toEqual(exact.slice(1).map((count, i) => ({ in: maskMembers(i + 1, rules.length), count, index: regionIndex(i + 1, rules.length, truth.sizes, truth.people, count) })));
      // Every person in some audience is in exactly one region (the union, by inclusion–exclusion).
      let union = 0;
      for (let mask = 1; mask < 1 << rules.length; mask++) union += (maskMembers(mask, rules.length).length % 2 ? 1 : -1) * truth.all[mask]!;
      expect(answer.regions!.reduce((n, r) => n + r.count, 0)).toBe(union);
      for (const p of answer.pairs) expect(p.count).toBe(truth.all[(1 << p.a) | (1 << p.b)]);
    }
  });

  it('saves a comparison of audiences, a segment and a persona with its counts, lists, reads and recounts it', async () => {
    const members = [{ kind: 'audience', id: a1.id }, { kind: 'audience', id: a2.id }, { kind: 'segment', id: near(0.1).id }, { kind: 'persona', id: persona.data.id }];
    const made = comparisonOf(await create({ name: ' Four Ways ', members }, analyst));
    expect(made).toMatchObject({ name: 'Four Ways', members, version: 1, error: null, created_by: { name: 'Priya Raman' } });
    const truth = await engine.intersections(clientRegion, [r1, r2, rule([near(0.1).id]), r4]);
    const result = made.result!;
    expect(result.people).toBe(truth.people);
    expect(result.members.map((m) => [m.name, m.count])).toEqual([['Overlap One', truth.sizes[0]], ['Overlap Two', truth.sizes[1]], [expect.any(String), truth.sizes[2]], ['Overlap Persona', truth.sizes[3]]]);
    expect(result.regions).toHaveLength(15);
    expect(result.regions.map((r) => r.count)).toEqual(exclusiveRegions(4, truth.all).slice(1));
    const listed = strict(comparisonListResponseSchema).parse(ok(await get('/api/comparisons'))).data;
    expect(listed.find((c) => c.id === made.id)).toEqual(made);
    expect(comparisonOf(await get(`/api/comparisons/${made.id}`))).toEqual(made);
    const recounted = comparisonOf(await get(`/api/comparisons/${made.id}?recount=1`));
    expect(recounted.result!.regions).toEqual(result.regions);
    expect(recounted.version).toBe(1);
  });

  it('renames and changes members on its version (recounted), 409 with the current one otherwise; names are unique', async () => {
    const made = comparisonOf(await create({ name: 'Versioned', members: [{ kind: 'audience', id: a1.id }, { kind: 'audience', id: a2.id }] }));
    const renamed = comparisonOf(await send(admin, { method: 'PUT', url: `/api/comparisons/${made.id}`, payload: { version: 1, name: 'Versioned 2' } }));
    expect(renamed).toMatchObject({ name: 'Versioned 2', version: 2 });
    expect(renamed.result).toEqual(made.result);
    const widened = comparisonOf(await send(admin, { method: 'PUT', url: `/api/comparisons/${made.id}`, payload: { version: 2, members: [{ kind: 'audience', id: a1.id }, { kind: 'audience', id: a2.id }, { kind: 'audience', id: a3.id }] } }));
    expect(widened.version).toBe(3);
    expect(widened.result!.members.map((m) => m.name)).toEqual(['Overlap One', 'Overlap Two', 'Overlap Three']);
    expect(widened.result!.regions).toHaveLength(7);
    const stale = await send(admin, { method: 'PUT', url: `/api/comparisons/${made.id}`, payload: { version: 1, name: 'Stale' } });
    expect(stale.statusCode).toBe(409);
    expect(strict(comparisonConflictSchema).parse(stale.json()).error.details.current.name).toBe('Versioned 2');
    expectError(await create({ name: 'versioned 2 ', members: [{ kind: 'audience', id: a1.id }, { kind: 'audience', id: a3.id }] }), 422, 'VALIDATION_FAILED', 'A comparison with this name already exists.');
    expectError(await send(admin, { method: 'DELETE', url: `/api/comparisons/${made.id}?version=1` }), 409, 'VERSION_CONFLICT');
    const gone = strict(deleteAnswerSchema).parse(ok(await send(admin, { method: 'DELETE', url: `/api/comparisons/${made.id}?version=3` }))).data;
    expect(gone.message).toBe("'Versioned 2' was deleted.");
    expectError(await get(`/api/comparisons/${made.id}`), 404, 'NOT_FOUND');
  });

  it('refuses 1 or 5 members (400), unknown or foreign members (422), and a member gone makes the recount null with why', async () => {
    expectError(await create({ name: 'One', members: [{ kind: 'audience', id: a1.id }] }), 400, 'VALIDATION_FAILED');
    expectError(await create({ name: 'Five', members: [1, 2, 3, 4, 5].map((id) => ({ kind: 'segment', id })) }), 400, 'VALIDATION_FAILED');
    const globexAudience = await save(rule([kit.globexSegments.find((s) => !s.deleted)!.id]), 'Globex side', admin, GLOBEX_PRODUCT);
    expectError(await create({ name: 'Foreign', members: [{ kind: 'audience', id: a1.id }, { kind: 'audience', id: globexAudience.id }] }), 422, 'VALIDATION_FAILED');
    expectError(await create({ name: 'Foreign segment', members: [{ kind: 'audience', id: a1.id }, { kind: 'segment', id: kit.globexSegments[0]!.id }] }), 422, 'VALIDATION_FAILED');
    const doomed = await save(r3, 'Doomed member');
    const made = comparisonOf(await create({ name: 'Losing one', members: [{ kind: 'audience', id: a1.id }, { kind: 'audience', id: doomed.id }] }));
    ok(await send(admin, { method: 'DELETE', url: `/api/audiences/${doomed.id}` }));
    const recounted = comparisonOf(await get(`/api/comparisons/${made.id}?recount=1`));
    expect(recounted.result).toBeNull();
    expect(recounted.error).toBe(`There is no audience ${doomed.id} in this product and region.`);
  });

  it('keeps comparisons to their scope: 404 elsewhere, 403 without the permission or the context', async () => {
    const made = comparisonOf(await create({ name: 'Scoped comparison', members: [{ kind: 'audience', id: a1.id }, { kind: 'audience', id: a2.id }] }));
    for (const [method, url, payload] of [
      ['GET', `/api/comparisons/${made.id}`],
      ['PUT', `/api/comparisons/${made.id}`, { version: 1, name: 'x' }],
      ['DELETE', `/api/comparisons/${made.id}`],
    ] as const) {
      // Globex has no overlap feature: refused before any id is looked at; another product of acme has no such comparison.
      expectError(await send(admin, { method, url, context: GLOBEX_PRODUCT, ...(payload ? { payload } : {}) }), 403, 'FORBIDDEN', 'overlap is not enabled for globex.');
      expectError(await send(admin, { method, url, context: 'acme/us/fizz-cola/fizz-zero', ...(payload ? { payload } : {}) }), 404, 'NOT_FOUND');
      expectError(await send(admin, { method, url, context: 'acme/uk/fizz-cola/fizz-original', ...(payload ? { payload } : {}) }), 404, 'NOT_FOUND');
      expectError(await send(analyst, { method, url, context: GLOBEX_PRODUCT, ...(payload ? { payload } : {}) }), 403, 'CONTEXT_FORBIDDEN');
    }
    const zeroList = strict(comparisonListResponseSchema).parse(ok(await get('/api/comparisons', admin, 'acme/us/fizz-cola/fizz-zero'))).data;
    expect(zeroList.some((c) => c.name === 'Scoped comparison')).toBe(false);
    expectError(await get('/api/comparisons', viewer, GLOBEX_PRODUCT), 403, 'FORBIDDEN');
    expectError(await get('/api/comparisons', viewer, ACME_PRODUCT), 403, 'CONTEXT_FORBIDDEN');
    expect(comparisonOf(await get(`/api/comparisons/${made.id}`)).name).toBe('Scoped comparison');
  });
});

