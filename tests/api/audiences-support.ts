import { and, asc, desc, eq, gt } from 'drizzle-orm';
import type { LightMyRequestResponse } from 'fastify';
import { expect } from 'vitest';
import {
  audienceListResponseSchema,
  audienceResponseSchema,
  lookalikeResponseSchema,
  type AudienceDetail,
} from '../../src/shared/schemas/audiences';
import { savedAudienceResponseSchema } from '../../src/shared/schemas/grow';
import { segments } from '../../src/server/db/schema';
import { ACME_PRODUCT, apiKit, type Session, type TestAppOptions } from './helper';
import { clientRegionIdOf, TEST_POPULATION } from './population';
import { strict } from './support';

export type Rules = { include: { and: number[][] }; exclude: number[]; values: number[][] };
export const rule = (...groups: number[][]): Rules => ({ include: { and: groups }, exclude: [], values: [] });

/** What the Audiences API test files share: a fresh app, sessions, request helpers and acme/us's segments by size. */
export async function audiencesKit(options: TestAppOptions = {}) {
  const kit = await apiKit(options);
  const { db, admin, send, get } = kit;

  /** Live segments of a client region with their people, biggest first. */
  const liveSegments = async (client: string, region: string) =>
    db
      .select({ id: segments.shortId, identifier: segments.identifier, people: segments.peopleCount })
      .from(segments)
      .where(and(eq(segments.clientRegionId, await clientRegionIdOf(db, client, region)), eq(segments.deleted, false), gt(segments.peopleCount, 0), eq(segments.allowCreateAudienceSingle, true)))
      .orderBy(desc(segments.peopleCount), asc(segments.shortId));
  const acme = await liveSegments('acme', 'us');
  /** A segment of about `share` of acme/us's people. */
  const near = (share: number) => [...acme].sort((a, b) => Math.abs(a.people - share * TEST_POPULATION.people) - Math.abs(b.people - share * TEST_POPULATION.people))[0]!;

  const ok = (res: LightMyRequestResponse, status = 200) => {
    expect(res.statusCode, res.body).toBe(status);
    return res.json() as unknown;
  };
  let made = 0;
  /** Saves an audience (POST /api/audiences) and answers its id. */
  const save = async (rules: Rules, name = `Audience ${++made}`, s: Session = admin, context = ACME_PRODUCT) =>
    strict(savedAudienceResponseSchema).parse(ok(await send(s, { method: 'POST', url: '/api/audiences', payload: { name, description: '', rules }, context }))).data;
  const detailOf = (res: LightMyRequestResponse): AudienceDetail => strict(audienceResponseSchema).parse(ok(res)).data;
  const detail = async (id: number, s: Session = admin, context = ACME_PRODUCT) => detailOf(await get(`/api/audiences/${id}`, s, context));
  const list = async (query = '', s: Session = admin, context = ACME_PRODUCT) => strict(audienceListResponseSchema).parse(ok(await get(`/api/audiences${query}`, s, context)));
  /** Asks for a lookalike and waits for its job; answers the detail after the job. */
  const lookalike = async (body: Record<string, unknown>, s: Session = admin, context = ACME_PRODUCT) => {
    const res = await send(s, { method: 'POST', url: '/api/lookalikes', payload: { name: `Lookalike ${++made}`, ...body }, context });
    const asked = strict(lookalikeResponseSchema).parse(ok(res));
    await kit.app.jobs.whenIdle(60_000);
    return { asked, built: await detail(asked.data.id, s, context) };
  };
  return { ...kit, liveSegments, acme, near, ok, save, detailOf, detail, list, lookalike };
}
