import type { CSSProperties } from 'react';
import type { UseQueryResult } from '@tanstack/react-query';
import { useRouter } from '@tanstack/react-router';
import { useSnapshot } from 'valtio';
import { formatAsOf } from '@shared/rules/format';
import { GROW_TEXT, levelForTab, saveAudienceBlock, selectionRules, type GrowTab, type TvCountSettings } from '@shared/rules/grow';
import type { Counts } from '@shared/schemas/insights';
import { useOnline } from '../../lib/offline/freshness';
import { openIndexReportForm } from '../../lib/index-report-form-store';
import { keptSince } from '../../lib/offline/last-good';
import { insightErrorMessage, isDataNotReady } from '../../lib/insights-queries';
import { toSelectable } from './chart-data';
import type { MekkoView } from './chart-edits';
import type { ChartMarket } from '../../components/mekko/chart-model';
import { chartSvg } from '../../components/mekko/mekko-export';
import { ExportButtons } from '../../components/export-buttons';
import { exportChart } from '../../lib/chart-file';
import { FilterBar } from '../../components/filter-bar';
import { SplitGutter } from '../../components/split-gutter';
import { growState, setChartShare } from './grow-store';
import { CountTabs } from '../../components/count-tabs';
import { indexReportOfSelection } from './index-report-of-selection';
import { InsightsPanel } from './insights-panel';
import { MekkoChart } from '../../components/mekko/mekko-chart';
import { saveAudienceHref } from './save-audience-link';
import { SplitHandle } from '../../components/split-handle';
import type { ChartActions } from './use-chart-actions';

interface Props {
  context: string;
  chart: MekkoView;
  markets: ChartMarket[];
  totals: Record<GrowTab, number | null>;
  tab: GrowTab;
  levels: { person: boolean; market: boolean };
  counts: UseQueryResult<Counts>;
  tv: { settings: TvCountSettings; people: number; regionSlug: string } | null;
  selectedIds: readonly (number | string)[];
  may: { create: boolean; update: boolean; destroy: boolean };
  productPath: string;
  canCreateAudiences: boolean;
  /** Opens the discussion cluster form on a node (issue 30); absent for who may not edit clusters. */
  onEditDiscussion?: (nodeId: number) => void;
  /** index_report create, and the client's lite flag (which disables index reports). */
  indexReports: { canCreate: boolean; lite: boolean };
  onTab: (tab: GrowTab) => void;
  onLevel: (level: 'market' | 'person') => void;
  onAudienceClick: (id: number | string) => void;
  onSelection: (ids: (number | string)[]) => void;
  actions: ChartActions;
}

const TAB_LABEL: Record<GrowTab, string> = { total: GROW_TEXT.tabTotal, matched: GROW_TEXT.tabMatched, modeled: GROW_TEXT.tabModeled };

