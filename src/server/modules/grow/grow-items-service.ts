import { DISCUSSION_TEXT } from '@shared/rules/discussions';
import { GROW, GROW_TEXT, isPermutation, validateAudience, validateMarket, type FieldIssue } from '@shared/rules/grow';
import type { AudienceBody, AudienceUpdateBody, MarketBody, ReorderBody } from '@shared/schemas/grow';
import { refreshModelsFor } from '../snapshots/model-refresh';
import { contextClientRegion } from '../insights/insights-service';
import * as repo from './grow-repository';
import {
  audienceNotFound,
  audit,
  claimAny,
  claimEdit,
  guarded,
  invalid,
  marketNotFound,
  partsOf,
  viewOf,
  type ChartAnswer,
  type GrowScope,
} from './grow-common';
import { invalidAudienceIds } from './grow-views';
import { clientNodeIds } from '../discussions/discussions-repository';

/**
 * Markets and audiences of a chart (spec 3 §4, §5). Each write moves the chart's version on and
 * answers the whole chart; items of another chart are not found. Adds and deletes apply over any
 * version; edits of an item's fields or an order merge with what changed since they were made
 * (claimEdit, issue 12).
 */

/** The temporary key the client gave an item it made, mapped to the item's id (decision 007). */
const createdMeta = (clientKey: string | undefined, id: number) => (clientKey === undefined ? {} : { meta: { created: { [clientKey]: id } } });

async function answer(scope: GrowScope, chart: repo.ChartRow, action: string, details: Record<string, unknown>): Promise<ChartAnswer> {
  await audit(scope, action, chart.id, { ...details, version: chart.version });
  return { data: await viewOf(scope, chart) };
}

async function marketOf(scope: GrowScope, chartId: number, marketId: number) {
  const markets = await repo.marketsOf(scope.db, chartId);
  const market = markets.find((m) => m.id === marketId);
  if (!market) throw marketNotFound(marketId);
  return { markets, market };
}

// ---- markets --------------------------------------------------------------------------------

export async function addMarket(scope: GrowScope, id: number, body: MarketBody): Promise<ChartAnswer> {
  const chart = await claimAny(scope, id, body.version);
  if (chart.verticalType !== null) throw invalid([{ field: 'name', message: GROW_TEXT.verticalNoAddMarket }]);
  const markets = await repo.marketsOf(scope.db, id);
  if (markets.length >= GROW.maxMarkets) throw invalid([{ field: 'name', message: GROW_TEXT.tooManyMarkets }]);
  const issues = validateMarket(body.name, { others: markets, ownId: null });
  if (issues.length) throw invalid(issues);
  const [market] = await guarded(() => repo.insertMarkets(scope.db, id, [{ name: body.name.trim(), position: markets.length }]));
  if (!market) throw new Error('insert returned no market');
  return { ...(await answer(scope, chart, 'grow.market.create', { market_id: market.id, name: market.name })), ...createdMeta(body.client_key, market.id) };
}

export async function renameMarket(scope: GrowScope, id: number, marketId: number, body: MarketBody): Promise<ChartAnswer> {
  const { chart, values } = await claimEdit(scope, id, body, { name: body.name.trim() }, async () => ({ name: (await marketOf(scope, id, marketId)).market.name }));
  const { markets } = await marketOf(scope, id, marketId);
  const issues = validateMarket(values.name, { others: markets, ownId: marketId });
  if (issues.length) throw invalid(issues);
  const { name } = values;
  await guarded(() => repo.renameMarket(scope.db, marketId, name));
  return answer(scope, chart, 'grow.market.update', { market_id: marketId, name });
}

/** Its audiences go too; prediction models holding them are refreshed first, while the rows still exist. */
export async function deleteMarket(scope: GrowScope, id: number, marketId: number, version: number): Promise<ChartAnswer> {
  const chart = await claimAny(scope, id, version);
  const { markets, market } = await marketOf(scope, id, marketId);
  const audiences = (await repo.audiencesOf(scope.db, [id])).filter((a) => a.marketId === marketId);
  await refreshModelsFor(scope.db, id, audiences.map((a) => a.id));
  await repo.deleteMarket(scope.db, marketId);
  await repo.setMarketPositions(scope.db, markets.filter((m) => m.id !== marketId).map((m) => m.id));
  return answer(scope, chart, 'grow.market.delete', { market_id: marketId, name: market.name });
}

export async function reorderMarkets(scope: GrowScope, id: number, body: ReorderBody): Promise<ChartAnswer> {
  const orderNow = async () => ({ ids: (await repo.marketsOf(scope.db, id)).map((m) => m.id) });
  const { chart, values } = await claimEdit(scope, id, body, { ids: body.ids }, orderNow);
  const markets = await repo.marketsOf(scope.db, id);
  if (!isPermutation(markets.map((m) => m.id), values.ids)) throw invalid([{ field: 'ids', message: GROW_TEXT.reorderMismatch }]);
  await repo.setMarketPositions(scope.db, values.ids);
  return answer(scope, chart, 'grow.market.reorder', { ids: values.ids });
}

