import { describe, expect, it } from 'vitest';
import { HEALTH_SERVICES } from '../../src/shared/schemas/health';
import { buildTestApp } from './helper';

describe('health endpoints', async () => {
  const { app } = await buildTestApp({}, { counts: false, jobs: false });

  it.each(HEALTH_SERVICES.map((s) => [s.path]))('%s answers {data:"OK"}', async (path) => {
    const res = await app.inject({ method: 'GET', url: path });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ data: 'OK' });
  });
});
