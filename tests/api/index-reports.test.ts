import { randomUUID } from 'node:crypto';
import { and, asc, desc, eq, gt, isNull } from 'drizzle-orm';
import * as XLSX from 'xlsx';
import { describe, expect, it } from 'vitest';
import { INDEX_REPORT_REFUSALS, isoDay } from '../../src/shared/rules/index-report';
import { indexReportResponseSchema } from '../../src/shared/schemas/index-reports';
import { categoriesResponseSchema, widgetResponseSchema } from '../../src/shared/schemas/insights';
import { tasksResponseSchema, type Task } from '../../src/shared/schemas/notifications';
import { clients, downloads, files, segments, tasks } from '../../src/server/db/schema';
import { CATEGORY_HEADER, COVER_SHEET } from '../../src/server/modules/reports/index-workbook';
import { HISTORY_HEADER, HISTORY_SHEET } from '../../src/server/modules/reports/history-workbook';
import { requestDemoReport } from '../../src/server/modules/reports/demo-report';
import { segmentsNearShare } from '../../src/server/modules/reports/reports-repository';
import { ACME_PRODUCT, ADMIN, ANALYST, GLOBEX_PRODUCT, VIEWER, buildTestApp, login, type Session } from './helper';
import { clientRegionIdOf } from './population';
import { buildAppOn, expectError, strict, userId } from './support';

const XLSX_TYPE = 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet';
const DAY = 86_400_000;
type Rules = { include: { and: number[][] }; exclude: number[] };

