import type { LightMyRequestResponse } from 'fastify';
import { describe, expect, it } from 'vitest';
import { segmentsPageSchema } from '../../src/shared/schemas/insights';
import { growKit } from './grow-support';
import { expectError } from './support';

/**
 * Issue 13 "Bad input": text PostgreSQL cannot hold (a NUL, a lone surrogate) or that no name
 * should hold (control characters) is refused by the one shared text schema with 400 naming the
 * field, on every payload and query string, before any SQL runs.
 */
describe('bad input', async () => {
  const kit = await growKit();
  const { admin, send, create, copy, update, newChart, addMarket, addAudience, chartOf } = kit;

  /** 400 VALIDATION_FAILED whose details name the field. */
  const refusedAt = (res: LightMyRequestResponse, path: string) => {
    const body = expectError(res, 400, 'VALIDATION_FAILED');
    expect((body.error.details as { path: string }[]).map((d) => d.path), res.body).toContain(path);
    return body;
  };

  describe('text with a NUL, a control character or a lone surrogate is a 400 naming the field', () => {
    const bad = ['a\u0000b', 'a\u0007b', 'a\u009bb', 'a\ud800b', 'a\udc00'];

    it('in chart, market and audience names (create, update, copy, add, rename)', async () => {
      const chart = chartOf(await addMarket(await newChart(), 'Market'));
      const marketId = chart.markets[0]!.id;
      for (const text of bad) {
        refusedAt(await create({ name: text }), 'body.name');
        refusedAt(await create({ name: 'ok', measurement_label: text }), 'body.measurement_label');
        refusedAt(await update(chart, { name: text }), 'body.name');
        refusedAt(await copy(chart.id, { name: text }), 'body.name');
        refusedAt(await addMarket(chart, text), 'body.name');
        refusedAt(await send(admin, { method: 'PUT', url: `/api/mekkos/${chart.id}/markets/${marketId}`, payload: { name: text, version: chart.version } }), 'body.name');
        refusedAt(await addAudience(chart, marketId, { name: text }), 'body.name');
        refusedAt(await addAudience(chart, marketId, { name: 'ok', webo_cluster_id: text }), 'body.webo_cluster_id');
      }
      // Nothing was written.
      expect(await kit.read(chart.id)).toEqual(chart);
    });

    it('in toolbox units', async () => {
      const unit = { name: 'unit', url: 'https://example.com', iframed: false, region_ids: ['all'], use_client_hierarchy: false, feature_module_category: null };
      for (const text of bad) {
        refusedAt(await send(admin, { method: 'POST', url: '/api/toolbox/units', payload: { ...unit, name: text }, context: 'acme' }), 'body.name');
        refusedAt(await send(admin, { method: 'POST', url: '/api/toolbox/units', payload: { ...unit, feature_module_category: text }, context: 'acme' }), 'body.feature_module_category');
        refusedAt(await send(admin, { method: 'POST', url: '/api/toolbox/units', payload: { ...unit, region_ids: [text] }, context: 'acme' }), 'body.region_ids.0');
      }
    });

    it('in segment lookups, searches, saved audiences and overlaps', async () => {
      for (const text of bad) {
        refusedAt(await send(admin, { method: 'POST', url: '/api/segments/lookup', payload: { identifiers: [text] }, context: 'acme/us' }), 'body.identifiers.0');
        // A URL cannot carry half a surrogate pair (encodeURIComponent refuses one): the query gets the others.
        if (!/\p{Cs}/u.test(text)) refusedAt(await admin.request({ method: 'GET', url: `/api/segments?region=us&q=${encodeURIComponent(text)}`, context: 'acme' }), 'querystring.q');
        refusedAt(await send(admin, { method: 'POST', url: '/api/audiences', payload: { name: text, rules: { include: { and: [[kit.live[0]!.id]] } } } }), 'body.name');
        const rules = { include: { and: [[kit.live[0]!.id]] } };
        refusedAt(await send(admin, { method: 'POST', url: '/api/insights/overlap', payload: { audiences: [{ name: text, rules }, { name: 'b', rules }] }, context: 'acme/us' }), 'body.audiences.0.name');
      }
      refusedAt(await admin.request({ method: 'GET', url: '/api/segments?region=us&q=%00', context: 'acme' }), 'querystring.q');
      // A surrogate encoded as UTF-8 bytes is not UTF-8: it decodes to replacement characters, a search like any other.
      expect((await admin.request({ method: 'GET', url: '/api/segments?region=us&q=%ED%A0%80', context: 'acme' })).statusCode).toBe(200);
    });

    it('keeps accepting ordinary text, trimmed, astral characters included', async () => {
      const chart = chartOf(await create({ name: '  Émoji 🎉 chart  ' }));
      expect(chart.name).toBe('Émoji 🎉 chart');
      const res = await admin.request({ method: 'GET', url: `/api/segments?region=us&q=${encodeURIComponent('  🎉 ')}`, context: 'acme' });
      expect(res.statusCode, res.body).toBe(200);
      segmentsPageSchema.parse(res.json());
    });
  });
});
