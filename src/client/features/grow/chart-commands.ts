import { retryFields, type RetryField } from '@shared/rules/refusals';
import type { AudienceBody, CreateChartBody, Mekko, UpdateChartBody } from '@shared/schemas/grow';
import type { StoredCommand } from '../../lib/offline/db';
import { enqueue, registerEntity, type EntityHandler } from '../../lib/offline/outbox-client';
import type { CommandInput } from '../../lib/offline/outbox-store';
import { temporaryId } from '../../lib/offline/outbox-store';
import { applyToChart, applyToList, parseChartPath, serverPartOf, sortCharts, summaryOf, type AudienceView, type MarketView, type MekkoView, type SummaryView } from './chart-edits';
import { MEKKO_ENTITY, growKeys } from '../../lib/grow-keys';

/**
 * Every Grow edit is a command on its chart (entity 'mekko'), sent through the outbox: shown at
 * once, kept on the device, sent in order when the network allows (decision 007).
 */
export { MEKKO_ENTITY };

type Cached = MekkoView | SummaryView[];
const chartOf = (command: StoredCommand) => command.path.split('/')[3] ?? command.entityId;

const mekkoHandler: EntityHandler<Cached> = {
  queryKeys: (command) => {
    const context = command.context ?? '';
    return [growKeys.list(context), growKeys.chart(context, chartOf(command))];
  },
  apply(data, command) {
    if (Array.isArray(data)) return sortCharts(applyToList(data, command, command.entityId));
    return applyToChart(data, command);
  },
  settle(data, command, serverCopy) {
    const chartDeleted = command.method === 'DELETE' && parseChartPath(command.path).rest.length === 0;
    const copy = chartDeleted ? null : (serverCopy as Mekko | null);
    if (Array.isArray(data)) {
      const without = data.filter((c) => String(c.id) !== command.entityId);
      if (!copy) return chartDeleted ? without : data;
      const summary = summaryOf(copy);
      const rest = without.filter((c) => c.id !== copy.id).map((c) => (copy.default ? { ...c, default: false } : c));
      return sortCharts([...rest, summary]);
    }
    // The chart's own cache takes the server's copy; a copy's answer is another chart.
    return copy && copy.id === data.id ? copy : data;
  },
  comparable: (command, serverCopy) => serverPartOf(serverCopy as Mekko | null, command),
  recreate: recreateItem,
  retryFields: retryFieldsOfEdit,
};
registerEntity(MEKKO_ENTITY, mekkoHandler);

/**
 * What "Edit and retry" offers of a refused Grow edit (issue 27): the texts and figures typed, named
 * as the market and audience panels name them; the category is chosen from a list, not typed.
 */
function retryFieldsOfEdit(command: StoredCommand): RetryField[] {
  const kind = command.item?.split(':')[0];
  const name = kind === 'market' ? 'Market name' : kind === 'audience' ? 'Audience name' : 'Name';
  return retryFields(command.body).filter((f) => f.path !== 'tag').map((f) => (f.path === 'name' ? { ...f, label: name } : f));
}

interface Target {
  context: string;
  /** The chart as the user sees it (pending edits included): what an edit says it was based on. */
  chart: { id: number | string; version: number; name: string } & Partial<Pick<MekkoView, 'default' | 'measurement_label' | 'count_type' | 'markets'>>;
}

const chartPath = (chart: Target['chart']) => `/api/mekkos/${chart.id}`;

/**
 * What each edit touches inside its chart (issue 12): a refused or conflicting edit holds back
 * only later edits of the same item, and edits that name an item it made.
 */
const ITEM = {
  chart: 'chart',
  market: (id: number | string) => `market:${id}`,
  audience: (id: number | string) => `audience:${id}`,
  marketOrder: 'markets-order',
  audienceOrder: (marketId: number | string) => `audiences-order:${marketId}`,
  invalid: 'invalid-audiences',
};

function edit(target: Target, method: StoredCommand['method'], path: string, label: string, item: string, body?: unknown, makes?: string[]) {
  return enqueue({
    entity: MEKKO_ENTITY, entityId: String(target.chart.id), baseVersion: target.chart.version, method, path, body, context: target.context, label, item,
    ...(makes ? { makes } : {}),
  });
}

/** An audience's fields as the chart shows them: the base of an edit of it. */
const audienceBase = (audience: AudienceView) => ({
  name: audience.name,
  tag: audience.tag,
  matched_short_id: audience.matched_short_id,
  modeled_short_id: audience.modeled_short_id,
  population: audience.population,
  webo_cluster_id: audience.webo_cluster_id,
  discussion_cluster_node_id: audience.discussion_cluster_node_id,
  market_id: audience.market_id,
});

/**
 * "Re-create it" after someone else deleted what these edits change (an audience or a market):
 * one add with the values the last of them leaves it with. The chart itself cannot be re-created.
 */