describe('index reports', async () => {
  const { app, database, config } = await buildTestApp();
  const db = database.db;
  const [admin, analyst, viewer] = await Promise.all([login(app, ADMIN), login(app, ANALYST), login(app, VIEWER)]);
  const [analystId, adminId] = await Promise.all([userId(database, ANALYST), userId(database, ADMIN)]);
  const clientIdOf = async (slug: string) => Number((await db.select({ id: clients.id }).from(clients).where(eq(clients.slug, slug)))[0]?.id);
  const [acme, globex] = await Promise.all([clientIdOf('acme'), clientIdOf('globex')]);
  const liveSegments = async (client: string) => (await db
    .select({ id: segments.shortId, name: segments.name })
    .from(segments)
    .where(and(eq(segments.clientRegionId, await clientRegionIdOf(db, client, 'us')), eq(segments.deleted, false), gt(segments.peopleCount, 0)))
    .orderBy(desc(segments.peopleCount), asc(segments.shortId))
    .limit(4));
  const [seg, globexSeg] = await Promise.all([liveSegments('acme'), liveSegments('globex')]);
  const audience: Rules = { include: { and: [[seg[0]!.id, seg[1]!.id]] }, exclude: [seg[3]!.id] };
  const baseRules: Rules = { include: { and: [[seg[2]!.id]] }, exclude: [] };
  const categories = categoriesResponseSchema.parse((await analyst.request({ method: 'GET', url: '/api/insights/categories', context: ACME_PRODUCT })).json()).data;
  const [age, income] = [categories[0]!, categories[1]!];

  const ask = (s: Session, payload: Record<string, unknown>, opts: { key?: string; context?: string; noCsrf?: boolean } = {}) =>
    s.request({ method: 'POST', url: '/api/index-reports', context: opts.context ?? ACME_PRODUCT, noCsrf: opts.noCsrf, headers: { 'x-request-id': opts.key ?? randomUUID() }, payload });
  const body = (extra: Record<string, unknown> = {}) => ({ name: 'Fizz buyers', audience: { name: 'Fizz fans', rules: audience }, categories: [age.id, income.id], ...extra });
  const download = (s: Session, id: number, context = 'acme') => s.request({ method: 'GET', url: `/api/notifications/${id}/download`, context });
  const listed = async (s: Session, id: number): Promise<Task | undefined> =>
    tasksResponseSchema.parse((await s.request({ method: 'GET', url: '/api/notifications', context: 'acme' })).json()).data.find((t) => t.id === id);
  const widget = async (rules: Rules, category: number) =>
    widgetResponseSchema.parse((await analyst.request({ method: 'POST', url: '/api/insights/widgets', context: ACME_PRODUCT, payload: { rules, category } })).json()).data;
  const readBook = (bytes: Buffer) => XLSX.read(bytes, { cellStyles: true, cellNF: true });
  const sheetRows = (wb: XLSX.WorkBook, name: string) => XLSX.utils.sheet_to_json<unknown[]>(wb.Sheets[name]!, { header: 1 });

  /** Asks for a report as the analyst and waits for its job. */
  async function finishedReport(payload: Record<string, unknown>) {
    const res = await ask(analyst, payload);
    expect(res.statusCode, res.body).toBe(202);
    const { task, job_id } = strict(indexReportResponseSchema).parse(res.json()).data;
    await app.jobs.whenIdle();
    return { task, jobId: job_id };
  }

  describe('a report from request to download', async () => {
    const key = randomUUID();
    const name = '=HYPERLINK("http://evil.test","Fizz")';
    const first = await ask(analyst, body({ name, audience: { name: '+1 buyers', rules: audience }, origin: 'Grow: @chart' }), { key });
    const answer = strict(indexReportResponseSchema).parse(first.json()).data;
    await app.jobs.whenIdle();

    it('answers 202 with the received task and its job', () => {
      expect(first.statusCode, first.body).toBe(202);
      expect(answer.task).toMatchObject({ report_type: 'index_report', status: 'received', ui_name: name, product_slug: ACME_PRODUCT, job_id: answer.job_id, error: null, downloaded_at: null });
      expect(answer.task.name).toMatch(/_index_report_\d{4}-\d{2}-\d{2}\.xlsx$/);
      expect(answer.task.request_id).toBe(key);
    });

    it('keeps what was asked, with the data source and client region, on the task', async () => {
      const [row] = await db.select().from(tasks).where(eq(tasks.id, answer.task.id));
      expect(row?.request).toMatchObject({ name, categories: [age.id, income.id], tab: 'person_level', data_source: 'molecula', client_region_id: await clientRegionIdOf(db, 'acme', 'us'), compare_base: { type: 'population' } });
      expect(row?.userId).toBe(analystId);
    });

    it('gives the first answer again for the same X-Request-ID and queues nothing more', async () => {
      const again = await ask(analyst, body({ name, audience: { name: '+1 buyers', rules: audience }, origin: 'Grow: @chart' }), { key });
      expect(again.statusCode).toBe(202);
      expect(again.headers['idempotent-replayed']).toBe('true');
      expect(again.json()).toEqual(first.json());
      expect(await db.select({ id: tasks.id }).from(tasks).where(eq(tasks.requestId, key))).toHaveLength(1);
    });

    it('is done once its job has run: no job, no error, not yet downloaded', async () => {
      expect(await listed(analyst, answer.task.id)).toMatchObject({ status: 'done', job_id: null, error: null, downloaded_at: null });
      // Made by the queue's job, once.
      expect(await app.jobs.get(answer.job_id)).toMatchObject({ type: 'index-report', state: 'succeeded', attempts: 1, result: { taskId: answer.task.id, bytes: expect.any(Number) } });
    });

    it('downloads as an .xlsx attachment, and the first download sets downloaded_at', async () => {
      const res = await download(analyst, answer.task.id);
      expect(res.statusCode, res.body).toBe(200);
      expect(res.headers['content-type']).toBe(XLSX_TYPE);
      expect(res.headers['content-disposition']).toBe(
        `attachment; filename="${answer.task.name.replace(/"/g, '')}"; filename*=UTF-8''${encodeURIComponent(answer.task.name).replace(/['()*]/g, (c) => `%${c.charCodeAt(0).toString(16).toUpperCase()}`)}`,
      );
      expect(res.headers['cache-control']).toBe('private, no-store');
      const at = (await listed(analyst, answer.task.id))?.downloaded_at;
      expect(at).not.toBeNull();
      expect((await download(analyst, answer.task.id)).statusCode).toBe(200);
      expect((await listed(analyst, answer.task.id))?.downloaded_at).toBe(at);
    });

    it('has a cover sheet and a sheet per category, whose numbers are the insights widget answers', async () => {
      const wb = readBook((await download(analyst, answer.task.id)).rawPayload);
      expect(wb.SheetNames).toEqual([COVER_SHEET, age.name, income.name]);
      for (const category of [age, income]) {
        const expected = await widget(audience, category.id);
        const rows = sheetRows(wb, category.name);
        expect(rows[0]).toEqual([...CATEGORY_HEADER]);
        expect(rows).toHaveLength(expected.rows.length + 1);
        expected.rows.forEach((r, i) => {
          const got = rows[i + 1]!;
          expect(got.slice(0, 3)).toEqual([r.name, r.count, r.share]);
          expect(got[4]).toBe(r.base_share);
          expect(got[5]).toBe(r.index ?? undefined);
          expect(got[6]).toBe(r.z_score ?? undefined);
          expect(got.slice(7)).toEqual([r.significant ? 'Yes' : 'No', r.small_sample ? 'Yes' : 'No']);
        });
        expect(wb.Sheets[category.name]?.F2?.z).toBe('0');
        expect(wb.Sheets[category.name]?.C2?.z).toBe('0.0%');
      }
      const facts = Object.fromEntries(sheetRows(wb, COVER_SHEET).filter((r) => r.length === 2));
      const sizes = await widget(audience, age.id);
      expect(facts).toMatchObject({
        Context: 'Acme Corporation / United States / Fizz Cola / Fizz Original',
        'Context path': ACME_PRODUCT,
        Audience: '+1 buyers',
        'Audience rule': `${seg[0]!.name} or ${seg[1]!.name}, excluding ${seg[3]!.name}`,
        'Audience size': sizes.audience_count,
        'Compared with': 'Everyone in United States',
        'Base size': sizes.base_count,
        'Data source': 'Molecula',
        'Asked from': 'Grow: @chart',
      });
    });

    it('keeps formula-like names as text', async () => {
      const wb = readBook((await download(analyst, answer.task.id)).rawPayload);
      const cover = wb.Sheets[COVER_SHEET]!;
      expect(cover.A1).toMatchObject({ t: 's', v: name });
      expect(cover.A1?.f).toBeUndefined();
      const audienceCell = Object.values(cover).find((c: XLSX.CellObject) => c?.v === '+1 buyers');
      expect(audienceCell).toMatchObject({ t: 's' });
      expect(audienceCell?.f).toBeUndefined();
    });
  });

  it('compares with a base audience: base shares are the base audience widget shares', async () => {
    const { task } = await finishedReport(body({ categories: [age.id], compare_base: { type: 'audience', name: 'Base crowd', rules: baseRules } }));
    const wb = readBook((await download(analyst, task.id)).rawPayload);
    const [mine, base] = await Promise.all([widget(audience, age.id), widget(baseRules, age.id)]);
    sheetRows(wb, age.name).slice(1).forEach((row, i) => {
      expect(row.slice(0, 5)).toEqual([mine.rows[i]!.name, mine.rows[i]!.count, mine.rows[i]!.share, base.rows[i]!.count, base.rows[i]!.share]);
      if (base.rows[i]!.share > 0) expect(row[5]).toBeCloseTo((100 * mine.rows[i]!.share) / base.rows[i]!.share, 9);
    });
    const facts = Object.fromEntries(sheetRows(wb, COVER_SHEET).filter((r) => r.length === 2));
    expect(facts).toMatchObject({ 'Compared with': 'Base crowd', 'Base rule': seg[2]!.name, 'Base size': base.audience_count });
  });

  describe('refusals', () => {
    it('at the Market Level tab (422)', async () => {
      expectError(await ask(analyst, body({ tab: 'market_level' })), 422, 'VALIDATION_FAILED', INDEX_REPORT_REFUSALS.marketLevel);
    });

    it('for a lite client (403)', async () => {
      expectError(await ask(admin, body(), { context: 'initech/us/red-stapler/stapler' }), 403, 'FORBIDDEN', INDEX_REPORT_REFUSALS.lite);
    });

    it("for segments the region does not have, another tenant's included, in the audience or the base (422)", async () => {
      const res = await ask(analyst, body({ audience: { name: 'x', rules: { include: { and: [[seg[0]!.id, 99_999_999]] } } } }));
      expect(expectError(res, 422, 'UNKNOWN_SEGMENTS').error.details).toEqual({ unknown: [99_999_999], deleted: [] });
      const theirs = await ask(analyst, body({ compare_base: { type: 'audience', name: 'b', rules: { include: { and: [[globexSeg[0]!.id]] } } } }));
      expect(expectError(theirs, 422, 'UNKNOWN_SEGMENTS').error.details).toEqual({ unknown: [globexSeg[0]!.id], deleted: [] });
    });

    it('for unknown categories (422)', async () => {
      const res = await ask(analyst, body({ categories: [age.id, 88_888_888] }));
      expect(expectError(res, 422, 'VALIDATION_FAILED', 'acme/us has no demographic category 88888888.').error.details).toEqual({ field: 'categories', unknown: [88_888_888] });
    });

    it('without index_report create (403), without CSRF (403), without a product context (400)', async () => {
      expectError(await ask(viewer, body(), { context: GLOBEX_PRODUCT }), 403, 'FORBIDDEN');
      expectError(await ask(analyst, body(), { noCsrf: true }), 403, 'CSRF_INVALID');
      expectError(await ask(analyst, body(), { context: 'acme/us' }), 400, 'BAD_REQUEST');
    });

    it('while the region has no audience data yet (503), as the insights panel is', async () => {
      expectError(await ask(analyst, body({ audience: { name: 'x', rules: { include: { and: [[1]] } } } }), { context: 'acme/au/fizz-cola/fizz-original' }), 503, 'DATA_NOT_READY');
    });

    it('creates no task for any refusal', async () => {
      const before = (await db.select({ id: tasks.id }).from(tasks)).length;
      await ask(analyst, body({ tab: 'market_level' }));
      await ask(analyst, body({ categories: [88_888_888] }));
      expect(await db.select({ id: tasks.id }).from(tasks)).toHaveLength(before);
    });
  });

  describe('downloads', async () => {
    const { task } = await finishedReport(body({ name: 'Shared report', categories: [age.id] }));
    const insert = (values: Partial<typeof tasks.$inferInsert>) =>
      db.insert(tasks).values({ userId: analystId, clientId: acme, reportType: 'index_report', status: 'received', name: 'x.xlsx', ...values }).returning().then((r) => r[0]!);

    it("lets a report admin of the client download a user's report without marking it downloaded for its owner", async () => {
      const res = await download(admin, task.id);
      expect(res.statusCode, res.body).toBe(200);
      expect(readBook(res.rawPayload).SheetNames).toEqual([COVER_SHEET, age.name]);
      expect((await listed(analyst, task.id))?.downloaded_at).toBeNull();
    });

    it("is 404 for another tenant and for another user's task without report_task_admin", async () => {
      expectError(await download(viewer, task.id, 'globex'), 404, 'NOT_FOUND');
      expectError(await download(admin, task.id, 'globex'), 404, 'NOT_FOUND');
      const adminsOwn = await insert({ userId: adminId, status: 'done' });
      expectError(await download(analyst, adminsOwn.id), 404, 'NOT_FOUND');
      expectError(await download(analyst, 99_999_999), 404, 'NOT_FOUND');
    });

    it('is 409 while the report is being made, and 409 with the reason when it failed', async () => {
      for (const status of ['received', 'processing']) {
        expectError(await download(analyst, (await insert({ status })).id), 409, 'CONFLICT', 'This report is still being made. Download it when it is ready.');
      }
      const failed = await insert({ status: 'failed', error: 'The demographic category 5 no longer exists in United States.' });
      expectError(await download(analyst, failed.id), 409, 'CONFLICT', 'This report could not be made: The demographic category 5 no longer exists in United States.');
      expectError(await download(analyst, (await insert({ reportType: 'outcome_completed', status: 'done' })).id), 409, 'CONFLICT', 'This notification has no report to download.');
    });

    it('records every download for Report History', async () => {
      const rows = await db.select().from(downloads).where(eq(downloads.taskId, task.id));
      expect(rows.map((r) => [r.email, r.hierarchy, r.assetName, r.assetType])).toEqual([[ADMIN, ACME_PRODUCT, 'Shared report', 'Index Report']]);
    });
  });

  describe('GET /api/report-history', async () => {
    const now = Date.now();
    await db.insert(downloads).values([
      { clientId: acme, email: 'old@acme.test', hierarchy: 'acme/uk/fizz-cola/fizz-zero', assetName: '@old', assetType: 'Index Report', downloadedAt: new Date(now - 3 * DAY) },
      { clientId: acme, email: 'new@acme.test', hierarchy: ACME_PRODUCT, assetName: 'Newest', assetType: 'Index Report', downloadedAt: new Date(now + DAY) },
      { clientId: globex, email: 'someone@globex.test', hierarchy: GLOBEX_PRODUCT, assetName: 'Globex only', assetType: 'Index Report', downloadedAt: new Date(now) },
    ]);

    it("streams the client's downloads, newest first, under the spec's columns and file name", async () => {
      const res = await admin.request({ method: 'GET', url: '/api/report-history', context: 'acme' });
      expect(res.statusCode, res.body).toBe(200);
      expect(res.headers['content-type']).toBe(XLSX_TYPE);
      const fileName = `${isoDay(new Date())}_${config.env}_past_downloads_report.xlsx`;
      expect(res.headers['content-disposition']).toBe(`attachment; filename="${fileName}"; filename*=UTF-8''${fileName}`);
      const wb = readBook(res.rawPayload);
      const rows = sheetRows(wb, HISTORY_SHEET);
      expect(rows[0]).toEqual([...HISTORY_HEADER]);
      const body = rows.slice(1);
      expect(body[0]).toEqual([isoDay(new Date(now + DAY)), new Date(now + DAY).toISOString().slice(11, 19), 'new@acme.test', ACME_PRODUCT, 'Newest', 'Index Report']);
      expect(body.at(-1)?.slice(2)).toEqual(['old@acme.test', 'acme/uk/fizz-cola/fizz-zero', '@old', 'Index Report']);
      expect(body.map((r) => r[2])).not.toContain('someone@globex.test');
      const stored = await db.select().from(downloads).where(eq(downloads.clientId, acme));
      expect(body).toHaveLength(stored.length);
    });

    it('needs report_task_admin create', async () => {
      expectError(await analyst.request({ method: 'GET', url: '/api/report-history', context: 'acme' }), 403, 'FORBIDDEN');
    });
  });

  it('a report that cannot be made ends failed, with a reason the user can read, and cannot be downloaded', async () => {
    const request = {
      name: 'Gone', audience: { name: 'Fizz fans', rules: audience }, categories: [88_888_888], compare_base: { type: 'population' }, tab: 'person_level',
      data_source: 'molecula', client_region_id: await clientRegionIdOf(db, 'acme', 'us'), context: { slug: ACME_PRODUCT, name: 'Acme', region: 'United States' },
    };
    const [task] = await db.insert(tasks).values({ userId: analystId, clientId: acme, reportType: 'index_report', status: 'received', name: 'Gone.xlsx', productSlug: ACME_PRODUCT, request }).returning();
    // Sent with no retries (a deleted category does not come back; the retries would take 15 s): the app's worker runs it.
    const sender = await buildAppOn(database, { JOB_WORKERS: '0' }, { jobs: { options: { 'index-report': { retryLimit: 0 } } } });
    await sender.jobs.send('index-report', { taskId: task!.id }, { userId: analystId, clientId: acme, context: ACME_PRODUCT });
    await app.jobs.whenIdle();
    const reason = 'The demographic category 88888888 no longer exists in United States.';
    expect(await listed(analyst, task!.id)).toMatchObject({ status: 'failed', error: reason });
    expectError(await download(analyst, task!.id), 409, 'CONFLICT', `This report could not be made: ${reason}`);
  });

  it('a fresh demo asks for a report of an acme/us segment of about 5 % of its people for the analyst, made by the job like any other', async () => {
    expect(await requestDemoReport(app)).toBeNull();
    await app.jobs.whenIdle();
    const [row] = await db.select().from(tasks).where(and(eq(tasks.userId, analystId), isNull(tasks.requestId))).orderBy(desc(tasks.id)).limit(1);
    expect(await listed(analyst, row!.id)).toMatchObject({ status: 'done', product_slug: ACME_PRODUCT, downloaded_at: null });
    const wb = readBook((await download(analyst, row!.id)).rawPayload);
    expect(wb.SheetNames).toEqual([COVER_SHEET, ...categories.map((c) => c.name)]);
    const [segment] = await segmentsNearShare(db, await clientRegionIdOf(db, 'acme', 'us'), 0.05, 1);
    const expected = await widget({ include: { and: [[segment!.id]] }, exclude: [] }, categories[0]!.id);
    expect(sheetRows(wb, categories[0]!.name).slice(1).map((r) => r.slice(0, 3))).toEqual(expected.rows.map((r) => [r.name, r.count, r.share]));
    const facts = Object.fromEntries(sheetRows(wb, COVER_SHEET).filter((r) => r.length === 2));
    expect(facts).toMatchObject({ 'Audience rule': segment!.name, 'Audience size': expected.audience_count, 'Asked from': 'Demo data' });
  });

  it('notifications-cleanup removes tasks from 15 days old with their files, and keeps younger ones', async () => {
    const file = async () => (await db.insert(files).values({ clientId: acme, name: 'x.xlsx', contentType: XLSX_TYPE, size: 1, bytes: Buffer.from('x') }).returning({ id: files.id }))[0]!.id;
    const [oldFile, youngFile] = [await file(), await file()];
    const [old, young] = await db.insert(tasks).values([
      { userId: analystId, clientId: acme, reportType: 'index_report', status: 'done', name: 'old.xlsx', fileId: oldFile, createdAt: new Date(Date.now() - 16 * DAY) },
      { userId: analystId, clientId: globex, reportType: 'index_report', status: 'done', name: 'young.xlsx', fileId: youngFile, createdAt: new Date(Date.now() - 14 * DAY) },
    ]).returning({ id: tasks.id });
    await app.jobs.send('notifications-cleanup', {}, { userId: null, clientId: null, context: null });
    await app.jobs.whenIdle();
    expect(await db.select({ id: tasks.id }).from(tasks).where(eq(tasks.id, old!.id))).toEqual([]);
    expect(await db.select({ id: files.id }).from(files).where(eq(files.id, oldFile))).toEqual([]);
    expect(await db.select({ id: tasks.id }).from(tasks).where(eq(tasks.id, young!.id))).toHaveLength(1);
    expect(await db.select({ id: files.id }).from(files).where(eq(files.id, youngFile))).toHaveLength(1);
  });
});
