import { randomUUID } from 'node:crypto';
import { eq } from 'drizzle-orm';
import type { LightMyRequestResponse } from 'fastify';
import { expect } from 'vitest';
import type { JourneyIcon } from '../../src/shared/rules/journey';
import { journeyCountsResponseSchema, journeyListResponseSchema, journeyResponseSchema, type Journey, type JourneyBody } from '../../src/shared/schemas/journeys';
import { segments } from '../../src/server/db/schema';
import { ACME_PRODUCT, apiKit, type Session } from './helper';
import { strict } from './support';

export const tmp = () => `tmp-${randomUUID()}`;

type CellFields = Partial<Pick<JourneyBody['sub_markets'][number], 'population' | 'matched_id' | 'modeled_id' | 'discussion_cluster_node_id'>>;

/**
 * A journey body of these brands by these stages, every brand and stage new (temporary keys);
 * `cell(b, s)` gives the fields of the cell of brand b and stage s (indexes).
 */
export function journeyBody(name: string, brands: string[], stages: (string | [string, JourneyIcon])[], cell: (b: number, s: number) => CellFields = () => ({}), extra: Partial<JourneyBody> = {}) {
  const brandKeys = brands.map(tmp);
  const stageKeys = stages.map(tmp);
  const body: JourneyBody = {
    name,
    default: false,
    has_transition_data: false,
    brands: brands.map((n, order) => ({ id: brandKeys[order]!, name: n, order })),
    stages: stages.map((s, priority) => {
      const [n, icon] = Array.isArray(s) ? s : [s, 'blank' as const];
      return { id: stageKeys[priority]!, name: n, priority, icon };
    }),
    sub_markets: brandKeys.flatMap((b, bi) => stageKeys.map((s, si) => ({
      journey_brand_id: b, journey_stage_id: s, population: 0, matched_id: null, modeled_id: null, discussion_cluster_node_id: null, ...cell(bi, si),
    }))),
    ...extra,
  };
  return { body, brandKeys, stageKeys };
}

/** A saved journey as a save sends it again (its ids), the `base` of an edit. */
export function bodyOfJourney(j: Journey): JourneyBody {
  return {
    name: j.name,
    default: j.default,
    has_transition_data: j.has_transition_data,
    brands: j.brands.map((b) => ({ ...b })),
    stages: j.stages.map((s) => ({ ...s })),
    sub_markets: j.sub_markets.map(({ id: _id, ...c }) => c),
  };
}

/** The cell of a brand and stage. */
export const cellIn = <C extends { journey_brand_id: number | string; journey_stage_id: number | string }>(cells: readonly C[], brand: number | string, stage: number | string) =>
  cells.find((c) => c.journey_brand_id === brand && c.journey_stage_id === stage);

/** What the journey API test files share: the API kit with journey request helpers. */
export async function journeyKit() {
  const kit = await apiKit({ jobs: false });
  const { admin, send, get, db } = kit;
  const journeyOf = (res: LightMyRequestResponse, status = 200) => {
    expect(res.statusCode, res.body).toBe(status);
    return strict(journeyResponseSchema).parse(res.json());
  };
  const create = (body: JourneyBody, s: Session = admin, context = ACME_PRODUCT) => send(s, { method: 'POST', url: '/api/journeys', payload: body, context });
  const make = async (body: JourneyBody, s: Session = admin) => journeyOf(await create(body, s), 201);
  const update = (j: { id: number; version: number }, body: JourneyBody, base?: JourneyBody, s: Session = admin, context = ACME_PRODUCT) =>
    send(s, { method: 'PUT', url: `/api/journeys/${j.id}`, payload: { ...body, version: j.version, ...(base ? { base } : {}) }, context });
  const read = async (id: number, context = ACME_PRODUCT) => journeyOf(await get(`/api/journeys/${id}`, admin, context)).data;
  const list = async (context = ACME_PRODUCT, s: Session = admin) => {
    const res = await get('/api/journeys', s, context);
    expect(res.statusCode, res.body).toBe(200);
    return strict(journeyListResponseSchema).parse(res.json()).data;
  };
  const counts = async (id: number, tab: 'total' | 'matched' | 'modeled', s: Session = admin) => {
    const res = await s.request({ method: 'POST', url: `/api/journeys/${id}/counts`, payload: { tab }, context: ACME_PRODUCT });
    expect(res.statusCode, res.body).toBe(200);
    return strict(journeyCountsResponseSchema).parse(res.json()).data;
  };
  const live = kit.usSegments.filter((s) => !s.deleted && s.vendor_type !== 'modeled');
  const liveModeled = kit.usSegments.filter((s) => !s.deleted && s.vendor_type === 'modeled');
  const setDeleted = (shortId: number, deleted: boolean) => db.update(segments).set({ deleted }).where(eq(segments.shortId, shortId));
  let made = 0;
  const uniqueName = (stem = 'Journey') => `${stem} ${++made} ${randomUUID().slice(0, 6)}`;
  return { ...kit, journeyOf, create, make, update, read, list, counts, live, liveModeled, setDeleted, uniqueName };
}
