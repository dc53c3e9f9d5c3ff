import { describe, expect, it } from 'vitest';
import * as XLSX from 'xlsx';
import { UPLOAD_LIMITS, UPLOAD_TEXT, UPLOADERS } from '../../src/shared/rules/uploads';
import { mekkoListResponseSchema, mekkoResponseSchema, type Mekko } from '../../src/shared/schemas/grow';
import { journeyListResponseSchema, journeyResponseSchema, type Journey } from '../../src/shared/schemas/journeys';
import { personaListResponseSchema, widgetListResponseSchema } from '../../src/shared/schemas/explore';
import { seedJourneyDemoIfEmpty } from '../../src/server/db/demo-journeys';
import { journeySubMarkets, subMarkets } from '../../src/server/db/schema';
import { demoFigures, seedDemoFiguresIfEmpty } from '../../src/server/db/demo-figures';
import { ACME_PRODUCT, GLOBEX_PRODUCT } from './helper';
import { expectError } from './support';
import { sheetRows, uploadsKit, workbook, type Rows } from './uploads-support';

const GROW_SHEET = UPLOADERS.grow.sheet;
const GROW_HEADER = UPLOADERS.grow.columns.map((c) => c.header);
const JOURNEY_SHEET = UPLOADERS.journeys.sheet;
const EXPLORE_SHEET = UPLOADERS.explore.sheet;

/** A template's data rows: the uploader's columns only, without the allowed values on the right. */
const dataRows = (rows: Rows, columns: number) => rows.slice(1).map((r) => r.slice(0, columns)).filter((r) => r.some((c) => c !== null && c !== ''));

