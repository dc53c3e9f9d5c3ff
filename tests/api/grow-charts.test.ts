import { randomUUID } from 'node:crypto';
import { and, eq } from 'drizzle-orm';
import { describe, expect, it, vi } from 'vitest';
import { GROW, GROW_TEXT } from '../../src/shared/rules/grow';
import { VERTICALS } from '../../src/shared/rules/grow-verticals';
import { mekkoConflictSchema, verticalsResponseSchema, type Mekko } from '../../src/shared/schemas/grow';
import { MAX_ID } from '../../src/shared/schemas/ids';
import { TEXT_MESSAGES } from '../../src/shared/schemas/text';
import type { Segment } from '../../src/shared/schemas/insights';
import { markets, mekkos, rolePermissions, roles, subMarkets, tvCountSettings } from '../../src/server/db/schema';
import { ADMIN } from './helper';
import { growKit } from './grow-support';
import { expectError, strict, userId } from './support';

/** A product of acme/us no seeded chart lives in: its list holds only what a test makes. */
const EMPTY_PRODUCT = 'acme/us/crunchies/bbq';

describe('Grow charts', async () => {
  const kit = await growKit({ jobs: false });
  const { db, admin, analyst, send, get, chartOf, list, read, create, newChart, addMarket, addAudience, buildChart, update, copy, remove } = kit;
  const adminId = await userId(kit.database, ADMIN);

  const chartRow = async (id: number) => (await db.select().from(mekkos).where(eq(mekkos.id, id)))[0];

  it('lists the industry verticals', async () => {
    const res = await get('/api/grow/verticals');
    expect(res.statusCode, res.body).toBe(200);
    expect(strict(verticalsResponseSchema).parse(res.json()).data).toEqual(VERTICALS.map((v) => ({ key: v.key, display_name: v.display_name })));
  });

  it('creates a blank chart with the default measurement label, and audits it', async () => {
    const key = randomUUID();
    const res = await create({ name: '  Blank Slate  ', measurement_label: '   ', vertical_type: 'automotive' }, admin, { key });
    const chart = chartOf(res);
    expect(chart).toMatchObject({
      name: 'Blank Slate',
      default: false,
      measurement_label: GROW.defaultMeasurementLabel,
      count_type: 'people_count',
      // A blank chart has no vertical, whatever was sent.
      vertical_type: null,
      version: 1,
      markets: [],
      segments: [],
      invalid_audience_ids: [],
      segments_checked: true,
    });
    expect(chart.region_people).toBeGreaterThan(0);
    expect(res.json()).not.toHaveProperty('meta');
    expect(await read(chart.id)).toEqual(chart);
    const labelled = chartOf(await create({ name: 'Labelled', measurement_label: ' Reach ' }));
    expect(labelled.measurement_label).toBe('Reach');

    const [entry] = await kit.audits(chart.id);
    expect(entry).toMatchObject({ action: 'grow.chart.create', actorUserId: adminId, actingAsUserId: null, requestId: key });
    expect(entry?.details).toMatchObject({ name: 'Blank Slate', version: 1 });
  });

  it('lists the scope\'s charts: the default first, then by name, case-insensitively', async () => {
    for (const [name, isDefault] of [['beta', false], ['Alpha', false], ['gamma', true], ['Delta', false]] as const) {
      chartOf(await create({ name, default: isDefault }, admin, { context: EMPTY_PRODUCT }));
    }
    const charts = await list(EMPTY_PRODUCT);
    expect(charts.map((c) => c.name)).toEqual(['gamma', 'Alpha', 'beta', 'Delta']);
    expect(charts.map((c) => c.default)).toEqual([true, false, false, false]);
    expect(charts[0]).toMatchObject({ measurement_label: 'Penetration', count_type: 'people_count', vertical_type: null, version: 1, invalid_audience_count: 0 });
    // Another product's charts are not in it.
    expect((await list()).map((c) => c.name)).not.toContain('gamma');
  });

  it('keeps one default per scope: a new default takes it over, unticking clears it', async () => {
    const context = 'acme/us/crunchies/classic';
    const first = chartOf(await create({ name: 'First default', default: true }, admin, { context }));
    const second = chartOf(await create({ name: 'Second default', default: true }, admin, { context }));
    // The chart that gave it up moved on a version too: cached copies must learn it.
    expect(await read(first.id, context)).toMatchObject({ default: false, version: 2 });
    expect(second.default).toBe(true);

    const unticked = chartOf(await update(second, { default: false }, admin, context));
    expect(unticked).toMatchObject({ default: false, version: 2 });
    expect((await list(context)).filter((c) => c.default)).toEqual([]);

    const again = chartOf(await update(await read(first.id, context), { default: true }, admin, context));
    expect(again).toMatchObject({ default: true, version: 3 });
    expect(chartOf(await update(unticked, { default: true }, admin, context)).default).toBe(true);
    expect((await list(context)).filter((c) => c.default).map((c) => c.id)).toEqual([unticked.id]);
  });

  it('refuses invalid charts with the exact messages, naming the field, and changes nothing', async () => {
    const taken = await newChart();
    const other = await newChart();
    const before = await db.select().from(mekkos);
    const cases: [Record<string, unknown>, string, string][] = [
      [{ name: '' }, 'body.name', GROW_TEXT.chartNameRequired],
      [{ name: '   ' }, 'body.name', GROW_TEXT.chartNameBlank],
      [{ name: 'x'.repeat(GROW.nameMax + 1) }, 'body.name', GROW_TEXT.nameTooLong],
      [{ name: `  ${taken.name.toUpperCase()} ` }, 'body.name', GROW_TEXT.chartNameTaken],
      [{ name: 'Fine', measurement_label: 'm'.repeat(GROW.measurementLabelMax + 1) }, 'body.measurement_label', GROW_TEXT.measurementLabelTooLong],
    ];
    expect(GROW_TEXT.chartNameRequired).toBe('Name is required');
    expect(GROW_TEXT.chartNameTaken).toBe('Chart name already in use');
    expect(GROW_TEXT.chartNameBlank).toBe('Name cannot be blank');
    for (const [change, path, message] of cases) {
      for (const res of [await create({ name: 'Fine', ...change }), await update(other, change)]) {
        expect(expectError(res, 422, 'VALIDATION_FAILED', message).error.details).toEqual([{ path, message }]);
      }
    }
    const both = expectError(await create({ name: '', measurement_label: 'm'.repeat(41) }), 422, 'VALIDATION_FAILED', GROW_TEXT.chartNameRequired);
    expect(both.error.details).toEqual([
      { path: 'body.name', message: GROW_TEXT.chartNameRequired },
      { path: 'body.measurement_label', message: GROW_TEXT.measurementLabelTooLong },
    ]);
    // Types are the schema's 400.
    expectError(await create({ name: 5 }), 400, 'VALIDATION_FAILED', /^body\.name: /);
    expectError(await create({ name: 'x', count_type: 'radio' }), 400, 'VALIDATION_FAILED', /^body\.count_type: /);
    expectError(await update(other, { version: undefined }), 400, 'VALIDATION_FAILED', /^body\.version: /);
    expect(await db.select().from(mekkos)).toEqual(before);

    // Its own name is no clash, in another case too; another scope's names are none either.
    expect(chartOf(await update(taken, { name: taken.name.toUpperCase() })).name).toBe(taken.name.toUpperCase());
    expect(chartOf(await create({ name: taken.name }, admin, { context: EMPTY_PRODUCT })).name).toBe(taken.name);
  });

  it('answers 400, not 500, for a version beyond 32 bits or text holding a NUL character, and changes nothing', async () => {
    const chart = await buildChart({ Market: [{ name: 'Audience' }] });
    const before = await db.select().from(mekkos);
    const tooBig = MAX_ID + 1;
    expectError(await update(chart, { version: tooBig }), 400, 'VALIDATION_FAILED', `body.version: A version must be at most ${MAX_ID}`);
    expectError(await remove(chart.id, tooBig), 400, 'VALIDATION_FAILED', `querystring.version: A version must be at most ${MAX_ID}`);
    expectError(await addMarket({ id: chart.id, version: tooBig }, 'Big'), 400, 'VALIDATION_FAILED', /^body\.version: /);
    // The shared text schema refuses it before any SQL, naming the field (more cases in bad-input.test.ts).
    const nul = (field: string) => `body.${field}: ${TEXT_MESSAGES.control}`;
    expectError(await create({ name: 'Nul\u0000name' }), 400, 'VALIDATION_FAILED', nul('name'));
    expectError(await create({ name: 'Nul label', measurement_label: 'x\u0000' }), 400, 'VALIDATION_FAILED', nul('measurement_label'));
    expectError(await update(chart, { name: 'Nul\u0000edit' }), 400, 'VALIDATION_FAILED', nul('name'));
    expectError(await copy(chart.id, { name: 'Nul\u0000copy' }), 400, 'VALIDATION_FAILED', nul('name'));
    expectError(await addMarket(chart, 'Nul\u0000market'), 400, 'VALIDATION_FAILED', nul('name'));
    expectError(await addAudience(chart, chart.markets[0]!.id, { name: 'Nul', webo_cluster_id: 'w\u0000' }), 400, 'VALIDATION_FAILED', nul('webo_cluster_id'));
    expect(await db.select().from(mekkos)).toEqual(before);
    expect(await read(chart.id)).toEqual(chart);
  });

  it('allows TV panelists only with the region\'s TV count settings and mekkos update, and keeps an existing TV chart', async () => {
    await db.delete(tvCountSettings).where(eq(tvCountSettings.clientRegionId, kit.acmeUs));
    const refused = expectError(await create({ name: 'TV chart', count_type: 'tv_panelists' }), 422, 'VALIDATION_FAILED', GROW_TEXT.tvNotAllowed);
    expect(refused.error.details).toEqual([{ path: 'body.count_type', message: GROW_TEXT.tvNotAllowed }]);
    const plain = await newChart();
    expectError(await update(plain, { count_type: 'tv_panelists' }), 422, 'VALIDATION_FAILED', GROW_TEXT.tvNotAllowed);

    await db.insert(tvCountSettings).values({ clientRegionId: kit.acmeUs, minimum: 50, maximum: 2_000_000, nPids: 12_000, constant: 1 });
    const tv = chartOf(await create({ name: 'TV chart', count_type: 'tv_panelists' }));
    expect(tv.count_type).toBe('tv_panelists');
    expect(chartOf(await update(plain, { count_type: 'tv_panelists' })).count_type).toBe('tv_panelists');

    // Without mekkos update the analyst may still create charts, but not TV ones.
    const [analystRole] = await db.select({ id: roles.id }).from(roles).where(eq(roles.name, 'Analyst'));
    const grant = and(eq(rolePermissions.roleId, analystRole!.id), eq(rolePermissions.resource, 'mekkos'));
    await db.update(rolePermissions).set({ canUpdate: false }).where(grant);
    try {
      expectError(await create({ name: 'Analyst TV', count_type: 'tv_panelists' }, analyst), 422, 'VALIDATION_FAILED', GROW_TEXT.tvNotAllowed);
      expect(chartOf(await create({ name: 'Analyst people' }, analyst)).count_type).toBe('people_count');
    } finally {
      await db.update(rolePermissions).set({ canUpdate: true }).where(grant);
    }

    // A TV chart stays one when the settings go: other fields can still be edited.
    await db.delete(tvCountSettings).where(eq(tvCountSettings.clientRegionId, kit.acmeUs));
    try {
      const renamed = chartOf(await update(tv, { name: 'TV chart renamed' }));
      expect(renamed).toMatchObject({ name: 'TV chart renamed', count_type: 'tv_panelists' });
      expect(chartOf(await update(renamed, { count_type: 'people_count' })).count_type).toBe('people_count');
    } finally {
      await db.insert(tvCountSettings).values({ clientRegionId: kit.acmeUs, minimum: 50, maximum: 2_000_000, nPids: 12_000, constant: 1 });
    }
  });

  describe('from an industry vertical', () => {
    /** The rule the server follows: the region's first live segment on the path, by vendor kind. */
    const expected = (segment: readonly [string, string, string], modeled: boolean): Segment | null =>
      kit.usSegments.find((s) =>
        !s.deleted &&
        s.path_parts[0] === segment[0] &&
        s.path_parts[1] === segment[1] &&
        (s.path_parts[2] === segment[2] || (s.path_parts[2] ?? '').endsWith(` ${segment[2]}`)) &&
        (s.vendor_type === 'modeled') === modeled) ?? null;

    for (const key of ['automotive', 'financial_services']) {
      it(`fills the markets and audiences of ${key} and attaches the region's segments`, async () => {
        const vertical = VERTICALS.find((v) => v.key === key)!;
        const chart = chartOf(await create({ name: vertical.display_name, creation_method: 'prePopulated', vertical_type: key }));
        expect(chart).toMatchObject({ name: vertical.display_name, vertical_type: key, version: 1, invalid_audience_ids: [] });
        expect(chart.markets.map((m) => m.name)).toEqual(vertical.markets.map((m) => m.name));
        expect(chart.markets.map((m) => m.order)).toEqual(vertical.markets.map((_, i) => i));
        let attached = 0;
        for (const [i, market] of vertical.markets.entries()) {
          const got = chart.markets[i]!.sub_markets;
          expect(got.map((a) => a.order)).toEqual(market.audiences.map((_, j) => j));
          expect(got.map((a) => ({ name: a.name, tag: a.tag, market_id: a.market_id }))).toEqual(market.audiences.map((a) => ({ name: a.name, tag: a.tag, market_id: chart.markets[i]!.id })));
          for (const [j, audience] of market.audiences.entries()) {
            const matched = expected(audience.segment, false);
            const modeled = expected(audience.segment, true);
            expect(got[j], audience.name).toMatchObject({
              matched_short_id: matched?.id ?? null,
              modeled_short_id: modeled?.id ?? null,
              population: matched ? matched.count.people.us : 0,
              in_prediction_model: false,
            });
            if (matched) attached++;
          }
        }
        // The test catalogue has these paths: the template does attach segments.
        expect(attached).toBeGreaterThan(0);
        const named = new Set(chart.markets.flatMap((m) => m.sub_markets.flatMap((a) => [a.matched_short_id, a.modeled_short_id])).filter((id) => id !== null));
        expect(chart.segments.map((s) => s.id).sort()).toEqual([...named].sort());
      });
    }

    it('leaves an audience whose only segment on the path is deleted without one (Mortgage)', async () => {
      const mortgage = kit.usSegments.filter((s) => s.path_parts[1] === 'Finance' && s.path_parts[2]?.endsWith('Mortgage'));
      expect(mortgage.length).toBeGreaterThan(0);
      expect(mortgage.every((s) => s.deleted)).toBe(true);
      const chart = chartOf(await create({ name: 'Finance needs', creation_method: 'prePopulated', vertical_type: 'financial_services' }));
      const homeBuyers = chart.markets.flatMap((m) => m.sub_markets).find((a) => a.name === 'Home Buyers');
      expect(homeBuyers).toMatchObject({ matched_short_id: null, modeled_short_id: null, population: 0 });
    });

    it('needs one of the verticals', async () => {
      for (const vertical_type of ['space_travel', null, undefined]) {
        const res = await create({ name: 'No such vertical', creation_method: 'prePopulated', vertical_type });
        expect(expectError(res, 422, 'VALIDATION_FAILED', GROW_TEXT.unknownVertical).error.details).toEqual([{ path: 'body.vertical_type', message: GROW_TEXT.unknownVertical }]);
      }
      expect((await list()).map((c) => c.name)).not.toContain('No such vertical');
    });
  });

  it('edits a chart: name, label and count type; each write moves the version on and is audited', async () => {
    const chart = await newChart();
    const edited = chartOf(await update(chart, { name: ' Edited chart ', measurement_label: 'Share' }));
    expect(edited).toMatchObject({ name: 'Edited chart', measurement_label: 'Share', version: 2 });
    expect(new Date(edited.updated_at).getTime()).toBeGreaterThanOrEqual(new Date(chart.updated_at).getTime());
    const cleared = chartOf(await update(edited, { measurement_label: '' }));
    expect(cleared).toMatchObject({ measurement_label: 'Penetration', version: 3 });
    expect((await kit.audits(chart.id)).map((a) => a.action)).toEqual(['grow.chart.create', 'grow.chart.update', 'grow.chart.update']);
  });

  it('answers a stale version with 409 and the current chart as GET gives it, and changes nothing', async () => {
    const chart = await buildChart({ Market: [{ name: 'Audience' }] });
    const moved = chartOf(await update(chart, { name: 'Moved on' }));
    const before = await chartRow(chart.id);
    const stale = [await update(chart, { name: 'Mine' }), await remove(chart.id, chart.version)];
    for (const res of stale) {
      const body = expectError(res, 409, 'VERSION_CONFLICT', 'Someone else changed this Grow chart since you opened it.');
      const current = strict(mekkoConflictSchema).parse(body).error.details.current;
      expect(current).toEqual(await read(chart.id));
      expect(current).toEqual(moved);
    }
    expect(await chartRow(chart.id)).toEqual(before);
  });

  it('merges a chart edit that says what it saw: my name, their label; both renaming is a conflict on the name alone', async () => {
    const chart = await newChart({ measurement_label: 'Reach' });
    const base = { name: chart.name, default: chart.default, measurement_label: chart.measurement_label, count_type: chart.count_type };
    chartOf(await update(chart, { measurement_label: 'Penetration now' }));
    const merged = chartOf(await update(chart, { name: `${chart.name} renamed`, base }));
    expect(merged).toMatchObject({ name: `${chart.name} renamed`, measurement_label: 'Penetration now', version: chart.version + 2 });
    const body = expectError(await update(chart, { name: `${chart.name} mine`, base }), 409, 'VERSION_CONFLICT');
    expect(strict(mekkoConflictSchema).parse(body).error.details.conflicts).toEqual([{ field: 'name', base: chart.name, theirs: `${chart.name} renamed`, mine: `${chart.name} mine` }]);
  });

  it('lets one of concurrent writes on the same version win', async () => {
    const chart = await newChart();
    const edits = await Promise.all([1, 2, 3].map((n) => update(chart, { measurement_label: `Label ${n}` })));
    expect(edits.map((r) => r.statusCode).sort()).toEqual([200, 409, 409]);
    expect((await chartRow(chart.id))?.version).toBe(2);
  });

  it('replays a resent X-Request-ID with the first answer and changes nothing', async () => {
    const key = randomUUID();
    const first = await create({ name: 'Replayed chart' }, admin, { key });
    const again = await create({ name: 'Replayed chart' }, admin, { key });
    expect(again.statusCode).toBe(200);
    expect(again.headers['idempotent-replayed']).toBe('true');
    expect(again.json()).toEqual(first.json());
    expect((await list()).filter((c) => c.name === 'Replayed chart')).toHaveLength(1);

    const chart = chartOf(first);
    const editKey = randomUUID();
    const edit = await send(admin, { method: 'PUT', url: `/api/mekkos/${chart.id}`, payload: { name: 'Replayed edit', version: 1 }, key: editKey });
    const resent = await send(admin, { method: 'PUT', url: `/api/mekkos/${chart.id}`, payload: { name: 'Replayed edit', version: 1 }, key: editKey });
    expect(resent.headers['idempotent-replayed']).toBe('true');
    expect(resent.json()).toEqual(edit.json());
    expect((await read(chart.id)).version).toBe(2);
    // A write needs the key.
    expectError(await create({ name: 'Keyless' }, admin, { key: null }), 400, 'REQUEST_ID_REQUIRED');
  });

  describe('copy', () => {
    it('copies the markets and audiences in order under "Copy of", never as the default', async () => {
      const matched = kit.freshSegment('matched');
      const source = await buildChart({
        First: [{ name: 'One', tag: 'owned', matched_short_id: matched.id, population: '12' }, { name: 'Two', tag: 'opportunity' }],
        Second: [{ name: 'Three', webo_cluster_id: 'cluster-9', discussion_cluster_node_id: await kit.discussionNode() }],
      }, { default: true, measurement_label: 'Reach' });
      const copied = chartOf(await copy(source.id));
      expect(copied.id).not.toBe(source.id);
      expect(copied).toMatchObject({ name: `Copy of ${source.name}`, default: false, measurement_label: 'Reach', count_type: 'people_count', version: 1 });
      const shape = (c: Mekko) => c.markets.map((m) => ({ name: m.name, order: m.order, sub_markets: m.sub_markets.map(({ id: _id, market_id: _m, ...a }) => a) }));
      expect(shape(copied)).toEqual(shape(source));
      expect(copied.segments).toEqual(source.segments);
      // The source is untouched, and still the default.
      expect(await read(source.id)).toEqual(source);

      expect(chartOf(await copy(source.id)).name).toBe(`Copy of ${source.name} (2)`);
      expect(chartOf(await copy(source.id, { name: ' Named copy ' })).name).toBe('Named copy');
      expectError(await copy(source.id, { name: ` ${source.name.toUpperCase()}` }), 422, 'VALIDATION_FAILED', GROW_TEXT.chartNameTaken);
      expectError(await copy(source.id, { name: '  ' }), 422, 'VALIDATION_FAILED', GROW_TEXT.chartNameBlank);
      expect((await kit.audits(copied.id)).map((a) => a.action)).toEqual(['grow.chart.copy']);
    });

    it('keeps the vertical of a chart made from one', async () => {
      const source = chartOf(await create({ name: 'Snacks to copy', creation_method: 'prePopulated', vertical_type: 'snacks' }));
      const copied = chartOf(await copy(source.id));
      expect(copied.vertical_type).toBe('snacks');
      expect(copied.markets.map((m) => m.sub_markets.length)).toEqual(source.markets.map((m) => m.sub_markets.length));
    });

    it('refuses to copy a chart with invalid audiences', async () => {
      const doomed = kit.freshSegment();
      const source = await buildChart({ Market: [{ name: 'Doomed', matched_short_id: doomed.id }] });
      await kit.setDeleted(doomed.id, true);
      const before = (await list()).length;
      const body = expectError(await copy(source.id), 422, 'VALIDATION_FAILED', GROW_TEXT.copyInvalid);
      expect(body.error.details).toEqual([{ path: 'params.id', message: GROW_TEXT.copyInvalid }]);
      expect((await list()).length).toBe(before);
    });
  });

  it('deletes a chart with its markets and audiences, answering it at the next version', async () => {
    const chart = await buildChart({ Market: [{ name: 'Audience' }] });
    const res = await remove(chart.id, chart.version);
    expect(chartOf(res)).toEqual({ ...chart, version: chart.version + 1, updated_at: expect.any(String) });
    expectError(await get(`/api/mekkos/${chart.id}`), 404, 'NOT_FOUND', `There is no Grow chart ${chart.id} in this product and region: it may have been deleted.`);
    expect((await list()).map((c) => c.id)).not.toContain(chart.id);
    expect(await db.select().from(markets).where(eq(markets.mekkoId, chart.id))).toEqual([]);
    expect(await db.select().from(subMarkets).where(eq(subMarkets.mekkoId, chart.id))).toEqual([]);
    expectError(await remove(chart.id, chart.version + 1), 404, 'NOT_FOUND');
    expectError(await update(chart), 404, 'NOT_FOUND');
    expectError(await copy(chart.id), 404, 'NOT_FOUND');
    expect((await kit.audits(chart.id)).map((a) => a.action).at(-1)).toBe('grow.chart.delete');
  });

  it('shows the segments the audiences name, and which audiences are invalid once the data is ready', async () => {
    const matched = kit.freshSegment('matched');
    const modeled = kit.freshSegment('modeled');
    const doomed = kit.freshSegment();
    const chart = await buildChart({ Market: [{ name: 'Good', matched_short_id: matched.id, modeled_short_id: modeled.id }, { name: 'Bad', matched_short_id: doomed.id }] });
    expect(chart.segments).toEqual([matched, modeled, doomed].sort((a, b) => a.id - b.id).map((s) => ({
      id: s.id,
      identifier: s.identifier,
      name: s.name,
      path_parts: s.path_parts,
      vendor_type: s.vendor_type,
      deleted: false,
      people_count: s.count.people.us,
      create_audience_single: s.create_audience_single,
    })));
    expect(chart.invalid_audience_ids).toEqual([]);

    await kit.setDeleted(doomed.id, true);
    const bad = chart.markets[0]!.sub_markets[1]!.id;
    const now = await read(chart.id);
    expect(now.invalid_audience_ids).toEqual([bad]);
    expect(now.segments.find((s) => s.id === doomed.id)?.deleted).toBe(true);
    expect((await list()).find((c) => c.id === chart.id)?.invalid_audience_count).toBe(1);

    // While the region's data is still loading nothing can be judged.
    const statuses = kit.app.data.statuses();
    const spy = vi.spyOn(kit.app.data, 'statuses').mockReturnValue(statuses.map((s) => ({ ...s, state: 'loading' as const })));
    try {
      expect(await read(chart.id)).toMatchObject({ segments_checked: false, invalid_audience_ids: [], region_people: null });
      expect((await list()).find((c) => c.id === chart.id)?.invalid_audience_count).toBe(0);
    } finally {
      spy.mockRestore();
    }
  });

  it('adds audiences with segments to a chart (the view round trip)', async () => {
    const segment = kit.freshSegment('matched');
    let chart = await newChart();
    chart = chartOf(await addMarket(chart, 'Only market'));
    chart = chartOf(await addAudience(chart, chart.markets[0]!.id, { name: 'Only audience', matched_short_id: segment.id, population: '7' }));
    expect(chart.markets[0]!.sub_markets[0]).toMatchObject({ name: 'Only audience', matched_short_id: segment.id, population: 7, order: 0 });
  });
});
