import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { TEXT } from '../../src/shared/constants';
import { AUDIENCES_TEXT } from '../../src/shared/rules/audience-kinds';
import { audienceConflictSchema, deleteAnswerSchema, shareAudienceResponseSchema, shareTargetsResponseSchema } from '../../src/shared/schemas/audiences';
import { activations, audiences, clients, destinations, mekkos, markets, subMarkets } from '../../src/server/db/schema';
import { findProductScope } from '../../src/server/modules/hierarchy/hierarchy-repository';
import { ACME_PRODUCT, GLOBEX_PRODUCT } from './helper';
import { audiencesKit, rule } from './audiences-support';
import { expectError, strict, userId } from './support';

const ACME_ZERO = 'acme/us/fizz-cola/fizz-zero';
const ACME_UK = 'acme/uk/fizz-cola/fizz-original';

describe('Audiences overview and details (issue 16)', async () => {
  const kit = await audiencesKit();
  const { app, db, database, admin, analyst, viewer, send, get, acme, save, detail, detailOf, list, ok } = kit;
  const [a, b, c, d] = acme as [typeof acme[number], typeof acme[number], typeof acme[number], typeof acme[number]];
  const acmeScope = (await findProductScope(db, { client: 'acme', region: 'us', brand: 'fizz-cola', product: 'fizz-original' }))!;

  describe('GET /api/audiences', () => {
    it('lists the scope\'s audiences with total, searched, filtered by kind, sorted and paged', async () => {
      const one = await save(rule([a.id]), 'Zebra Overview One');
      const two = await save(rule([b.id]), 'apple Overview Two');
      await save(rule([c.id]), 'Elsewhere', admin, ACME_ZERO);
      const all = await list('?page_size=200');
      expect(all.meta.total).toBe(all.data.length);
      expect(all.data.map((r) => r.id)).toEqual(expect.arrayContaining([one.id, two.id]));
      expect(all.data.some((r) => r.name === 'Elsewhere')).toBe(false);
      const found = await list('?search=overview&sort=name&dir=asc');
      expect(found.data.map((r) => r.name)).toEqual(['apple Overview Two', 'Zebra Overview One']);
      expect(found.meta).toEqual({ total: 2, page: 1, page_size: 25 });
      const row = found.data[1]!;
      expect(row).toMatchObject({ kind: 'audience', status: 'ready', people_count: a.people, short_id: null, read_only: false, shared_from: null, created_by: { id: await userId(database, 'admin@demo.test'), name: 'Dana Whitfield' } });
      expect(row.counted_at).not.toBeNull();
      const paged = await list('?search=overview&sort=name&dir=asc&page=2&page_size=1');
      expect(paged.data.map((r) => r.name)).toEqual(['Zebra Overview One']);
      expect(paged.meta.total).toBe(2);
      const byCount = await list('?sort=people_count&dir=desc&page_size=200');
      const counts = byCount.data.map((r) => r.people_count ?? -1);
      expect(counts).toEqual([...counts].sort((x, y) => y - x));
      const optimized = await list('?kind=pve&page_size=200');
      expect(optimized.data.every((r) => r.kind === 'pve')).toBe(true);
      expect(optimized.data.length).toBeGreaterThan(0);
    });

    it('counts a row again when its count is stale, and says when', async () => {
      const one = await save(rule([a.id]), 'Stale Count One');
      await db.update(audiences).set({ peopleCount: 1, countedAt: new Date('2020-01-01') }).where(eq(audiences.id, one.id));
      const row = (await list('?search=Stale Count One')).data[0]!;
      expect(row.people_count).toBe(a.people);
      expect(new Date(row.counted_at!).getFullYear()).toBeGreaterThan(2020);
      // A fresh count is shown as it is (not counted again on every listing).
      await db.update(audiences).set({ peopleCount: 7 }).where(eq(audiences.id, one.id));
      expect((await list('?search=Stale Count One')).data[0]!.people_count).toBe(7);
      await db.update(audiences).set({ peopleCount: a.people }).where(eq(audiences.id, one.id));
    });

    it('refuses a bad query with 400', async () => {
      expectError(await get('/api/audiences?page_size=500'), 400, 'VALIDATION_FAILED');
      expectError(await get('/api/audiences?kind=nope'), 400, 'VALIDATION_FAILED');
      expectError(await get('/api/audiences?sort=rules'), 400, 'VALIDATION_FAILED');
    });
  });

  describe('GET /api/audiences/{id}', () => {
    it('shows the rule, its segments, lineage, uses and counts in every region of the client, recounted live', async () => {
      const saved = await save({ include: { and: [[a.id, b.id]] }, exclude: [c.id], values: [] }, 'Detail Audience');
      await db.update(audiences).set({ peopleCount: 1, countedAt: new Date('2020-01-01') }).where(eq(audiences.id, saved.id));
      const got = await detail(saved.id);
      expect(got.people_count).toBe(saved.people_count);
      expect(new Date(got.counted_at!).getFullYear()).toBeGreaterThan(2020);
      expect(got.rules).toEqual({ include: { and: [[a.id, b.id]] }, exclude: [c.id], values: [] });
      expect(got.segments.map((s) => s.id).sort()).toEqual([a.id, b.id, c.id].sort());
      expect(got.lineage).toEqual([{ id: saved.id, name: 'Detail Audience', kind: 'audience', deleted: false }]);
      expect(got.identifier).toMatch(/^[0-9a-f-]{36}$/);
      expect(got.used_by).toEqual([]);
      const us = got.region_counts.find((r) => r.region === 'us')!;
      expect(us).toEqual({ region: 'us', name: 'United States', people_count: saved.people_count, note: null });
      // acme/uk has the same catalogue (identifiers): counted there; acme/au has no data.
      const uk = got.region_counts.find((r) => r.region === 'uk')!;
      expect(uk.people_count).toEqual(expect.any(Number));
      expect(uk.note).toBeNull();
      const au = got.region_counts.find((r) => r.region === 'au')!;
      expect(au.people_count).toBeNull();
      expect(au.note).toEqual(expect.any(String));
    });

    it('answers 404 for another product\'s or another tenant\'s audience', async () => {
      const saved = await save(rule([a.id]), 'Scoped Audience');
      expectError(await get(`/api/audiences/${saved.id}`, admin, ACME_ZERO), 404, 'NOT_FOUND');
      expectError(await get(`/api/audiences/${saved.id}`, admin, GLOBEX_PRODUCT), 404, 'NOT_FOUND');
      expectError(await get(`/api/audiences/${saved.id}`, viewer, GLOBEX_PRODUCT), 404, 'NOT_FOUND');
      expectError(await get(`/api/audiences/${saved.id}`, viewer, ACME_PRODUCT), 403, 'CONTEXT_FORBIDDEN');
    });
  });

  describe('PUT /api/audiences/{id}', () => {
    it('edits name, description and rule on its version (recounted), 409 on an older one, merged with base', async () => {
      const saved = await save(rule([a.id]), 'Editable');
      const edited = detailOf(await send(admin, { method: 'PUT', url: `/api/audiences/${saved.id}`, payload: { version: 1, name: ' Edited ', description: 'Now described', rules: rule([b.id]) } }));
      expect(edited).toMatchObject({ name: 'Edited', description: 'Now described', version: 2, people_count: b.people, rules: rule([b.id]) });
      const stale = await send(admin, { method: 'PUT', url: `/api/audiences/${saved.id}`, payload: { version: 1, name: 'Stale' } });
      const conflict = strict(audienceConflictSchema).parse(stale.json());
      expect(stale.statusCode).toBe(409);
      expect(conflict.error.details.current.name).toBe('Edited');
      const merged = detailOf(await send(admin, { method: 'PUT', url: `/api/audiences/${saved.id}`, payload: { version: 1, base: { description: 'Now described' }, description: 'Merged' } }));
      expect(merged).toMatchObject({ name: 'Edited', description: 'Merged', version: 3 });
    });

    it('refuses bad names and rules with 422, and the viewer with 403', async () => {
      const saved = await save(rule([a.id]), 'Validated');
      expectError(await send(admin, { method: 'PUT', url: `/api/audiences/${saved.id}`, payload: { version: 1, name: '   ' } }), 422, 'VALIDATION_FAILED');
      expectError(await send(admin, { method: 'PUT', url: `/api/audiences/${saved.id}`, payload: { version: 1, rules: rule([999_999_999]) } }), 422, 'UNKNOWN_SEGMENTS');
      expectError(await send(viewer, { method: 'PUT', url: `/api/audiences/${saved.id}`, payload: { version: 1, name: 'x' }, context: GLOBEX_PRODUCT }), 403, 'FORBIDDEN');
      expect((await detail(saved.id)).version).toBe(1);
    });
  });

  describe('POST /api/audiences/{id}/copy', () => {
    it("copies as 'Copy of {name}', made unique, with the original first in its breadcrumb", async () => {
      const saved = await save(rule([a.id], [b.id]), 'Copied');
      const first = detailOf(await send(analyst, { method: 'POST', url: `/api/audiences/${saved.id}/copy`, payload: {} }));
      const second = detailOf(await send(admin, { method: 'POST', url: `/api/audiences/${saved.id}/copy`, payload: {} }));
      expect(first.name).toBe('Copy of Copied');
      expect(second.name).toBe('Copy of Copied (2)');
      expect(first.rules).toEqual(rule([a.id], [b.id]));
      expect(first.lineage.map((s) => s.name)).toEqual(['Copied', 'Copy of Copied']);
      expect(first.created_by?.name).toBe('Priya Raman');
      expectError(await send(admin, { method: 'POST', url: `/api/audiences/${saved.id}/copy`, payload: {}, context: ACME_ZERO }), 404, 'NOT_FOUND');
    });
  });

  describe('DELETE /api/audiences/{id}', () => {
    it('deletes an unused audience (data.message), then answers 404', async () => {
      const saved = await save(rule([a.id]), 'Doomed');
      const res = await send(analyst, { method: 'DELETE', url: `/api/audiences/${saved.id}` });
      expect(strict(deleteAnswerSchema).parse(ok(res)).data.message).toBe(AUDIENCES_TEXT.deleted('Doomed'));
      expectError(await get(`/api/audiences/${saved.id}`), 404, 'NOT_FOUND');
      expectError(await send(admin, { method: 'DELETE', url: `/api/audiences/${saved.id}` }), 404, 'NOT_FOUND');
    });

    it('refuses (409) while an activation or a Grow chart uses it, naming them and their users', async () => {
      const saved = await save(rule([kit.near(0.05).id]), 'In Use');
      const [destination] = await db.select().from(destinations).innerJoin(clients, eq(clients.id, destinations.clientId)).where(eq(clients.slug, 'acme'));
      const analystId = await userId(database, 'analyst@acme.test');
      const [activation] = await db.insert(activations).values({ ...acmeScope, audienceId: saved.id, destinationId: destination!.destinations.id, createdBy: analystId }).returning();
      const refused = expectError(await send(admin, { method: 'DELETE', url: `/api/audiences/${saved.id}` }), 409, 'CONFLICT');
      expect(refused.error.message).toBe(AUDIENCES_TEXT.inUse('In Use', `the activation 'Activation ${activation!.id}' of Priya Raman`));
      await db.delete(activations).where(eq(activations.id, activation!.id));

      // A lookalike's segment named by a Grow chart's audience.
      const { built } = await kit.lookalike({ seed_audience_id: saved.id, reach: { kind: 'multiplier', value: 1 } });
      const [chart] = await db.insert(mekkos).values({ ...acmeScope, name: 'Chart Using It', createdBy: analystId }).returning();
      const [market] = await db.insert(markets).values({ mekkoId: chart!.id, name: 'M', position: 0 }).returning();
      await db.insert(subMarkets).values({ mekkoId: chart!.id, marketId: market!.id, name: 'Sub', position: 0, matchedShortId: built.short_id });
      const used = await detail(built.id);
      expect(used.used_by).toEqual([{ kind: 'chart', id: chart!.id, name: 'Chart Using It', user: 'Priya Raman' }]);
      const chartRefusal = expectError(await send(admin, { method: 'DELETE', url: `/api/lookalikes/${built.id}` }), 409, 'CONFLICT');
      expect(chartRefusal.error.message).toBe(AUDIENCES_TEXT.inUse(built.name, "the Grow chart 'Chart Using It' of Priya Raman"));
      await db.delete(mekkos).where(eq(mekkos.id, chart!.id));
      // Its seed goes; the lookalike stays, its breadcrumb showing the seed deleted.
      ok(await send(admin, { method: 'DELETE', url: `/api/audiences/${saved.id}` }));
      const orphan = await detail(built.id);
      expect(orphan.lineage).toEqual([{ id: null, name: 'In Use', kind: 'audience', deleted: true }, { id: built.id, name: built.name, kind: 'lookalike', deleted: false }]);
    });

    it('needs audiences destroy: the viewer has none', async () => {
      const saved = await save(rule([a.id]), 'Viewer cannot');
      expectError(await send(viewer, { method: 'DELETE', url: `/api/audiences/${saved.id}`, context: GLOBEX_PRODUCT }), 403, 'FORBIDDEN', `${TEXT.permissionDenied} (audiences: destroy)`);
    });
  });

  describe('sharing into another client', () => {
    it('lists the admin\'s other clients as targets, not the context\'s', async () => {
      const targets = strict(shareTargetsResponseSchema).parse(ok(await get('/api/audiences/share-targets'))).data;
      expect(targets.map((t) => t.name)).toContain('Globex');
      expect(targets.map((t) => t.name)).not.toContain('Acme Corporation');
      const analystTargets = strict(shareTargetsResponseSchema).parse(ok(await get('/api/audiences/share-targets', analyst))).data;
      expect(analystTargets).toEqual([]);
    });

    it('shares read-only, rules translated by identifier (or none where the region lacks them); only the target deletes its copy', async () => {
      const saved = await save(rule([a.id], [d.id]), 'Shared Out');
      const globex = (await findProductScope(db, { client: 'globex', region: 'us', brand: 'globex-auto', product: 'roadster' }))!;
      const body = { client_id: globex.clientId, region_id: globex.regionId, product_id: globex.productId };
      expectError(await send(analyst, { method: 'POST', url: `/api/audiences/${saved.id}/share`, payload: body }), 403, 'FORBIDDEN', AUDIENCES_TEXT.notYourClient);
      const shared = strict(shareAudienceResponseSchema).parse(ok(await send(admin, { method: 'POST', url: `/api/audiences/${saved.id}/share`, payload: body }))).data;
      expect(shared).toEqual({ id: expect.any(Number), client: 'Globex', message: AUDIENCES_TEXT.shared('Globex') });
      const there = await detail(shared.id, admin, GLOBEX_PRODUCT);
      expect(there).toMatchObject({ kind: 'shared_audience', read_only: true, shared_from: 'Acme Corporation', name: 'Shared Out' });
      const [row] = await db.select().from(audiences).where(eq(audiences.id, shared.id));
      expect(row!.sourceIdentifier).toBe((await detail(saved.id)).identifier);
      // Globex's catalogue is its own: where a segment is missing the rule is null and the counts say so.
      if (there.rules === null) expect(there.region_counts[0]!.note).toBe(AUDIENCES_TEXT.noSegmentsInRegion);
      else expect(there.region_counts[0]!.people_count).toEqual(expect.any(Number));
      expectError(await send(admin, { method: 'PUT', url: `/api/audiences/${shared.id}`, payload: { version: 1, name: 'Mine now' }, context: GLOBEX_PRODUCT }), 403, 'FORBIDDEN', AUDIENCES_TEXT.readOnly);
      expectError(await get(`/api/audiences/${shared.id}`), 404, 'NOT_FOUND');
      const gone = strict(deleteAnswerSchema).parse(ok(await send(admin, { method: 'DELETE', url: `/api/audiences/${shared.id}`, context: GLOBEX_PRODUCT }))).data;
      expect(gone.message).toBe(AUDIENCES_TEXT.deleted('Shared Out'));
      expect((await detail(saved.id)).name).toBe('Shared Out');
    });

    it('shares within the same catalogue with counts: into acme\'s own client is refused', async () => {
      const saved = await save(rule([a.id]), 'Not to self');
      const self = (await findProductScope(db, { client: 'acme', region: 'uk', brand: 'fizz-cola', product: 'fizz-original' }))!;
      expectError(await send(admin, { method: 'POST', url: `/api/audiences/${saved.id}/share`, payload: { client_id: self.clientId, region_id: self.regionId, product_id: self.productId } }), 403, 'FORBIDDEN', AUDIENCES_TEXT.notYourClient);
      expect((await list('', admin, ACME_UK)).data.some((r) => r.name === 'Not to self')).toBe(false);
    });
  });

  it('refuses every new route of another tenant: ids of acme answer 404 in globex, and a foreign context 403', async () => {
    const saved = await save(rule([a.id]), 'Tenancy');
    const routes = [
      ['GET', `/api/audiences/${saved.id}`],
      ['PUT', `/api/audiences/${saved.id}`, { version: 1, name: 'x' }],
      ['DELETE', `/api/audiences/${saved.id}`],
      ['POST', `/api/audiences/${saved.id}/copy`, {}],
      ['POST', `/api/audiences/${saved.id}/share`, { client_id: 1, region_id: 1, product_id: 1 }],
      ['GET', `/api/lookalikes/${saved.id}`],
      ['DELETE', `/api/lookalikes/${saved.id}`],
      ['POST', '/api/lookalikes', { name: 'x', seed_audience_id: saved.id, reach: { kind: 'multiplier', value: 2 } }],
    ] as const;
    for (const [method, url, payload] of routes) {
      const res = await send(admin, { method, url, context: GLOBEX_PRODUCT, ...(payload ? { payload } : {}) });
      expect([404, 422], `${method} ${url}: ${res.body}`).toContain(res.statusCode);
      if (res.statusCode === 422) expect(res.body).toContain(`${saved.id}`);
      const foreign = await send(analyst, { method, url, context: GLOBEX_PRODUCT, ...(payload ? { payload } : {}) });
      expect(foreign.statusCode, `${method} ${url}`).toBe(403);
    }
    for (const url of ['/api/audiences', '/api/lookalikes', '/api/motivation-audiences', '/api/audiences/share-targets']) {
      const res = await get(url, analyst, GLOBEX_PRODUCT);
      expectError(res, 403, 'CONTEXT_FORBIDDEN');
      expect(res.body).not.toContain('Tenancy');
    }
    expect((await detail(saved.id)).name).toBe('Tenancy');
    void app;
  });
});
