import { and, eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { addMonths, monthTitle, newMonthProblem, OUTCOMES_TEXT, type YearMonth } from '../../src/shared/rules/outcomes';
import { outcomeTimeframeConflictSchema, type OutcomeTimeframe } from '../../src/shared/schemas/outcomes';
import type { Mekko } from '../../src/shared/schemas/grow';
import { auditLog, clients, marketOutcomes, mekkos, outcomeTimeframes, submarketOutcomes, tasks } from '../../src/server/db/schema';
import { askEngine } from '../../src/server/engine/sql/count-store';
import type { JobContext } from '../../src/server/jobs/types';
import { outcomeMonthCloseJob, outcomeRecordJob } from '../../src/server/modules/outcomes/outcome-jobs';
import type { MonthClosePayload } from '../../src/server/modules/outcomes/outcome-record-request';
import { tasksResponseSchema } from '../../src/shared/schemas/notifications';
import { ACME_PRODUCT, GLOBEX_PRODUCT } from './helper';
import { outcomesKit, timeframeBody } from './outcomes-support';
import { expectError, strict } from './support';

describe('outcome timeframes API', async () => {
  const kit = await outcomesKit();
  const { app, db, admin, analyst, viewer, send, buildChart, chartOf, read, list, listRes, create, createRes, updateRes, removeRes, record, recordRes, engineCounts, today, ago, ok } = kit;

  // Charts share segments (a handful of modeled ones exist); the one test that deletes a segment puts it back.
  let picked = 0;
  const pick = (kind: 'matched' | 'modeled') => {
    const pool = kind === 'matched' ? kit.liveMatched : kit.liveModeled;
    return pool[picked++ % pool.length]!;
  };
  /** A 2-market chart: A holds two audiences with matched segments (one also modeled), B one with both. */
  const chartWithCounts = async () => {
    const [s1, s2, s3] = [pick('matched'), pick('matched'), pick('matched')];
    const [m1, m2] = [pick('modeled'), pick('modeled')];
    const chart = await buildChart({
      Alpha: [
        { name: 'One', population: 1000, matched_short_id: s1.id, modeled_short_id: m1.id },
        { name: 'Two', population: 500, matched_short_id: s2.id },
      ],
      Beta: [{ name: 'Three', population: 300, matched_short_id: s3.id, modeled_short_id: m2.id }],
    });
    return chart;
  };
  const ids = (chart: Mekko) => ({
    a: chart.markets[0]!.id,
    b: chart.markets[1]!.id,
    one: chart.markets[0]!.sub_markets[0]!.id,
    two: chart.markets[0]!.sub_markets[1]!.id,
    three: chart.markets[1]!.sub_markets[0]!.id,
  });
  const monthsOf = (data: readonly OutcomeTimeframe[]) => data.map((t) => `${t.year}-${t.month}`);
  const key = (m: YearMonth) => `${m.year}-${m.month}`;

  describe('the list and the synthesised current month', () => {
    it("ends (newest first) with the current month made from the chart's populations and one counts question", async () => {
      const chart = await chartWithCounts();
      const { a, b, one, two, three } = ids(chart);
      const older = await create(chart.id, ago(3), { total: 1, matched: 2, modeled: 3 });
      await create(chart.id, ago(1), { total: 4, matched: 5, modeled: 6 });
      const answer = await list(chart.id);
      expect(answer.meta).toEqual({ today: today(), data_ready: true });
      expect(monthsOf(answer.data)).toEqual([key(today()), key(ago(1)), key(ago(3))]);
      expect(answer.data[2]!.id).toBe(older.id);

      const current = answer.data[0]!;
      expect(current).toMatchObject({ id: null, version: 0, current: true, source: 'synthesised', mekko_id: chart.id, recorded_at: null, updated_at: null });
      // Total Population: the audiences' populations, each market the sum of its own, the chart the sum of the markets.
      expect(current.total).toBe(1800);
      expect(current.market_outcomes.map((m) => [m.market_id, m.total])).toEqual([[a, 1500], [b, 300]]);
      expect(current.submarket_outcomes.map((s) => [s.sub_market_id, s.market_id, s.total])).toEqual([[one, a, 1000], [two, a, 500], [three, b, 300]]);
      // Matched and Modeled: exactly what the engine answers Grow's counts call.
      const counts = await engineCounts(chart);
      const seg = (id: number | null) => (id === null ? 0 : counts.segment_counts[String(id)]!);
      const aud = chart.markets.flatMap((m) => m.sub_markets);
      expect(current.submarket_outcomes.map((s) => [s.matched, s.modeled])).toEqual(aud.map((x) => [seg(x.matched_short_id), seg(x.modeled_short_id)]));
      expect(current.market_outcomes.map((m) => [m.matched, m.modeled])).toEqual([a, b].map((id) => [counts.market_counts[String(id)]!.matched, counts.market_counts[String(id)]?.modeled ?? 0]));
      expect([current.matched, current.modeled]).toEqual([counts.total_matched_count, counts.total_modeled_count]);
      // The test population gives people to every segment: the figures are real counts, and a market's union is no sum when they overlap.
      expect(current.matched).toBeGreaterThan(0);
      expect(current.market_outcomes[0]!.matched).toBeLessThanOrEqual(current.submarket_outcomes[0]!.matched + current.submarket_outcomes[1]!.matched);
      expect(current.market_outcomes[0]!.matched).toBeGreaterThanOrEqual(Math.max(current.submarket_outcomes[0]!.matched, current.submarket_outcomes[1]!.matched));
    });

    it("lists every market and audience of the chart now in every timeframe, missing figures as 0, and a market's audiences under the market they are in now", async () => {
      const chart = await chartWithCounts();
      const { a, b, one, two, three } = ids(chart);
      await create(chart.id, ago(2), { total: 10, matched: 9, modeled: 8, markets: { [a]: [7, 6, 5] }, audiences: { [two]: [4, 3, 2] } });
      const stored = (await list(chart.id)).data.find((t) => t.id !== null)!;
      expect(stored.market_outcomes).toEqual([{ market_id: a, total: 7, matched: 6, modeled: 5 }, { market_id: b, total: 0, matched: 0, modeled: 0 }]);
      expect(stored.submarket_outcomes).toEqual([
        { sub_market_id: one, market_id: a, total: 0, matched: 0, modeled: 0 },
        { sub_market_id: two, market_id: a, total: 4, matched: 3, modeled: 2 },
        { sub_market_id: three, market_id: b, total: 0, matched: 0, modeled: 0 },
      ]);
      // Audience Two moves to market Beta: its figures follow it.
      const moved = chartOf(await send(admin, { method: 'PUT', url: `/api/mekkos/${chart.id}/audiences/${two}`, payload: { name: 'Two', population: 500, matched_short_id: chart.markets[0]!.sub_markets[1]!.matched_short_id, market_id: b, version: chart.version } }));
      expect(moved.markets[1]!.sub_markets.map((s) => s.id)).toContain(two);
      const after = (await list(chart.id)).data.find((t) => t.id !== null)!;
      expect(after.submarket_outcomes.find((s) => s.sub_market_id === two)).toEqual({ sub_market_id: two, market_id: b, total: 4, matched: 3, modeled: 2 });
    });

    it('answers Matched and Modeled 0 with data_ready false while the region is not ready', async () => {
      const chart = await chartWithCounts();
      const original = app.data.engineFor.bind(app.data);
      app.data.engineFor = () => 'The audience data for acme/us is still loading (10 %). Try again in a moment.';
      try {
        const answer = await list(chart.id);
        expect(answer.meta.data_ready).toBe(false);
        expect(answer.data[0]).toMatchObject({ id: null, total: 1800, matched: 0, modeled: 0 });
        expect(answer.data[0]!.submarket_outcomes.map((s) => [s.total, s.matched, s.modeled])).toEqual([[1000, 0, 0], [500, 0, 0], [300, 0, 0]]);
      } finally {
        app.data.engineFor = original;
      }
    });

    it('counts a deleted segment as none', async () => {
      const chart = await chartWithCounts();
      const one = chart.markets[0]!.sub_markets[0]!;
      await kit.setDeleted(one.matched_short_id!, true);
      try {
        const current = (await list(chart.id)).data[0]!;
        expect(current.submarket_outcomes[0]!.matched).toBe(0);
      } finally {
        await kit.setDeleted(one.matched_short_id!, false);
      }
    });
  });

  describe('adding a timeframe (§5)', () => {
    it('takes the month zero-based and answers it one-based', async () => {
      const chart = await chartWithCounts();
      const january = { year: today().year - 1, month: 1 };
      const res = await createRes(chart.id, timeframeBody(january, { total: 5, matched: 4, modeled: 3 }));
      const made = ok(res, 201, { parse: (v: unknown) => v as { data: OutcomeTimeframe } }).data;
      expect((JSON.parse(res.payload) as { data: { month: number } }).data.month).toBe(1);
      expect(made).toMatchObject({ year: january.year, month: 1, source: 'entered', version: 1, current: false, total: 5, matched: 4, modeled: 3 });
      const [row] = await db.select().from(outcomeTimeframes).where(eq(outcomeTimeframes.id, made.id!));
      expect(row!.month).toBe(1);
      // The zero-based body of December.
      const december = await create(chart.id, { year: today().year - 1, month: 12 }, { total: 1, matched: 1, modeled: 1 });
      expect(december.month).toBe(12);
      const sent = timeframeBody({ year: today().year - 1, month: 12 }, { total: 1, matched: 1, modeled: 1 });
      expect(sent.outcome_timeframe.month).toBe(11);
      const [audit] = await db.select().from(auditLog).where(and(eq(auditLog.action, 'outcome_timeframe.create'), eq(auditLog.target, `outcome_timeframe:${made.id}`)));
      expect(audit).toBeDefined();
    });

    it('refuses the current month, a future one, one that has a timeframe and one over ten years back, with the rule\'s words', async () => {
      const chart = await chartWithCounts();
      const refused = async (month: YearMonth) => {
        const message = newMonthProblem(month, month === ago(1) ? [ago(1)] : [], today())!;
        const body = expectError(await createRes(chart.id, timeframeBody(month, { total: 1, matched: 1, modeled: 1 })), 422, 'VALIDATION_FAILED', message);
        expect(body.error.details).toContainEqual({ path: 'body.outcome_timeframe.month', message });
      };
      await refused(today());
      await refused(addMonths(today(), 1));
      expect(newMonthProblem(today(), [], today())).toBe(`Timeframes can only be added for months before ${monthTitle(today())}: ${monthTitle(today())} is not over yet.`);
      await refused({ year: today().year - 10, month: 12 });
      const past = ago(1);
      await create(chart.id, past, { total: 1, matched: 1, modeled: 1 });
      const duplicate = expectError(await createRes(chart.id, timeframeBody(past, { total: 2, matched: 2, modeled: 2 })), 422, 'VALIDATION_FAILED');
      expect(duplicate.error.message).toBe(`There is already a timeframe for ${monthTitle(past)}.`);
      // The oldest year 'Select year to view' offers is accepted.
      await create(chart.id, { year: today().year - 9, month: 1 }, { total: 1, matched: 1, modeled: 1 });
    });

    it('refuses months outside 0 to 11 and figures that are not whole numbers from 0 (the schema)', async () => {
      const chart = await chartWithCounts();
      const bad = async (patch: Record<string, unknown>, text: string) => {
        const body = timeframeBody(ago(2), { total: 1, matched: 1, modeled: 1 });
        const res = await createRes(chart.id, { outcome_timeframe: { ...body.outcome_timeframe, ...patch } });
        expect(res.statusCode, res.body).toBe(400);
        expect(res.body).toContain(text);
      };
      await bad({ month: 12 }, 'month is zero-based: 0 (January) to 11 (December)');
      await bad({ month: -1 }, 'month is zero-based: 0 (January) to 11 (December)');
      await bad({ total: -1 }, 'A figure must be a whole number, 0 or more');
      await bad({ matched: 1.5 }, 'expected int');
      await bad({ modeled: 100_000_000_000 }, 'A figure can be at most 99999999999');
    });

    it("refuses markets and audiences that are not the chart's, naming each", async () => {
      const chart = await chartWithCounts();
      const other = await chartWithCounts();
      const { a } = ids(chart);
      const foreignMarket = other.markets[0]!.id;
      const foreignAudience = other.markets[0]!.sub_markets[0]!.id;
      const res = expectError(await createRes(chart.id, timeframeBody(ago(2), { total: 1, matched: 1, modeled: 1, markets: { [a]: [1, 1, 1], [foreignMarket]: [1, 1, 1] }, audiences: { [foreignAudience]: [1, 1, 1] } })), 422, 'VALIDATION_FAILED');
      expect(res.error.message).toBe(`There is no market ${foreignMarket} in this Grow chart: it may have been deleted.`);
      expect(res.error.details).toContainEqual({ path: 'body.outcome_timeframe.market_outcomes_attributes.1.market_id', message: `There is no market ${foreignMarket} in this Grow chart: it may have been deleted.` });
      expect(res.error.details).toContainEqual({ path: 'body.outcome_timeframe.submarket_outcomes_attributes.0.sub_market_id', message: `There is no audience ${foreignAudience} in this Grow chart: it may have been deleted.` });
      expect((await list(chart.id)).data.filter((t) => t.id !== null)).toEqual([]);
      // A body naming another chart.
      const wrong = expectError(await createRes(chart.id, timeframeBody(ago(2), { total: 1, matched: 1, modeled: 1 }, { mekko_id: other.id })), 422, 'VALIDATION_FAILED');
      expect(wrong.error.message).toBe(`This timeframe is of Grow chart ${chart.id}, not ${other.id}.`);
    });

    it('is idempotent by X-Request-ID', async () => {
      const chart = await chartWithCounts();
      const keyed = '6f1d5c0e-2b8f-4b8e-9a53-1e2f3a4b5c6d';
      const first = await createRes(chart.id, timeframeBody(ago(4), { total: 1, matched: 1, modeled: 1 }), admin, ACME_PRODUCT, keyed);
      const again = await createRes(chart.id, timeframeBody(ago(4), { total: 1, matched: 1, modeled: 1 }), admin, ACME_PRODUCT, keyed);
      expect(first.statusCode, first.body).toBe(201);
      expect(again.statusCode).toBe(201);
      expect(again.headers['idempotent-replayed']).toBe('true');
      expect(again.json()).toEqual(first.json());
      expect((await list(chart.id)).data.filter((t) => t.id !== null)).toHaveLength(1);
    });
  });

  describe('editing and deleting', () => {
    it("saves a month's figures (entered, version + 1) and refuses another month", async () => {
      const chart = await chartWithCounts();
      const { a, one } = ids(chart);
      const made = await create(chart.id, ago(2), { total: 10, matched: 9, modeled: 8 });
      const saved = ok(await updateRes(made, timeframeBody(ago(2), { total: 11, matched: 9, modeled: 8, markets: { [a]: [3, 2, 1] }, audiences: { [one]: [1, 1, 1] } })), 200, { parse: (v: unknown) => (v as { data: OutcomeTimeframe }).data });
      expect(saved).toMatchObject({ id: made.id, version: 2, source: 'entered', total: 11, month: ago(2).month });
      expect(saved.market_outcomes[0]).toEqual({ market_id: a, total: 3, matched: 2, modeled: 1 });
      const moved = expectError(await updateRes(saved, timeframeBody(ago(3), { total: 1, matched: 1, modeled: 1 })), 422, 'VALIDATION_FAILED', "A timeframe's month cannot be changed: add a timeframe for the other month instead.");
      expect(moved.error.details).toContainEqual({ path: 'body.outcome_timeframe.month', message: "A timeframe's month cannot be changed: add a timeframe for the other month instead." });
      expectError(await updateRes({ id: 999999, version: 1 }, timeframeBody(ago(2), { total: 1, matched: 1, modeled: 1 })), 404, 'NOT_FOUND');
    });

    it('merges an edit over a newer version figure by figure; the same figure changed differently is a 409 with the current timeframe', async () => {
      const chart = await chartWithCounts();
      const { a, b } = ids(chart);
      const loaded = await create(chart.id, ago(2), { total: 100, matched: 9, modeled: 8, markets: { [a]: [5, 4, 3], [b]: [2, 2, 2] } });
      // Someone else changes market A's total.
      const theirs = ok(await updateRes(loaded, timeframeBody(ago(2), { total: 100, matched: 9, modeled: 8, markets: { [a]: [50, 4, 3], [b]: [2, 2, 2] } }), loaded), 200, { parse: (v: unknown) => (v as { data: OutcomeTimeframe }).data });
      expect(theirs.version).toBe(2);
      // I change market B's matched on the version I loaded: both changes stand.
      const merged = ok(await updateRes(loaded, timeframeBody(ago(2), { total: 100, matched: 9, modeled: 8, markets: { [a]: [5, 4, 3], [b]: [2, 7, 2] } }), loaded), 200, { parse: (v: unknown) => (v as { data: OutcomeTimeframe }).data });
      expect(merged.version).toBe(3);
      expect(merged.market_outcomes).toEqual([{ market_id: a, total: 50, matched: 4, modeled: 3 }, { market_id: b, total: 2, matched: 7, modeled: 2 }]);
      // I change market A's total too, differently: 409 naming it, with the timeframe as it is.
      const res = await updateRes(loaded, timeframeBody(ago(2), { total: 100, matched: 9, modeled: 8, markets: { [a]: [60, 4, 3], [b]: [2, 2, 2] } }), loaded);
      expect(res.statusCode, res.body).toBe(409);
      const conflict = strict(outcomeTimeframeConflictSchema).parse(res.json());
      expect(conflict.error.details.current).toMatchObject({ id: loaded.id, version: 3 });
      expect(conflict.error.details.conflicts).toEqual([{ field: `market:${a}:total`, base: 5, theirs: 50, mine: 60 }]);
      // Without base, any newer version is a 409.
      expect((await updateRes(loaded, timeframeBody(ago(2), { total: 1, matched: 9, modeled: 8 }))).statusCode).toBe(409);
    });

    it('deletes a timeframe at its version (204); a stale version is a 409 with the current one', async () => {
      const chart = await chartWithCounts();
      const made = await create(chart.id, ago(5), { total: 1, matched: 1, modeled: 1 });
      const edited = ok(await updateRes(made, timeframeBody(ago(5), { total: 2, matched: 1, modeled: 1 })), 200, { parse: (v: unknown) => (v as { data: OutcomeTimeframe }).data });
      const stale = await removeRes(made);
      expect(stale.statusCode, stale.body).toBe(409);
      expect(strict(outcomeTimeframeConflictSchema).parse(stale.json()).error.details.current).toMatchObject({ id: made.id, version: edited.version, total: 2 });
      const gone = await removeRes(edited);
      expect(gone.statusCode, gone.body).toBe(204);
      expect(gone.body).toBe('');
      expect(monthsOf((await list(chart.id)).data)).toEqual([key(today())]);
      expectError(await removeRes(edited), 404, 'NOT_FOUND');
    });

    it("removes the figures of a deleted audience, market or chart (cascade): the list no longer names them", async () => {
      const chart = await chartWithCounts();
      const { a, b, one, three } = ids(chart);
      const made = await create(chart.id, ago(2), { total: 9, matched: 9, modeled: 9, markets: { [a]: [3, 3, 3], [b]: [4, 4, 4] }, audiences: { [one]: [3, 3, 3], [three]: [4, 4, 4] } });
      let current = await read(chart.id);
      expect((await send(admin, { method: 'DELETE', url: `/api/mekkos/${chart.id}/audiences/${one}?version=${current.version}` })).statusCode).toBe(200);
      expect(await db.select().from(submarketOutcomes).where(and(eq(submarketOutcomes.timeframeId, made.id!), eq(submarketOutcomes.subMarketId, one)))).toEqual([]);
      current = await read(chart.id);
      expect((await send(admin, { method: 'DELETE', url: `/api/mekkos/${chart.id}/markets/${b}?version=${current.version}` })).statusCode).toBe(200);
      expect(await db.select().from(marketOutcomes).where(eq(marketOutcomes.timeframeId, made.id!))).toEqual([{ timeframeId: made.id, marketId: a, total: 3, matched: 3, modeled: 3 }]);
      const listed = (await list(chart.id)).data.find((t) => t.id === made.id)!;
      expect(listed.market_outcomes.map((m) => m.market_id)).toEqual([a]);
      expect(listed.submarket_outcomes.map((s) => s.sub_market_id)).toEqual([ids(chart).two]);
      current = await read(chart.id);
      expect((await send(admin, { method: 'DELETE', url: `/api/mekkos/${chart.id}?version=${current.version}` })).statusCode).toBe(200);
      expect(await db.select().from(outcomeTimeframes).where(eq(outcomeTimeframes.id, made.id!))).toEqual([]);
      expectError(await listRes(chart.id), 404, 'NOT_FOUND');
    });
  });

  describe('reconciling the levels (issue 27, decision 014)', () => {
    it('refuses a market above the chart and an audience above its market, naming each figure; overlapping audiences may sum to more', async () => {
      const chart = await chartWithCounts();
      const { a, b, one, two, three } = ids(chart);
      const names = { a: chart.markets[0]!.name, one: chart.markets[0]!.sub_markets[0]!.name };
      // The case: a market of 5,000,000 under a chart of 1,200,000.
      const market = expectError(
        await createRes(chart.id, timeframeBody(ago(2), { total: 1_200_000, matched: 10, modeled: 10, markets: { [a]: [5_000_000, 10, 10] } })),
        422, 'VALIDATION_FAILED',
        `${names.a}'s Total Population (5,000,000) is more than the chart's (1,200,000): a market cannot have more people than its chart.`,
      );
      expect(market.error.details).toEqual([{ path: `body.outcome_timeframe.market:${a}:total`, message: market.error.message }]);
      const audience = expectError(
        await createRes(chart.id, timeframeBody(ago(2), { total: 100, matched: 100, modeled: 100, markets: { [a]: [50, 50, 50] }, audiences: { [one]: [50, 51, 50] } })),
        422, 'VALIDATION_FAILED',
        `${names.one}'s Matched (51) is more than its market ${names.a}'s (50): an audience cannot have more people than its market.`,
      );
      expect(audience.error.details).toHaveLength(1);
      expect(await db.select().from(outcomeTimeframes).where(eq(outcomeTimeframes.mekkoId, chart.id))).toEqual([]);
      // Audiences overlap: 40 + 40 in a market of 50 is fine.
      const made = await create(chart.id, ago(2), { total: 100, matched: 100, modeled: 100, markets: { [a]: [50, 50, 50], [b]: [20, 20, 20] }, audiences: { [one]: [40, 40, 40], [two]: [40, 40, 40], [three]: [20, 20, 20] } });
      // An edit is checked too: lowering the chart under a market.
      expectError(
        await updateRes(made, timeframeBody(ago(2), { total: 100, matched: 30, modeled: 100, markets: { [a]: [50, 50, 50], [b]: [20, 20, 20] }, audiences: { [one]: [40, 40, 40], [two]: [40, 40, 40], [three]: [20, 20, 20] } })),
        422, 'VALIDATION_FAILED',
        `${names.a}'s Matched (50) is more than the chart's (30): a market cannot have more people than its chart.`,
      );
    });

    it('checks the merged figures: two edits that each fit may not together put a market above its chart', async () => {
      const chart = await chartWithCounts();
      const { a } = ids(chart);
      const loaded = await create(chart.id, ago(2), { total: 100, matched: 100, modeled: 100, markets: { [a]: [50, 50, 50] } });
      // They raise market A to 90; I lower the chart to 60 from the version I loaded: each fits, the merge does not.
      ok(await updateRes(loaded, timeframeBody(ago(2), { total: 100, matched: 100, modeled: 100, markets: { [a]: [90, 50, 50] } }), loaded), 200, { parse: (v: unknown) => v });
      const res = expectError(await updateRes(loaded, timeframeBody(ago(2), { total: 60, matched: 100, modeled: 100, markets: { [a]: [50, 50, 50] } }), loaded), 422, 'VALIDATION_FAILED');
      expect(res.error.message).toContain("Total Population (90) is more than the chart's (60)");
    });
  });

  describe('tenancy, permissions and the feature', () => {
    it("answers 404 for another client's chart or timeframe and 403 for a context the user may not use", async () => {
      const chart = await chartWithCounts();
      const made = await create(chart.id, ago(2), { total: 1, matched: 1, modeled: 1 });
      // Globex's chart, seen from acme.
      const [globex] = await db.select().from(clients).where(eq(clients.slug, 'globex'));
      const [globexChart] = await db.select().from(mekkos).where(eq(mekkos.clientId, globex!.id));
      const foreignId = globexChart?.id ?? (await kit.newChart({}, GLOBEX_PRODUCT)).id;
      expectError(await listRes(foreignId), 404, 'NOT_FOUND');
      expectError(await createRes(foreignId, timeframeBody(ago(2), { total: 1, matched: 1, modeled: 1 })), 404, 'NOT_FOUND');
      // Acme's timeframe, seen from globex's product.
      expectError(await listRes(chart.id, admin, GLOBEX_PRODUCT), 404, 'NOT_FOUND');
      expectError(await updateRes(made, timeframeBody(ago(2), { total: 2, matched: 1, modeled: 1 }), undefined, admin, GLOBEX_PRODUCT), 404, 'NOT_FOUND');
      expectError(await removeRes(made, admin, GLOBEX_PRODUCT), 404, 'NOT_FOUND');
      // Another product of acme: the chart is not in it.
      expectError(await listRes(chart.id, admin, 'acme/us/fizz-cola/fizz-zero'), 404, 'NOT_FOUND');
      // A user of globex asking in acme's context.
      expectError(await listRes(chart.id, viewer), 403, 'CONTEXT_FORBIDDEN');
      // An acme analyst writing in globex's context.
      expectError(await createRes(chart.id, timeframeBody(ago(2), { total: 1, matched: 1, modeled: 1 }), analyst, GLOBEX_PRODUCT), 403, 'CONTEXT_FORBIDDEN');
      expectError(await removeRes(made, analyst, GLOBEX_PRODUCT), 403, 'CONTEXT_FORBIDDEN');
    });

    it('lets a viewer read but not add, edit, delete or record; analysts keep the figures', async () => {
      const chart = await kit.newChart({}, GLOBEX_PRODUCT);
      const res = await listRes(chart.id, viewer, GLOBEX_PRODUCT);
      expect(res.statusCode, res.body).toBe(200);
      expectError(await createRes(chart.id, timeframeBody(ago(2), { total: 1, matched: 1, modeled: 1 }), viewer, GLOBEX_PRODUCT), 403, 'FORBIDDEN');
      const made = await send(admin, { method: 'POST', url: `/api/mekkos/${chart.id}/outcome-timeframes`, payload: timeframeBody(ago(2), { total: 1, matched: 1, modeled: 1 }), context: GLOBEX_PRODUCT });
      const t = (made.json() as { data: OutcomeTimeframe }).data;
      expectError(await updateRes(t, timeframeBody(ago(2), { total: 2, matched: 1, modeled: 1 }), undefined, viewer, GLOBEX_PRODUCT), 403, 'FORBIDDEN');
      expectError(await removeRes(t, viewer, GLOBEX_PRODUCT), 403, 'FORBIDDEN');
      expectError(await recordRes(viewer, GLOBEX_PRODUCT), 403, 'FORBIDDEN');
      // The analyst (acme) adds, edits and deletes.
      const acmeChart = await chartWithCounts();
      const mine = await create(acmeChart.id, ago(2), { total: 1, matched: 1, modeled: 1 }, analyst);
      const edited = ok(await updateRes(mine, timeframeBody(ago(2), { total: 3, matched: 1, modeled: 1 }), undefined, analyst), 200, { parse: (v: unknown) => (v as { data: OutcomeTimeframe }).data });
      expect((await removeRes(edited, analyst)).statusCode).toBe(204);
    });

    it("refuses every route (403) when the client's measure feature is off", async () => {
      const chart = await chartWithCounts();
      const [acme] = await db.select().from(clients).where(eq(clients.slug, 'acme'));
      await db.update(clients).set({ featureFlags: { ...acme!.featureFlags, measure: false } }).where(eq(clients.id, acme!.id));
      try {
        const off = /is not enabled for acme\.$/;
        expectError(await listRes(chart.id), 403, 'FORBIDDEN', off);
        expectError(await createRes(chart.id, timeframeBody(ago(2), { total: 1, matched: 1, modeled: 1 })), 403, 'FORBIDDEN', off);
        expectError(await updateRes({ id: 1, version: 1 }, timeframeBody(ago(2), { total: 1, matched: 1, modeled: 1 })), 403, 'FORBIDDEN', off);
        expectError(await removeRes({ id: 1, version: 1 }), 403, 'FORBIDDEN', off);
        expectError(await recordRes(), 403, 'FORBIDDEN', off);
      } finally {
        await db.update(clients).set({ featureFlags: acme!.featureFlags }).where(eq(clients.id, acme!.id));
      }
      expect((await listRes(chart.id)).statusCode).toBe(200);
    });
  });

  describe('recording', () => {
    const tasksOf = async (s = admin) => {
      const res = await s.request({ method: 'GET', url: '/api/notifications', context: ACME_PRODUCT });
      expect(res.statusCode, res.body).toBe(200);
      return strict(tasksResponseSchema).parse(res.json()).data;
    };

    it("'Record this month' stores every chart's current month through the job and completes a task opening Measure on it", async () => {
      const first = await chartWithCounts();
      const second = await chartWithCounts();
      const expected = (await list(first.id)).data[0]!;
      const asked = await record();
      expect(asked).toMatchObject({ year: today().year, month: today().month, job_id: expect.any(String), task_id: expect.any(Number) });
      const [pending] = await db.select().from(tasks).where(eq(tasks.id, asked.task_id));
      expect(pending).toMatchObject({ reportType: 'outcome_completed', name: OUTCOMES_TEXT.recorded(monthTitle(today())) });
      await app.jobs.whenIdle(60_000);

      const [done] = await db.select().from(tasks).where(eq(tasks.id, asked.task_id));
      expect(done!.status, done!.error ?? '').toBe('completed');
      const charts = await kit.chartList();
      const opens = `/${ACME_PRODUCT}/outcomes/measure/${charts[0]!.id}?current=${today().year}-${String(today().month).padStart(2, '0')}`;
      const task = (await tasksOf()).find((t) => t.id === asked.task_id)!;
      expect(task).toMatchObject({ report_type: 'outcome_completed', status: 'completed', path: opens, name: OUTCOMES_TEXT.recorded(monthTitle(today())) });

      for (const chart of [first, second]) {
        const [current] = (await list(chart.id)).data;
        expect(current).toMatchObject({ id: expect.any(Number), source: 'recorded', current: true, version: 1, recorded_at: expect.any(String) });
      }
      const recorded = (await list(first.id)).data[0]!;
      expect({ ...recorded, id: null, version: 0, source: 'synthesised', recorded_at: null, updated_at: null }).toEqual(expected);
      // Every chart of the product, none of another product.
      const stored = await db.select({ mekkoId: outcomeTimeframes.mekkoId }).from(outcomeTimeframes).where(and(eq(outcomeTimeframes.year, today().year), eq(outcomeTimeframes.month, today().month)));
      expect(new Set(stored.map((s) => s.mekkoId))).toEqual(new Set(charts.map((c) => c.id)));

      // Again: the recording is replaced (version 2), not duplicated.
      await record();
      await app.jobs.whenIdle(60_000);
      expect((await list(first.id)).data[0]).toMatchObject({ source: 'recorded', version: 2 });
      const [audit] = await db.select().from(auditLog).where(eq(auditLog.target, `task:${asked.task_id}`));
      expect(audit?.action).toBe('outcome_timeframe.record');
    });

    it('refuses to record while the region is not ready (503), and a record job that fails for good marks its task failed with the reason', async () => {
      const original = app.data.engineFor.bind(app.data);
      app.data.engineFor = () => 'The audience data for acme/us is still loading (10 %). Try again in a moment.';
      try {
        expectError(await recordRes(), 503, 'DATA_NOT_READY', 'The audience data for acme/us is still loading (10 %). Try again in a moment.');
      } finally {
        app.data.engineFor = original;
      }
      const asked = await record();
      await app.jobs.whenIdle(60_000);
      const [job] = await db.select().from(tasks).where(eq(tasks.id, asked.task_id));
      expect(job!.status).toBe('completed');
      // A task still in progress whose job failed for good.
      const [pending] = await db.insert(tasks).values({ userId: job!.userId, clientId: job!.clientId, reportType: 'outcome_completed', status: 'processing', name: job!.name }).returning();
      const payload = { taskId: pending!.id, userId: job!.userId, clientId: job!.clientId, productId: 1, regionId: 1, clientRegionId: 1, dataSource: 'molecula', context: ACME_PRODUCT, today: today() };
      await outcomeRecordJob.onFailed!({ id: 'x', type: 'outcome-record', payload: outcomeRecordJob.parse(payload), meta: { userId: null, clientId: null, context: null }, reason: 'The count took longer than 60 s and was stopped.', db });
      const [failed] = await db.select().from(tasks).where(eq(tasks.id, pending!.id));
      expect(failed).toMatchObject({ status: 'failed', error: 'The count took longer than 60 s and was stopped.' });
    });

    it("the month close records the month just ended where it is missing or only recorded, never an entered one, and tells each chart's creator once", async () => {
      const chart = await chartWithCounts();
      const other = await chartWithCounts();
      const closing = ago(1);
      // 'today' is this month: the month closed is last month. chart has it entered, other has it recorded with stale figures.
      const entered = await create(chart.id, closing, { total: 7, matched: 7, modeled: 7 });
      const [otherRow] = await db.select().from(mekkos).where(eq(mekkos.id, other.id));
      const [recordedRow] = await db.insert(outcomeTimeframes).values({ mekkoId: other.id, clientId: otherRow!.clientId, year: closing.year, month: closing.month, source: 'recorded', total: 1, matched: 1, modeled: 1 }).returning();
      const before = (await db.select().from(tasks).where(eq(tasks.reportType, 'outcome_completed'))).length;

      const result = await outcomeMonthCloseJob.run(jobContext({ today: today() }));
      expect(result.month).toEqual(closing);
      expect(result.skipped).toContain(chart.id);
      expect(result.recorded).toContain(other.id);
      expect(result.recorded).not.toContain(chart.id);

      const kept = (await list(chart.id)).data.find((t) => t.year === closing.year && t.month === closing.month)!;
      expect(kept).toMatchObject({ id: entered.id, source: 'entered', version: 1, total: 7, matched: 7 });
      const refreshed = (await list(other.id)).data.find((t) => t.year === closing.year && t.month === closing.month)!;
      const synthesised = (await list(other.id)).data[0]!;
      expect(refreshed).toMatchObject({ id: recordedRow!.id, source: 'recorded', version: 2, total: 1800, matched: synthesised.matched, modeled: synthesised.modeled });

      // One task per creator and product (the admin made every acme chart here), opening Measure on the closed month.
      const made = await db.select().from(tasks).where(eq(tasks.reportType, 'outcome_completed'));
      const fresh = made.slice(before).filter((t) => t.name === OUTCOMES_TEXT.recorded(monthTitle(closing)));
      const acmeTasks = fresh.filter((t) => t.productSlug === ACME_PRODUCT);
      expect(acmeTasks).toHaveLength(1);
      const firstChart = (await kit.chartList())[0]!;
      expect(acmeTasks[0]).toMatchObject({ status: 'completed', request: { path: `/${ACME_PRODUCT}/outcomes/measure/${firstChart.id}?current=${closing.year}-${String(closing.month).padStart(2, '0')}` } });
    });
  });

  function jobContext(payload: MonthClosePayload): JobContext<MonthClosePayload> {
    return {
      id: 'month-close-test', type: 'outcome-month-close', attempt: 1, lastAttempt: true, payload, meta: { userId: null, clientId: null, context: null },
      db, signal: new AbortController().signal, progress: async () => undefined, dataDir: '', log: () => undefined,
      ask: async (clientRegionId, source, question) => {
        const engine = app.data.engineFor(clientRegionId, source);
        if (typeof engine === 'string') throw new Error(engine);
        return askEngine(engine, clientRegionId, question) as never;
      },
      setChunks: () => Promise.reject(new Error('not used')),
      lookalike: () => Promise.reject(new Error('not used')),
      materialize: () => Promise.reject(new Error('not used')),
      dropSet: () => Promise.reject(new Error('not used')),
    };
  }
});
