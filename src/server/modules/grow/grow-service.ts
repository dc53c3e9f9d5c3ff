import { can } from '@shared/permissions';
import { copyName, GROW_TEXT, measurementLabelOf, validateChart, type CountType, type FieldIssue } from '@shared/rules/grow';
import { verticalOf } from '@shared/rules/grow-verticals';
import type { CreateChartBody, Mekko, MekkoSummary, UpdateChartBody } from '@shared/schemas/grow';
import { contextClientRegion } from '../insights/insights-service';
import * as repo from './grow-repository';
import {
  audit,
  chartInScope,
  claimEdit,
  chartScope,
  claim,
  guarded,
  invalid,
  partsOf,
  readinessOf,
  viewOf,
  type ChartAnswer,
  type GrowScope,
} from './grow-common';
import { fillFromVertical } from './grow-verticals-service';
import { invalidAudienceIds, namedShortIds, toMekko, toSummary } from './grow-views';

/**
 * Charts (mekkos) of the X-Context product and region: list, read, create (blank or from an
 * industry vertical), edit, copy and delete (spec 3 §2.2, §4, §5).
 */

export async function listCharts(scope: GrowScope): Promise<MekkoSummary[]> {
  const charts = await repo.listCharts(scope.db, chartScope(scope.ctx));
  const audiences = await repo.audiencesOf(scope.db, charts.map((c) => c.id));
  const shortIds = audiences.flatMap(namedShortIds);
  const segments = shortIds.length ? await repo.segmentsOf(scope.db, await contextClientRegion(scope), shortIds) : [];
  const invalid = new Set(invalidAudienceIds(audiences, segments, readinessOf(scope)));
  const invalidByChart = new Map<number, number>();
  for (const a of audiences) if (invalid.has(a.id)) invalidByChart.set(a.mekkoId, (invalidByChart.get(a.mekkoId) ?? 0) + 1);
  return charts.map((c) => toSummary(c, invalidByChart.get(c.id) ?? 0));
}

export async function getChart(scope: GrowScope, id: number): Promise<Mekko> {
  return viewOf(scope, await chartInScope(scope.db, scope.ctx, id));
}

/** TV panelists need the region's TV count settings and mekkos update (spec 3 §5). */
async function tvAllowed(scope: GrowScope): Promise<boolean> {
  return can(scope.auth.permissions, 'mekkos', 'update') && repo.hasTvSettings(scope.db, await contextClientRegion(scope));
}

/** The chart fields checked (§5) against the scope's other charts; the TV rule is asked only when it matters. */
async function chartIssues(scope: GrowScope, body: { name: string; measurement_label: string; count_type: CountType }, ownId: number | null, currentCountType: CountType | null) {
  const others = await repo.chartNames(scope.db, chartScope(scope.ctx));
  const needsTv = body.count_type === 'tv_panelists' && currentCountType !== 'tv_panelists';
  return validateChart(body, { others, ownId, tvAllowed: needsTv && (await tvAllowed(scope)), currentCountType });
}

export async function createChart(scope: GrowScope, body: CreateChartBody): Promise<ChartAnswer> {
  const cs = chartScope(scope.ctx);
  const prePopulated = body.creation_method === 'prePopulated';
  const vertical = prePopulated ? verticalOf(body.vertical_type) : null;
  const issues: FieldIssue[] = await chartIssues(scope, body, null, null);
  if (prePopulated && !vertical) issues.push({ field: 'vertical_type', message: GROW_TEXT.unknownVertical });
  if (issues.length) throw invalid(issues);

  if (body.default) await repo.clearDefault(scope.db, cs);
  const chart = await guarded(() => repo.insertChart(scope.db, cs, {
    name: body.name.trim(),
    isDefault: body.default,
    measurementLabel: measurementLabelOf(body.measurement_label),
    countType: body.count_type,
    verticalType: vertical?.key ?? null,
  }, scope.auth.user.id));
  if (vertical) await fillFromVertical(scope.db, chart.id, await contextClientRegion(scope), vertical);
  await audit(scope, 'grow.chart.create', chart.id, { name: chart.name, version: chart.version, vertical_type: chart.verticalType });
  return { data: await viewOf(scope, chart) };
}

