import { randomUUID } from 'node:crypto';
import { gunzipSync } from 'node:zlib';
import { describe, expect, it } from 'vitest';
import { mekkoListResponseSchema, mekkoResponseSchema } from '../../src/shared/schemas/grow';
import { ACME_PRODUCT, ADMIN, buildTestApp, login } from './helper';

/**
 * A write's answer goes through compression like any other (browsers always accept it). An
 * idempotent route once ended before its compressed answer was sent, and Fastify then sent an
 * empty 200 in its place: every answer over the 1 KB threshold was lost.
 */
describe('a large answer to an idempotent write, compressed', () => {
  it('arrives whole', async () => {
    const { app } = await buildTestApp({}, { counts: false, jobs: false });
    const admin = await login(app, ADMIN);
    const list = mekkoListResponseSchema.parse((await admin.request({ method: 'GET', url: '/api/mekkos', context: ACME_PRODUCT })).json()).data;
    const chart = mekkoResponseSchema.parse((await admin.request({ method: 'GET', url: `/api/mekkos/${list[0]!.id}`, context: ACME_PRODUCT })).json()).data;
    const res = await admin.request({
      method: 'PUT',
      url: `/api/mekkos/${chart.id}`,
      context: ACME_PRODUCT,
      headers: { 'x-request-id': randomUUID(), 'accept-encoding': 'gzip' },
      payload: { name: `${chart.name} (renamed)`, default: chart.default, measurement_label: chart.measurement_label, count_type: chart.count_type, version: chart.version },
    });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-encoding']).toBe('gzip');
    const answer = mekkoResponseSchema.parse(JSON.parse(gunzipSync(res.rawPayload).toString('utf8'))).data;
    expect(answer).toMatchObject({ id: chart.id, name: `${chart.name} (renamed)`, version: chart.version + 1 });
    expect(JSON.stringify(answer).length).toBeGreaterThan(1024);
  });
});
