import { mergeFigures, norm, sameFigures, UPLOAD_LIMITS, UPLOAD_TEXT, type Figure, type UploadIssue } from '@shared/rules/uploads';
import { matchGrowRows, type GrowCatalog, type GrowTarget } from '@shared/rules/upload-rows';
import type { UpdatedMarket } from '@shared/schemas/uploads';
import { clientNodeIds } from '../discussions/discussions-repository';
import { audit, chartScope, claimAny, type GrowScope } from '../grow/grow-common';
import * as grow from '../grow/grow-repository';
import { contextClientRegion } from '../insights/insights-service';
import { categoriesOf } from './uploads-repository';
import type { Applied, ProductGroup, UploadScope } from './uploads-service';

/**
 * The Grow uploader (issue 29): each row sets one market-level demographic figure of an audience
 * of a chart of its product. A chart's audiences are written in one transaction that claims the
 * chart as any Grow write does (its version moves on, so an open page and offline copies see the
 * change as another edit) and leaves an audit row.
 */

export async function categoriesByName(scope: UploadScope): Promise<Map<string, string>> {
  const clientRegionId = await contextClientRegion({ db: scope.db, ctx: scope.ctx, data: scope.data });
  return new Map((await categoriesOf(scope.db, clientRegionId)).map((c) => [norm(c.name), c.name]));
}

async function catalogOf(scope: GrowScope, categories: Map<string, string>, discussionNodes: Set<number>): Promise<GrowCatalog> {
  const charts = await grow.listCharts(scope.db, chartScope(scope.ctx));
  const audiences = await grow.audiencesOf(scope.db, charts.map((c) => c.id));
  const out: GrowCatalog = { charts: new Map(), categories, discussionNodes };
  for (const chart of charts) {
    const markets = await grow.marketsOf(scope.db, chart.id);
    (out.charts as Map<string, unknown>).set(norm(chart.name), {
      id: chart.id,
      name: chart.name,
      markets: new Map(markets.map((m) => [norm(m.name), {
        id: m.id,
        name: m.name,
        audiences: new Map(audiences.filter((a) => a.marketId === m.id).map((a) => [norm(a.name), { id: a.id, name: a.name }])),
      }])),
    });
  }
  return out;
}

export async function applyGrow(scope: UploadScope, groups: ProductGroup[]): Promise<Applied> {
  const categories = await categoriesByName(scope);
  // Column M: the discussion cluster nodes the rows name that are this client's.
  const named = groups.flatMap((g) => g.rows.map((r) => r.values.discussion)).filter((v): v is number => typeof v === 'number');
  const discussionNodes = await clientNodeIds(scope.db, scope.ctx.clientId, named);
  const issues: UploadIssue[] = [];
  const updated: UpdatedMarket[] = [];
  for (const group of groups) {
    const readScope: GrowScope = { ...scope, ctx: group.ctx };
    const matched = matchGrowRows(group.rows, group.productName, await catalogOf(readScope, categories, discussionNodes));
    issues.push(...matched.issues);
    const byChart = new Map<number, GrowTarget[]>();
    for (const target of matched.targets.values()) byChart.set(target.chartId, [...(byChart.get(target.chartId) ?? []), target]);
    for (const [chartId, targets] of byChart) {
      const changed = await scope.db.transaction(async (tx) => {
        const writeScope: GrowScope = { ...scope, db: tx, ctx: group.ctx };
        const current = await grow.findChart(tx, chartScope(group.ctx), chartId, true);
        if (!current) return null; // deleted since the catalog was read: its rows name nothing now
        const audiences = new Map((await grow.audiencesOf(tx, [chartId])).map((a) => [a.id, a]));
        const writes: { target: GrowTarget; figures: Figure[]; node: number | null }[] = [];
        for (const target of targets) {
          const audience = audiences.get(target.audienceId);
          if (!audience) continue;
          const figures = mergeFigures(audience.demographics, target.figures);
          if (figures.length > UPLOAD_LIMITS.figuresPerItem) {
            issues.push(...target.figures.map((f) => ({ column: 'I', row: f.row, message: UPLOAD_TEXT.tooManyFigures })));
            continue;
          }
          const node = target.discussion?.id ?? audience.discussionClusterNodeId;
          // A row that sets what is already there changes nothing: no new version, not listed as updated.
          if (sameFigures(figures, audience.demographics) && node === audience.discussionClusterNodeId) continue;
          writes.push({ target, figures, node });
        }
        if (writes.length === 0) return [];
        const chart = await claimAny(writeScope, chartId, current.version);
        for (const w of writes) await grow.setAudienceUpload(tx, w.target.audienceId, { demographics: w.figures, discussionClusterNodeId: w.node });
        await audit(writeScope, 'grow.upload', chartId, {
          audiences: writes.map((w) => w.target.audienceId),
          figures: writes.reduce((n, w) => n + w.target.figures.length, 0),
          discussions: writes.filter((w) => w.target.discussion).map((w) => ({ audience: w.target.audienceId, node: w.node })),
          version: chart.version,
        });
        return writes.map((w) => w.target);
      });
      if (!changed) continue;
      const byMarket = new Map<number, UpdatedMarket>();
      for (const t of changed) {
        const entry = byMarket.get(t.marketId) ?? { mekko_name: t.chartName, name: t.marketName, sub_markets: [] };
        if (!entry.sub_markets.some((s) => s.name === t.audienceName)) entry.sub_markets.push({ name: t.audienceName });
        byMarket.set(t.marketId, entry);
      }
      updated.push(...byMarket.values());
    }
  }
  return { updated, issues };
}