describe('the spreadsheet uploaders', async () => {
  const kit = await uploadsKit();
  const { admin, analyst, viewer, clientAdmin, upload, result, template, get, db } = kit;

  const charts = async (): Promise<Mekko[]> => {
    const list = mekkoListResponseSchema.parse((await get('/api/mekkos')).json()).data;
    return Promise.all(list.map(async (m) => mekkoResponseSchema.parse((await get(`/api/mekkos/${m.id}`)).json()).data));
  };
  const chartNamed = async (name: string) => (await charts()).find((c) => c.name === name)!;
  const audienceOf = (chart: Mekko, market: string, audience: string) => chart.markets.find((m) => m.name === market)!.sub_markets.find((a) => a.name === audience)!;

  describe('the demo', () => {
    it('writes uploaded figures for acme/us/fizz-cola/fizz-original once, each category summing to 100', async () => {
      await seedDemoFiguresIfEmpty(db);
      const chart = await chartNamed('Summer Reach Planner');
      const figures = chart.markets[1]!.sub_markets[0]!.demographics!;
      expect(figures.length).toBeGreaterThan(0);
      for (const category of ['Age', 'Gender', 'Household Income']) {
        expect(figures.filter((f) => f.attribute === category).reduce((s, f) => s + f.percent!, 0)).toBeCloseTo(100, 5);
      }
      expect(demoFigures('x')).toEqual(demoFigures('x'));
      expect(await seedDemoFiguresIfEmpty(db)).toBe(false);
      // The tests below start from charts and journeys without figures, as a new client's are.
      await db.update(subMarkets).set({ demographics: [] });
      await db.update(journeySubMarkets).set({ demographics: [] });
    });
  });

  describe('Grow', () => {
    it('round-trips: the template has an example block, the edited file sets the figures, the chart shows them', async () => {
      const before = await chartNamed('Fizz Original Market Map');
      const rows = sheetRows(await template('mekkos'));
      expect(rows[0]!.slice(0, GROW_HEADER.length)).toEqual(GROW_HEADER);
      // The allowed values, to the right after a blank column.
      expect(rows[0]!.slice(GROW_HEADER.length + 1, GROW_HEADER.length + 4)).toEqual(['Allowed Brand', 'Allowed Product', 'Allowed Demographics Category']);
      expect(rows.slice(1).map((r) => r[GROW_HEADER.length + 2])).toContain('Fizz Original');
      const example = dataRows(rows, GROW_HEADER.length);
      expect(example.length).toBeGreaterThan(1);
      // Filled in as a user would: a percent per example row (the first's value as people).
      const filled = example.map((r, i) => (i === 0 ? [...r.slice(0, 10), 1200, null] : [...r.slice(0, 10), null, 10 + i]));
      const answer = result(await upload('mekkos', workbook([GROW_HEADER, ...filled], GROW_SHEET)));
      expect(answer.errors).toEqual([]);
      expect(answer.data).toMatchObject({ rows: filled.length, applied: filled.length, more_errors: 0 });
      const [, , chartName, market, , audience] = filled[0]!;
      expect(answer.data.updated).toEqual([{ mekko_name: chartName, name: market, sub_markets: [{ name: audience }] }]);
      const after = await chartNamed(String(chartName));
      expect(after.version).toBe(before.name === chartName ? before.version + 1 : after.version);
      const figures = audienceOf(after, String(market), String(audience)).demographics!;
      expect(figures).toHaveLength(filled.length);
      expect(figures[0]).toEqual({ attribute: filled[0]![7], value: String(filled[0]![8]), count: 1200, percent: null });
      expect(figures[1]).toMatchObject({ count: null, percent: 11 });
    });

    it('a downloaded template changed in one number changes exactly that figure', async () => {
      const chartsBefore = await charts();
      const rows = dataRows(sheetRows(await template('mekkos')), GROW_HEADER.length);
      expect(rows.length).toBeGreaterThan(1);
      const target = rows[1]!;
      const edited = rows.map((r) => (r === target ? [...r.slice(0, 10), null, 42.5] : r));
      const answer = result(await upload('mekkos', workbook([GROW_HEADER, ...edited], GROW_SHEET)));
      expect(answer.errors).toEqual([]);
      const chartsAfter = await charts();
      const diff: string[] = [];
      for (const chart of chartsAfter) {
        const was = chartsBefore.find((c) => c.id === chart.id)!;
        for (const m of chart.markets) for (const a of m.sub_markets) {
          const old = was.markets.find((x) => x.id === m.id)!.sub_markets.find((x) => x.id === a.id)!;
          (a.demographics ?? []).forEach((f, i) => {
            if (JSON.stringify(f) !== JSON.stringify(old.demographics?.[i])) diff.push(`${a.name}:${f.attribute}:${f.value}:${f.percent}`);
          });
        }
      }
      expect(diff).toEqual([`${target[5]}:${target[7]}:${target[8]}:42.5`]);
    });

    it('applies the good rows and lists the bad ones by column and row, touching nothing else', async () => {
      const chart = await chartNamed('Fizz Original Market Map');
      const market = chart.markets[1]!;
      const [a, b] = market.sub_markets;
      const lead = (audience: string) => ['Fizz Cola', 'Fizz Original', chart.name, market.name, 2, audience, null];
      const rows: Rows = [
        GROW_HEADER,
        [...lead(a!.name), 'Gender', 'Female', 1, null, 55.5],
        [...lead('No Such Audience'), 'Gender', 'Female', 1, null, 50],
        [...lead(b!.name), 'Gender', 'Male', 1, null, 150],
        [...lead(b!.name), 'Gender', 'Female', 2, 100, 50],
        [...lead(b!.name), 'Shoe Size', '9', 1, null, 50],
        [...lead(b!.name), 'Gender', 'Female', 'first', null, 50],
      ];
      const answer = result(await upload('mekkos', workbook(rows, GROW_SHEET)));
      expect(answer.errors).toEqual([
        { column: 'F', row: 3, message: UPLOAD_TEXT.unknownAudience('No Such Audience', market.name) },
        { column: 'L', row: 4, message: UPLOAD_TEXT.percent('Attribute Percent') },
        { column: 'L', row: 5, message: UPLOAD_TEXT.notBoth },
        { column: 'H', row: 6, message: UPLOAD_TEXT.unknownCategory('Shoe Size') },
        { column: 'J', row: 7, message: UPLOAD_TEXT.position('Attribute Position') },
      ]);
      expect(answer.data).toMatchObject({ rows: 6, applied: 1 });
      expect(answer.data.updated).toEqual([{ mekko_name: chart.name, name: market.name, sub_markets: [{ name: a!.name }, { name: b!.name }] }]);
      const after = await chartNamed(chart.name);
      expect(audienceOf(after, market.name, a!.name).demographics).toContainEqual({ attribute: 'Gender', value: 'Female', count: null, percent: 55.5 });
      // Rows 4-6 set nothing of b; row 7's position was in error, so that field is not used, but its figure is.
      expect(audienceOf(after, market.name, b!.name).demographics).toEqual([...(audienceOf(chart, market.name, b!.name).demographics ?? []), { attribute: 'Gender', value: 'Female', count: null, percent: 50 }]);
    });

    it("sets an audience's discussion cluster from column M, the ID Discussions Upload shows, and refuses another client's", async () => {
      const node = async (name: string, context: string) => {
        const res = await kit.send(admin, { method: 'POST', url: '/api/discussion-cluster-nodes', context, payload: { discussion_cluster_node: { name: `${name} ${Date.now().toString(36)}` } } });
        expect(res.statusCode, res.body).toBe(201);
        return (res.json() as { data: { id: number } }).data.id;
      };
      const [mine, theirs] = [await node('Column M talk', ACME_PRODUCT), await node('Not acme talk', GLOBEX_PRODUCT)];
      const chart = await chartNamed('Fizz Original Market Map');
      const market = chart.markets[0]!;
      const [a, b] = market.sub_markets;
      const lead = (audience: string) => ['Fizz Cola', 'Fizz Original', chart.name, market.name, 1, audience, null, 'Gender', 'Female', 1, null, 50];
      const answer = result(await upload('mekkos', workbook([
        GROW_HEADER,
        [...lead(a!.name), mine],
        [...lead(b!.name), theirs],
        [...lead(b!.name), 987654],
      ], GROW_SHEET)));
      expect(answer.errors).toEqual([
        { column: 'M', row: 3, message: UPLOAD_TEXT.unknownDiscussion(theirs) },
        { column: 'M', row: 4, message: UPLOAD_TEXT.unknownDiscussion(987654) },
      ]);
      const after = await chartNamed(chart.name);
      expect(audienceOf(after, market.name, a!.name).discussion_cluster_node_id).toBe(mine);
      expect(audienceOf(after, market.name, b!.name).discussion_cluster_node_id).toBe(audienceOf(chart, market.name, b!.name).discussion_cluster_node_id);
      // The template gives the audience's node back in column M, so a round trip keeps it.
      const rows = dataRows(sheetRows(await template('mekkos')), GROW_HEADER.length);
      expect(rows.filter((r) => r[5] === a!.name && r[2] === chart.name).every((r) => r[12] === mine)).toBe(true);
    });

    it('stops the whole upload for a brand or product that is not the client’s in the region', async () => {
      const chart = await chartNamed('Fizz Original Market Map');
      const market = chart.markets[0]!;
      const audience = market.sub_markets[0]!;
      const rows: Rows = [
        GROW_HEADER,
        ['Fizz Cola', 'Fizz Original', chart.name, market.name, 1, audience.name, null, 'Gender', 'Non-binary', 3, null, 7],
        ['Globex Auto', 'Roadster', chart.name, market.name, 1, audience.name, null, 'Gender', 'Male', 2, null, 7],
      ];
      const answer = result(await upload('mekkos', workbook(rows, GROW_SHEET)));
      expect(answer.errors[0]).toEqual({ column: null, row: null, message: UPLOAD_TEXT.stoppedByNames });
      expect(answer.errors[1]).toEqual({ column: 'A', row: 3, message: UPLOAD_TEXT.unknownBrand('Globex Auto') });
      expect(answer.data).toMatchObject({ updated: [], applied: 0 });
      expect((await chartNamed(chart.name)).version).toBe(chart.version);
    });

    it('takes CSV and .xlsx as well as .xls, and reads numbers typed as text', async () => {
      const chart = await chartNamed('Summer Reach Planner');
      const market = chart.markets[0]!;
      const audience = market.sub_markets[0]!;
      const row = ['Fizz Cola', 'Fizz Original', chart.name, market.name, '1', audience.name, '', 'Age', '18-24', '1', '', '12.5%'];
      expect(result(await upload('mekkos', workbook([GROW_HEADER, row], GROW_SHEET, 'csv'), { name: 'g.csv' })).errors).toEqual([]);
      expect(result(await upload('mekkos', workbook([GROW_HEADER, [...row.slice(0, 11), 13]], GROW_SHEET, 'xlsx'), { name: 'g.xlsx' })).errors).toEqual([]);
      expect(audienceOf(await chartNamed(chart.name), market.name, audience.name).demographics).toEqual([{ attribute: 'Age', value: '18-24', count: null, percent: 13 }]);
    });
  });

  describe('hostile and broken files', () => {
    const growRow = ['Fizz Cola', 'Fizz Original', 'Fizz Original Market Map', 'Health & Wellness', 1, 'Fitness Enthusiasts', null, 'Age', '18-24', 1, null, 10];

    it('refuses a renamed program, an empty file and text that is not a sheet, changing nothing', async () => {
      const exe = Buffer.concat([Buffer.from('MZ\x90\x00\x03\x00\x00\x00', 'binary'), Buffer.alloc(4096, 0)]);
      expectError(await upload('mekkos', exe, { name: 'template.xls' }), 422, 'VALIDATION_FAILED', UPLOAD_TEXT.notWorkbook);
      expectError(await upload('mekkos', Buffer.alloc(0)), 422, 'VALIDATION_FAILED', UPLOAD_TEXT.notWorkbook);
      expectError(await upload('mekkos', Buffer.from('just some words')), 422, 'VALIDATION_FAILED', UPLOAD_TEXT.badHeader('A', 'Brand', 'just some words'));
    });

    it('refuses a file over the size cap before reading it', async () => {
      const big = Buffer.alloc(UPLOAD_LIMITS.bytes + 1024, 0x41);
      expectError(await upload('mekkos', big), 413, 'PAYLOAD_TOO_LARGE', UPLOAD_TEXT.tooBig);
    });

    it('refuses a zip that would expand past the cap, unread', async () => {
      // A real .xlsx, its central directory then claiming a 300 MB entry: what a zip bomb declares.
      const xlsx = workbook([GROW_HEADER, growRow], GROW_SHEET, 'xlsx');
      const view = new DataView(xlsx.buffer, xlsx.byteOffset, xlsx.byteLength);
      const end = xlsx.lastIndexOf(Buffer.from([0x50, 0x4b, 0x05, 0x06]));
      const central = view.getUint32(end + 16, true);
      view.setUint32(central + 24, 300 * 1024 * 1024, true);
      expectError(await upload('mekkos', xlsx, { name: 'bomb.xlsx' }), 413, 'PAYLOAD_TOO_LARGE', UPLOAD_TEXT.zipBomb);
    });

    it('refuses a sheet over the row cap, naming it', async () => {
      const lines = ['Brand', ...Array.from({ length: 1_000_000 }, () => 'x')].join('\n');
      expectError(await upload('mekkos', Buffer.from(lines), { name: 'rows.csv' }), 413, 'PAYLOAD_TOO_LARGE', UPLOAD_TEXT.tooManyRows(null));
    });

    it('refuses a workbook without the template sheet or header, and a __proto__ header', async () => {
      const two = XLSX.utils.book_new();
      XLSX.utils.book_append_sheet(two, XLSX.utils.aoa_to_sheet([GROW_HEADER]), 'One');
      XLSX.utils.book_append_sheet(two, XLSX.utils.aoa_to_sheet([GROW_HEADER]), 'Two');
      expectError(await upload('mekkos', XLSX.write(two, { bookType: 'biff8', type: 'buffer' }) as Buffer), 422, 'VALIDATION_FAILED', UPLOAD_TEXT.noSheet(GROW_SHEET));
      const proto = [...GROW_HEADER];
      proto[0] = '__proto__';
      expectError(await upload('mekkos', workbook([proto, growRow], GROW_SHEET)), 422, 'VALIDATION_FAILED', UPLOAD_TEXT.badHeader('A', 'Brand', '__proto__'));
      expectError(await upload('mekkos', workbook([GROW_HEADER], GROW_SHEET)), 422, 'VALIDATION_FAILED', UPLOAD_TEXT.noRows);
      expect(({} as Record<string, unknown>).polluted).toBeUndefined();
    });

    it('names formulas, dates, merged cells and escapes markup in its messages', async () => {
      const rows: Rows = [GROW_HEADER, growRow, growRow, [...growRow.slice(0, 5), '<img src=x onerror=alert(1)>', ...growRow.slice(6)], growRow, growRow];
      const file = workbook(rows, GROW_SHEET, 'xlsx', (ws) => {
        ws.K2 = { t: 'n', v: 3, f: '1+2' };
        ws.L2 = { t: 'z' };
        ws.K3 = { t: 'd', v: new Date('2024-03-01T00:00:00Z') };
        ws.L3 = { t: 'z' };
        ws['!merges'] = [{ s: { r: 4, c: 0 }, e: { r: 5, c: 0 } }];
      });
      const answer = result(await upload('mekkos', file, { name: 'hostile.xlsx' }));
      const byRow = (row: number) => answer.errors.filter((e) => e.row === row).map((e) => [e.column, e.message]);
      expect(byRow(2)).toContainEqual(['K', UPLOAD_TEXT.formula('Attribute Value')]);
      expect(byRow(3)).toContainEqual(['K', UPLOAD_TEXT.date('Attribute Value')]);
      expect(byRow(4)).toEqual([['F', UPLOAD_TEXT.unknownAudience('<img src=x onerror=alert(1)>', 'Health & Wellness')]]);
      expect(byRow(4)[0]![1]).not.toContain('<img');
      expect(byRow(5)).toContainEqual(['A', UPLOAD_TEXT.merged('A5:A6')]);
    });

    it('wants multipart with one field named template', async () => {
      const res = await admin.request({ method: 'POST', url: '/api/uploads/mekkos', context: 'acme/us', payload: { template: 'x' } });
      expectError(res, 415, 'UNSUPPORTED_MEDIA_TYPE');
      expectError(await upload('mekkos', workbook([GROW_HEADER, growRow], GROW_SHEET), { field: 'file' }), 400, 'BAD_REQUEST');
    });
  });

  describe('access', () => {
    it('needs upload CRUD and the uploader’s own permission: the client admin may, the analyst and viewer may not', async () => {
      for (const path of ['mekkos', 'journeys', 'personas']) {
        expect((await clientAdmin.request({ method: 'GET', url: `/api/uploads/${path}/template`, context: 'acme/us' })).statusCode).toBe(200);
        expectError(await analyst.request({ method: 'GET', url: `/api/uploads/${path}/template`, context: 'acme/us' }), 403, 'FORBIDDEN');
        expectError(await upload(path, Buffer.from('x'), { s: analyst }), 403, 'FORBIDDEN');
        expectError(await upload(path, Buffer.from('x'), { s: viewer, context: 'globex/us' }), 403, 'FORBIDDEN');
      }
      expectError(await clientAdmin.request({ method: 'GET', url: '/api/uploads/mekkos/template', context: 'globex/us' }), 403, 'CONTEXT_FORBIDDEN');
    });

    it('never reaches another client or region: rows naming them stop the upload', async () => {
      const chart = await chartNamed('Fizz Original Market Map');
      const row = ['Fizz Cola', 'Fizz Original', chart.name, chart.markets[0]!.name, 1, chart.markets[0]!.sub_markets[0]!.name, null, 'Age', '18-24', 1, null, 99];
      // acme's product named from globex's region (the admin reaches both): not a brand of globex.
      const fromGlobex = result(await upload('mekkos', workbook([GROW_HEADER, row], GROW_SHEET), { context: 'globex/us' }));
      expect(fromGlobex.data.applied).toBe(0);
      // acme/uk has Fizz Cola but not this chart: its rows name nothing there.
      const fromUk = result(await upload('mekkos', workbook([GROW_HEADER, row], GROW_SHEET), { context: 'acme/uk' }));
      expect(fromUk.data.updated).toEqual([]);
      expect((await chartNamed(chart.name)).version).toBe(chart.version);
      // The template of another region lists only that region's products.
      const globexRows = sheetRows(await template('mekkos', { context: 'globex/us' }));
      expect(globexRows.flat()).not.toContain('Fizz Original');
    });
  });

  describe('Journeys', async () => {
    await seedJourneyDemoIfEmpty(db);
    const journeys = async (): Promise<Journey[]> => {
      const list = journeyListResponseSchema.parse((await get('/api/journeys')).json()).data;
      return Promise.all(list.map(async (j) => journeyResponseSchema.parse((await get(`/api/journeys/${j.id}`)).json()).data));
    };
    const header = UPLOADERS.journeys.columns.map((c) => c.header);

    it('round-trips a cell’s figures and population through the journey’s own save', async () => {
      const before = await journeys();
      const rows = dataRows(sheetRows(await template('journeys')), header.length);
      const first = rows.find((r) => r[2] === 'Fizz Purchase Funnel')!;
      expect(first).toBeDefined();
      const edited: Rows = [
        [...first.slice(0, 8), '25-34', 1, null, 31.5, 123_456, first[13] ?? null, first[14] ?? null],
        [...first.slice(0, 7), 'Age', '35-44', 2, 2_000, null, null, null, null],
      ];
      const answer = result(await upload('journeys', workbook([header, ...edited], JOURNEY_SHEET)));
      expect(answer.errors).toEqual([]);
      expect(answer.data.updated).toEqual([{ journey_name: 'Fizz Purchase Funnel', brand: { name: first[3] }, stages: [{ name: first[5] }] }]);
      const after = await journeys();
      const j = after.find((x) => x.name === 'Fizz Purchase Funnel')!;
      const was = before.find((x) => x.id === j.id)!;
      expect(j.version).toBeGreaterThan(was.version);
      const brand = j.brands.find((b) => b.name === first[3])!;
      const stage = j.stages.find((s) => s.name === first[5])!;
      const cell = j.sub_markets.find((c) => c.journey_brand_id === brand.id && c.journey_stage_id === stage.id)!;
      expect(cell.population).toBe(123_456);
      expect(cell.demographics).toEqual([{ attribute: 'Age', value: '25-34', count: null, percent: 31.5 }, { attribute: 'Age', value: '35-44', count: 2000, percent: null }]);
      // Every other cell is as it was.
      const others = (x: Journey) => x.sub_markets.filter((c) => c.id !== cell.id).map((c) => [c.id, c.population, c.demographics]);
      expect(others(j)).toEqual(others(was));
    });

    it('lists a stage the journey does not have and an unknown segment, and applies the rest', async () => {
      const rows = dataRows(sheetRows(await template('journeys')), header.length);
      const first = rows.find((r) => r[2] === 'Fizz Loyalty Path')!;
      const answer = result(await upload('journeys', workbook([
        header,
        [...first.slice(0, 5), 'Nowhere', 9, 'Age', '18-24', 1, null, 20, null, null, null],
        [...first.slice(0, 8), '18-24', 1, null, 20, null, 'no-such-segment', null],
      ], JOURNEY_SHEET)));
      expect(answer.errors).toEqual([
        { column: 'F', row: 2, message: UPLOAD_TEXT.unknownStage('Nowhere', 'Fizz Loyalty Path') },
        { column: 'N', row: 3, message: UPLOAD_TEXT.unknownSegment('no-such-segment') },
      ]);
      expect(answer.data.updated).toHaveLength(1);
    });
  });

  describe('Explore', () => {
    const header = UPLOADERS.explore.columns.map((c) => c.header);
    const allData = async (context = ACME_PRODUCT) => personaListResponseSchema.parse((await get('/api/personas', admin, context)).json()).data.find((p) => p.name === 'All Data')!;
    const widgets = async (personaId: number) => widgetListResponseSchema.parse((await get(`/api/widgets?persona_id=${personaId}`)).json()).data;

    it('round-trips the all-data persona’s market widgets: one number changed, one widget added', async () => {
      const persona = await allData();
      const before = await widgets(persona.id);
      const rows = dataRows(sheetRows(await template('personas')), header.length).filter((r) => r[1] === 'Fizz Original');
      expect(rows.length).toBe(before.filter((w) => w.kind === 'market').reduce((n, w) => n + w.rows.length, 0));
      const edited = rows.map((r, i) => (i === 0 ? [...r.slice(0, 7), null, 55.5] : r));
      edited.push(['Fizz Cola', 'Fizz Original', 'Lifestyle', 'Pet Owners', null, 'Gender', 'Female', null, 61]);
      const answer = result(await upload('personas', workbook([header, ...edited], EXPLORE_SHEET)));
      expect(answer.errors).toEqual([]);
      expect(answer.data.updated).toContainEqual({ tab_name: 'Lifestyle', name: 'Pet Owners', demo_attributes: ['Gender: Female'] });
      const after = await widgets(persona.id);
      const age = after.find((w) => w.name === before[0]!.name)!;
      expect(age.rows[0]).toMatchObject({ percent: 55.5 });
      expect(age.rows.slice(1)).toEqual(before[0]!.rows.slice(1));
      expect(after.find((w) => w.name === 'Pet Owners')).toMatchObject({ kind: 'market', tab: 'Lifestyle', rows: [{ attribute: 'Gender', value: 'Female', count: null, percent: 61 }] });
      // Nothing of globex changed.
      const globex = await allData(GLOBEX_PRODUCT);
      expect(globex.id).not.toBe(persona.id);
    });
  });

});
