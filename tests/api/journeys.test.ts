import { and, eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { TEXT } from '../../src/shared/constants';
import { JOURNEY_TEXT } from '../../src/shared/rules/journey';
import { journeyConflictSchema } from '../../src/shared/schemas/journeys';
import { auditLog, clients, discussionClusterNodes, discussionClusters } from '../../src/server/db/schema';
import { nodesWithClusters } from '../../src/shared/rules/discussions';
import { ACME_PRODUCT, GLOBEX_PRODUCT } from './helper';
import { bodyOfJourney, cellIn, journeyBody, journeyKit, tmp } from './journeys-support';
import { expectError } from './support';

describe('journeys API', async () => {
  const kit = await journeyKit();
  const { admin, analyst, viewer, send, get, db, make, create, update, read, list, journeyOf, live, globexSegments, uniqueName } = kit;

  describe('create and read', () => {
    it('makes the whole journey in one write, mapping every temporary key to its new id', async () => {
      const name = uniqueName('Funnel');
      const { body, brandKeys, stageKeys } = journeyBody(name, ['Fizz', 'Pop'], [['Aware', 'eye'], ['Buy', 'shopping-cart']], (b, s) => ({ population: 100 * (b + 1) + s, matched_id: s === 0 ? live[b]!.id : null }));
      const answer = await make(body);
      const j = answer.data;
      const created = answer.meta!.created;
      expect(Object.keys(created).sort()).toEqual([...brandKeys, ...stageKeys].sort());
      expect(j).toMatchObject({ name, default: false, has_transition_data: false, version: 1, invalid_cell_ids: [], segments_checked: true });
      expect(j.brands).toEqual([{ id: created[brandKeys[0]!], name: 'Fizz', order: 0 }, { id: created[brandKeys[1]!], name: 'Pop', order: 1 }]);
      expect(j.stages.map((s) => [s.id, s.name, s.icon])).toEqual([[created[stageKeys[0]!], 'Aware', 'eye'], [created[stageKeys[1]!], 'Buy', 'shopping-cart']]);
      expect(cellIn(j.sub_markets, created[brandKeys[1]!]!, created[stageKeys[0]!]!)).toMatchObject({ population: 200, matched_id: live[1]!.id });
      expect(j.segments.map((s) => s.id).sort((a, b) => a - b)).toEqual([live[0]!.id, live[1]!.id].sort((a, b) => a - b));
      expect(await read(j.id)).toEqual(j);
      const summary = (await list()).find((x) => x.id === j.id);
      expect(summary).toMatchObject({ name, brand_count: 2, stage_count: 2, invalid_cell_count: 0 });
      const [audit] = await db.select().from(auditLog).where(and(eq(auditLog.action, 'journey.create'), eq(auditLog.target, `journey:${j.id}`)));
      expect(audit).toBeDefined();
    });

    it('answers 404 for a journey that is not there', async () => {
      expectError(await get('/api/journeys/999999'), 404, 'NOT_FOUND');
    });
  });

  describe('§5 validation', () => {
    const refused = async (body: Parameters<typeof create>[0], path: string, message: string) => {
      const res = expectError(await create(body), 422, 'VALIDATION_FAILED', message);
      expect(res.error.details).toContainEqual({ path, message });
    };

    it('needs a name, unique case-insensitively among the product\'s journeys', async () => {
      await refused(journeyBody('   ', ['A'], ['S']).body, 'body.name', JOURNEY_TEXT.nameRequired);
      const taken = uniqueName('Taken');
      await make(journeyBody(taken, ['A'], ['S']).body);
      await refused(journeyBody(` ${taken.toUpperCase()} `, ['A'], ['S']).body, 'body.name', JOURNEY_TEXT.nameTaken);
    });

    it('needs named, unique stages and brands', async () => {
      await refused(journeyBody(uniqueName(), ['A'], ['Aware', ' aware']).body, 'body.stages', JOURNEY_TEXT.stagesUnique);
      await refused(journeyBody(uniqueName(), ['A'], ['Aware', '  ']).body, 'body.stages', JOURNEY_TEXT.stagesNamed);
      await refused(journeyBody(uniqueName(), ['A', 'a'], ['S']).body, 'body.brands', JOURNEY_TEXT.brandsUnique);
      await refused(journeyBody(uniqueName(), ['A', ''], ['S']).body, 'body.brands', JOURNEY_TEXT.brandsNamed);
    });

    it('needs exactly one cell per brand and stage', async () => {
      const { body } = journeyBody(uniqueName(), ['A', 'B'], ['S']);
      await refused({ ...body, sub_markets: body.sub_markets.slice(1) }, 'body.sub_markets', JOURNEY_TEXT.cellsMismatch);
    });

    it('refuses a fifth brand and an eleventh stage (the schema\'s limits)', async () => {
      const brands = await create(journeyBody(uniqueName(), ['A', 'B', 'C', 'D', 'E'], ['S']).body);
      expect(brands.statusCode, brands.body).toBe(400);
      const stages = await create(journeyBody(uniqueName(), ['A'], Array.from({ length: 11 }, (_, i) => `S${i}`)).body);
      expect(stages.statusCode, stages.body).toBe(400);
    });

    it('refuses a negative population', async () => {
      const res = await create(journeyBody(uniqueName(), ['A'], ['S'], () => ({ population: -1 })).body);
      expect(res.statusCode).toBe(400);
      expect(res.body).toContain(JOURNEY_TEXT.populationMin);
    });

    it('refuses a fractional population and a temporary id naming both a brand and a stage', async () => {
      await refused(journeyBody(uniqueName(), ['A'], ['S'], () => ({ population: 1.5 })).body, 'body.sub_markets.0.population', 'Audience population must be a whole number.');
      const { body, brandKeys } = journeyBody(uniqueName(), ['A'], ['S']);
      const shared = { ...body, stages: [{ ...body.stages[0]!, id: brandKeys[0]! }], sub_markets: [{ ...body.sub_markets[0]!, journey_stage_id: brandKeys[0]! }] };
      await refused(shared, 'body.stages.0.id', 'A temporary id names one brand or one stage.');
    });

    it('refuses a segment of another region (another client\'s) and a discussion node of another client', async () => {
      await refused(journeyBody(uniqueName(), ['A'], ['S'], () => ({ matched_id: globexSegments[0]!.id })).body, 'body.sub_markets.0.matched_id', JOURNEY_TEXT.segmentUnknown);
      await refused(journeyBody(uniqueName(), ['A'], ['S'], () => ({ modeled_id: 987654321 })).body, 'body.sub_markets.0.modeled_id', JOURNEY_TEXT.segmentUnknown);
      const globexNode = await db.insert(discussionClusterNodes).values({ clientId: await clientIdOf('globex'), name: 'Globex talk' }).returning();
      await refused(journeyBody(uniqueName(), ['A'], ['S'], () => ({ discussion_cluster_node_id: globexNode[0]!.id })).body, 'body.sub_markets.0.discussion_cluster_node_id', JOURNEY_TEXT.discussionUnknown);
    });

    it('refuses a brand id that is not the journey\'s', async () => {
      const other = (await make(journeyBody(uniqueName(), ['A'], ['S']).body)).data;
      const j = (await make(journeyBody(uniqueName(), ['A'], ['S']).body)).data;
      const body = bodyOfJourney(j);
      const stolen = { ...body, brands: [{ ...other.brands[0]! }], sub_markets: [{ ...body.sub_markets[0]!, journey_brand_id: other.brands[0]!.id }] };
      const res = expectError(await update(j, stolen), 422, 'VALIDATION_FAILED');
      expect(res.error.details).toContainEqual({ path: 'body.brands.0.id', message: `There is no brand ${other.brands[0]!.id} in this journey.` });
      expect((await read(other.id)).brands[0]!.name).toBe('A');
    });
  });

  async function clientIdOf(slug: string): Promise<number> {
    const [row] = await db.select({ id: clients.id }).from(clients).where(eq(clients.slug, slug));
    return row!.id;
  }

  describe('default', () => {
    it('keeps at most one default journey per product: making one default un-defaults the other; unticking clears it', async () => {
      const first = (await make(journeyBody(uniqueName('Default A'), ['A'], ['S'], undefined, { default: true }).body)).data;
      const second = (await make(journeyBody(uniqueName('Default B'), ['A'], ['S'], undefined, { default: true }).body)).data;
      let all = await list();
      expect(all[0]!.id).toBe(second.id);
      expect(all.filter((j) => j.default).map((j) => j.id)).toEqual([second.id]);
      const again = journeyOf(await update(await read(first.id), { ...bodyOfJourney(await read(first.id)), default: true })).data;
      expect(again.default).toBe(true);
      all = await list();
      expect(all.filter((j) => j.default).map((j) => j.id)).toEqual([first.id]);
      journeyOf(await update(again, { ...bodyOfJourney(again), default: false }));
      expect((await list()).filter((j) => j.default)).toEqual([]);
    });
  });

  describe('versions and merge', () => {
    it('lands two edits of different brands made on the same version', async () => {
      const j = (await make(journeyBody(uniqueName('Merge'), ['A', 'B'], ['S1', 'S2']).body)).data;
      const base = bodyOfJourney(j);
      const [a, b] = j.brands;
      const [s1, s2] = j.stages;
      const mine1 = { ...base, sub_markets: base.sub_markets.map((c) => (c.journey_brand_id === a!.id && c.journey_stage_id === s1!.id ? { ...c, matched_id: live[2]!.id } : c)) };
      const mine2 = { ...base, brands: base.brands.map((x) => (x.id === b!.id ? { ...x, name: 'B renamed' } : x)),
        sub_markets: base.sub_markets.map((c) => (c.journey_brand_id === b!.id && c.journey_stage_id === s2!.id ? { ...c, population: 42 } : c)) };
      const first = journeyOf(await update(j, mine1, base)).data;
      expect(first.version).toBe(2);
      const second = journeyOf(await update(j, mine2, base)).data;
      expect(second.version).toBe(3);
      expect(cellIn(second.sub_markets, a!.id, s1!.id)!.matched_id).toBe(live[2]!.id);
      expect(cellIn(second.sub_markets, b!.id, s2!.id)!.population).toBe(42);
      expect(second.brands.map((x) => x.name)).toEqual(['A', 'B renamed']);
    });

    it('lands two edits of different cells sent at the same time on the same version', async () => {
      const j = (await make(journeyBody(uniqueName('Race'), ['A', 'B'], ['S']).body)).data;
      const base = bodyOfJourney(j);
      const setPopulation = (brand: number, population: number) => ({ ...base, sub_markets: base.sub_markets.map((c) => (c.journey_brand_id === brand ? { ...c, population } : c)) });
      const answers = await Promise.all([update(j, setPopulation(j.brands[0]!.id, 11), base), update(j, setPopulation(j.brands[1]!.id, 22), base)]);
      expect(answers.map((r) => r.statusCode)).toEqual([200, 200]);
      const after = await read(j.id);
      expect(after.version).toBe(3);
      expect(after.sub_markets.map((c) => c.population)).toEqual([11, 22]);
    });

    it('is a 409 naming the cell both changed differently, with the current journey', async () => {
      const j = (await make(journeyBody(uniqueName('Clash'), ['A'], ['S']).body)).data;
      const base = bodyOfJourney(j);
      const set = (id: number) => ({ ...base, sub_markets: base.sub_markets.map((c) => ({ ...c, matched_id: id })) });
      const theirs = journeyOf(await update(j, set(live[3]!.id), base)).data;
      const res = await update(j, set(live[4]!.id), base);
      expect(res.statusCode, res.body).toBe(409);
      const conflict = journeyConflictSchema.parse(res.json());
      expect(conflict.error.details.current).toMatchObject({ id: j.id, version: theirs.version });
      expect(conflict.error.details.conflicts).toEqual([{ field: `sub_markets.${j.brands[0]!.id}/${j.stages[0]!.id}.matched_id`, base: null, theirs: live[3]!.id, mine: live[4]!.id }]);
      expect(cellIn((await read(j.id)).sub_markets, j.brands[0]!.id, j.stages[0]!.id)!.matched_id).toBe(live[3]!.id);
    });

    it("keeps their other changes when mine is sent again at their version (the conflict dialog's Keep mine)", async () => {
      const j = (await make(journeyBody(uniqueName('Keep mine'), ['A', 'B'], ['S']).body)).data;
      const base = bodyOfJourney(j);
      const [a, b] = j.brands;
      // They set A's segment and rename B; I set A's segment too, differently.
      const theirs = journeyOf(await update(j, {
        ...base,
        brands: base.brands.map((x) => (x.id === b!.id ? { ...x, name: 'B theirs' } : x)),
        sub_markets: base.sub_markets.map((c) => (c.journey_brand_id === a!.id ? { ...c, matched_id: live[3]!.id } : c)),
      }, base)).data;
      const mine = { ...base, sub_markets: base.sub_markets.map((c) => (c.journey_brand_id === a!.id ? { ...c, matched_id: live[4]!.id } : c)) };
      expect((await update(j, mine, base)).statusCode).toBe(409);
      // Keep mine: the same edit and base, now based on their version.
      const kept = journeyOf(await update({ ...j, version: theirs.version }, mine, base)).data;
      expect(cellIn(kept.sub_markets, a!.id, j.stages[0]!.id)!.matched_id).toBe(live[4]!.id);
      expect(kept.brands.map((x) => x.name)).toEqual(['A', 'B theirs']);
    });

    it('is a 409 over a newer version when the edit does not say what it saw', async () => {
      const j = (await make(journeyBody(uniqueName('No base'), ['A'], ['S']).body)).data;
      journeyOf(await update(j, { ...bodyOfJourney(j), has_transition_data: true }));
      expectError(await update(j, { ...bodyOfJourney(j), name: `${j.name} x` }), 409, 'VERSION_CONFLICT');
    });

    it('makes brands and stages an edit names by temporary keys, answering their ids in meta.created', async () => {
      const j = (await make(journeyBody(uniqueName('Grow it'), ['A'], ['S']).body)).data;
      const base = bodyOfJourney(j);
      const brand = tmp();
      const stage = tmp();
      const body = {
        ...base,
        brands: [...base.brands, { id: brand, name: 'New Brand 1', order: 1 }],
        stages: [{ id: stage, name: 'New Stage 1', priority: 0, icon: 'blank' as const }, { ...base.stages[0]!, priority: 1 }],
        sub_markets: [
          ...base.sub_markets,
          { journey_brand_id: brand, journey_stage_id: base.stages[0]!.id, population: 5, matched_id: null, modeled_id: null, discussion_cluster_node_id: null },
          { journey_brand_id: brand, journey_stage_id: stage, population: 6, matched_id: null, modeled_id: null, discussion_cluster_node_id: null },
          { journey_brand_id: base.brands[0]!.id, journey_stage_id: stage, population: 7, matched_id: null, modeled_id: null, discussion_cluster_node_id: null },
        ],
      };
      const answer = journeyOf(await update(j, body, base));
      const created = answer.meta!.created;
      expect(Object.keys(created).sort()).toEqual([brand, stage].sort());
      expect(answer.data.stages.map((s) => s.id)).toEqual([created[stage], j.stages[0]!.id]);
      expect(cellIn(answer.data.sub_markets, created[brand]!, created[stage]!)!.population).toBe(6);
      // Deleting the new brand removes its row of cells.
      const after = bodyOfJourney(answer.data);
      const trimmed = { ...after, brands: after.brands.filter((b) => b.id !== created[brand]), sub_markets: after.sub_markets.filter((c) => c.journey_brand_id !== created[brand]) };
      const done = journeyOf(await update(answer.data, trimmed, after)).data;
      expect(done.brands).toHaveLength(1);
      expect(done.sub_markets).toHaveLength(2);
    });
  });

  describe('copy, delete and remove invalid', () => {
    it("copies as '<name> (copy)', never the default; a second copy is the duplicate conflict", async () => {
      const name = uniqueName('Source');
      const source = (await make(journeyBody(name, ['A', 'B'], ['S1', 'S2'], (b, s) => ({ population: b * 10 + s, matched_id: live[5]!.id }), { has_transition_data: true, default: true }).body)).data;
      const copy = journeyOf(await send(admin, { method: 'POST', url: `/api/journeys/${source.id}/copy`, payload: {} }), 201).data;
      expect(copy).toMatchObject({ name: `${name} (copy)`, default: false, has_transition_data: true, version: 1 });
      expect(copy.brands.map((b) => b.name)).toEqual(['A', 'B']);
      expect(copy.sub_markets.map((c) => [c.population, c.matched_id])).toEqual(source.sub_markets.map((c) => [c.population, c.matched_id]));
      expect(copy.brands.map((b) => b.id)).not.toEqual(source.brands.map((b) => b.id));
      expectError(await send(admin, { method: 'POST', url: `/api/journeys/${source.id}/copy`, payload: {} }), 409, 'CONFLICT', JOURNEY_TEXT.duplicateConflict);
      const named = journeyOf(await send(admin, { method: 'POST', url: `/api/journeys/${source.id}/copy`, payload: { name: `${name} again` } }), 201).data;
      expect(named.name).toBe(`${name} again`);
    });

    it('refuses to copy a journey with a deleted segment, shows its invalid cells, and Remove Invalid Audience(s) clears them', async () => {
      const gone = live[6]!;
      const j = (await make(journeyBody(uniqueName('Invalid'), ['A'], ['S1', 'S2'], (_b, s) => ({ matched_id: s === 0 ? gone.id : live[7]!.id })).body)).data;
      await kit.setDeleted(gone.id, true);
      try {
        const invalid = await read(j.id);
        expect(invalid.invalid_cell_ids).toEqual([cellIn(invalid.sub_markets, j.brands[0]!.id, j.stages[0]!.id)!.id]);
        expect(invalid.segments.find((s) => s.id === gone.id)?.deleted).toBe(true);
        expect((await list()).find((x) => x.id === j.id)?.invalid_cell_count).toBe(1);
        expectError(await send(admin, { method: 'POST', url: `/api/journeys/${j.id}/copy`, payload: {} }), 422, 'VALIDATION_FAILED', JOURNEY_TEXT.copyInvalid);
        // Saving it unchanged keeps the deleted segment it had; a new cell naming it is refused.
        const saved = journeyOf(await update(invalid, { ...bodyOfJourney(invalid), has_transition_data: true })).data;
        const body = bodyOfJourney(saved);
        const res = await update(saved, { ...body, sub_markets: body.sub_markets.map((c) => ({ ...c, modeled_id: gone.id })) });
        expectError(res, 422, 'VALIDATION_FAILED', JOURNEY_TEXT.segmentUnknown);
        expectError(await send(admin, { method: 'POST', url: `/api/journeys/${j.id}/remove-invalid`, payload: { version: 1 } }), 409, 'VERSION_CONFLICT');
        const cleared = journeyOf(await send(admin, { method: 'POST', url: `/api/journeys/${j.id}/remove-invalid`, payload: { version: saved.version } })).data;
        expect(cleared.invalid_cell_ids).toEqual([]);
        expect(cleared.sub_markets.map((c) => c.matched_id)).toEqual([null, live[7]!.id]);
      } finally {
        await kit.setDeleted(gone.id, false);
      }
    });

    it('deletes at the version it was based on: an older one is a 409, then it is gone', async () => {
      const j = (await make(journeyBody(uniqueName('Doomed'), ['A'], ['S']).body)).data;
      const moved = journeyOf(await update(j, { ...bodyOfJourney(j), has_transition_data: true })).data;
      expectError(await send(admin, { method: 'DELETE', url: `/api/journeys/${j.id}?version=1` }), 409, 'VERSION_CONFLICT');
      const deleted = journeyOf(await send(admin, { method: 'DELETE', url: `/api/journeys/${j.id}?version=${moved.version}` })).data;
      expect(deleted.id).toBe(j.id);
      expectError(await get(`/api/journeys/${j.id}`), 404, 'NOT_FOUND');
      expect((await list()).some((x) => x.id === j.id)).toBe(false);
    });
  });

  describe('tenancy and permissions', () => {
    it('answers another client\'s journey with 404 on every journey route, and a foreign X-Context with 403', async () => {
      const j = (await make(journeyBody(uniqueName('Private'), ['A'], ['S']).body)).data;
      const body = bodyOfJourney(j);
      const routes = [
        ['GET', `/api/journeys/${j.id}`],
        ['PUT', `/api/journeys/${j.id}`, { ...body, version: j.version }],
        ['DELETE', `/api/journeys/${j.id}?version=${j.version}`],
        ['POST', `/api/journeys/${j.id}/copy`, {}],
        ['POST', `/api/journeys/${j.id}/remove-invalid`, { version: j.version }],
        ['POST', `/api/journeys/${j.id}/counts`, { tab: 'matched' }],
      ] as const;
      for (const [method, url, payload] of routes) {
        const res = await send(admin, { method, url, context: GLOBEX_PRODUCT, ...(payload ? { payload } : {}) });
        expectError(res, 404, 'NOT_FOUND');
        expect(res.body).not.toContain('Private');
        const foreign = await send(analyst, { method, url, context: GLOBEX_PRODUCT, ...(payload ? { payload } : {}) });
        expectError(foreign, 403, 'CONTEXT_FORBIDDEN', TEXT.contextForbidden);
      }
      for (const url of ['/api/journeys', '/api/discussion-cluster-nodes']) expectError(await get(url, analyst, GLOBEX_PRODUCT), 403, 'CONTEXT_FORBIDDEN');
      expect((await get('/api/journeys', admin, GLOBEX_PRODUCT)).body).not.toContain('Private');
      expect((await read(j.id)).name).toBe(j.name);
    });

    it('needs journeys create: the viewer reads but cannot create, copy, edit or delete', async () => {
      expect((await get('/api/journeys', viewer, GLOBEX_PRODUCT)).statusCode).toBe(200);
      const body = journeyBody(uniqueName('Viewer'), ['A'], ['S']).body;
      expectError(await create(body, viewer, GLOBEX_PRODUCT), 403, 'FORBIDDEN', `${TEXT.permissionDenied} (journeys: create)`);
      const theirs = journeyOf(await create(body, admin, GLOBEX_PRODUCT), 201).data;
      expectError(await send(viewer, { method: 'POST', url: `/api/journeys/${theirs.id}/copy`, payload: {}, context: GLOBEX_PRODUCT }), 403, 'FORBIDDEN', `${TEXT.permissionDenied} (journeys: create)`);
      expectError(await update(theirs, bodyOfJourney(theirs), undefined, viewer, GLOBEX_PRODUCT), 403, 'FORBIDDEN', `${TEXT.permissionDenied} (journeys: update)`);
      expectError(await send(viewer, { method: 'DELETE', url: `/api/journeys/${theirs.id}?version=1`, context: GLOBEX_PRODUCT }), 403, 'FORBIDDEN', `${TEXT.permissionDenied} (journeys: destroy)`);
      expect((await get(`/api/journeys/${theirs.id}`, viewer, GLOBEX_PRODUCT)).statusCode).toBe(200);
    });

    it('the analyst creates in acme (journeys create)', async () => {
      journeyOf(await create(journeyBody(uniqueName('Analyst'), ['A'], ['S']).body, analyst), 201);
    });
  });

  describe('GET /api/discussion-cluster-nodes', () => {
    it("lists the client's nodes by name; the Discussion dropdown offers those with clusters; a cell may name them", async () => {
      const acme = await clientIdOf('acme');
      const [zeta, alpha, empty] = await db.insert(discussionClusterNodes).values([
        { clientId: acme, name: 'Zeta talk', description: 'z' },
        { clientId: acme, name: 'Alpha talk', description: 'a' },
        { clientId: acme, name: 'Beta (no clusters)' },
      ]).returning();
      await db.insert(discussionClusters).values([{ nodeId: zeta!.id, name: 'price', size: 40 }, { nodeId: alpha!.id, name: 'taste', size: 90 }, { nodeId: alpha!.id, name: 'fizz', size: 12 }]);
      const res = await get('/api/discussion-cluster-nodes', analyst, ACME_PRODUCT);
      expect(res.statusCode, res.body).toBe(200);
      const nodes = res.json().data as { id: number; name: string; discussion_clusters: { name: string }[] }[];
      expect(nodes.map((n) => n.name)).toEqual(['Alpha talk', 'Beta (no clusters)', 'Zeta talk']);
      expect(nodes[0]!.discussion_clusters.map((c) => c.name)).toEqual(['taste', 'fizz']);
      expect(nodesWithClusters(nodes).map((n) => n.name)).toEqual(['Alpha talk', 'Zeta talk']);
      expect(nodesWithClusters(nodes).some((n) => n.id === empty!.id)).toBe(false);
      const j = (await make(journeyBody(uniqueName('Talk'), ['A'], ['S'], () => ({ discussion_cluster_node_id: alpha!.id })).body)).data;
      expect(j.sub_markets[0]!.discussion_cluster_node_id).toBe(alpha!.id);
      const globex = (await get('/api/discussion-cluster-nodes', admin, GLOBEX_PRODUCT)).json().data as typeof nodes;
      expect(globex.some((g) => [zeta!.id, alpha!.id, empty!.id].includes(g.id))).toBe(false);
      expect(nodesWithClusters(globex)).toEqual([]);
    });
  });
});