/** A chart's own fields as the API names them: what an edit of it merges (issue 12). */
const chartValuesOf = (row: repo.ChartRow) => ({ name: row.name, default: row.isDefault, measurement_label: row.measurementLabel, count_type: row.countType });

export async function updateChart(scope: GrowScope, id: number, sent: UpdateChartBody): Promise<ChartAnswer> {
  // The name as typed: the checks tell a blank name from a missing one.
  const mine = { name: sent.name, default: sent.default, measurement_label: measurementLabelOf(sent.measurement_label), count_type: sent.count_type };
  const { chart: current, values } = await claimEdit(scope, id, sent, mine, async (row) => chartValuesOf(row));
  // count_type is one of the two types in mine and in the column, so the merge keeps it one.
  const body = { ...sent, ...values, count_type: values.count_type as CountType };
  // The column holds only the two count types.
  const issues = await chartIssues(scope, body, id, current.countType as CountType);
  if (issues.length) throw invalid(issues);
  // Newly made default takes it from the other chart; unticked on the default chart clears it (§4).
  if (body.default && !current.isDefault) await repo.clearDefault(scope.db, chartScope(scope.ctx), id);
  const chart = await guarded(() => repo.updateChart(scope.db, id, {
    name: body.name.trim(),
    isDefault: body.default,
    measurementLabel: measurementLabelOf(body.measurement_label),
    countType: body.count_type,
  }));
  await audit(scope, 'grow.chart.update', id, { name: chart.name, version: chart.version });
  return { data: await viewOf(scope, chart) };
}

/** A copy of the chart with its markets and audiences, never the default; refused while it has invalid audiences (§4). */
export async function copyChart(scope: GrowScope, id: number, body: { name?: string | undefined }): Promise<ChartAnswer> {
  const cs = chartScope(scope.ctx);
  const source = await chartInScope(scope.db, scope.ctx, id);
  const parts = await partsOf(scope, source);
  if (toMekko(parts).invalid_audience_ids.length > 0) throw invalid([{ field: 'id', message: GROW_TEXT.copyInvalid }], 'params');

  const countType = source.countType as CountType;
  let name: string;
  if (body.name === undefined) {
    name = copyName(source.name, (await repo.chartNames(scope.db, cs)).map((c) => c.name));
  } else {
    // The copy keeps the source's count type and label: only its name is checked.
    const issues = await chartIssues(scope, { name: body.name, measurement_label: source.measurementLabel, count_type: countType }, null, countType);
    if (issues.length) throw invalid(issues);
    name = body.name.trim();
  }
  const chart = await guarded(() => repo.insertChart(scope.db, cs, {
    name,
    isDefault: false,
    measurementLabel: source.measurementLabel,
    countType: source.countType,
    verticalType: source.verticalType,
  }, scope.auth.user.id));
  const markets = await repo.insertMarkets(scope.db, chart.id, parts.markets.map((m, position) => ({ name: m.name, position })));
  const marketIds = new Map(parts.markets.map((m, i) => [m.id, markets[i]?.id]));
  const positions = new Map<number, number>();
  await repo.insertAudiences(scope.db, parts.audiences.flatMap((a) => {
    const marketId = marketIds.get(a.marketId);
    if (marketId === undefined) return [];
    const position = positions.get(marketId) ?? 0;
    positions.set(marketId, position + 1);
    return [{
      mekkoId: chart.id,
      marketId,
      position,
      name: a.name,
      tag: a.tag,
      matchedShortId: a.matchedShortId,
      modeledShortId: a.modeledShortId,
      population: a.population,
      weboClusterId: a.weboClusterId,
      discussionClusterNodeId: a.discussionClusterNodeId,
    }];
  }));
  await audit(scope, 'grow.chart.copy', chart.id, { name: chart.name, version: chart.version, source_id: source.id });
  return { data: await viewOf(scope, chart) };
}

/** Deletes the chart (its markets, audiences and snapshots go with it); answers it as it was, at the next version. */
export async function deleteChart(scope: GrowScope, id: number, version: number): Promise<ChartAnswer> {
  const chart = await claim(scope, id, version);
  const view = await viewOf(scope, chart);
  await repo.deleteChart(scope.db, id);
  await audit(scope, 'grow.chart.delete', id, { name: chart.name, version: chart.version });
  return { data: view };
}
