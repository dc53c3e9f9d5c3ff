import type { AudienceBody, CreateChartBody, Mekko, UpdateChartBody } from '@shared/schemas/grow';
import type { StoredCommand } from '../../lib/offline/db';
import { enqueue, registerEntity, type EntityHandler } from '../../lib/offline/outbox-client';
import { temporaryId } from '../../lib/offline/outbox';
import { applyToChart, applyToList, parseChartPath, serverPartOf, sortCharts, summaryOf, type AudienceView, type MarketView, type MekkoView, type SummaryView } from './chart-edits';
import { growKeys } from './grow-keys';

/**
 * Every Grow edit is a command on its chart (entity 'mekko'), sent through the outbox: shown at
 * once, kept on the device, sent in order when the network allows (decision 007).
 */
export const MEKKO_ENTITY = 'mekko';

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
};
registerEntity(MEKKO_ENTITY, mekkoHandler);

interface Target {
  context: string;
  chart: { id: number | string; version: number; name: string };
}

const chartPath = (chart: Target['chart']) => `/api/mekkos/${chart.id}`;

function edit(target: Target, method: StoredCommand['method'], path: string, label: string, body?: unknown) {
  return enqueue({ entity: MEKKO_ENTITY, entityId: String(target.chart.id), baseVersion: target.chart.version, method, path, body, context: target.context, label });
}

type ChartFields = Omit<UpdateChartBody, 'version'>;

export function createChart(context: string, body: CreateChartBody) {
  const id = temporaryId();
  return { id, queued: enqueue({ entity: MEKKO_ENTITY, entityId: id, baseVersion: null, method: 'POST', path: '/api/mekkos', body, context, label: `Create Grow chart ${body.name}` }) };
}

export const updateChart = (target: Target, fields: ChartFields) => edit(target, 'PUT', chartPath(target.chart), `Edit Grow chart ${fields.name}`, fields);

export function copyChart(context: string, source: Target['chart'], name: string) {
  const id = temporaryId();
  return { id, queued: enqueue({ entity: MEKKO_ENTITY, entityId: id, baseVersion: null, method: 'POST', path: `${chartPath(source)}/copy`, body: { name }, context, label: `Copy Grow chart ${source.name}` }) };
}

export const deleteChart = (target: Target) => edit(target, 'DELETE', chartPath(target.chart), `Delete Grow chart ${target.chart.name}`);

export const removeInvalidAudiences = (target: Target) => edit(target, 'POST', `${chartPath(target.chart)}/remove-invalid`, `Remove invalid audiences of ${target.chart.name}`, {});

export const addMarket = (target: Target, name: string) =>
  edit(target, 'POST', `${chartPath(target.chart)}/markets`, `Add market ${name}`, { name, client_key: temporaryId() });

export const renameMarket = (target: Target, market: MarketView, name: string) =>
  edit(target, 'PUT', `${chartPath(target.chart)}/markets/${market.id}`, `Rename market ${market.name}`, { name });

export const deleteMarket = (target: Target, market: MarketView) =>
  edit(target, 'DELETE', `${chartPath(target.chart)}/markets/${market.id}`, `Delete market ${market.name}`);

export const reorderMarkets = (target: Target, ids: readonly (number | string)[]) =>
  edit(target, 'PUT', `${chartPath(target.chart)}/markets/order`, `Reorder markets of ${target.chart.name}`, { ids });

export type AudienceFields = Omit<AudienceBody, 'version' | 'client_key'>;

export const addAudience = (target: Target, market: MarketView, fields: AudienceFields) =>
  edit(target, 'POST', `${chartPath(target.chart)}/markets/${market.id}/audiences`, `Add audience ${fields.name}`, { ...fields, client_key: temporaryId() });

export const updateAudience = (target: Target, audience: AudienceView, fields: AudienceFields & { market_id?: number | string }) =>
  edit(target, 'PUT', `${chartPath(target.chart)}/audiences/${audience.id}`, `Edit audience ${audience.name}`, fields);

export const deleteAudience = (target: Target, audience: AudienceView) =>
  edit(target, 'DELETE', `${chartPath(target.chart)}/audiences/${audience.id}`, `Delete audience ${audience.name}`);

export const reorderAudiences = (target: Target, market: MarketView, ids: readonly (number | string)[]) =>
  edit(target, 'PUT', `${chartPath(target.chart)}/markets/${market.id}/audiences/order`, `Reorder audiences of ${market.name}`, { ids });
