import { randomUUID } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { EXPLORE_LIMITS } from '../../src/shared/rules/explore';
import { widgetConflictSchema } from '../../src/shared/schemas/explore';
import { ACME_PRODUCT, GLOBEX_PRODUCT } from './helper';
import { exploreKit } from './explore-support';
import { expectError, strict } from './support';

const OTHER_ACME_PRODUCT = 'acme/us/fizz-cola/fizz-zero';

describe('Explore custom widgets', async () => {
  const kit = await exploreKit();
  const { admin, analyst, viewer, send, list, widgets, widgetOf, copy, newPersona, remove } = kit;
  const [allData] = await list();
  const row = (attribute: string, value: string, percent: number | null = null, count: number | null = null) => ({ attribute, value, percent, count });

  const add = (body: Record<string, unknown>, s = admin, context = ACME_PRODUCT, key?: string) =>
    send(s, { method: 'POST', url: '/api/widgets', payload: { persona_id: allData!.id, name: 'Widget', tab: 'Tab', rows: [row('Age', '18-24', 10)], ...body }, context, key });
  const edit = (w: { id: number; version: number }, change: Record<string, unknown>, s = admin, context = ACME_PRODUCT) =>
    send(s, { method: 'PUT', url: `/api/widgets/${w.id}`, payload: { version: w.version, ...change }, context });
  const drop = (w: { id: number; version: number }, s = admin, context = ACME_PRODUCT) => send(s, { method: 'DELETE', url: `/api/widgets/${w.id}?version=${w.version}`, context });

  it("seeds the all-data persona's market widgets on two tabs and a region widget", async () => {
    const seeded = await widgets(allData!.id);
    expect(seeded.map((w) => [w.kind, w.tab, w.name])).toEqual([
      ['market', 'Demographics', 'Age'],
      ['market', 'Demographics', 'Household Income'],
      ['market', 'Media', 'TV, Social and Streaming'],
      ['region', 'Demographics', 'Gender'],
    ]);
    expect(seeded.map((w) => w.order)).toEqual([0, 1, 2, 3]);
    const age = seeded[0]!;
    expect(age.rows.reduce((sum, r) => sum + (r.percent ?? 0), 0)).toBeCloseTo(100, 5);
    expect(seeded[3]!.rows.every((r) => r.count !== null && r.percent === null)).toBe(true);
    const [globexAll] = await list(GLOBEX_PRODUCT);
    expect(await widgets(globexAll!.id, GLOBEX_PRODUCT, viewer)).toHaveLength(4);
  });

  it('adds a widget at the end, with its client key mapped', async () => {
    const persona = await newPersona();
    const clientKey = `tmp-${randomUUID()}`;
    const first = widgetOf(await add({ persona_id: persona.id, name: 'Streaming', tab: 'Media', rows: [row('Media Habits', 'Streaming First', 24.8)] }));
    expect(first).toMatchObject({ persona_id: persona.id, kind: 'market', name: 'Streaming', tab: 'Media', order: 0, version: 1 });
    const res = await add({ persona_id: persona.id, kind: 'region', name: 'Gender', client_key: clientKey, rows: [row('Gender', 'Female', null, 1200)] });
    const second = widgetOf(res);
    expect(second).toMatchObject({ kind: 'region', order: 1 });
    expect(res.json().meta).toEqual({ created: { [clientKey]: second.id } });
    expect(await widgets(persona.id)).toEqual([first, second]);
  });

  it('refuses rows out of range and a persona over its widget limit', async () => {
    expect((await add({ rows: [row('Age', '18-24', 101)] })).statusCode).toBe(400);
    expect((await add({ name: '' })).statusCode).toBe(400);
    const persona = await newPersona();
    for (let i = 0; i < EXPLORE_LIMITS.widgets; i++) widgetOf(await add({ persona_id: persona.id, name: `W${i}` }));
    expectError(await add({ persona_id: persona.id, name: 'One too many' }), 422, 'VALIDATION_FAILED', `A persona can have at most ${EXPLORE_LIMITS.widgets} custom widgets`);
  });

  it('edits a widget, merges an edit based on an older version, and answers 409 on a real conflict', async () => {
    const w = widgetOf(await add({ name: `Editable ${randomUUID().slice(0, 6)}` }));
    const renamed = widgetOf(await edit(w, { name: 'Renamed', base: { name: w.name } }));
    expect(renamed).toMatchObject({ name: 'Renamed', version: w.version + 1 });
    const merged = widgetOf(await edit(w, { tab: 'Other tab', rows: [row('Age', '25-34', 50)], base: { tab: w.tab, rows: w.rows } }));
    expect(merged).toMatchObject({ name: 'Renamed', tab: 'Other tab', version: renamed.version + 1 });
    const res = await edit(w, { name: 'Mine', base: { name: w.name } });
    expect(res.statusCode, res.body).toBe(409);
    const body = strict(widgetConflictSchema).parse(res.json());
    expect(body.error.details.current).toEqual(merged);
    expect(body.error.details.conflicts).toEqual([{ field: 'name', base: w.name, theirs: 'Renamed', mine: 'Mine' }]);
    expect((await edit(w, { tab: 'No base' })).statusCode).toBe(409);
  });

  it('deletes at the sent version; an older one is a 409, a deleted one a 404', async () => {
    const w = widgetOf(await add({ name: 'Doomed' }));
    const edited = widgetOf(await edit(w, { name: 'Doomed 2' }));
    expect((await drop(w)).statusCode).toBe(409);
    expect(widgetOf(await drop(edited))).toMatchObject({ id: w.id, version: edited.version + 1 });
    const gone = expectError(await edit(edited, { name: 'Too late' }), 404, 'NOT_FOUND');
    expect(gone.error.details).toEqual({ gone: { kind: 'widget', id: w.id } });
  });

  it("goes with its persona, and a copy of the persona copies its widgets", async () => {
    const persona = await newPersona();
    widgetOf(await add({ persona_id: persona.id, name: 'Kept', tab: 'Demographics' }));
    const copied = kit.personaOf(await copy(persona.id));
    expect((await widgets(copied.id)).map((w) => [w.name, w.tab, w.order])).toEqual([['Kept', 'Demographics', 0]]);
    kit.personaOf(await remove(persona.id, persona.version));
    expectError(await kit.get(`/api/widgets?persona_id=${persona.id}`), 404, 'NOT_FOUND');
  });

  it('lets readers list and editors (explore update) write', async () => {
    const [globexAll] = await list(GLOBEX_PRODUCT);
    const [seeded] = await widgets(globexAll!.id, GLOBEX_PRODUCT);
    expectError(await add({ persona_id: globexAll!.id }, viewer, GLOBEX_PRODUCT), 403, 'FORBIDDEN');
    expectError(await edit(seeded!, { name: 'Viewer' }, viewer, GLOBEX_PRODUCT), 403, 'FORBIDDEN');
    expectError(await drop(seeded!, viewer, GLOBEX_PRODUCT), 403, 'FORBIDDEN');
    const made = widgetOf(await add({ name: 'By the analyst' }, analyst));
    widgetOf(await drop(widgetOf(await edit(made, { name: 'Edited by the analyst' }, analyst)), analyst));
  });

  it("answers 404 for another client's or another product's persona and widget", async () => {
    const [seeded] = await widgets(allData!.id);
    expectError(await kit.get(`/api/widgets?persona_id=${allData!.id}`, admin, GLOBEX_PRODUCT), 404, 'NOT_FOUND');
    expectError(await kit.get(`/api/widgets?persona_id=${allData!.id}`, admin, OTHER_ACME_PRODUCT), 404, 'NOT_FOUND');
    expectError(await add({}, admin, GLOBEX_PRODUCT), 404, 'NOT_FOUND');
    expectError(await edit(seeded!, { name: 'Across' }, admin, OTHER_ACME_PRODUCT), 404, 'NOT_FOUND');
    expectError(await drop(seeded!, admin, GLOBEX_PRODUCT), 404, 'NOT_FOUND');
    expect((await widgets(allData!.id))[0]).toEqual(seeded);
  });

  it('answers a replayed X-Request-ID with the first answer and adds once', async () => {
    const persona = await newPersona();
    const key = randomUUID();
    const first = await add({ persona_id: persona.id, name: 'Once' }, admin, ACME_PRODUCT, key);
    const again = await add({ persona_id: persona.id, name: 'Once' }, admin, ACME_PRODUCT, key);
    expect(again.headers['idempotent-replayed']).toBe('true');
    expect(again.json()).toEqual(first.json());
    expect(await widgets(persona.id)).toHaveLength(1);
  });
});