// ---- audiences ------------------------------------------------------------------------------

type SegmentField = 'matched_short_id' | 'modeled_short_id';

/**
 * A segment an audience names must be a live segment of the context client region. One the
 * audience already has stays allowed after the provider deleted it, so its other fields can
 * still be edited; changing to it is not.
 */
async function segmentIssues(scope: GrowScope, body: Record<SegmentField, number | null>, current: repo.AudienceRow | null): Promise<FieldIssue[]> {
  const kept = { matched_short_id: current?.matchedShortId ?? null, modeled_short_id: current?.modeledShortId ?? null };
  const fields = (['matched_short_id', 'modeled_short_id'] as const).filter((f) => body[f] !== null && body[f] !== kept[f]);
  if (fields.length === 0) return [];
  const segments = await repo.segmentsOf(scope.db, await contextClientRegion(scope), fields.map((f) => body[f]!));
  const live = new Set(segments.filter((s) => !s.deleted).map((s) => s.shortId));
  return fields.filter((f) => !live.has(body[f]!)).map((field) => ({ field, message: GROW_TEXT.segmentUnknown }));
}

/** A discussion cluster node the audience names must be the client's (spec 3 §5: the discussion field). */
async function nodeIssues(scope: GrowScope, body: { discussion_cluster_node_id: number | null }, current: repo.AudienceRow | null): Promise<FieldIssue[]> {
  const id = body.discussion_cluster_node_id;
  if (id === null || id === (current?.discussionClusterNodeId ?? null)) return [];
  return (await clientNodeIds(scope.db, scope.ctx.clientId, [id])).has(id) ? [] : [{ field: 'discussion_cluster_node_id', message: DISCUSSION_TEXT.unknownNode }];
}

const valuesOf = (body: AudienceBody | AudienceUpdateBody): repo.AudienceValues => ({
  name: body.name.trim(),
  tag: body.tag,
  matchedShortId: body.matched_short_id,
  modeledShortId: body.modeled_short_id,
  population: Number(String(body.population).trim()),
  weboClusterId: body.webo_cluster_id,
  discussionClusterNodeId: body.discussion_cluster_node_id,
});

export async function addAudience(scope: GrowScope, id: number, marketId: number, body: AudienceBody): Promise<ChartAnswer> {
  const chart = await claimAny(scope, id, body.version);
  await marketOf(scope, id, marketId);
  const siblings = (await repo.audiencesOf(scope.db, [id])).filter((a) => a.marketId === marketId);
  if (siblings.length >= GROW.maxAudiencesPerMarket) throw invalid([{ field: 'name', message: GROW_TEXT.tooManyAudiences }]);
  const issues: FieldIssue[] = [
    ...validateAudience({ name: body.name, population: String(body.population) }, { siblings, ownId: null }),
    ...(await segmentIssues(scope, body, null)),
    ...(await nodeIssues(scope, body, null)),
  ];
  if (issues.length) throw invalid(issues);
  const [made] = await guarded(() => repo.insertAudiences(scope.db, [{ ...valuesOf(body), mekkoId: id, marketId, position: siblings.length }]));
  if (!made) throw new Error('insert returned no audience');
  return { ...(await answer(scope, chart, 'grow.audience.create', { audience_id: made.id, market_id: marketId, name: made.name })), ...createdMeta(body.client_key, made.id) };
}

/** Population as typed, a number when it is one: "3200000" and 3200000 are one value to a merge. */
const populationValue = (p: string | number) => (typeof p === 'string' && /^\d+$/.test(p.trim()) ? Number(p.trim()) : p);

/** An audience's fields as an edit sets them, and as the server has them: what claimEdit merges. */
function audienceEditValues(body: AudienceUpdateBody) {
  const marketId = body.market_id ?? body.base?.market_id;
  return {
    name: body.name.trim(),
    tag: body.tag,
    matched_short_id: body.matched_short_id,
    modeled_short_id: body.modeled_short_id,
    population: populationValue(body.population),
    webo_cluster_id: body.webo_cluster_id,
    discussion_cluster_node_id: body.discussion_cluster_node_id,
    // Not moved by this edit: the market it saw, so a move made by someone else stands.
    ...(marketId === undefined ? {} : { market_id: marketId }),
  };
}

const audienceValuesOf = (a: repo.AudienceRow) => ({
  name: a.name,
  tag: a.tag,
  matched_short_id: a.matchedShortId,
  modeled_short_id: a.modeledShortId,
  population: a.population,
  webo_cluster_id: a.weboClusterId,
  discussion_cluster_node_id: a.discussionClusterNodeId,
  market_id: a.marketId,
});

