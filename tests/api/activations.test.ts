import { randomUUID } from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { and, eq } from 'drizzle-orm';
import type { InjectOptions, LightMyRequestResponse } from 'fastify';
import { afterAll, describe, expect, it } from 'vitest';
import {
  activatableAudiencesResponseSchema, activationDetailResponseSchema, activationResponseSchema, activationsPageSchema, destinationsResponseSchema,
  type Activation,
} from '../../src/shared/schemas/activations';
import type { AudienceRules } from '../../src/shared/schemas/audience-rules';
import { countResponseSchema } from '../../src/shared/schemas/insights';
import { activations, audiences, clients, destinations, rolePermissions, roles } from '../../src/server/db/schema';
import { DEMO_ACTIVATIONS } from '../../src/server/db/demo-tenant';
import { DELIVERY_HEADER, hashMemberId } from '../../src/server/modules/activations/delivery-file';
import { deliverySalt } from '../../src/server/modules/activations/activations-repository';
import { deliveryJob, type DeliveryPayload } from '../../src/server/modules/activations/delivery-job';
import type { JobContext } from '../../src/server/jobs/types';
import { ACME_PRODUCT, ANALYST, ADMIN, GLOBEX_PRODUCT, VIEWER, buildTestApp, login, type Session } from './helper';
import { expectError, strict } from './support';