function recreateItem(edits: readonly StoredCommand[]): CommandInput | null {
  const last = edits.at(-1);
  const first = edits[0];
  if (!first || !last || last.method === 'DELETE' || first.gone?.kind === 'chart') return null;
  const { chartId, rest } = parseChartPath(last.path);
  const body = typeof last.body === 'object' && last.body !== null ? (last.body as Record<string, unknown>) : {};
  const context = last.context;
  const key = temporaryId();
  const common = { entity: MEKKO_ENTITY, entityId: last.entityId, baseVersion: last.baseVersion, context, makes: [key] };
  if (rest[0] === 'markets' && rest[1] && rest.length === 2 && typeof body.name === 'string') {
    return { ...common, method: 'POST', path: `/api/mekkos/${chartId}/markets`, body: { name: body.name, client_key: key }, label: `Re-create market ${body.name}`, item: ITEM.market(key) };
  }
  const base = typeof body.base === 'object' && body.base !== null ? (body.base as { market_id?: unknown }) : {};
  const marketId = body.market_id ?? base.market_id;
  if (rest[0] === 'audiences' && rest[1] && marketId !== undefined && typeof body.name === 'string') {
    const { base: _base, market_id: _market, ...fields } = body;
    return {
      ...common, method: 'POST', path: `/api/mekkos/${chartId}/markets/${String(marketId)}/audiences`, body: { ...fields, client_key: key },
      label: `Re-create audience ${body.name}`, item: ITEM.audience(key),
    };
  }
  return null;
}

type ChartFields = Omit<UpdateChartBody, 'version'>;

export function createChart(context: string, body: CreateChartBody) {
  const id = temporaryId();
  const label = `Create Grow chart ${body.name}`;
  return { id, queued: enqueue({ entity: MEKKO_ENTITY, entityId: id, baseVersion: null, method: 'POST', path: '/api/mekkos', body, context, label, makes: [id] }) };
}

/** The chart's own fields as the user saw them, for the server to merge with changes made since. */
const chartBase = (chart: Target['chart']) =>
  chart.default === undefined ? undefined : { name: chart.name, default: chart.default, measurement_label: chart.measurement_label, count_type: chart.count_type };

export const updateChart = (target: Target, fields: ChartFields) =>
  edit(target, 'PUT', chartPath(target.chart), `Edit Grow chart ${fields.name}`, ITEM.chart, { ...fields, base: chartBase(target.chart) });

export function copyChart(context: string, source: Target['chart'], name: string) {
  const id = temporaryId();
  const label = `Copy Grow chart ${source.name}`;
  return { id, queued: enqueue({ entity: MEKKO_ENTITY, entityId: id, baseVersion: null, method: 'POST', path: `${chartPath(source)}/copy`, body: { name }, context, label, makes: [id] }) };
}

export const deleteChart = (target: Target) => edit(target, 'DELETE', chartPath(target.chart), `Delete Grow chart ${target.chart.name}`, ITEM.chart);

export const removeInvalidAudiences = (target: Target) => edit(target, 'POST', `${chartPath(target.chart)}/remove-invalid`, `Remove invalid audiences of ${target.chart.name}`, ITEM.invalid, {});

export function addMarket(target: Target, name: string) {
  const key = temporaryId();
  return edit(target, 'POST', `${chartPath(target.chart)}/markets`, `Add market ${name}`, ITEM.market(key), { name, client_key: key }, [key]);
}

export const renameMarket = (target: Target, market: MarketView, name: string) =>
  edit(target, 'PUT', `${chartPath(target.chart)}/markets/${market.id}`, `Rename market ${market.name}`, ITEM.market(market.id), { name, base: { name: market.name } });

export const deleteMarket = (target: Target, market: MarketView) =>
  edit(target, 'DELETE', `${chartPath(target.chart)}/markets/${market.id}`, `Delete market ${market.name}`, ITEM.market(market.id));

export const reorderMarkets = (target: Target, ids: readonly (number | string)[]) =>
  edit(target, 'PUT', `${chartPath(target.chart)}/markets/order`, `Reorder markets of ${target.chart.name}`, ITEM.marketOrder, {
    ids,
    ...(target.chart.markets ? { base: { ids: target.chart.markets.map((m) => m.id) } } : {}),
  });

export type AudienceFields = Omit<AudienceBody, 'version' | 'client_key'>;

export function addAudience(target: Target, market: MarketView, fields: AudienceFields) {
  const key = temporaryId();
  return edit(target, 'POST', `${chartPath(target.chart)}/markets/${market.id}/audiences`, `Add audience ${fields.name}`, ITEM.audience(key), { ...fields, client_key: key }, [key]);
}

export const updateAudience = (target: Target, audience: AudienceView, fields: AudienceFields & { market_id?: number | string }) =>
  edit(target, 'PUT', `${chartPath(target.chart)}/audiences/${audience.id}`, `Edit audience ${audience.name}`, ITEM.audience(audience.id), { ...fields, base: audienceBase(audience) });

export const deleteAudience = (target: Target, audience: AudienceView) =>
  edit(target, 'DELETE', `${chartPath(target.chart)}/audiences/${audience.id}`, `Delete audience ${audience.name}`, ITEM.audience(audience.id));

export const reorderAudiences = (target: Target, market: MarketView, ids: readonly (number | string)[]) =>
  edit(target, 'PUT', `${chartPath(target.chart)}/markets/${market.id}/audiences/order`, `Reorder audiences of ${market.name}`, ITEM.audienceOrder(market.id), {
    ids,
    base: { ids: market.sub_markets.map((a) => a.id) },
  });
