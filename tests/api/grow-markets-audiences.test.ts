import { randomUUID } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { TEXT } from '../../src/shared/constants';
import { GROW, GROW_TEXT } from '../../src/shared/rules/grow';
import { mekkoConflictSchema, type Mekko } from '../../src/shared/schemas/grow';
import { GLOBEX_PRODUCT } from './helper';
import { growKit } from './grow-support';
import { expectError, strict } from './support';

describe('Grow markets and audiences', async () => {
  const kit = await growKit({ jobs: false });
  const { admin, analyst, viewer, send, chartOf, read, create, newChart, addMarket, addAudience, buildChart } = kit;

  const renameMarket = (chart: Mekko, marketId: number, name: string, s = admin) =>
    send(s, { method: 'PUT', url: `/api/mekkos/${chart.id}/markets/${marketId}`, payload: { name, version: chart.version } });
  const deleteMarket = (chart: Mekko, marketId: number, s = admin) => send(s, { method: 'DELETE', url: `/api/mekkos/${chart.id}/markets/${marketId}?version=${chart.version}` });
  const reorderMarkets = (chart: Mekko, ids: number[]) => send(admin, { method: 'PUT', url: `/api/mekkos/${chart.id}/markets/order`, payload: { ids, version: chart.version } });
  const audienceOf = (chart: Mekko, name: string) => {
    const found = chart.markets.flatMap((m) => m.sub_markets).find((a) => a.name === name);
    if (!found) throw new Error(`no audience ${name}`);
    return found;
  };
  /** The audience's fields as an edit body, with changes. */
  const updateAudience = (chart: Mekko, name: string, change: Record<string, unknown> = {}, s = admin) => {
    const { id, market_id: _m, order: _o, in_prediction_model: _p, ...fields } = audienceOf(chart, name);
    return send(s, { method: 'PUT', url: `/api/mekkos/${chart.id}/audiences/${id}`, payload: { ...fields, version: chart.version, ...change } });
  };
  const deleteAudience = (chart: Mekko, id: number, s = admin) => send(s, { method: 'DELETE', url: `/api/mekkos/${chart.id}/audiences/${id}?version=${chart.version}` });
  const reorderAudiences = (chart: Mekko, marketId: number, ids: number[]) =>
    send(admin, { method: 'PUT', url: `/api/mekkos/${chart.id}/markets/${marketId}/audiences/order`, payload: { ids, version: chart.version } });
  const removeInvalid = (chart: Mekko) => send(admin, { method: 'POST', url: `/api/mekkos/${chart.id}/remove-invalid`, payload: { version: chart.version } });
  const names = (chart: Mekko) => chart.markets.map((m) => ({ [m.name]: m.sub_markets.map((a) => a.name) }));
  const orders = (chart: Mekko) => chart.markets.map((m) => [m.order, m.sub_markets.map((a) => a.order)]);
  const invalidDetails = (res: Parameters<typeof expectError>[0], message: string, path: string) =>
    expect(expectError(res, 422, 'VALIDATION_FAILED', message).error.details).toEqual([{ path, message }]);

  describe('markets', () => {
    it('adds markets at the end, moving the version on, and maps a client key to the new id', async () => {
      let chart = await newChart();
      const key = `tmp-${randomUUID()}`;
      const res = await addMarket(chart, ' First ', { client_key: key });
      chart = chartOf(res);
      const first = chart.markets[0]!;
      expect(first).toEqual({ id: expect.any(Number), name: 'First', order: 0, sub_markets: [] });
      expect(res.json().meta).toEqual({ created: { [key]: first.id } });
      expect(chart.version).toBe(2);
      const second = await addMarket(chart, 'Second');
      expect(second.json()).not.toHaveProperty('meta');
      chart = chartOf(second);
      expect(chart.markets.map((m) => [m.name, m.order])).toEqual([['First', 0], ['Second', 1]]);
      expect(await read(chart.id)).toEqual(chart);
      expect((await kit.audits(chart.id)).map((a) => a.action)).toEqual(['grow.chart.create', 'grow.market.create', 'grow.market.create']);
      expectError(await addMarket(chart, 'Bad key', { client_key: 'not-temporary' }), 400, 'VALIDATION_FAILED', /^body\.client_key: /);
    });

    it('checks market names with the exact messages; a market keeps its own name', async () => {
      let chart = await newChart();
      chart = chartOf(await addMarket(chart, 'Gen Z'));
      chart = chartOf(await addMarket(chart, 'Boomers'));
      const [genZ, boomers] = chart.markets;
      expect(GROW_TEXT.marketNameRequired).toBe('Please enter a market name');
      expect(GROW_TEXT.marketNameTaken).toBe('Market name already used for this chart');
      const cases: [string, string][] = [
        ['', GROW_TEXT.marketNameRequired],
        ['   ', GROW_TEXT.marketNameRequired],
        [' gen z ', GROW_TEXT.marketNameTaken],
        ['m'.repeat(GROW.nameMax + 1), GROW_TEXT.nameTooLong],
      ];
      for (const [name, message] of cases) {
        invalidDetails(await addMarket(chart, name), message, 'body.name');
        invalidDetails(await renameMarket(chart, boomers!.id, name), message, 'body.name');
      }
      expect(await read(chart.id)).toEqual(chart);
      chart = chartOf(await renameMarket(chart, genZ!.id, ' GEN Z '));
      expect(chart.markets.map((m) => m.name)).toEqual(['GEN Z', 'Boomers']);
      // Another chart's market names are no clash.
      const other = await newChart();
      expect(chartOf(await addMarket(other, 'Boomers')).markets[0]!.name).toBe('Boomers');
    });

    it(`refuses more than ${GROW.maxMarkets} markets`, async () => {
      let chart = await newChart();
      for (let i = 1; i <= GROW.maxMarkets; i++) chart = chartOf(await addMarket(chart, `Market ${i}`));
      invalidDetails(await addMarket(chart, 'One too many'), GROW_TEXT.tooManyMarkets, 'body.name');
      expect((await read(chart.id)).markets).toHaveLength(GROW.maxMarkets);
    });

    it('adds no market to a chart made from an industry vertical, but renames its markets', async () => {
      const chart = chartOf(await create({ name: 'Beverage landscape', creation_method: 'prePopulated', vertical_type: 'beverages' }));
      invalidDetails(await addMarket(chart, 'Extra'), GROW_TEXT.verticalNoAddMarket, 'body.name');
      expect(chartOf(await renameMarket(chart, chart.markets[0]!.id, 'Fizzy Drinks')).markets[0]!.name).toBe('Fizzy Drinks');
    });

    it('reorders markets: the ids must name every market exactly once', async () => {
      let chart = await buildChart({ A: [], B: [], C: [] });
      const [a, b, c] = chart.markets.map((m) => m.id) as [number, number, number];
      const other = await buildChart({ X: [] });
      for (const ids of [[a, b], [a, b, c, c], [a, b, b], [a, b, other.markets[0]!.id], []]) {
        invalidDetails(await reorderMarkets(chart, ids), GROW_TEXT.reorderMismatch, 'body.ids');
      }
      chart = chartOf(await reorderMarkets(chart, [c, a, b]));
      expect(chart.markets.map((m) => [m.name, m.order])).toEqual([['C', 0], ['A', 1], ['B', 2]]);
      expect(await read(chart.id)).toEqual(chart);
    });

    it('deletes a market with its audiences, renumbers the rest, and refreshes the models that held them', async () => {
      let chart = await buildChart({ A: [{ name: 'a1' }], B: [{ name: 'b1' }, { name: 'b2' }], C: [{ name: 'c1' }] });
      const snapshot = await kit.addSnapshot(chart.id, [audienceOf(chart, 'b1').id, audienceOf(chart, 'c1').id]);
      expect(audienceOf(await read(chart.id), 'b1').in_prediction_model).toBe(true);
      chart = await read(chart.id);
      chart = chartOf(await deleteMarket(chart, chart.markets[1]!.id));
      expect(names(chart)).toEqual([{ A: ['a1'] }, { C: ['c1'] }]);
      expect(orders(chart)).toEqual([[0, [0]], [1, [0]]]);
      expect((await kit.modelRows(snapshot)).map((r) => r.subMarketId)).toEqual([audienceOf(chart, 'c1').id]);
      expect(await kit.refreshedAt(snapshot)).toBeInstanceOf(Date);
      expect(audienceOf(chart, 'c1').in_prediction_model).toBe(true);
    });
  });

  describe('audiences', () => {
    it('adds audiences at the end of their market with their segments, and maps a client key', async () => {
      const matched = kit.freshSegment('matched');
      const modeled = kit.freshSegment('modeled');
      let chart = await buildChart({ A: [], B: [] });
      const [a, b] = chart.markets;
      const key = `tmp-${randomUUID()}`;
      const node = await kit.discussionNode();
      // Another client's discussion cluster is not the chart's to name (issue 30).
      expectError(await addAudience(chart, a!.id, { name: 'Theirs', discussion_cluster_node_id: await kit.discussionNode('globex') }), 422, 'VALIDATION_FAILED', /That discussion cluster is not available for this client\./);
      const res = await addAudience(chart, a!.id, {
        name: ' Loyalists ', tag: 'owned', matched_short_id: matched.id, modeled_short_id: modeled.id, population: ' 1200 ',
        webo_cluster_id: 'webo-1', discussion_cluster_node_id: node, client_key: key,
      });
      chart = chartOf(res);
      const made = audienceOf(chart, 'Loyalists');
      expect(made).toEqual({
        id: expect.any(Number), market_id: a!.id, name: 'Loyalists', tag: 'owned', order: 0, matched_short_id: matched.id, modeled_short_id: modeled.id,
        population: 1200, webo_cluster_id: 'webo-1', discussion_cluster_node_id: node, in_prediction_model: false, demographics: [],
      });
      expect(res.json().meta).toEqual({ created: { [key]: made.id } });
      chart = chartOf(await addAudience(chart, a!.id, { name: 'Switchers', population: 5 }));
      // The same name in another market is no clash.
      chart = chartOf(await addAudience(chart, b!.id, { name: 'loyalists' }));
      expect(names(chart)).toEqual([{ A: ['Loyalists', 'Switchers'] }, { B: ['loyalists'] }]);
      expect(orders(chart)).toEqual([[0, [0, 1]], [1, [0]]]);
      expect(audienceOf(chart, 'Switchers')).toMatchObject({ tag: 'none', matched_short_id: null, modeled_short_id: null, population: 5, webo_cluster_id: null });
      expect(chart.segments.map((s) => s.id).sort()).toEqual([matched.id, modeled.id].sort());
      expect(chart.version).toBe(6);
    });

    it('checks audience fields with the exact messages, naming each field', async () => {
      const deleted = kit.usSegments.find((s) => s.deleted)!;
      const chart = await buildChart({ A: [{ name: 'Taken' }] });
      const marketId = chart.markets[0]!.id;
      expect(GROW_TEXT.audienceNameRequired).toBe('Name is required.');
      expect(GROW_TEXT.audienceNameTaken).toBe('This name is already in use.');
      expect(GROW_TEXT.populationRequired).toBe('Audience population is required');
      const cases: [Record<string, unknown>, string, string][] = [
        [{ name: '' }, 'body.name', GROW_TEXT.audienceNameRequired],
        [{ name: '  ' }, 'body.name', GROW_TEXT.audienceNameRequired],
        [{ name: ' TAKEN ' }, 'body.name', GROW_TEXT.audienceNameTaken],
        [{ name: 'n'.repeat(GROW.nameMax + 1) }, 'body.name', GROW_TEXT.nameTooLong],
        [{ population: '' }, 'body.population', GROW_TEXT.populationRequired],
        [{ population: '  ' }, 'body.population', GROW_TEXT.populationRequired],
        [{ population: 'abc' }, 'body.population', GROW_TEXT.populationDigits],
        [{ population: '-1' }, 'body.population', GROW_TEXT.populationDigits],
        [{ population: '1.5' }, 'body.population', GROW_TEXT.populationDigits],
        [{ population: -1 }, 'body.population', GROW_TEXT.populationDigits],
        [{ population: 2.5 }, 'body.population', GROW_TEXT.populationDigits],
        [{ population: GROW.populationMax + 1 }, 'body.population', GROW_TEXT.populationDigits],
        [{ matched_short_id: deleted.id }, 'body.matched_short_id', GROW_TEXT.segmentUnknown],
        [{ matched_short_id: kit.globexSegments[0]!.id }, 'body.matched_short_id', GROW_TEXT.segmentUnknown],
        [{ modeled_short_id: 2_000_000_000 }, 'body.modeled_short_id', GROW_TEXT.segmentUnknown],
      ];
      for (const [change, path, message] of cases) {
        invalidDetails(await addAudience(chart, marketId, { name: 'Fine', population: '1', ...change }), message, path);
      }
      const several = expectError(await addAudience(chart, marketId, { name: '', population: 'x', matched_short_id: deleted.id }), 422, 'VALIDATION_FAILED', GROW_TEXT.audienceNameRequired);
      expect(several.error.details).toEqual([
        { path: 'body.name', message: GROW_TEXT.audienceNameRequired },
        { path: 'body.population', message: GROW_TEXT.populationDigits },
        { path: 'body.matched_short_id', message: GROW_TEXT.segmentUnknown },
      ]);
      expectError(await addAudience(chart, marketId, { name: 'Fine', population: undefined }), 400, 'VALIDATION_FAILED', /^body\.population: /);
      expectError(await addAudience(chart, marketId, { name: 'Fine', tag: 'loyal' }), 400, 'VALIDATION_FAILED', /^body\.tag: /);
      expect(await read(chart.id)).toEqual(chart);
      // Digits as a string or a whole number are both fine, 0 too.
      const ok = chartOf(await addAudience(chart, marketId, { name: 'Zero', population: '0' }));
      expect(audienceOf(chartOf(await addAudience(ok, marketId, { name: 'Number', population: 42 })), 'Number').population).toBe(42);
    });

    it(`refuses more than ${GROW.maxAudiencesPerMarket} audiences in a market`, async () => {
      let chart = await buildChart({ Full: [], Other: [] });
      const [full, other] = chart.markets.map((m) => m.id) as [number, number];
      for (let i = 1; i <= GROW.maxAudiencesPerMarket; i++) chart = chartOf(await addAudience(chart, full, { name: `Audience ${i}` }));
      invalidDetails(await addAudience(chart, full, { name: 'One too many' }), GROW_TEXT.tooManyAudiences, 'body.name');
      chart = chartOf(await addAudience(chart, other, { name: 'Mover' }));
      invalidDetails(await updateAudience(chart, 'Mover', { market_id: full }), GROW_TEXT.tooManyAudiences, 'body.market_id');
    });

    it('edits an audience, and moves it to the end of another market of the chart', async () => {
      let chart = await buildChart({ A: [{ name: 'a1' }, { name: 'a2' }, { name: 'a3' }], B: [{ name: 'b1' }] });
      const [a, b] = chart.markets;
      chart = chartOf(await updateAudience(chart, 'a2', { name: 'a2 edited', tag: 'opportunity', population: '99' }));
      expect(audienceOf(chart, 'a2 edited')).toMatchObject({ tag: 'opportunity', population: 99, order: 1, market_id: a!.id });
      // Its own name is no clash; a sibling's is.
      chart = chartOf(await updateAudience(chart, 'a1', { name: 'A1' }));
      invalidDetails(await updateAudience(chart, 'A1', { name: 'a3' }), GROW_TEXT.audienceNameTaken, 'body.name');

      chart = chartOf(await updateAudience(chart, 'A1', { market_id: b!.id }));
      expect(names(chart)).toEqual([{ A: ['a2 edited', 'a3'] }, { B: ['b1', 'A1'] }]);
      expect(orders(chart)).toEqual([[0, [0, 1]], [1, [0, 1]]]);
      expect(audienceOf(chart, 'A1').market_id).toBe(b!.id);
      // A name taken in the market it moves to is refused.
      invalidDetails(await updateAudience(chart, 'a3', { name: 'b1', market_id: b!.id }), GROW_TEXT.audienceNameTaken, 'body.name');
      // A market of another chart is not this chart's.
      const other = await buildChart({ Elsewhere: [] });
      expectError(await updateAudience(chart, 'a3', { market_id: other.markets[0]!.id }), 404, 'NOT_FOUND', `There is no market ${other.markets[0]!.id} in this Grow chart: it may have been deleted.`);
      expect(await read(chart.id)).toEqual(chart);
    });

    it('locks audience names in a chart made from a vertical, but lets the other fields change', async () => {
      let chart = chartOf(await create({ name: 'Snack occasions', creation_method: 'prePopulated', vertical_type: 'snacks' }));
      const first = chart.markets[0]!.sub_markets[0]!;
      invalidDetails(await updateAudience(chart, first.name, { name: 'Renamed' }), GROW_TEXT.verticalNameLocked, 'body.name');
      chart = chartOf(await updateAudience(chart, first.name, { tag: 'none', population: 10 }));
      expect(audienceOf(chart, first.name)).toMatchObject({ tag: 'none', population: 10 });
      // Audiences can still be added to its markets.
      chart = chartOf(await addAudience(chart, chart.markets[0]!.id, { name: 'Extra snackers' }));
      expect(chart.markets[0]!.sub_markets.at(-1)!.name).toBe('Extra snackers');
    });

    it('keeps an unchanged deleted segment so other fields can be edited, but refuses changing to one', async () => {
      const doomed = kit.freshSegment();
      const spare = kit.freshSegment();
      const deleted = kit.usSegments.find((s) => s.deleted)!;
      let chart = await buildChart({ A: [{ name: 'Keeps', matched_short_id: doomed.id }, { name: 'Changes' }] });
      await kit.setDeleted(doomed.id, true);
      chart = await read(chart.id);
      chart = chartOf(await updateAudience(chart, 'Keeps', { population: 5 }));
      expect(audienceOf(chart, 'Keeps')).toMatchObject({ matched_short_id: doomed.id, population: 5 });
      invalidDetails(await updateAudience(chart, 'Changes', { matched_short_id: doomed.id }), GROW_TEXT.segmentUnknown, 'body.matched_short_id');
      invalidDetails(await updateAudience(chart, 'Changes', { modeled_short_id: deleted.id }), GROW_TEXT.segmentUnknown, 'body.modeled_short_id');
      chart = chartOf(await updateAudience(chart, 'Keeps', { matched_short_id: spare.id }));
      expect(audienceOf(chart, 'Keeps').matched_short_id).toBe(spare.id);
      expect(chart.invalid_audience_ids).toEqual([]);
    });

    it('refreshes the prediction models when an audience\'s matched segment changes, not for other edits', async () => {
      const [s1, s2, s3] = [kit.freshSegment(), kit.freshSegment(), kit.freshSegment()];
      let chart = await buildChart({ A: [{ name: 'Modelled', matched_short_id: s1.id }, { name: 'Bystander', matched_short_id: s2.id }] });
      const modelled = audienceOf(chart, 'Modelled').id;
      const bystander = audienceOf(chart, 'Bystander').id;
      const snapshot = await kit.addSnapshot(chart.id, [modelled, bystander]);
      chart = await read(chart.id);
      expect(audienceOf(chart, 'Modelled').in_prediction_model).toBe(true);

      chart = chartOf(await updateAudience(chart, 'Modelled', { population: 77, modeled_short_id: null }));
      expect((await kit.modelRows(snapshot)).map((r) => r.subMarketId)).toEqual([modelled, bystander].sort((x, y) => x - y));
      expect(await kit.refreshedAt(snapshot)).toBeNull();

      chart = chartOf(await updateAudience(chart, 'Modelled', { matched_short_id: s3.id }));
      expect((await kit.modelRows(snapshot)).map((r) => r.subMarketId)).toEqual([bystander]);
      expect(await kit.refreshedAt(snapshot)).toBeInstanceOf(Date);
      expect(audienceOf(chart, 'Modelled').in_prediction_model).toBe(false);
      expect(audienceOf(chart, 'Bystander').in_prediction_model).toBe(true);
    });

    it('deletes an audience, renumbers its market and refreshes its models', async () => {
      let chart = await buildChart({ A: [{ name: 'a1' }, { name: 'a2' }, { name: 'a3' }] });
      const a2 = audienceOf(chart, 'a2').id;
      const snapshot = await kit.addSnapshot(chart.id, [a2, audienceOf(chart, 'a3').id]);
      chart = chartOf(await deleteAudience(chart, a2));
      expect(names(chart)).toEqual([{ A: ['a1', 'a3'] }]);
      expect(orders(chart)).toEqual([[0, [0, 1]]]);
      expect((await kit.modelRows(snapshot)).map((r) => r.subMarketId)).toEqual([audienceOf(chart, 'a3').id]);
      expect(await kit.refreshedAt(snapshot)).toBeInstanceOf(Date);
      expectError(await deleteAudience(chart, a2), 404, 'NOT_FOUND', `There is no audience ${a2} in this Grow chart: it may have been deleted.`);
    });

    it('reorders the audiences of a market: the ids must name each of them exactly once', async () => {
      let chart = await buildChart({ A: [{ name: 'a1' }, { name: 'a2' }, { name: 'a3' }], B: [{ name: 'b1' }] });
      const [a1, a2, a3] = chart.markets[0]!.sub_markets.map((a) => a.id) as [number, number, number];
      const b1 = audienceOf(chart, 'b1').id;
      for (const ids of [[a1, a2], [a1, a2, a3, a3], [a1, a2, b1], [a1, a1, a2]]) {
        invalidDetails(await reorderAudiences(chart, chart.markets[0]!.id, ids), GROW_TEXT.reorderMismatch, 'body.ids');
      }
      chart = chartOf(await reorderAudiences(chart, chart.markets[0]!.id, [a3, a1, a2]));
      expect(names(chart)).toEqual([{ A: ['a3', 'a1', 'a2'] }, { B: ['b1'] }]);
      expect(orders(chart)).toEqual([[0, [0, 1, 2]], [1, [0]]]);
    });
  });

  it('removes the invalid audiences, refreshing their models, after which the chart copies', async () => {
    const [good, gone1, gone2] = [kit.freshSegment(), kit.freshSegment(), kit.freshSegment()];
    let chart = await buildChart({
      A: [{ name: 'Invalid one', matched_short_id: gone1.id }, { name: 'Valid', matched_short_id: good.id }],
      B: [{ name: 'Invalid two', modeled_short_id: gone2.id }],
    });
    const snapshot = await kit.addSnapshot(chart.id, chart.markets.flatMap((m) => m.sub_markets.map((a) => a.id)));
    await kit.setDeleted(gone1.id, true);
    await kit.setDeleted(gone2.id, true);
    chart = await read(chart.id);
    expect(chart.invalid_audience_ids.sort()).toEqual([audienceOf(chart, 'Invalid one').id, audienceOf(chart, 'Invalid two').id].sort());
    expectError(await send(admin, { method: 'POST', url: `/api/mekkos/${chart.id}/copy`, payload: {} }), 422, 'VALIDATION_FAILED', GROW_TEXT.copyInvalid);

    chart = chartOf(await removeInvalid(chart));
    expect(names(chart)).toEqual([{ A: ['Valid'] }, { B: [] }]);
    expect(orders(chart)).toEqual([[0, [0]], [1, []]]);
    expect(chart.invalid_audience_ids).toEqual([]);
    expect((await kit.modelRows(snapshot)).map((r) => r.subMarketId)).toEqual([audienceOf(chart, 'Valid').id]);
    expect(await kit.refreshedAt(snapshot)).toBeInstanceOf(Date);
    expect((await send(admin, { method: 'POST', url: `/api/mekkos/${chart.id}/copy`, payload: {} })).statusCode).toBe(200);
    // Nothing left to remove: still a write that answers the chart.
    expect(chartOf(await removeInvalid(chart)).version).toBe(chart.version + 1);
    expect((await kit.audits(chart.id)).map((a) => a.action)).toContain('grow.chart.remove_invalid');
  });

  it('applies adds and deletes over a newer version; an edit without base values is 409 with the current chart', async () => {
    let chart = await buildChart({ A: [{ name: 'a1' }, { name: 'a2' }] });
    const stale = chart;
    chart = chartOf(await addMarket(chart, 'B'));
    const [a, b] = chart.markets.map((m) => m.id) as [number, number];
    const a1 = audienceOf(chart, 'a1').id;
    const edits = [
      () => renameMarket(stale, a, 'A2'),
      () => reorderMarkets(stale, [b, a]),
      () => updateAudience(stale, 'a1', { name: 'a1 again' }),
      () => reorderAudiences(stale, a, [audienceOf(stale, 'a2').id, a1]),
    ];
    for (const write of edits) {
      const body = expectError(await write(), 409, 'VERSION_CONFLICT', 'Someone else changed this Grow chart since you opened it.');
      const details = strict(mekkoConflictSchema).parse(body).error.details;
      expect(details.current).toEqual(chart);
      expect(details).not.toHaveProperty('conflicts');
    }
    expect(await read(chart.id)).toEqual(chart);

    // Adds and deletes change no field anyone else could have changed: they apply on the chart as it is.
    expect(chartOf(await addMarket(stale, 'C')).markets).toHaveLength(3);
    expect(names(chartOf(await addAudience(stale, a, { name: 'a3' })))[0]).toEqual({ A: ['a1', 'a2', 'a3'] });
    expect(names(chartOf(await deleteAudience(stale, audienceOf(chart, 'a2').id)))[0]).toEqual({ A: ['a1', 'a3'] });
    chart = chartOf(await removeInvalid(stale));
    expect(names(chart)).toEqual([{ A: ['a1', 'a3'] }, { B: [] }, { C: [] }]);
    expect(orders(chart)).toEqual([[0, [0, 1]], [1, []], [2, []]]);
    chart = chartOf(await deleteMarket(stale, b));
    expect(names(chart)).toEqual([{ A: ['a1', 'a3'] }, { C: [] }]);
    expect(chart.version).toBe(stale.version + 6);
  });

  describe('edits that say what they saw (base) merge field by field', () => {
    const rename = (chart: Mekko, marketId: number, name: string, base: string) =>
      send(admin, { method: 'PUT', url: `/api/mekkos/${chart.id}/markets/${marketId}`, payload: { name, version: chart.version, base: { name: base } } });

    it('merges renames of different markets without a conflict (the issue case: A renames Gamma, B renames Alpha)', async () => {
      const start = await buildChart({ Alpha: [], Gamma: [] });
      const [alpha, gamma] = start.markets.map((m) => m.id) as [number, number];
      chartOf(await rename(start, alpha, 'Alpha Prime', 'Alpha'));
      // A's edit was made on the first version: it merges.
      const merged = chartOf(await rename(start, gamma, 'Gamma Ray', 'Gamma'));
      expect(merged.markets.map((m) => m.name)).toEqual(['Alpha Prime', 'Gamma Ray']);
      expect(merged.version).toBe(start.version + 2);
    });

    it('is a conflict naming the field when both renamed the same market differently; the same new name is no conflict', async () => {
      const start = await buildChart({ Gamma: [] });
      const gamma = start.markets[0]!.id;
      const theirs = chartOf(await rename(start, gamma, 'Gamma Two', 'Gamma'));
      const body = expectError(await rename(start, gamma, 'Gamma One', 'Gamma'), 409, 'VERSION_CONFLICT');
      const details = strict(mekkoConflictSchema).parse(body).error.details;
      expect(details.conflicts).toEqual([{ field: 'name', base: 'Gamma', theirs: 'Gamma Two', mine: 'Gamma One' }]);
      expect(details.current).toEqual(theirs);
      expect((await read(start.id)).markets[0]!.name).toBe('Gamma Two');
      // The same change made twice is not a conflict.
      expect(chartOf(await rename(start, gamma, 'Gamma Two', 'Gamma')).markets[0]!.name).toBe('Gamma Two');
      // "Keep mine": sent again with what the dialog showed as theirs as the base.
      expect(chartOf(await rename(start, gamma, 'Gamma One', 'Gamma Two')).markets[0]!.name).toBe('Gamma One');
    });

    it('merges an audience edit field by field: my name, their tag', async () => {
      const start = await buildChart({ A: [{ name: 'a1', tag: 'none', population: 10 }] });
      const seen = audienceOf(start, 'a1');
      const base = { name: seen.name, tag: seen.tag, matched_short_id: seen.matched_short_id, modeled_short_id: seen.modeled_short_id, population: seen.population, webo_cluster_id: seen.webo_cluster_id, discussion_cluster_node_id: seen.discussion_cluster_node_id, market_id: seen.market_id };
      chartOf(await updateAudience(start, 'a1', { tag: 'owned' }));
      const merged = chartOf(await updateAudience(start, 'a1', { name: 'a1 renamed', population: '10', base }));
      expect(audienceOf(merged, 'a1 renamed')).toMatchObject({ tag: 'owned', population: 10 });
      // Both changed the population: a conflict on that field alone.
      const later = chartOf(await updateAudience(merged, 'a1 renamed', { population: 20 }));
      const body = expectError(await updateAudience(merged, 'a1 renamed', { population: 30, base: { ...base, name: 'a1 renamed', tag: 'owned' } }), 409, 'VERSION_CONFLICT');
      expect(strict(mekkoConflictSchema).parse(body).error.details.conflicts).toEqual([{ field: 'population', base: 10, theirs: 20, mine: 30 }]);
      expect(await read(start.id)).toEqual(later);
    });

    it('keeps a move made by someone else when my edit did not move the audience', async () => {
      const start = await buildChart({ A: [{ name: 'a1' }], B: [] });
      const [a, b] = start.markets.map((m) => m.id) as [number, number];
      const seen = audienceOf(start, 'a1');
      chartOf(await updateAudience(start, 'a1', { market_id: b }));
      const merged = chartOf(await updateAudience(start, 'a1', { name: 'a1 kept', base: { name: 'a1', market_id: a } }));
      expect(names(merged)).toEqual([{ A: [] }, { B: ['a1 kept'] }]);
      expect(audienceOf(merged, 'a1 kept').id).toBe(seen.id);
    });

    it('merges an order only when nobody else reordered', async () => {
      const start = await buildChart({ A: [], B: [], C: [] });
      const [a, b, c] = start.markets.map((m) => m.id) as [number, number, number];
      const reorder = (chart: Mekko, ids: number[], base: number[]) => send(admin, { method: 'PUT', url: `/api/mekkos/${chart.id}/markets/order`, payload: { ids, version: chart.version, base: { ids: base } } });
      chartOf(await rename(start, a, 'A2', 'A'));
      expect(names(chartOf(await reorder(start, [c, b, a], [a, b, c])))).toEqual([{ C: [] }, { B: [] }, { A2: [] }]);
      const body = expectError(await reorder(start, [b, a, c], [a, b, c]), 409, 'VERSION_CONFLICT');
      expect(strict(mekkoConflictSchema).parse(body).error.details.conflicts).toEqual([{ field: 'ids', base: [a, b, c], theirs: [c, b, a], mine: [b, a, c] }]);
    });

    it('says what is gone: an edit of a deleted audience is 404 naming it', async () => {
      const start = await buildChart({ A: [{ name: 'a1' }, { name: 'a2' }] });
      const a1 = audienceOf(start, 'a1').id;
      chartOf(await deleteAudience(start, a1));
      const res = await updateAudience(start, 'a1', { name: 'a1 again', base: { name: 'a1' } });
      expect(expectError(res, 404, 'NOT_FOUND').error.details).toEqual({ gone: { kind: 'audience', id: a1 } });
      expect(expectError(await deleteAudience(start, a1), 404, 'NOT_FOUND').error.details).toEqual({ gone: { kind: 'audience', id: a1 } });
    });
  });

  it('finds no item of another chart through this one, and nothing of a deleted chart', async () => {
    const chart = await buildChart({ A: [{ name: 'a1' }] });
    const a = chart.markets[0]!.id;
    const a1 = audienceOf(chart, 'a1').id;
    // Items of another chart are not found through this one.
    const other = await buildChart({ X: [{ name: 'x1' }] });
    const x = other.markets[0]!.id;
    const x1 = audienceOf(other, 'x1').id;
    expectError(await renameMarket(chart, x, 'Stolen'), 404, 'NOT_FOUND');
    expectError(await deleteMarket(chart, x), 404, 'NOT_FOUND');
    expectError(await addAudience(chart, x, { name: 'Stolen' }), 404, 'NOT_FOUND');
    expectError(await reorderAudiences(chart, x, [x1]), 404, 'NOT_FOUND');
    expectError(await send(admin, { method: 'PUT', url: `/api/mekkos/${chart.id}/audiences/${x1}`, payload: { name: 'x1', population: 0, version: chart.version } }), 404, 'NOT_FOUND');
    expectError(await deleteAudience(chart, x1), 404, 'NOT_FOUND');
    expect(await read(chart.id)).toEqual(chart);
    expect(await read(other.id)).toEqual(other);

    expect(chartOf(await send(admin, { method: 'DELETE', url: `/api/mekkos/${chart.id}?version=${chart.version}` })).id).toBe(chart.id);
    const gone = { ...chart, version: chart.version + 1 };
    for (const res of [await addMarket(gone, 'C'), await renameMarket(gone, a, 'A2'), await deleteAudience(gone, a1), await removeInvalid(gone)]) {
      expectError(res, 404, 'NOT_FOUND', `There is no Grow chart ${chart.id} in this product and region: it may have been deleted.`);
    }
  });

  it('replays a resent item write and keeps the meta of its first answer', async () => {
    const chart = await newChart();
    const key = randomUUID();
    const clientKey = `tmp-${randomUUID()}`;
    const first = await addMarket(chart, 'Once', { client_key: clientKey }, admin, { key });
    const again = await addMarket(chart, 'Once', { client_key: clientKey }, admin, { key });
    expect(again.headers['idempotent-replayed']).toBe('true');
    expect(again.json()).toEqual(first.json());
    expect((await read(chart.id)).markets).toHaveLength(1);
  });

  it('lets the analyst edit markets and audiences; the viewer gets 403 on globex charts', async () => {
    let chart = chartOf(await addMarket(await newChart(), 'Analyst market', {}, analyst));
    chart = chartOf(await addAudience(chart, chart.markets[0]!.id, { name: 'Analyst audience' }, analyst));
    chart = chartOf(await updateAudience(chart, 'Analyst audience', { population: 3 }, analyst));
    chart = chartOf(await deleteAudience(chart, chart.markets[0]!.sub_markets[0]!.id, analyst));
    chart = chartOf(await deleteMarket(chart, chart.markets[0]!.id, analyst));
    expect(chart.markets).toEqual([]);

    let globex = chartOf(await create({ name: 'Globex items' }, admin, { context: GLOBEX_PRODUCT }));
    globex = chartOf(await addMarket(globex, 'Globex market', {}, admin, { context: GLOBEX_PRODUCT }));
    const marketId = globex.markets[0]!.id;
    globex = chartOf(await addAudience(globex, marketId, { name: 'Globex audience', matched_short_id: kit.globexSegments.find((s) => !s.deleted)!.id }, admin, { context: GLOBEX_PRODUCT }));
    const audienceId = globex.markets[0]!.sub_markets[0]!.id;
    const denied = (action: string) => `${TEXT.permissionDenied} (mekkos: ${action})`;
    const asViewer = (method: 'POST' | 'PUT' | 'DELETE', url: string, payload?: object) => send(viewer, { method, url, payload, context: GLOBEX_PRODUCT });
    const v = globex.version;
    expectError(await asViewer('POST', `/api/mekkos/${globex.id}/markets`, { name: 'x', version: v }), 403, 'FORBIDDEN', denied('update'));
    expectError(await asViewer('PUT', `/api/mekkos/${globex.id}/markets/${marketId}`, { name: 'x', version: v }), 403, 'FORBIDDEN', denied('update'));
    expectError(await asViewer('DELETE', `/api/mekkos/${globex.id}/markets/${marketId}?version=${v}`), 403, 'FORBIDDEN', denied('destroy'));
    expectError(await asViewer('PUT', `/api/mekkos/${globex.id}/markets/order`, { ids: [marketId], version: v }), 403, 'FORBIDDEN', denied('update'));
    expectError(await asViewer('POST', `/api/mekkos/${globex.id}/markets/${marketId}/audiences`, { name: 'x', population: 0, version: v }), 403, 'FORBIDDEN', denied('update'));
    expectError(await asViewer('PUT', `/api/mekkos/${globex.id}/markets/${marketId}/audiences/order`, { ids: [audienceId], version: v }), 403, 'FORBIDDEN', denied('update'));
    expectError(await asViewer('PUT', `/api/mekkos/${globex.id}/audiences/${audienceId}`, { name: 'x', population: 0, version: v }), 403, 'FORBIDDEN', denied('update'));
    expectError(await asViewer('DELETE', `/api/mekkos/${globex.id}/audiences/${audienceId}?version=${v}`), 403, 'FORBIDDEN', denied('destroy'));
    expect(await read(globex.id, GLOBEX_PRODUCT)).toEqual(globex);
    // A globex segment is not acme's.
    expect(globex.segments).toHaveLength(1);
  });
});
