import { randomUUID } from 'node:crypto';
import { and, asc, eq, like } from 'drizzle-orm';
import type { LightMyRequestResponse } from 'fastify';
import { expect } from 'vitest';
import {
  customWidgetSchema,
  personaListResponseSchema,
  personaResponseSchema,
  widgetListResponseSchema,
  widgetResponseSchema,
  type CustomWidget,
  type Persona,
} from '../../src/shared/schemas/explore';
import { auditLog, demographicCategories, demographicValues } from '../../src/server/db/schema';
import { ACME_PRODUCT, apiKit, type Session, type Write } from './helper';
import { clientRegionIdOf } from './population';
import { strict } from './support';

/** What the Explore API test files share: a fresh app, three sessions, request helpers, and acme/us's segments and values. */
export async function exploreKit() {
  const { app, database, db, admin, analyst, viewer, send, get, usSegments, globexSegments } = await apiKit({ jobs: false });

  const personaOf = (res: LightMyRequestResponse): Persona => {
    expect(res.statusCode, res.body).toBe(200);
    return strict(personaResponseSchema).parse(res.json()).data;
  };
  const list = async (context = ACME_PRODUCT, s: Session = admin) => {
    const res = await get('/api/personas', s, context);
    expect(res.statusCode, res.body).toBe(200);
    return strict(personaListResponseSchema).parse(res.json()).data;
  };
  const read = async (id: number, context = ACME_PRODUCT) => personaOf(await get(`/api/personas/${id}`, admin, context));
  const create = (body: object, s: Session = admin, extra: Write = {}) => send(s, { method: 'POST', url: '/api/personas', payload: body, ...extra });
  const update = (p: { id: number; version: number }, change: Record<string, unknown>, s = admin, extra: Write = {}) =>
    send(s, { method: 'PUT', url: `/api/personas/${p.id}`, payload: { version: p.version, ...change }, ...extra });
  const copy = (id: number, body: object = {}, s = admin, extra: Write = {}) => send(s, { method: 'POST', url: `/api/personas/${id}/copy`, payload: body, ...extra });
  const remove = (id: number, version: number, s = admin, extra: Write = {}) => send(s, { method: 'DELETE', url: `/api/personas/${id}?version=${version}`, ...extra });

  const widgetOf = (res: LightMyRequestResponse): CustomWidget => {
    expect(res.statusCode, res.body).toBe(200);
    return strict(widgetResponseSchema).parse(res.json()).data;
  };
  const widgets = async (personaId: number, context = ACME_PRODUCT, s: Session = admin) => {
    const res = await get(`/api/widgets?persona_id=${personaId}`, s, context);
    expect(res.statusCode, res.body).toBe(200);
    return strict(widgetListResponseSchema).parse(res.json()).data.map((w) => customWidgetSchema.parse(w));
  };

  const live = usSegments.filter((s) => !s.deleted);
  const deletedSegment = usSegments.find((s) => s.deleted);
  if (!deletedSegment || live.length < 20) throw new Error('the test population has too few segments');

  /** A demographic value id of a client region, by category and value. */
  const valueId = async (client: string, region: string, category: string, value: string) => {
    const [row] = await db
      .select({ id: demographicValues.id })
      .from(demographicValues)
      .innerJoin(demographicCategories, eq(demographicCategories.id, demographicValues.categoryId))
      .where(and(eq(demographicCategories.clientRegionId, await clientRegionIdOf(db, client, region)), eq(demographicCategories.name, category), eq(demographicValues.name, value)));
    if (!row) throw new Error(`no value ${category}: ${value} in ${client}/${region}`);
    return row.id;
  };

  const audits = (target: string) => db.select().from(auditLog).where(like(auditLog.target, target)).orderBy(asc(auditLog.id));

  let made = 0;
  /** A persona with a name no other test uses, over live segments. */
  const newPersona = async (extra: Record<string, unknown> = {}, context = ACME_PRODUCT) =>
    personaOf(await create({ name: `Persona ${++made} ${randomUUID().slice(0, 8)}`, identifiers: { include: { and: [[live[made % live.length]!.id]] } }, ...extra }, admin, { context }));

  return { app, database, db, admin, analyst, viewer, send, get, personaOf, list, read, create, update, copy, remove, widgetOf, widgets, usSegments, globexSegments, live, deletedSegment, valueId, audits, newPersona };
}
