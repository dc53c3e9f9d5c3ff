import { describe, expect, it } from 'vitest';
import { journeyCountsResponseSchema, journeyListResponseSchema, journeyResponseSchema, type Journey, type JourneyTab } from '../../src/shared/schemas/journeys';
import { journeys } from '../../src/server/db/schema';
import { DEMO_JOURNEYS, seedJourneyDemo, seedJourneyDemoIfEmpty } from '../../src/server/db/demo-journeys';
import { DEMO_FUNNEL } from '../../src/server/engine/generator/funnel';
import { ACME_PRODUCT, ADMIN, buildTestApp, login } from './helper';

describe('the Journey demo data', async () => {
  const { app, database } = await buildTestApp({}, { jobs: false });
  const db = database.db;
  // A fresh demo: main.ts writes the journeys once the demo is seeded.
  const wrote = await seedJourneyDemoIfEmpty(db);
  const admin = await login(app, ADMIN);

  const list = async () => {
    const res = await admin.request({ method: 'GET', url: '/api/journeys', context: ACME_PRODUCT });
    expect(res.statusCode, res.body).toBe(200);
    return journeyListResponseSchema.parse(res.json()).data;
  };
  const journey = async (name: string): Promise<Journey> => {
    const summary = (await list()).find((j) => j.name === name);
    expect(summary, name).toBeDefined();
    const res = await admin.request({ method: 'GET', url: `/api/journeys/${summary!.id}`, context: ACME_PRODUCT });
    expect(res.statusCode, res.body).toBe(200);
    return journeyResponseSchema.parse(res.json()).data;
  };
  const counts = async (id: number, tab: JourneyTab) => {
    const res = await admin.request({ method: 'POST', url: `/api/journeys/${id}/counts`, payload: { tab }, context: ACME_PRODUCT, headers: { 'x-request-id': crypto.randomUUID() } });
    expect(res.statusCode, res.body).toBe(200);
    return journeyCountsResponseSchema.parse(res.json()).data;
  };
  const [funnelName, loyaltyName] = DEMO_JOURNEYS.map((j) => j.name) as [string, string];

  it('gives fizz-original two journeys: the purchase funnel (the default, 4 x 5) and a loyalty path with one invalid cell', async () => {
    expect(wrote).toBe(true);
    expect((await list()).map((j) => [j.name, j.default, j.brand_count, j.stage_count, j.has_transition_data, j.invalid_cell_count])).toEqual([
      [funnelName, true, 4, 5, true, 0],
      [loyaltyName, false, 2, 3, true, 1],
    ]);
  });

  it('draws the funnel: Fizz Original and three competitors, Aware to Advocate with their icons, every cell a funnel segment', async () => {
    const j = await journey(funnelName);
    expect(j.brands.map((b) => b.name)).toEqual(['Fizz Original', 'Bubble Up Cola', 'Crest Soda', 'Polar Fizz']);
    expect(j.stages.map((s) => [s.name, s.icon])).toEqual([['Aware', 'eye'], ['Consider', 'heart'], ['Purchase', 'shopping-cart'], ['Repeat', 'clock-o'], ['Advocate', 'bullhorn']]);
    expect(j.sub_markets).toHaveLength(20);
    expect(j.segments_checked).toBe(true);
    expect(j.invalid_cell_ids).toEqual([]);
    const segment = new Map(j.segments.map((s) => [s.id, s]));
    for (const cell of j.sub_markets) {
      const brand = j.brands.find((b) => b.id === cell.journey_brand_id)!.name;
      const stage = j.stages.find((s) => s.id === cell.journey_stage_id)!.name;
      const matched = segment.get(cell.matched_id!);
      const modeled = segment.get(cell.modeled_id!);
      expect(matched, `${brand} / ${stage}`).toMatchObject({ deleted: false, path_parts: [DEMO_FUNNEL.label, brand, stage] });
      expect(matched!.vendor_type).not.toBe('modeled');
      expect(modeled, `${brand} / ${stage}`).toMatchObject({ deleted: false, vendor_type: 'modeled', path_parts: [`${DEMO_FUNNEL.label} (Modeled)`, brand, stage] });
      expect(matched!.people_count).toBeGreaterThan(0);
      expect(cell.population).toBeGreaterThan(100_000);
    }
  });

  it("counts a funnel: Fizz Original's people fall stage by stage on every tab, and most of a stage's people go on further than chance would take them", async () => {
    const j = await journey(funnelName);
    const fizz = j.brands.find((b) => b.name === 'Fizz Original')!.id;
    for (const tab of ['total', 'matched', 'modeled'] as const) {
      const answer = await counts(j.id, tab);
      const brand = answer.brands.find((b) => b.brand_id === fizz)!;
      const people = brand.stages.map((s) => s.count!);
      expect(people.every((n) => typeof n === 'number' && n > 0), tab).toBe(true);
      for (let k = 1; k < people.length; k++) expect(people[k]!, `${tab} stage ${k}`).toBeLessThan(people[k - 1]!);
      expect(brand.transitions).toHaveLength(4);
      if (tab === 'total') continue;
      expect(people[0]! / answer.people).toBeGreaterThan(0.4);
      expect(people[0]! / answer.people).toBeLessThan(0.7);
      expect(people[4]! / answer.people).toBeLessThan(0.08);
      for (const [k, t] of brand.transitions.entries()) {
        // The share of a stage's people also in the next: high for a funnel, far above the next stage's share of everyone.
        expect(t.share, `${tab} ${k}`).not.toBeNull();
        expect(t.share!).toBeGreaterThan(0.3);
        expect(t.share!).toBeGreaterThan((1.4 * people[k + 1]!) / answer.people);
        // Nested: nearly all of the next stage is inside this one.
        expect(t.both! / people[k + 1]!).toBeGreaterThan(0.8);
      }
    }
    // Brands differ: Fizz Original leads Polar Fizz at every stage.
    const matched = await counts(j.id, 'matched');
    const polar = j.brands.find((b) => b.name === 'Polar Fizz')!.id;
    const of = (id: number) => matched.brands.find((b) => b.brand_id === id)!.stages.map((s) => s.count!);
    of(fizz).forEach((n, k) => expect(n).toBeGreaterThan(of(polar)[k]!));
  });

  it('makes the invalid journey real: the loyalty path names one deleted segment (Crest Soda / Advocate)', async () => {
    const j = await journey(loyaltyName);
    expect(j.invalid_cell_ids).toHaveLength(1);
    const cell = j.sub_markets.find((c) => c.id === j.invalid_cell_ids[0])!;
    expect(j.brands.find((b) => b.id === cell.journey_brand_id)!.name).toBe('Crest Soda');
    expect(j.stages.find((s) => s.id === cell.journey_stage_id)!.name).toBe('Advocate');
    expect(j.segments.find((s) => s.id === cell.matched_id)?.deleted).toBe(true);
  });

  it('is idempotent: another start, or the seed run again, writes nothing', async () => {
    const before = (await db.select({ id: journeys.id }).from(journeys)).length;
    expect(before).toBe(DEMO_JOURNEYS.length);
    expect(await seedJourneyDemoIfEmpty(db)).toBe(false);
    expect(await db.transaction((tx) => seedJourneyDemo(tx))).toBe(false);
    expect((await db.select({ id: journeys.id }).from(journeys)).length).toBe(before);
  });
});