describe('activations (issue 14)', async () => {
  const { app, database } = await buildTestApp();
  const db = database.db;
  const [analyst, analystEs, admin, viewer] = await Promise.all([login(app, ANALYST), login(app, ANALYST), login(app, ADMIN), login(app, VIEWER)]);
  const switched = await analystEs.request({ method: 'PUT', url: '/api/auth/data-source', payload: { source: 'es' } });
  if (switched.statusCode !== 200) throw new Error(`could not switch to es: ${switched.body}`);

  type Write = Omit<InjectOptions, 'headers'> & { context?: string; key?: string };
  const send = (s: Session, { key, context = ACME_PRODUCT, ...opts }: Write) => s.request({ ...opts, context, headers: { 'x-request-id': key ?? randomUUID() } });
  const get = (url: string, s: Session = analyst, context = ACME_PRODUCT) => s.request({ method: 'GET', url, context });
  const activationOf = (res: LightMyRequestResponse, status: number): Activation => {
    expect(res.statusCode, res.body).toBe(status);
    return strict(activationResponseSchema).parse(res.json()).data;
  };
  const detail = async (id: number, s: Session = analyst) => {
    const res = await get(`/api/activations/${id}`, s);
    expect(res.statusCode, res.body).toBe(200);
    return strict(activationDetailResponseSchema).parse(res.json()).data;
  };
  const list = async (query = '', s: Session = analyst, context = ACME_PRODUCT) => {
    const res = await get(`/api/activations${query}`, s, context);
    expect(res.statusCode, res.body).toBe(200);
    return strict(activationsPageSchema).parse(res.json());
  };
  const create = (body: object, s: Session = analyst, extra: Write = {}) => send(s, { method: 'POST', url: '/api/activations', payload: body, ...extra });
  const refresh = (id: number, s: Session = analyst) => send(s, { method: 'POST', url: `/api/activations/${id}/refresh` });
  const cancel = (id: number, s: Session = analyst) => send(s, { method: 'POST', url: `/api/activations/${id}/cancel` });

  const destinationList = strict(destinationsResponseSchema).parse((await get('/api/activations/destinations')).json()).data;
  const destination = (name: string) => destinationList.find((d) => d.name === name)!;
  const activatable = strict(activatableAudiencesResponseSchema).parse((await get('/api/activations/audiences')).json()).data;
  const [acme] = await db.select().from(clients).where(eq(clients.slug, 'acme'));
  const rulesOf = async (audienceId: number) => (await db.select({ rules: audiences.rules }).from(audiences).where(eq(audiences.id, audienceId)))[0]!.rules as AudienceRules;
  const countOn = async (s: Session, rules: AudienceRules) => {
    const res = await s.request({ method: 'POST', url: '/api/audiences/count', payload: { rules }, context: 'acme/us' });
    expect(res.statusCode, res.body).toBe(200);
    return countResponseSchema.parse(res.json()).data.count;
  };
  /** The delivered file of an activation, read back from where the job wrote it. */
  const deliveredFile = async (id: number) => {
    const [row] = await db.select({ filePath: activations.filePath }).from(activations).where(eq(activations.id, id));
    expect(row?.filePath).toMatch(new RegExp(`^deliveries/acme/the-trade-desk/${id}-\\d{8}T\\d{9}Z\\.csv$`));
    const file = path.join(dataDir, row!.filePath!);
    written.add(file);
    return file;
  };
  const settled = async () => app.jobs.whenIdle(120_000);
  /** Where the job thread writes: PGlite's directory, else DATA_DIR (./data). */
  const dataDir = path.resolve(database.dataDir ?? process.env.DATA_DIR ?? './data');
  // On PostgreSQL that directory outlives the test database: the files delivered here go with it.
  const written = new Set<string>();
  afterAll(() => {
    for (const file of written) fs.rmSync(file, { force: true });
  });

  describe('reading', () => {
    it('lists the product\'s activations, last changed first, with their audience and destination', async () => {
      const page = await list();
      expect(page.meta).toEqual({ page: 1, per_page: 25, total: DEMO_ACTIVATIONS.length });
      expect(page.data.map((a) => [a.audience_name, a.destination.name, a.state])).toEqual(DEMO_ACTIVATIONS.map((a) => [a.audience, a.destination, a.state]));
      const failed = page.data.find((a) => a.state === 'error')!;
      expect(failed.error).toMatch(/advertiser seat/);
      expect(page.data.find((a) => a.audience_name === 'Health-conscious Millennials')!.end_date).toBe('1970-01-01T00:00:00.000Z');
    });

    it('filters by state, destination and part of the audience\'s name, and pages', async () => {
      expect((await list('?state=on_hold')).data.map((a) => a.audience_name)).toEqual(['Weekend Snackers (shared)']);
      const meta = destination('Meta Ads');
      expect((await list(`?destination_id=${meta.id}`)).data.every((a) => a.destination.id === meta.id)).toBe(true);
      expect((await list(`?destination_id=${meta.id}`)).meta.total).toBe(DEMO_ACTIVATIONS.filter((a) => a.destination === 'Meta Ads').length);
      expect((await list('?q=lapsed%20SODA')).data.map((a) => a.state).sort()).toEqual(['draft', 'in_progress']);
      expect((await list('?q=%25')).meta.total).toBe(0);
      const second = await list('?per_page=2&page=2');
      expect(second.data.map((a) => a.id)).toEqual((await list()).data.slice(2, 4).map((a) => a.id));
      expectError(await get('/api/activations?state=sent'), 400, 'VALIDATION_FAILED');
      expectError(await get('/api/activations?per_page=101'), 400, 'VALIDATION_FAILED');
    });

    it('lists the client\'s destinations and the product\'s activatable audiences (those with a rule)', async () => {
      expect(destinationList.map((d) => d.name)).toEqual(['Google DV360', 'Meta Ads', 'The Trade Desk']);
      const names = activatable.map((a) => a.name);
      expect(names).toContain('Health-conscious Millennials');
      const [ruleless] = await db.select().from(audiences).where(eq(audiences.name, 'Health-conscious Millennials'));
      const [noRule] = await db.insert(audiences).values({ clientId: ruleless!.clientId, productId: ruleless!.productId, regionId: ruleless!.regionId, name: 'Lookalike still building', type: 'lookalike', status: 'pending' }).returning();
      expect((await get('/api/activations/audiences')).json().data.map((a: { name: string }) => a.name)).not.toContain(noRule!.name);
      await db.delete(audiences).where(eq(audiences.id, noRule!.id));
    });

    it('answers 404 for another tenant\'s activation, and 403 for another tenant\'s context', async () => {
      const acmeId = (await list()).data[0]!.id;
      // Globex with the ams feature: its own activations are none of acme's.
      const [globex] = await db.select().from(clients).where(eq(clients.slug, 'globex'));
      await db.update(clients).set({ featureFlags: { ...(globex!.featureFlags as object), ams: true } }).where(eq(clients.id, globex!.id));
      try {
        expect((await list('', admin, GLOBEX_PRODUCT)).meta.total).toBe(0);
        // Globex's admin context: the id exists, but not in this client.
        expectError(await get(`/api/activations/${acmeId}`, admin, GLOBEX_PRODUCT), 404, 'NOT_FOUND');
        expectError(await send(admin, { method: 'POST', url: `/api/activations/${acmeId}/cancel`, context: GLOBEX_PRODUCT }), 404, 'NOT_FOUND');
        expectError(await send(admin, { method: 'POST', url: `/api/activations/${acmeId}/refresh`, context: GLOBEX_PRODUCT }), 404, 'NOT_FOUND');
      } finally {
        await db.update(clients).set({ featureFlags: globex!.featureFlags }).where(eq(clients.id, globex!.id));
      }
      // Another product of the same client does not have it either.
      expectError(await get(`/api/activations/${acmeId}`, analyst, 'acme/us/fizz-cola/fizz-zero'), 404, 'NOT_FOUND');
      expectError(await get('/api/activations', viewer, ACME_PRODUCT), 403, 'CONTEXT_FORBIDDEN');
      expectError(await get('/api/activations/999999'), 404, 'NOT_FOUND');
    });
  });

  describe('who may', () => {
    const setGrant = (grant: { canCreate?: boolean; canRead?: boolean; canUpdate?: boolean }) =>
      db.select({ id: roles.id }).from(roles).where(eq(roles.name, 'Analyst')).then(([r]) =>
        db.update(rolePermissions).set(grant).where(and(eq(rolePermissions.roleId, r!.id), eq(rolePermissions.resource, 'ams_activation'))));

    it('refuses the client without the ams feature (403), whatever the role', async () => {
      // Globex has no ams feature: even its admin is refused.
      expectError(await get('/api/activations', admin, GLOBEX_PRODUCT), 403, 'FORBIDDEN', /ams is not enabled for globex/);
      await db.update(clients).set({ featureFlags: { ...(acme!.featureFlags as object), ams: false } }).where(eq(clients.id, acme!.id));
      try {
        expectError(await get('/api/activations'), 403, 'FORBIDDEN');
        expectError(await create({ audience_id: activatable[0]!.id, destination_id: destination('Meta Ads').id }), 403, 'FORBIDDEN');
      } finally {
        await db.update(clients).set({ featureFlags: acme!.featureFlags }).where(eq(clients.id, acme!.id));
      }
      expect((await get('/api/activations')).statusCode).toBe(200);
    });

    it('needs ams_activation read to list, create to activate and update to refresh or cancel', async () => {
      const someone = (await list()).data.find((a) => a.state === 'draft')!;
      await setGrant({ canCreate: false, canUpdate: false });
      try {
        const fresh = await login(app, ANALYST);
        expectError(await create({ audience_id: activatable[0]!.id, destination_id: destination('Meta Ads').id }, fresh), 403, 'FORBIDDEN');
        expectError(await cancel(someone.id, fresh), 403, 'FORBIDDEN');
        expectError(await refresh(someone.id, fresh), 403, 'FORBIDDEN');
        expect((await get('/api/activations', fresh)).statusCode).toBe(200);
        await setGrant({ canRead: false });
        expectError(await get('/api/activations', await login(app, ANALYST)), 403, 'FORBIDDEN');
      } finally {
        await setGrant({ canCreate: true, canRead: true, canUpdate: true });
      }
    });
  });

  describe('refusals', () => {
    it('refuses an audience of another product, another client\'s destination, an audience with no rule and a past end date', async () => {
      const [globexDestination] = await db.select().from(destinations).where(and(eq(destinations.name, 'The Trade Desk'), eq(destinations.directory, 'globex/the-trade-desk')));
      const audienceId = activatable[0]!.id;
      expectError(await create({ audience_id: audienceId, destination_id: globexDestination!.id }), 404, 'NOT_FOUND', /acme has no destination/);
      expectError(await create({ audience_id: audienceId, destination_id: destination('Meta Ads').id }, analyst, { context: 'acme/us/fizz-cola/fizz-zero' }), 404, 'NOT_FOUND', /no saved audience/);
      const [scoped] = await db.select().from(audiences).where(eq(audiences.name, 'Health-conscious Millennials'));
      const [lookalike] = await db.insert(audiences).values({ clientId: scoped!.clientId, productId: scoped!.productId, regionId: scoped!.regionId, name: 'Lookalike with no rule yet', type: 'lookalike', status: 'pending' }).returning();
      expectError(await create({ audience_id: lookalike!.id, destination_id: destination('Meta Ads').id }), 422, 'VALIDATION_FAILED', /no audience rule/);
      await db.delete(audiences).where(eq(audiences.id, lookalike!.id));
      expectError(await create({ audience_id: audienceId, destination_id: destination('Meta Ads').id, end_date: '2001-01-01' }), 422, 'VALIDATION_FAILED', 'End date cannot be in the past.');
      expectError(await create({ audience_id: audienceId, destination_id: destination('Meta Ads').id, end_date: '2030-02-30' }), 400, 'VALIDATION_FAILED');
      expectError(await create({ audience_id: audienceId, destination_id: destination('Meta Ads').id }, analyst, { key: 'not-a-uuid' }), 400, 'REQUEST_ID_REQUIRED');
    });

    it('refuses to refresh a delivery that runs, and to cancel one that has ended (409)', async () => {
      const page = (await list()).data;
      const running = page.find((a) => a.state === 'in_progress')!;
      expectError(await refresh(running.id), 409, 'CONFLICT', /being delivered/);
      for (const ended of page.filter((a) => a.state === 'canceled' || a.state === 'error')) {
        expectError(await cancel(ended.id), 409, 'CONFLICT', /already ended/);
      }
    });
  });

  describe('delivering', () => {
    const health = activatable.find((a) => a.name === 'Health-conscious Millennials')!;
    const ttd = destination('The Trade Desk');

    it('activates: 202 In Progress with its job, then Complete with a file of one hashed row per member of the audience\'s count on both data sources', async () => {
      const key = randomUUID();
      const made = activationOf(await create({ audience_id: health.id, destination_id: ttd.id, end_date: '2099-12-31' }, analyst, { key }), 202);
      expect(made).toMatchObject({ audience_id: health.id, audience_name: health.name, destination: ttd, state: 'in_progress', end_date: '2099-12-31T00:00:00.000Z', sent_date: null, member_count: null });
      expect(made.job_id).toMatch(/^[0-9a-f-]{36}$/);
      // A resend of the same request is the same activation, not a second one.
      const replay = await create({ audience_id: health.id, destination_id: ttd.id, end_date: '2099-12-31' }, analyst, { key });
      expect(replay.headers['idempotent-replayed']).toBe('true');
      expect(activationOf(replay, 202).id).toBe(made.id);

      await settled();
      const done = await detail(made.id);
      const rules = await rulesOf(health.id);
      const [molecula, es] = [await countOn(analyst, rules), await countOn(analystEs, rules)];
      expect(molecula).toBe(es);
      expect(molecula).toBeGreaterThan(0);
      expect(done).toMatchObject({ state: 'complete', member_count: molecula, error: null });
      expect(done.job?.state).toBe('succeeded');
      expect(done.sent_date).not.toBeNull();
      expect(done.last_refresh).toBe(done.sent_date);

      const lines = fs.readFileSync(await deliveredFile(made.id), 'utf8').trimEnd().split('\n');
      expect(lines[0]).toBe(DELIVERY_HEADER);
      expect(lines.length - 1).toBe(molecula);
      expect(new Set(lines.slice(1)).size).toBe(molecula);
      expect(lines.slice(1).every((l) => /^[0-9a-f]{64}$/.test(l))).toBe(true);
      expect(done.file_name).toBe(path.basename(await deliveredFile(made.id)));
      // Ids are the salted hash of person ids: a person id hashes to a row only with the client's salt.
      const salt = await deliverySalt(db, acme!.id);
      const rows = new Set(lines.slice(1));
      const found = Array.from({ length: 30_000 }, (_, id) => id).filter((id) => rows.has(hashMemberId(salt, id))).length;
      expect(found).toBe(molecula);
      expect(Array.from({ length: 30_000 }, (_, id) => id).some((id) => rows.has(hashMemberId('another salt', id)))).toBe(false);
    });

    it('refreshes: a new job, In Progress, then Complete again with a later Last Refresh, the first Sent Date and a second file', async () => {
      const first = activationOf(await create({ audience_id: health.id, destination_id: ttd.id }), 202);
      await settled();
      const before = await detail(first.id);
      const firstFile = await deliveredFile(first.id);
      const again = activationOf(await refresh(first.id), 202);
      expect(again.state).toBe('in_progress');
      expect(again.job_id).not.toBe(before.job_id);
      expectError(await refresh(first.id), 409, 'CONFLICT');
      await settled();
      const after = await detail(first.id);
      expect(after).toMatchObject({ state: 'complete', sent_date: before.sent_date, member_count: before.member_count });
      expect(Date.parse(after.last_refresh!)).toBeGreaterThan(Date.parse(before.last_refresh!));
      const secondFile = await deliveredFile(first.id);
      expect(secondFile).not.toBe(firstFile);
      expect(fs.existsSync(firstFile) && fs.existsSync(secondFile)).toBe(true);
    });

    it('cancels: Canceled at once, and the delivery neither completes it nor leaves a file', async () => {
      const dir = path.join(dataDir, 'deliveries', 'acme', 'the-trade-desk');
      // On PostgreSQL the directory is shared with earlier runs (whose ids repeat): only new files count.
      const files = () => new Set(fs.existsSync(dir) ? fs.readdirSync(dir) : []);
      const before = files();
      const made = activationOf(await create({ audience_id: health.id, destination_id: ttd.id }), 202);
      const canceled = activationOf(await cancel(made.id), 200);
      expect(canceled.state).toBe('canceled');
      await settled();
      const after = await detail(made.id);
      expect(after).toMatchObject({ state: 'canceled', member_count: null, sent_date: null });
      const [row] = await db.select({ filePath: activations.filePath }).from(activations).where(eq(activations.id, made.id));
      expect(row!.filePath).toBeNull();
      expect([...files()].filter((f) => !before.has(f))).toEqual([]);
      expectError(await cancel(made.id), 409, 'CONFLICT', /already ended \(Canceled\)/);
      // A canceled activation may be sent again.
      expect(activationOf(await refresh(made.id), 202).state).toBe('in_progress');
      await settled();
      expect((await detail(made.id)).state).toBe('complete');
      expect(fs.existsSync(await deliveredFile(made.id))).toBe(true);
    });
  });
  describe('the delivery job itself (as the job thread runs it)', () => {
    const health = activatable.find((a) => a.name === 'Health-conscious Millennials')!;
    const ttd = destination('The Trade Desk');
    const jobDir = fs.mkdtempSync(path.join(os.tmpdir(), 'delivery-job-'));
    afterAll(() => fs.rmSync(jobDir, { recursive: true, force: true }));
    const outDir = path.join(jobDir, 'deliveries', 'acme', 'the-trade-desk');

    /** An activation waiting for the job `jobId`, written as the create route writes it. */
    const waiting = async (jobId: string) => {
      const [audience] = await db.select().from(audiences).where(eq(audiences.id, health.id));
      const [row] = await db.insert(activations).values({
        clientId: acme!.id, regionId: audience!.regionId, productId: audience!.productId, audienceId: health.id, destinationId: ttd.id, state: 'in_progress', jobId,
      }).returning();
      return row!;
    };
    const stateOf = async (id: number) => (await db.select().from(activations).where(eq(activations.id, id)))[0]!;
    const context = (id: string, activationId: number, progress: JobContext<DeliveryPayload>['progress'], controller = new AbortController()): JobContext<DeliveryPayload> => ({
      id, type: 'activation-delivery', attempt: 1, lastAttempt: true, payload: { activationId }, meta: { userId: null, clientId: acme!.id, context: null },
      db, signal: controller.signal, progress, dataDir: jobDir, log: () => undefined,
      ask: () => Promise.reject(new Error('not used')),
      setChunks: (region, kind, setId) => app.data.store.setChunks(region, kind, setId),
      lookalike: () => Promise.reject(new Error('not used')),
      materialize: () => Promise.reject(new Error('not used')),
      dropSet: () => Promise.reject(new Error('not used')),
    });

    it('stopped while it writes, removes its partial file and leaves the cancel\'s Canceled', async () => {
      const row = await waiting('job-cancelled');
      const controller = new AbortController();
      const told: string[] = [];
      const run = deliveryJob.run(context('job-cancelled', row.id, async (_fraction, message) => {
        told.push(message ?? '');
        if (message?.startsWith('Writing')) {
          // The cancel route: Canceled at once, then the job's signal.
          await db.update(activations).set({ state: 'canceled' }).where(eq(activations.id, row.id));
          controller.abort(new Error('The job was cancelled'));
        }
      }, controller));
      await expect(run).rejects.toThrow('The job was cancelled');
      expect(told.some((m) => m.startsWith('Read '))).toBe(true);
      expect(fs.existsSync(outDir) ? fs.readdirSync(outDir).filter((f) => f.startsWith(`${row.id}-`)) : []).toEqual([]);
      expect(await stateOf(row.id)).toMatchObject({ state: 'canceled', filePath: null, memberCount: null });
    });

    it('leaves an activation that waits for another job (refreshed since) alone, and writes nothing', async () => {
      const row = await waiting('job-newer');
      expect(await deliveryJob.run(context('job-older', row.id, async () => undefined))).toEqual({ delivered: false, reason: 'superseded' });
      expect(await stateOf(row.id)).toMatchObject({ state: 'in_progress', jobId: 'job-newer', filePath: null });
    });

    it('delivers the audience\'s members, Finalizing while it writes', async () => {
      const row = await waiting('job-ok');
      const states: string[] = [];
      const done = await deliveryJob.run(context('job-ok', row.id, async (_f, message) => {
        if (message?.startsWith('Writing')) states.push((await stateOf(row.id)).state);
      }));
      expect(states[0]).toBe('finalizing');
      expect(done).toMatchObject({ delivered: true, members: await countOn(analyst, await rulesOf(health.id)) });
      expect(await stateOf(row.id)).toMatchObject({ state: 'complete', memberCount: (done as { members: number }).members });
    });

    it('marks its activation Error with the reason when its last attempt fails, and only its own', async () => {
      const row = await waiting('job-failed');
      await deliveryJob.onFailed!({ id: 'job-other', type: 'activation-delivery', payload: { activationId: row.id }, meta: { userId: null, clientId: null, context: null }, reason: 'not mine', db });
      expect((await stateOf(row.id)).state).toBe('in_progress');
      await deliveryJob.onFailed!({ id: 'job-failed', type: 'activation-delivery', payload: { activationId: row.id }, meta: { userId: null, clientId: null, context: null }, reason: 'The platform refused the file.', db });
      expect(await stateOf(row.id)).toMatchObject({ state: 'error', error: 'The platform refused the file.' });
      expect(() => deliveryJob.parse({ activationId: 'x' })).toThrow(/activation's id/);
    });
  });
});
