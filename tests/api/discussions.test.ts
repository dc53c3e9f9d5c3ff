import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { DISCUSSION_COLUMNS, DISCUSSION_TEXT } from '../../src/shared/rules/discussions';
import { TEXT } from '../../src/shared/constants';
import { UPLOAD_TEXT } from '../../src/shared/rules/uploads';
import { discussionNodeResponseSchema, discussionUploadResultSchema, type DiscussionNode } from '../../src/shared/schemas/discussions';
import { seedJourneyDemoIfEmpty } from '../../src/server/db/demo-journeys';
import { discussionClusters, journeySubMarkets, subMarkets } from '../../src/server/db/schema';
import { ACME_PRODUCT, GLOBEX_PRODUCT } from './helper';
import { expectError } from './support';
import { multipart, sheetRows, uploadsKit, workbook, type Rows } from './uploads-support';

const HEADER = DISCUSSION_COLUMNS.map((c) => c.header);
const SHEET = DISCUSSION_TEXT.sheet;
const BASE = '/api/discussion-cluster-nodes';

describe('discussion cluster nodes and their word bubbles (issue 30)', async () => {
  const kit = await uploadsKit();
  const { admin, analyst, viewer, clientAdmin, send, get, db } = kit;
  let n = 0;
  const unique = (name: string) => `${name} ${++n}-${Date.now().toString(36)}`;

  const create = (name: string, s = admin, description = '', context = ACME_PRODUCT) =>
    send(s, { method: 'POST', url: BASE, context, payload: { discussion_cluster_node: { name, description } } });
  const made = async (name = unique('Talk'), description = ''): Promise<DiscussionNode> => {
    const res = await create(name, admin, description);
    expect(res.statusCode, res.body).toBe(201);
    return discussionNodeResponseSchema.parse(res.json()).data;
  };
  const upload = (id: number, bytes: Buffer, { s = admin, context = ACME_PRODUCT, field = 'template' } = {}) => {
    const body = multipart(bytes, 'Discussion_Template.xls', field);
    return s.request({ method: 'POST', url: `${BASE}/${id}/upload`, context, payload: body.payload, headers: body.headers });
  };
  const uploaded = async (id: number, rows: Rows) => {
    const res = await upload(id, workbook([HEADER, ...rows], SHEET));
    expect(res.statusCode, res.body).toBe(200);
    return discussionUploadResultSchema.parse(res.json());
  };
  const node = async (id: number, s = admin, context = ACME_PRODUCT) => discussionNodeResponseSchema.parse((await get(`${BASE}/${id}`, s, context)).json()).data;

  describe('the library', () => {
    it('creates, reads, renames and lists nodes by name, each with its bubbles and uses', async () => {
      const zed = await made(unique('Zed talk'), 'About summer');
      const alpha = await made(unique('alpha talk'));
      expect(zed).toMatchObject({ description: 'About summer', discussion_clusters: [], sub_markets: [], journey_sub_markets: [] });
      const list = (await get(BASE)).json().data as DiscussionNode[];
      const names = list.map((x) => x.name);
      expect(names.indexOf(alpha.name)).toBeLessThan(names.indexOf(zed.name));
      const renamed = await send(admin, { method: 'PUT', url: `${BASE}/${zed.id}`, payload: { discussion_cluster_node: { name: `  ${zed.name} (renamed) `, description: 'Now autumn' } } });
      expect(renamed.statusCode, renamed.body).toBe(200);
      expect(discussionNodeResponseSchema.parse(renamed.json()).data).toMatchObject({ id: zed.id, name: `${zed.name} (renamed)`, description: 'Now autumn' });
    });

    it("refuses a node without a name ('Cluster name is required.') and a second node of the same name in the client", async () => {
      expectError(await create('   '), 400, 'VALIDATION_FAILED', /Cluster name is required\./);
      const first = await made();
      expectError(await create(first.name.toUpperCase()), 409, 'CONFLICT', DISCUSSION_TEXT.nameTaken);
      expectError(await send(admin, { method: 'PUT', url: `${BASE}/${first.id}`, payload: { discussion_cluster_node: { name: '' } } }), 400, 'VALIDATION_FAILED', /Cluster name is required\./);
    });

    it("keeps each client's nodes to itself", async () => {
      const mine = await made();
      expectError(await get(`${BASE}/${mine.id}`, admin, GLOBEX_PRODUCT), 404, 'NOT_FOUND', DISCUSSION_TEXT.notFound);
      expect(((await get(BASE, admin, GLOBEX_PRODUCT)).json().data as DiscussionNode[]).some((x) => x.id === mine.id)).toBe(false);
      expectError(await send(admin, { method: 'PUT', url: `${BASE}/${mine.id}`, context: GLOBEX_PRODUCT, payload: { discussion_cluster_node: { name: 'Theirs now' } } }), 404, 'NOT_FOUND');
      expectError(await send(admin, { method: 'DELETE', url: `${BASE}/${mine.id}`, context: GLOBEX_PRODUCT }), 404, 'NOT_FOUND');
      expectError(await upload(mine.id, workbook([HEADER, ['Fizz', 'Taste', 10, 50]], SHEET), { context: GLOBEX_PRODUCT }), 404, 'NOT_FOUND');
      expect((await node(mine.id)).name).toBe(mine.name);
    });

    it('lets readers of journeys or Grow list nodes; only upload and upload_discussions write them', async () => {
      const mine = await made();
      expect((await get(BASE, analyst)).statusCode).toBe(200);
      expect((await get(`${BASE}/${mine.id}`, analyst)).statusCode).toBe(200);
      expect((await get(BASE, viewer, GLOBEX_PRODUCT)).statusCode).toBe(200);
      expectError(await create(unique('Analyst talk'), analyst), 403, 'FORBIDDEN', `${TEXT.permissionDenied} (upload_discussions: create)`);
      expectError(await send(analyst, { method: 'DELETE', url: `${BASE}/${mine.id}` }), 403, 'FORBIDDEN');
      expectError(await upload(mine.id, workbook([HEADER, ['Fizz', 'Taste', 10, 50]], SHEET), { s: analyst }), 403, 'FORBIDDEN');
      expect((await analyst.request({ method: 'GET', url: `${BASE}/${mine.id}/template`, context: ACME_PRODUCT })).statusCode).toBe(403);
      const theirs = await create(unique('Client admin talk'), clientAdmin);
      expect(theirs.statusCode, theirs.body).toBe(201);
    });
  });

  describe("the word bubbles in the node's body (Grow's discussion cluster form)", () => {
    const bubbles = [
      { name: 'Too sweet', theme: 'Taste', reach: 12.5, size: 40 },
      { name: 'Summer fizz', theme: 'Seasons', reach: null, size: 90 },
    ];
    it('creates a node with its bubbles, replaces them on PUT, and leaves them alone when the body has none', async () => {
      const res = await send(admin, { method: 'POST', url: BASE, payload: { discussion_cluster_node: { name: unique('Typed talk'), discussion_clusters: bubbles } } });
      expect(res.statusCode, res.body).toBe(201);
      const talk = discussionNodeResponseSchema.parse(res.json()).data;
      expect(talk.discussion_clusters.map(({ name, theme, reach, size }) => ({ name, theme, reach, size }))).toEqual(bubbles);
      const put = await send(admin, { method: 'PUT', url: `${BASE}/${talk.id}`, payload: { discussion_cluster_node: { name: talk.name, discussion_clusters: [{ name: ' Price ', theme: 'Value', reach: 35, size: 1 }] } } });
      expect(put.statusCode, put.body).toBe(200);
      expect((await node(talk.id)).discussion_clusters.map((b) => [b.name, b.reach, b.size])).toEqual([['Price', 35, 1]]);
      // The drawer's save: name and description only.
      await send(admin, { method: 'PUT', url: `${BASE}/${talk.id}`, payload: { discussion_cluster_node: { name: talk.name, description: 'Renamed only' } } });
      expect((await node(talk.id)).discussion_clusters.map((b) => b.name)).toEqual(['Price']);
      // An empty list empties the node.
      await send(admin, { method: 'PUT', url: `${BASE}/${talk.id}`, payload: { discussion_cluster_node: { name: talk.name, discussion_clusters: [] } } });
      expect((await node(talk.id)).discussion_clusters).toEqual([]);
    });

    it("refuses the whole save, changing nothing, when a bubble breaks the upload's rules, each error by bubble row and column", async () => {
      const talk = await made();
      await uploaded(talk.id, [['Kept', 'Theme', null, 5]]);
      const res = await send(admin, {
        method: 'PUT',
        url: `${BASE}/${talk.id}`,
        payload: { discussion_cluster_node: { name: `${talk.name} changed`, discussion_clusters: [
          { name: 'Fine', theme: 'Taste', reach: 10, size: 10 },
          { name: '', theme: 'Taste', reach: 101, size: 0 },
          { name: 'fine', theme: 'Again', reach: null, size: 5 },
        ] } },
      });
      const body = expectError(res, 422, 'VALIDATION_FAILED', /^Word bubble 2: /);
      expect(body.error.details).toEqual({ errors: [
        { column: 'A', row: 3, message: UPLOAD_TEXT.required('Bubble') },
        { column: 'C', row: 3, message: UPLOAD_TEXT.percent('Name') },
        { column: 'D', row: 3, message: DISCUSSION_TEXT.size },
        { column: 'A', row: 4, message: DISCUSSION_TEXT.duplicate('fine', 2) },
      ] });
      const kept = await node(talk.id);
      expect(kept.name).toBe(talk.name);
      expect(kept.discussion_clusters.map((b) => b.name)).toEqual(['Kept']);
    });
  });

  describe('the upload', () => {
    it("replaces the node's bubbles with the file's, in its order, and the template gives them back", async () => {
      const talk = await made();
      const first = await uploaded(talk.id, [['Too sweet', 'Taste', 12, 40], ['Summer fizz', 'Seasons', null, 90], ['Price', 'Value', '35%', 1]]);
      expect(first.errors).toEqual([]);
      expect(first.data).toEqual({ updated: [{ id: talk.id, name: talk.name, bubbles: 3 }], rows: 3, applied: 3, more_errors: 0 });
      expect((await node(talk.id)).discussion_clusters.map(({ name, theme, reach, size }) => ({ name, theme, reach, size }))).toEqual([
        { name: 'Too sweet', theme: 'Taste', reach: 12, size: 40 },
        { name: 'Summer fizz', theme: 'Seasons', reach: null, size: 90 },
        { name: 'Price', theme: 'Value', reach: 35, size: 1 },
      ]);
      const res = await admin.request({ method: 'GET', url: `${BASE}/${talk.id}/template?format=xls`, context: ACME_PRODUCT });
      expect(res.statusCode, res.body).toBe(200);
      expect(res.headers['content-disposition']).toContain('Discussion_Template.xls');
      const rows = sheetRows(res.rawPayload);
      expect(rows).toEqual([HEADER, ['Too sweet', 'Taste', 12, 40], ['Summer fizz', 'Seasons', null, 90], ['Price', 'Value', 35, 1]]);
      // Uploaded again with one bubble left out: it is gone (the file is the node's bubbles).
      await uploaded(talk.id, rows.slice(1, 3));
      expect((await node(talk.id)).discussion_clusters.map((b) => b.name)).toEqual(['Too sweet', 'Summer fizz']);
    });

    it('lists each row in error by row and column and applies the rest; every column but C is required', async () => {
      const talk = await made();
      const answer = await uploaded(talk.id, [
        ['Good one', 'Taste', 50, 10],
        [null, 'Taste', 5, 10],
        ['No theme', null, 5, 10],
        ['Too big a share', 'Taste', 101, 10],
        ['Size zero', 'Taste', null, 0],
        ['Size big', 'Taste', null, 101],
        ['Size half', 'Taste', null, 2.5],
        ['good ONE', 'Taste', null, 20],
        ['Last good', 'Value', null, 100],
      ]);
      expect(answer.errors).toEqual([
        { column: 'A', row: 3, message: UPLOAD_TEXT.required('Bubble') },
        { column: 'B', row: 4, message: UPLOAD_TEXT.required('Theme') },
        { column: 'C', row: 5, message: UPLOAD_TEXT.percent('Name') },
        { column: 'D', row: 6, message: DISCUSSION_TEXT.size },
        { column: 'D', row: 7, message: DISCUSSION_TEXT.size },
        { column: 'D', row: 8, message: DISCUSSION_TEXT.size },
        { column: 'A', row: 9, message: DISCUSSION_TEXT.duplicate('good ONE', 2) },
      ]);
      expect(answer.data).toMatchObject({ rows: 9, applied: 2 });
      expect((await node(talk.id)).discussion_clusters.map((b) => b.name)).toEqual(['Good one', 'Last good']);
    });

    it('a file whose every row is in error replaces nothing', async () => {
      const talk = await made();
      await uploaded(talk.id, [['Keep me', 'Taste', null, 10]]);
      const answer = await uploaded(talk.id, [['Bad', 'Taste', null, 0], [null, null, null, 10]]);
      expect(answer.data).toMatchObject({ updated: [], rows: 2, applied: 0 });
      expect(answer.errors[0]).toEqual({ column: null, row: null, message: DISCUSSION_TEXT.nothingReplaced });
      expect((await node(talk.id)).discussion_clusters.map((b) => b.name)).toEqual(['Keep me']);
    });

    it('refuses whole, changing nothing, a file that is not a spreadsheet, has the wrong header, no rows or comes in another field', async () => {
      const talk = await made();
      await uploaded(talk.id, [['Keep me', 'Taste', null, 10]]);
      expectError(await upload(talk.id, Buffer.from('%PDF-1.4 not a sheet\u0000\u0001')), 422, 'VALIDATION_FAILED', UPLOAD_TEXT.notWorkbook);
      expectError(await upload(talk.id, workbook([['Word', 'Theme', 'Name', 'Size'], ['x', 'y', 1, 2]], SHEET)), 422, 'VALIDATION_FAILED', /Column A of row 1 should be 'Bubble'/);
      expectError(await upload(talk.id, workbook([HEADER], SHEET)), 422, 'VALIDATION_FAILED', UPLOAD_TEXT.noRows);
      expectError(await upload(talk.id, workbook([HEADER, ['x', 'y', 1, 2]], SHEET), { field: 'file' }), 400, 'BAD_REQUEST', /field named template/);
      expectError(await upload(talk.id, Buffer.alloc(0)), 422, 'VALIDATION_FAILED', UPLOAD_TEXT.notWorkbook);
      expect((await node(talk.id)).discussion_clusters.map((b) => b.name)).toEqual(['Keep me']);
      // A CSV saved by a spreadsheet program is read too.
      const csv = await upload(talk.id, workbook([HEADER, ['From CSV', 'Taste', '12', '30']], SHEET, 'csv'));
      expect(csv.statusCode, csv.body).toBe(200);
      expect((await node(talk.id)).discussion_clusters.map((b) => b.name)).toEqual(['From CSV']);
    });

    it('escapes what users typed before a message that may hold HTML shows it', async () => {
      const talk = await made();
      const answer = await uploaded(talk.id, [['<img src=x onerror=alert(1)>', 'T', null, 5], ['<IMG src=x onerror=alert(1)>', 'T', null, 5]]);
      expect(answer.errors[0]!.message).not.toContain('<img');
      expect(answer.errors[0]!.message).toContain('&lt;IMG');
    });
  });

  describe('deleting a node', () => {
    it('is refused while an audience or a journey cell uses it, naming the uses; then allowed, its bubbles going with it', async () => {
      const talk = await made();
      await uploaded(talk.id, [['Word', 'Theme', null, 5]]);
      await seedJourneyDemoIfEmpty(db);
      const [audience] = await db.select({ id: subMarkets.id }).from(subMarkets).limit(1);
      const [cell] = await db.select({ id: journeySubMarkets.id }).from(journeySubMarkets).limit(1);
      await db.update(subMarkets).set({ discussionClusterNodeId: talk.id }).where(eq(subMarkets.id, audience!.id));
      await db.update(journeySubMarkets).set({ discussionClusterNodeId: talk.id }).where(eq(journeySubMarkets.id, cell!.id));
      const used = await node(talk.id);
      expect(used.sub_markets).toHaveLength(1);
      expect(used.journey_sub_markets).toHaveLength(1);
      expect(used.sub_markets[0]!.name).toMatch(/ › .* › /);
      const refused = expectError(await send(admin, { method: 'DELETE', url: `${BASE}/${talk.id}` }), 409, 'IN_USE', DISCUSSION_TEXT.inUse);
      expect((refused.error.details as { uses: string[] }).uses).toHaveLength(2);
      await db.update(subMarkets).set({ discussionClusterNodeId: null }).where(eq(subMarkets.id, audience!.id));
      expectError(await send(admin, { method: 'DELETE', url: `${BASE}/${talk.id}` }), 409, 'IN_USE');
      await db.update(journeySubMarkets).set({ discussionClusterNodeId: null }).where(eq(journeySubMarkets.id, cell!.id));
      const gone = await send(admin, { method: 'DELETE', url: `${BASE}/${talk.id}` });
      expect(gone.statusCode, gone.body).toBe(204);
      expectError(await get(`${BASE}/${talk.id}`), 404, 'NOT_FOUND');
      expect(await db.select().from(discussionClusters).where(eq(discussionClusters.nodeId, talk.id))).toEqual([]);
    });
  });
});
