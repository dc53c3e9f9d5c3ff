import { useQuery } from '@tanstack/react-query';
import '../../styles/grow.css';
import '../../styles/grow-page.css';
import '../../styles/insights.css';
import './grow-readable.css';
import { useRouter } from '@tanstack/react-router';
import { useSnapshot } from 'valtio';
import { can } from '@shared/permissions';
import { canOpenUploadPage } from '@shared/rules/access';
import { allowedTab, canSelect, GROW_TEXT, segmentKindOf, type GrowTab } from '@shared/rules/grow';
import { hasShortIds } from '@shared/rules/insights';
import { PageHeader } from '../../components/page-header';
import type { ProductScope } from '../../lib/guards';
import { useOnline, useServerUnreachable } from '../../lib/offline/freshness';
import { useOutbox, useWithOutbox } from '../../lib/offline/outbox-client';
import { MEKKO_ENTITY } from './chart-commands';
import { chartMarkets, chooseChart, countsBodyOf, NO_COUNTS, tabTotals, toSelectable } from './chart-data';
import { sortCharts, type AudienceView, type MekkoView, type SummaryView } from './chart-edits';
import { ChartWorkspace } from './chart-workspace';
import { GrowPanels } from './grow-panels';
import { contextOf } from './grow-preload';
import { mekkoQueryOptions, mekkosQueryOptions, tabsConfigurationQueryOptions } from '../../lib/grow-queries';
import { countsQueryOptions, tvSettingsQueryOptions } from './grow-queries';
import { growState, setSelection, setTab, showDialog } from './grow-store';
import { ChartPicker } from './chart-picker';
import { InvalidChartDialog } from '../../components/invalid-chart-dialog';
import { ActionAlert } from '../../components/action-alert';
import { madeOnDevice, savingNow } from './save-feedback';
import { useChartActions } from './use-chart-actions';

interface Props {
  scope: ProductScope;
  mekkoId: number | undefined;
}