/** The chart area and the insights area of one chart, with the tabs, the filter bar and the gutter between them. */
export function ChartWorkspace(props: Props) {
  const { chart, markets, tab, selectedIds, may } = props;
  const snap = useSnapshot(growState);
  const router = useRouter();
  const online = useOnline();
  const mode = may.update ? snap.mode : 'view';
  const audiences = chart.markets.flatMap((m) => m.sub_markets.map((a) => ({ audience: a, market: m })));
  const selected = audiences.filter((x) => selectedIds.includes(x.audience.id));
  const selectable = selected.map((x) => toSelectable(x.audience));
  const ruleTab = tab === 'total' ? 'matched' : tab;
  const rules = selectionRules(selectable, ruleTab);
  const segments = new Map(chart.segments.map((s) => [s.id, s]));
  const block = saveAudienceBlock(selectable, ruleTab, {
    canCreateAudiences: props.canCreateAudiences,
    segmentAllowsCreate: (id) => segments.get(id)?.create_audience_single ?? false,
    compareMode: false,
  });
  const report = indexReportOfSelection(chart, selectedIds, tab, { context: props.context, ...props.indexReports });
  const countsError = props.counts.error;
  // The counts' time when they are not fresh: the browser is offline, or the server could not be
  // reached and the last good counts are shown (a server down with the network up is offline too).
  const countsAsOf = !online && props.counts.dataUpdatedAt > 0 ? props.counts.dataUpdatedAt : keptSince(props.counts);
  // The slide names the tab its sizes come from.
  const exportAs = (kind: 'png' | 'svg') =>
    exportChart(kind, chartSvg(markets, { measurementLabel: chart.measurement_label, title: `${chart.name} · ${TAB_LABEL[tab]}`, widthPx: 1600, heightPx: 900 }), chart.name);

  return (
    <div className={`grow-workspace grow-workspace--${snap.focus}`}>
      <div className="grow-toolbar">
        <CountTabs tab={tab} totals={props.totals} levels={props.levels} countType={chart.count_type} onChange={props.onTab} />
        <div className="grow-toolbar__actions">
          {may.update ? (
            <div role="group" aria-label="Chart mode" className="segmented">
              <button type="button" aria-pressed={mode === 'view'} onClick={() => (growState.mode = 'view')}>View</button>
              <button type="button" aria-pressed={mode === 'edit'} onClick={() => (growState.mode = 'edit')}>Edit</button>
            </div>
          ) : null}
          {mode === 'edit' && chart.vertical_type === null ? (
            <button type="button" className="button button--secondary" onClick={() => (growState.panel = { kind: 'market', marketId: null })}>{GROW_TEXT.addMarket}</button>
          ) : null}
          <ExportButtons onExport={exportAs} />
          <button
            type="button"
            className="button button--primary"
            disabled={selected.length === 0 || block !== null || rules === null}
            title={block ?? (selected.length === 0 ? 'Select audiences to save them as an audience.' : undefined)}
            onClick={() => rules && void router.navigate({ href: saveAudienceHref(props.productPath, chart, selected, rules) })}
          >
            {GROW_TEXT.saveAudience}
          </button>
        </div>
      </div>
      {block && selected.length > 0 ? <p className="grow-note">{block}</p> : null}
      {countsAsOf !== null ? <p className="grow-note" role="status">Offline · counts as of {formatAsOf(countsAsOf)}</p> : null}
      {countsError && !props.counts.data ? <p className="grow-note" role={isDataNotReady(countsError) ? 'status' : 'alert'}>{insightErrorMessage(countsError)}</p> : null}
      <FilterBar
        chips={selected.map((x) => ({ id: x.audience.id, market: x.market.name, audience: x.audience.name }))}
        onRemove={(id) => props.onSelection(selectedIds.filter((x) => x !== id))}
        onClear={() => props.onSelection([])}
      />
      <div className="grow-split" style={{ '--grow-chart-share': `${snap.chartSharePct}%` } as CSSProperties}>
        <section className="grow-chart-area" aria-label="Chart">
            <MekkoChart
              markets={markets}
              mode={mode}
              measurementLabel={chart.measurement_label}
              selectedIds={selectedIds}
              canOpenZeroCount={mode === 'view'}
              onAudienceClick={(a) => props.onAudienceClick(a.id)}
              onEditAudience={(a, m) => (growState.panel = { kind: 'audience', marketId: m.id, audienceId: a.id })}
              onEditMarket={(m) => (growState.panel = { kind: 'market', marketId: m.id })}
              onAddAudience={(m) => (growState.panel = { kind: 'audience', marketId: m.id, audienceId: null })}
              onReorderMarkets={(ids) => props.actions.reorderMarkets(ids)}
              onReorderAudiences={(marketId, ids) => {
                const market = chart.markets.find((m) => m.id === marketId);
                if (market) props.actions.reorderAudiences(market, ids);
              }}
            />
        </section>
        {snap.focus === 'insights' ? <SplitHandle sharePct={snap.chartSharePct} onChange={setChartShare} /> : null}
        <SplitGutter focus={snap.focus} selectedCount={selected.length} onFocus={(f) => (growState.focus = f)} />
        {snap.focus === 'insights' ? (
          <section className="grow-insights-area" aria-label="Insights">
            <InsightsPanel
              context={props.context}
              level={levelForTab(tab)}
              rules={rules}
              caption={`${TAB_LABEL[tab]} · ${selected.length === 0 ? 'no audiences selected' : `${selected.length} audience${selected.length === 1 ? '' : 's'} selected`}`}
              markets={chart.markets.map((m) => ({ id: m.id, name: m.name, population: m.sub_markets.reduce((s, a) => s + a.population, 0), audiences: m.sub_markets.map((a) => ({ id: a.id, name: a.name, population: a.population, selected: selectedIds.includes(a.id), demographics: a.demographics ?? [], discussion_cluster_node_id: a.discussion_cluster_node_id })) }))}
              countType={chart.count_type}
              tv={chart.count_type === 'tv_panelists' ? props.tv : null}
              levels={props.levels}
              onLevelChange={props.onLevel}
              indexReport={{ block: report.block, onCreate: () => report.request && openIndexReportForm(report.request) }}
              onEditDiscussion={props.onEditDiscussion}
            />
          </section>
        ) : null}
      </div>
    </div>
  );
}
