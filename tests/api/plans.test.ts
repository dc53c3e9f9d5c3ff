import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { CURVE_TEXT, MEDIA_TYPES } from '../../src/shared/rules/curves';
import { SCENARIO_TEXT } from '../../src/shared/rules/scenarios';
import { createCurvesResponseSchema, curveListResponseSchema, importedPlanListResponseSchema, importedPlanResponseSchema, scenarioListResponseSchema, scenarioResponseSchema, type ImportedPlan, type Scenario } from '../../src/shared/schemas/plans';
import { seedPlanDemoIfEmpty, DEMO_CURVES, DEMO_SCENARIOS } from '../../src/server/db/demo-plans';
import { planImports } from '../../src/server/db/schema';
import { ACME_PRODUCT, GLOBEX_PRODUCT, apiKit } from './helper';

/** Another product of acme's, with no curves yet (globex has no scenario planning). */
const ZERO = 'acme/us/fizz-cola/fizz-zero';
import { expectError } from './support';

const spendCurve = (media_type: string, params: Record<string, number | string> = {}) => ({
  media_type, curve_type_name: 'Spend', is_generic: false, params: { a: 0, b: 1.5, c: 30000, d: 300, e: 1, ...params },
});

describe('Scenario Planner Management: curves and plan imports (issue 31)', async () => {
  const kit = await apiKit({ counts: false });
  const { app, db, admin, analyst, viewer, send, get } = kit;
  await seedPlanDemoIfEmpty(db);
  const curvesOf = async (context = ACME_PRODUCT) => curveListResponseSchema.parse((await get('/api/curves', admin, context)).json()).data;
  const apply = async (curves: unknown[], context = ACME_PRODUCT) => {
    const res = await send(admin, { method: 'POST', url: '/api/curves', context, payload: { curves } });
    expect(res.statusCode, res.body).toBe(200);
    return createCurvesResponseSchema.parse(res.json()).data;
  };
  const submit = (projectId: string, s = admin, context = ACME_PRODUCT) => send(s, { method: 'POST', url: '/api/plans/import_scenario', context, payload: { sp_plan_id: projectId } });
  const imported = async (projectId: string): Promise<ImportedPlan> => {
    const res = await submit(projectId);
    expect(res.statusCode, res.body).toBe(202);
    const submitted = importedPlanResponseSchema.parse(res.json()).data;
    expect(submitted).toMatchObject({ scenario_planner_id: projectId, import_success: null, message: null });
    await app.jobs.whenIdle(30_000);
    const list = importedPlanListResponseSchema.parse((await get('/api/plans/status_import')).json()).data;
    return list.find((p) => p.id === submitted.id)!;
  };

  describe('curves', () => {
    it('lists the generic library (a curve per media type), the curve types by name and the demo product\'s uploaded set', async () => {
      const generic = curveListResponseSchema.parse((await get('/api/curves/generic')).json()).data;
      expect(generic.map((c) => c.media_type)).toEqual([...MEDIA_TYPES]);
      expect(generic.every((c) => c.is_generic)).toBe(true);
      expect(Object.keys((await get('/api/curves/types')).json().data)).toEqual(['Spend', 'TRP']);
      const demo = await curvesOf();
      expect(demo.map((c) => c.media_type).sort()).toEqual(Object.keys(DEMO_CURVES).sort());
      expect(demo.find((c) => c.media_type === 'TV')).toMatchObject({ curve_type_name: 'TRP', is_generic: false, params: { cpp_or_cpm: 0, cpp: 2500 } });
    });

    it("applies an uploaded set: refused curves are named by index in spec 2 §5's words, and their media types keep their curves", async () => {
      const before = await curvesOf(ZERO);
      expect(before).toEqual([]);
      await apply([spendCurve('TV', { d: 900 }), spendCurve('Search')], ZERO);
      const answer = await apply([
        spendCurve('TV', { d: 'lots' }),
        spendCurve('Search', { d: 450 }),
        { ...spendCurve(''), curve_type_name: '' },
        { media_type: 'Display', curve_type_name: 'TRP', is_generic: false, params: { a: 0, b: 1, c: 10, d: 50, e: 1, cpp_or_cpm: 0, cpp: '0' } },
        spendCurve('Social', { b: 0, c: -1 }),
        spendCurve('Search'),
      ], ZERO);
      expect(answer.error_messages).toEqual({
        0: [CURVE_TEXT.number],
        2: [CURVE_TEXT.mediaTypeRequired, CURVE_TEXT.curveTypeRequired],
        3: [CURVE_TEXT.cpp],
        4: [CURVE_TEXT.slopeZero, CURVE_TEXT.scalePositive],
        5: [CURVE_TEXT.duplicate('Search')],
      });
      // TV keeps its curve; Search has the new one; nothing else was saved.
      expect(answer.curves.map((c) => [c.media_type, c.params.d]).sort()).toEqual([['Search', 450], ['TV', 900]]);
    });

    it('applies generic curves: copies of the library\'s numbers, whatever numbers are sent', async () => {
      const answer = await apply(['Social', 'Print'].map((media_type) => ({ media_type, curve_type_name: 'Spend', is_generic: true, params: { d: 1 } })), ZERO);
      const generic = curveListResponseSchema.parse((await get('/api/curves/generic')).json()).data;
      expect(answer.error_messages).toEqual({});
      expect(answer.curves.map((c) => c.media_type).sort()).toEqual(['Print', 'Social']);
      for (const c of answer.curves) {
        expect(c.is_generic).toBe(true);
        expect(c.params).toEqual(generic.find((g) => g.media_type === c.media_type)!.params);
      }
    });

    it("deletes a curve of the product only: another product's is not found, and deleting needs curves destroy", async () => {
      const [print] = (await curvesOf(ZERO)).filter((c) => c.media_type === 'Print');
      expectError(await send(admin, { method: 'DELETE', url: `/api/curves/${print!.id}` }), 404, 'NOT_FOUND');
      expectError(await send(analyst, { method: 'DELETE', url: `/api/curves/${print!.id}`, context: ZERO }), 403, 'FORBIDDEN');
      expect((await send(admin, { method: 'DELETE', url: `/api/curves/${print!.id}`, context: ZERO })).statusCode).toBe(204);
      expect((await curvesOf(ZERO)).map((c) => c.media_type)).toEqual(['Social']);
    });

    it('lets planners (plans read) read the curves; only curves create and update apply them', async () => {
      expect((await get('/api/curves', analyst)).statusCode).toBe(200);
      // A client without scenario planning reaches none of it, whatever the role.
      expectError(await get('/api/curves', viewer, GLOBEX_PRODUCT), 403, 'FORBIDDEN', 'Scenario planning is not enabled for globex.');
      expectError(await submit('GX-2027-ROADSTER', admin, GLOBEX_PRODUCT), 403, 'FORBIDDEN');
      expectError(await send(analyst, { method: 'POST', url: '/api/curves', payload: { curves: [spendCurve('TV')] } }), 403, 'FORBIDDEN');
      expect((await curvesOf()).find((c) => c.media_type === 'TV')!.curve_type_name).toBe('TRP');
    });
  });

  describe('plan imports', () => {
    it('imports a plan by Project ID through a job: submitted, then complete with its name, weeks, media types and budget', async () => {
      const plan = await imported('FZ-2027-SUMMER');
      expect(plan).toMatchObject({ import_success: true, message: null, name: 'Fizz Original summer always-on 2027', weeks: 13 });
      expect(plan.media_types).toEqual(['TV', 'Online Video', 'Display', 'Social', 'Search', 'Audio', 'Out of Home']);
      expect(plan.total_budget).toBeGreaterThan(1_000_000);
      // The demo's own import is listed too, newest first.
      const list = importedPlanListResponseSchema.parse((await get('/api/plans/status_import')).json()).data;
      expect(list[0]!.id).toBe(plan.id);
      expect(list.some((p) => p.scenario_planner_id === 'FZ-2027-SPRING' && p.import_success)).toBe(true);
      // With its flights, for the planner; another product's is not found.
      const detail = (await get(`/api/plans/${plan.id}`)).json().data as { plan: { flights: { media_type: string; weekly_budget: number[] }[] } };
      expect(detail.plan.flights.map((f) => f.weekly_budget.length)).toEqual(Array(7).fill(13));
      expectError(await get(`/api/plans/${plan.id}`, admin, ZERO), 404, 'NOT_FOUND');
    });

    it('fails, saying why and keeping no plan, for an unknown Project ID, a malformed plan and another client\'s', async () => {
      const unknown = await imported('NO-SUCH-PLAN');
      expect(unknown).toMatchObject({ import_success: false, message: 'There is no plan with Project ID NO-SUCH-PLAN in the planning system.', name: null, total_budget: null });
      const broken = await imported('FZ-2027-BROKEN');
      expect(broken.import_success).toBe(false);
      expect(broken.message).toMatch(/^Plan FZ-2027-BROKEN cannot be planned \(2 problems\): Radio is not a media type: .* Display has 12 weeks where the plan's first flight has 13\.$/);
      const theirs = await imported('GX-2027-ROADSTER');
      expect(theirs).toMatchObject({ import_success: false, message: 'Plan GX-2027-ROADSTER belongs to another client: it cannot be imported here.' });
      const path = await imported('../../etc/passwd');
      expect(path.message).toBe("../../etc/passwd is not a Project ID: they are letters, digits, '-', '_' and '.'.");
      for (const id of [unknown.id, broken.id, theirs.id]) {
        const [row] = await db.select({ plan: planImports.plan }).from(planImports).where(eq(planImports.id, id));
        expect(row!.plan).toBeNull();
      }
    });

    it("is imported once: the job run again changes nothing", async () => {
      const plan = await imported('FZ-2027-SUMMER');
      const [before] = await db.select().from(planImports).where(eq(planImports.id, plan.id));
      await app.jobs.send('plan-import', { importId: plan.id }, { userId: null, clientId: null, context: null });
      await app.jobs.whenIdle(30_000);
      const [after] = await db.select().from(planImports).where(eq(planImports.id, plan.id));
      expect(after).toEqual(before);
    });

    it("needs a Project ID ('Please enter a Project ID'), keeps each product's imports to itself, and deleting needs plans destroy", async () => {
      expectError(await submit('   '), 400, 'VALIDATION_FAILED', /Please enter a Project ID/);
      const plan = await imported('FZ-2027-SUMMER');
      const theirs = importedPlanListResponseSchema.parse((await get('/api/plans/status_import', admin, ZERO)).json()).data;
      expect(theirs.some((p) => p.id === plan.id)).toBe(false);
      expectError(await send(admin, { method: 'DELETE', url: `/api/plans/${plan.id}`, context: ZERO }), 404, 'NOT_FOUND');
      expectError(await send(analyst, { method: 'DELETE', url: `/api/plans/${plan.id}` }), 403, 'FORBIDDEN');
      expect((await send(admin, { method: 'DELETE', url: `/api/plans/${plan.id}` })).statusCode).toBe(204);
      expectError(await send(admin, { method: 'DELETE', url: `/api/plans/${plan.id}` }), 404, 'NOT_FOUND');
    });
  });
  describe('saved scenarios', () => {
    const flights = [
      { media_type: 'TV', weekly_budget: [100_000, 0, 120_000], min: null, max: null },
      { media_type: 'Search', weekly_budget: [20_000, 25_000, 20_000], min: 40_000, max: 90_000 },
    ];
    const body = (name: string, over: Record<string, unknown> = {}) => ({ name, budget: 285_000, start_week: '2027-01-04', flights, ...over });
    const create = async (name: string, over: Record<string, unknown> = {}, context = ACME_PRODUCT): Promise<Scenario> => {
      const res = await send(admin, { method: 'POST', url: '/api/scenarios', context, payload: body(name, over) });
      expect(res.statusCode, res.body).toBe(201);
      return scenarioResponseSchema.parse(res.json()).data;
    };

    it("lists the demo's two, each with what it gives with the product's curves now: the optimised one gives more for the same budget", async () => {
      const list = scenarioListResponseSchema.parse((await get('/api/scenarios')).json()).data;
      const planned = list.find((x) => x.name === DEMO_SCENARIOS.asPlanned)!;
      const optimised = list.find((x) => x.name === DEMO_SCENARIOS.optimised)!;
      expect(planned.source_import_id).not.toBeNull();
      expect(Math.abs(optimised.summary.budget - planned.summary.budget)).toBeLessThan(planned.summary.budget * 0.001);
      expect(optimised.summary.response!).toBeGreaterThan(planned.summary.response!);
      expect(planned.summary.missing_curves).toEqual([]);
    });

    it('saves, reads and saves again based on its version; an older version is a 409 with the current one', async () => {
      const made = await create(`Q1 test ${Date.now()}`);
      expect(made).toMatchObject({ version: 1, budget: 285_000, start_week: '2027-01-04', source_import_id: null });
      expect(made.summary).toMatchObject({ budget: 285_000, missing_curves: [] });
      expect(made.summary.response).toBeGreaterThan(0);
      const again = await send(admin, { method: 'PUT', url: `/api/scenarios/${made.id}`, payload: { ...body(made.name, { budget: 300_000 }), version: 1 } });
      expect(again.statusCode, again.body).toBe(200);
      expect(scenarioResponseSchema.parse(again.json()).data).toMatchObject({ version: 2, budget: 300_000 });
      const stale = expectError(await send(admin, { method: 'PUT', url: `/api/scenarios/${made.id}`, payload: { ...body(made.name), version: 1 } }), 409, 'VERSION_CONFLICT');
      expect((stale.error.details as { current: Scenario }).current.version).toBe(2);
      expectError(await send(admin, { method: 'DELETE', url: `/api/scenarios/${made.id}?version=1` }), 409, 'VERSION_CONFLICT');
      const gone = await send(admin, { method: 'DELETE', url: `/api/scenarios/${made.id}?version=2` });
      expect(gone.statusCode, gone.body).toBe(200);
      expectError(await get(`/api/scenarios/${made.id}`), 404, 'NOT_FOUND');
    });

    it('refuses what a plan could not have, a taken name and another product\'s import, saving nothing', async () => {
      const name = `Refused ${Date.now()}`;
      expectError(await send(admin, { method: 'POST', url: '/api/scenarios', payload: body('  ') }), 400, 'VALIDATION_FAILED', /Scenario name is required\./);
      expectError(await send(admin, { method: 'POST', url: '/api/scenarios', payload: body(name, { budget: -5 }) }), 400, 'VALIDATION_FAILED', /A budget cannot be negative\./);
      const bad = expectError(await send(admin, { method: 'POST', url: '/api/scenarios', payload: body(name, { flights: [{ ...flights[0], media_type: 'Radio' }, { ...flights[1], weekly_budget: [1, 2], min: 9, max: 1 }] }) }), 422, 'VALIDATION_FAILED');
      expect((bad.error.details as { message: string }[]).map((d) => d.message)).toEqual([
        expect.stringMatching(/^Radio is not a media type/),
        "Search has 2 weeks where the plan's first flight has 3.",
        SCENARIO_TEXT.boundsOrder('Search'),
      ]);
      const demo = scenarioListResponseSchema.parse((await get('/api/scenarios')).json()).data[0]!;
      expectError(await send(admin, { method: 'POST', url: '/api/scenarios', payload: body(demo.name.toUpperCase()) }), 422, 'VALIDATION_FAILED', SCENARIO_TEXT.nameTaken);
      const otherImport = importedPlanListResponseSchema.parse((await get('/api/plans/status_import')).json()).data[0]!.id;
      expectError(await send(admin, { method: 'POST', url: '/api/scenarios', context: ZERO, payload: body(name, { source_import_id: otherImport }) }), 422, 'VALIDATION_FAILED', `There is no imported plan ${otherImport} in this product and region.`);
      expect(scenarioListResponseSchema.parse((await get('/api/scenarios')).json()).data.some((x) => x.name === name)).toBe(false);
    });

    it("names the media types the product has no curve for, and keeps each product's scenarios to itself; saving needs plans create", async () => {
      const zero = await create(`Zero ${Date.now()}`, {}, ZERO);
      expect(zero.summary.missing_curves.length).toBeGreaterThan(0);
      expectError(await get(`/api/scenarios/${zero.id}`), 404, 'NOT_FOUND');
      expect((await get('/api/scenarios', analyst)).statusCode).toBe(200);
      expectError(await send(analyst, { method: 'POST', url: '/api/scenarios', context: ZERO, payload: body('Analyst') }), 403, 'FORBIDDEN', /plans: create/);
    });
  });
});