/** Grow (spec 3 §2.2): the chart picker and actions, the marimekko of markets and audiences, and the insights of the selection. */
export function GrowPage({ scope, mekkoId }: Props) {
  const router = useRouter();
  const snap = useSnapshot(growState);
  const context = contextOf(scope);
  const region = scope.context.region?.slug ?? '';
  const may = { create: can(scope.permissions, 'mekkos', 'create'), update: can(scope.permissions, 'mekkos', 'update'), destroy: can(scope.permissions, 'mekkos', 'destroy') };

  const outbox = useOutbox();
  const online = useOnline();
  const serverGone = useServerUnreachable();
  const list = useQuery(mekkosQueryOptions(context));
  const charts = sortCharts(useWithOutbox<SummaryView[]>(MEKKO_ENTITY, list.data) ?? []);
  const current = chooseChart(charts, mekkoId);
  const chartId = typeof current?.id === 'number' ? current.id : undefined;
  const chartQuery = useQuery({ ...mekkoQueryOptions(context, chartId ?? 0), enabled: chartId !== undefined });
  const chart = useWithOutbox<MekkoView>(MEKKO_ENTITY, chartQuery.data);
  const tv = useQuery(tvSettingsQueryOptions(context));
  const tabsConfig = useQuery(tabsConfigurationQueryOptions(context, chartId ?? null));
  const levels = {
    person: tabsConfig.data?.find((t) => t.name === 'Person Level')?.visible ?? true,
    market: tabsConfig.data?.find((t) => t.name === 'Market Level')?.visible ?? true,
  };
  const tab = allowedTab(snap.tab, levels);
  const invalid = chart && chart.segments_checked ? chart.invalid_audience_ids : [];
  const body = chart ? countsBodyOf(chart) : null;
  const counts = useQuery({ ...countsQueryOptions(context, body ?? NO_COUNTS), enabled: body !== null && hasShortIds(body) && invalid.length === 0 });
  const scale = { countType: chart?.count_type ?? 'people_count', tv: tv.data ?? null, people: chart?.region_people ?? null } as const;
  const markets = chart ? chartMarkets(chart, tab, counts.data, scale) : [];
  const totals = chart ? tabTotals(chart, counts.data, scale) : { total: null, matched: null, modeled: null };
  const audiences: AudienceView[] = chart ? chart.markets.flatMap((m) => m.sub_markets) : [];
  const selectedIds = chartId === undefined ? [] : (snap.selection[String(chartId)] ?? []).filter((id) => audiences.some((a) => a.id === id));

  // The bulk discussions uploader and the discussion cluster form, for who may write clusters (spec 2 §6, spec 3 §2.2).
  const discussionsHref = canOpenUploadPage('discussions_upload', scope.permissions) ? `/${scope.context.client.slug}/${region}/upload/discussions_upload/admin` : null;
  const open = (id: number | string | undefined) => void router.navigate({ href: `/${scope.productPath}/insights/grow${id === undefined ? '' : `/${id}`}` });
  const actions = useChartActions({ context, chart, charts, current, open });

  const changeTab = (next: GrowTab) => {
    // A person tab filters by that tab's segment: selected audiences without one cannot filter (spec 3 §8).
    if (next !== 'total' && audiences.some((a) => selectedIds.includes(a.id) && !canSelect(toSelectable(a), next))) showDialog({ kind: 'invalid-selected' });
    setTab(next);
  };
  const clickAudience = (id: number | string) => {
    const audience = audiences.find((a) => a.id === id);
    if (!audience || chartId === undefined) return;
    if (selectedIds.includes(id)) return setSelection(chartId, selectedIds.filter((x) => x !== id));
    if (tab !== 'total' && !canSelect(toSelectable(audience), tab)) {
      showDialog({ kind: 'cannot-filter', name: audience.name });
      return;
    }
    setSelection(chartId, [...selectedIds, id]);
  };
  // 'Loading' (spec 3 §2.2) while a read or an edit of this product's charts is on its way.
  const loading = list.isFetching || chartQuery.isFetching || counts.isFetching || savingNow(outbox, context, online && !serverGone);

  return (
    <div className="page grow-page">
      {/* The chart picker beside the title: on a 768 px high laptop the chart and its legend fit below (issue 27). */}
      <PageHeader title="Grow">
        <ChartPicker
          charts={charts}
          current={current}
          may={may}
          onPick={(c) => open(c.id)}
          onCreate={() => (growState.panel = { kind: 'chart', mode: 'create' })}
          onEdit={() => (growState.panel = { kind: 'chart', mode: 'edit' })}
          onCopy={actions.copy}
          onDelete={() => (growState.dialog = { kind: 'delete-chart' })}
        />
        {discussionsHref ? (
          <button type="button" className="button button--secondary" onClick={() => (growState.panel = { kind: 'discussion', nodeId: null })}>Discussion clusters</button>
        ) : null}
        {loading ? <span role="status" aria-live="polite" className="grow-loading">{GROW_TEXT.loading}</span> : null}
      </PageHeader>
      {list.isError && !list.data ? <p role="alert">The Grow charts could not be loaded. Check the network and try again.</p> : null}
      {list.data && charts.length === 0 ? (
        <section className="empty-state" aria-labelledby="no-charts">
          <h2 id="no-charts">{GROW_TEXT.noCharts}</h2>
          {may.create ? <button type="button" className="button button--primary" onClick={() => (growState.panel = { kind: 'chart', mode: 'create' })}>Create chart</button> : <p>{GROW_TEXT.noChartsCannotCreate}</p>}
        </section>
      ) : null}
      {mekkoId !== undefined && list.data && !current ? <p role="alert">There is no Grow chart {mekkoId} in this product: it may have been deleted.</p> : null}
      {madeOnDevice(current, outbox, online) ? <p role="status">{GROW_TEXT.chartMadeOnDevice}</p> : null}
      {chartQuery.isError && !chart ? <p role="alert">This chart could not be loaded{navigator.onLine ? '' : ' offline: open it once while online, or use “Make available offline”'}.</p> : null}
      {chart && invalid.length === 0 ? (
        <ChartWorkspace
          context={context}
          chart={chart}
          markets={markets}
          totals={totals}
          tab={tab}
          levels={levels}
          counts={counts}
          tv={tv.data ? { settings: tv.data, people: chart.region_people ?? 0, regionSlug: region } : null}
          selectedIds={selectedIds}
          may={may}
          productPath={scope.productPath}
          canCreateAudiences={can(scope.permissions, 'audiences', 'create')}
          onEditDiscussion={discussionsHref ? (nodeId) => (growState.panel = { kind: 'discussion', nodeId }) : undefined}
          indexReports={{ canCreate: can(scope.permissions, 'index_report', 'create'), lite: scope.context.client.lite }}
          onTab={changeTab}
          onLevel={(level) => changeTab(level === 'market' ? 'total' : tab === 'total' ? 'matched' : tab)}
          onAudienceClick={clickAudience}
          onSelection={(ids) => chartId !== undefined && setSelection(chartId, ids)}
          actions={actions}
        />
      ) : null}
      {chart && invalid.length > 0 ? (
        <InvalidChartDialog
          invalidCount={invalid.length}
          names={audiences.filter((a) => invalid.includes(Number(a.id))).map((a) => a.name)}
          may={may}
          canChooseAnother={charts.some((c) => c.id !== chart.id && c.invalid_audience_count === 0 && !c.pending)}
          onRemoveInvalid={actions.removeInvalid}
          onDeleteChart={actions.remove}
          onChooseAnother={() => open(charts.find((c) => c.id !== chart.id && c.invalid_audience_count === 0 && !c.pending)?.id)}
        />
      ) : null}
      <GrowPanels
        context={context} region={region} chart={chart} charts={charts} current={current} may={may} tvAllowed={Boolean(tv.data) && may.update} actions={actions}
        discussionsHref={discussionsHref}
      />
      {snap.dialog?.kind === 'cannot-filter' ? (
        <ActionAlert title={GROW_TEXT.cannotFilterTitle} message={GROW_TEXT.cannotFilter(snap.dialog.name, segmentKindOf(tab))} onClose={() => (growState.dialog = null)} />
      ) : null}
      {snap.dialog?.kind === 'invalid-selected' ? (
        <ActionAlert title={GROW_TEXT.invalidSelectedTitle} message={GROW_TEXT.invalidSelected(segmentKindOf(tab))} onClose={() => (growState.dialog = null)} />
      ) : null}
    </div>
  );
}