/** Edits an audience, or moves it to the end of another market of the chart (market_id). */
export async function updateAudience(scope: GrowScope, id: number, audienceId: number, sent: AudienceUpdateBody): Promise<ChartAnswer> {
  const theirs = async () => {
    const audience = (await repo.audiencesOf(scope.db, [id])).find((a) => a.id === audienceId);
    if (!audience) throw audienceNotFound(audienceId);
    return audienceValuesOf(audience);
  };
  const { chart, values } = await claimEdit(scope, id, sent, audienceEditValues(sent), theirs);
  const body: AudienceUpdateBody = { ...sent, ...values };
  const audiences = await repo.audiencesOf(scope.db, [id]);
  const current = audiences.find((a) => a.id === audienceId);
  if (!current) throw audienceNotFound(audienceId);
  const targetId = body.market_id ?? current.marketId;
  await marketOf(scope, id, targetId);
  const moving = targetId !== current.marketId;
  const siblings = audiences.filter((a) => a.marketId === targetId && a.id !== audienceId);
  if (moving && siblings.length >= GROW.maxAudiencesPerMarket) throw invalid([{ field: 'market_id', message: GROW_TEXT.tooManyAudiences }]);

  const fieldIssues = validateAudience({ name: body.name, population: String(body.population) }, { siblings, ownId: audienceId });
  // Audience names are the vertical's in a chart made from one (§5: the field is disabled there).
  const locked = chart.verticalType !== null && body.name.trim() !== current.name;
  const issues: FieldIssue[] = [
    ...(locked ? [{ field: 'name', message: GROW_TEXT.verticalNameLocked }] : []),
    ...fieldIssues.filter((i) => !locked || i.field !== 'name'),
    ...(await segmentIssues(scope, body, current)),
    ...(await nodeIssues(scope, body, current)),
  ];
  if (issues.length) throw invalid(issues);

  // A model built on the audience's old matched segment no longer describes it (§4, §8).
  if (body.matched_short_id !== current.matchedShortId) await refreshModelsFor(scope.db, id, [audienceId]);
  await guarded(() => repo.updateAudience(scope.db, audienceId, { ...valuesOf(body), marketId: targetId, position: moving ? siblings.length : current.position }));
  if (moving) {
    await repo.setAudiencePositions(scope.db, audiences.filter((a) => a.marketId === current.marketId && a.id !== audienceId).map((a) => a.id));
  }
  return answer(scope, chart, 'grow.audience.update', { audience_id: audienceId, market_id: targetId, name: body.name.trim() });
}

export async function deleteAudience(scope: GrowScope, id: number, audienceId: number, version: number): Promise<ChartAnswer> {
  const chart = await claimAny(scope, id, version);
  const audiences = await repo.audiencesOf(scope.db, [id]);
  const current = audiences.find((a) => a.id === audienceId);
  if (!current) throw audienceNotFound(audienceId);
  await refreshModelsFor(scope.db, id, [audienceId]);
  await repo.deleteAudiences(scope.db, [audienceId]);
  await repo.setAudiencePositions(scope.db, audiences.filter((a) => a.marketId === current.marketId && a.id !== audienceId).map((a) => a.id));
  return answer(scope, chart, 'grow.audience.delete', { audience_id: audienceId, market_id: current.marketId, name: current.name });
}

export async function reorderAudiences(scope: GrowScope, id: number, marketId: number, body: ReorderBody): Promise<ChartAnswer> {
  const siblingsNow = async () => {
    await marketOf(scope, id, marketId);
    return (await repo.audiencesOf(scope.db, [id])).filter((a) => a.marketId === marketId);
  };
  const { chart, values } = await claimEdit(scope, id, body, { ids: body.ids }, async () => ({ ids: (await siblingsNow()).map((a) => a.id) }));
  const siblings = await siblingsNow();
  if (!isPermutation(siblings.map((a) => a.id), values.ids)) throw invalid([{ field: 'ids', message: GROW_TEXT.reorderMismatch }]);
  await repo.setAudiencePositions(scope.db, values.ids);
  return answer(scope, chart, 'grow.audience.reorder', { market_id: marketId, ids: values.ids });
}

/** Deletes the audiences whose segments are gone (the invalid chart dialog's 'Remove Invalid Audience(s)'). */
export async function removeInvalid(scope: GrowScope, id: number, version: number): Promise<ChartAnswer> {
  const chart = await claimAny(scope, id, version);
  const parts = await partsOf(scope, chart);
  const gone = new Set(invalidAudienceIds(parts.audiences, parts.segments, parts.readiness));
  if (gone.size > 0) {
    await refreshModelsFor(scope.db, id, [...gone]);
    await repo.deleteAudiences(scope.db, [...gone]);
    for (const market of parts.markets) {
      const left = parts.audiences.filter((a) => a.marketId === market.id);
      if (left.some((a) => gone.has(a.id))) await repo.setAudiencePositions(scope.db, left.filter((a) => !gone.has(a.id)).map((a) => a.id));
    }
  }
  return answer(scope, chart, 'grow.chart.remove_invalid', { removed: [...gone] });
}
