import net from 'node:net';
import type { AddressInfo } from 'node:net';
import type { LightMyRequestResponse } from 'fastify';
import { describe, expect, it } from 'vitest';
import { apiErrorSchema } from '../../src/shared/schemas/error';
import { segmentsPageSchema } from '../../src/shared/schemas/insights';
import { growKit } from './grow-support';
import { expectError, strict } from './support';

/**
 * Issue 13 "Bad input": text PostgreSQL cannot hold (a NUL, a lone surrogate) or that no name
 * should hold (control characters) is refused by the one shared text schema with 400 naming the
 * field, on every payload and query string, before any SQL runs.
 */
describe('bad input', async () => {
  const kit = await growKit({ jobs: false });
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

  describe('every refusal in the one error shape, with its own code', () => {
    const { app } = kit;
    const post = (payload: string, contentType = 'application/json') =>
      admin.request({ method: 'POST', url: '/api/mekkos', payload, context: 'acme/us/fizz-cola/fizz-original', headers: { 'content-type': contentType, 'x-request-id': crypto.randomUUID() } });

    it('answers a body over the limit with 413 PAYLOAD_TOO_LARGE', async () => {
      expectError(await post(JSON.stringify({ name: 'x'.repeat(1_100_000) })), 413, 'PAYLOAD_TOO_LARGE');
    });

    it('answers a content type it does not read with 415 UNSUPPORTED_MEDIA_TYPE', async () => {
      expectError(await post('<chart/>', 'application/xml'), 415, 'UNSUPPORTED_MEDIA_TYPE');
    });

    it('refuses a body with a prototype-polluting key, saying so (it is valid JSON)', async () => {
      expectError(await post('{"name":"a","__proto__":{"admin":true}}'), 400, 'BAD_REQUEST', 'The body contains the key "__proto__", which is refused.');
      expectError(await post('{"name":"a","base":{"x":[{"__proto__":1}]}}'), 400, 'BAD_REQUEST', 'The body contains the key "__proto__", which is refused.');
      expectError(await post('{"name":"a","constructor":{"prototype":{"admin":true}}}'), 400, 'BAD_REQUEST', 'The body contains the key "constructor.prototype", which is refused.');
      // Malformed JSON and an empty body are still called what they are.
      expectError(await post('{"name":'), 400, 'BAD_REQUEST', 'The body is not valid JSON.');
      expectError(await post(''), 400, 'BAD_REQUEST', 'The body is empty; send a JSON object.');
      // The words are fine where they are only text, and a constructor key without a prototype is just a key.
      const chart = chartOf(await post(JSON.stringify({ name: '__proto__ constructor prototype', constructor: 1 })));
      expect(chart.name).toBe('__proto__ constructor prototype');
    });

    it('refuses a body nested past the limit with 400, even on a route that reads no body (its hash overflowed the stack: 500)', async () => {
      const deep = `${'{"a":'.repeat(10_000)}1${'}'.repeat(10_000)}`;
      const nested = `${'['.repeat(100)}${']'.repeat(100)}`;
      const message = 'The body is nested more than 32 levels deep.';
      const headers = () => ({ 'content-type': 'application/json', 'x-request-id': crypto.randomUUID() });
      for (const payload of [deep, nested]) {
        expectError(await admin.request({ method: 'POST', url: '/api/notifications/1/read', payload, context: 'acme', headers: headers() }), 400, 'BAD_REQUEST', message);
        expectError(await admin.request({ method: 'DELETE', url: '/api/snapshots/1', payload, context: 'acme/us/fizz-cola/fizz-original', headers: headers() }), 400, 'BAD_REQUEST', message);
        expectError(await post(payload), 400, 'BAD_REQUEST', message);
      }
    });

    it('answers a request whose headers are too large with 431 REQUEST_HEADER_TOO_LARGE in the one shape', async () => {
      await app.listen({ port: 0, host: '127.0.0.1' });
      const { port } = app.server.address() as AddressInfo;
      const raw = (request: string) =>
        new Promise<string>((resolve, reject) => {
          const socket = net.connect(port, '127.0.0.1', () => socket.end(request));
          let answer = '';
          socket.on('data', (chunk: Buffer) => (answer += chunk.toString()));
          socket.on('close', () => resolve(answer));
          socket.on('error', reject);
        });
      const parse = (answer: string) => {
        const [head = '', body = ''] = answer.split('\r\n\r\n');
        const [statusLine, ...headers] = head.split('\r\n');
        return { status: Number(statusLine?.split(' ')[1]), headers: headers.map((h) => h.toLowerCase()), body: strict(apiErrorSchema).parse(JSON.parse(body)) };
      };
      const big = parse(await raw(`GET /api/auth/self.json HTTP/1.1\r\nHost: x\r\nX-Big: ${'a'.repeat(20_000)}\r\n\r\n`));
      expect(big.status).toBe(431);
      expect(big.headers).toContain('content-type: application/json; charset=utf-8');
      expect(big.body.error.code).toBe('REQUEST_HEADER_TOO_LARGE');
      const garbled = parse(await raw('NOT HTTP AT ALL\r\n\r\n'));
      expect(garbled.status).toBe(400);
      expect(garbled.body.error.code).toBe('BAD_REQUEST');
    });
  });

  describe('POST /api/insights/counts checks every id field alike', () => {
    const foreign = kit.globexSegments.find((s) => !s.deleted)!.id;
    const mine = kit.live[0]!.id;
    const counts = (payload: object) => admin.request({ method: 'POST', url: '/api/insights/counts', payload, context: 'acme/us' });

    it.each([
      ['group_short_ids', { group_short_ids: [[foreign]] }],
      ['focused_modeled_short_ids', { focused_modeled_short_ids: [foreign] }],
      ['focused_matched_short_ids', { focused_matched_short_ids: [foreign] }],
      ['matched_short_ids', { matched_short_ids: { '1': [foreign] } }],
      ['group_short_ids beside short ids', { matched_short_ids: { '1': [mine] }, group_short_ids: [[mine], [foreign]] }],
    ])("refuses another tenant's id in %s with 422 UNKNOWN_SEGMENTS naming it", async (_field, payload) => {
      const body = expectError(await counts(payload), 422, 'UNKNOWN_SEGMENTS', `No segment ${foreign} in acme/us.`);
      expect(body.error.details).toEqual({ unknown: [foreign], deleted: [] });
    });

    it('still answers empty counts for known focus ids without short ids', async () => {
      const res = await counts({ focused_modeled_short_ids: [mine], group_short_ids: [[mine]] });
      expect(res.statusCode, res.body).toBe(200);
      expect(res.json()).toEqual({ data: { segment_counts: {}, market_counts: {}, total_matched_count: 0, total_modeled_count: 0 } });
    });
  });
});
