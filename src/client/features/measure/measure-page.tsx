import '../../styles/grow.css';
import '../../styles/insights.css';
import './measure-page.css';
import './measure-commands';
import { useEffect, useId, useState } from 'react';
import { Popover } from 'radix-ui';
import { useQuery } from '@tanstack/react-query';
import { useRouter } from '@tanstack/react-router';
import { can } from '@shared/permissions';
import { GROW } from '@shared/rules/grow';
import { formatContext, slugsOf } from '@shared/rules/context';
import {
  OUTCOME_TAB_LABELS, OUTCOMES_TEXT, rangeTimeframes, rangeTooLong, resolveOutcomeTab, selectedFigure, triggerText,
  type MeasureSelection, type OutcomeTab, type TimeframeSelection,
} from '@shared/rules/outcomes';
import type { MekkoSummary } from '@shared/schemas/grow';
import { CountTabs } from '../../components/count-tabs';
import { ExportButtons } from '../../components/export-buttons';
import { chartSvg } from '../../components/mekko/mekko-export';
import { exportChart } from '../../lib/chart-file';
import { FilterBar } from '../../components/filter-bar';
import { PageHeader } from '../../components/page-header';
import type { ProductScope } from '../../lib/guards';
import { useOnline } from '../../lib/offline/freshness';
import { useOutbox, useWithOutbox } from '../../lib/offline/outbox-client';
import { InfoBoxes } from './info-boxes';
import { OUTCOME_TIMEFRAME_ENTITY } from './measure-keys';
import { MeasureMekko, badgeOf, measureChartMarkets } from './measure-mekko';
import { rangeChartSvg } from './range-export';
import { audienceColours, buildRangeCharts } from './range-model';
import { emptyChartText, findTimeframe, liveSelection, measureMarkets, parseMeasureSearch, requestedTab, searchOf, selectionChip, selectionOf, type MeasureSearch } from './measure-model';
import { mekkoQueryOptions, mekkosQueryOptions, outcomeTimeframesQueryOptions, tabsConfigurationQueryOptions, type OutcomeTimeframesView } from './measure-queries';
import { RangeChart } from './range-chart';
import { TimeframePicker } from './timeframe-picker';
import { TimeframeSettingsPanel } from './timeframe-settings-panel';

interface Props {
  scope: ProductScope;
  mekkoId: number | undefined;
  search: Record<string, unknown>;
}

const hrefOf = (productPath: string, mekkoId: number | undefined, search: MeasureSearch) => {
  const query = new URLSearchParams(Object.entries(search).filter(([, v]) => v !== undefined).map(([k, v]) => [k, String(v)])).toString();
  return `/${productPath}/outcomes/measure${mekkoId === undefined ? '' : `/${mekkoId}`}${query ? `?${query}` : ''}`;
};

/** The chart a path names, else the default, else the first (spec 3 §2.5). */
const chooseChart = (charts: readonly MekkoSummary[], mekkoId: number | undefined) =>
  mekkoId !== undefined ? charts.find((c) => c.id === mekkoId) : (charts.find((c) => c.default) ?? charts[0]);

/**
 * Outcomes Measure (spec 3 §2.5, §4): a Grow chart's markets and audiences month by month, two
 * timeframes compared on the mekko with the percent change on every block, or a range of up to 13
 * months as stacked bars; the address bar keeps the chart, the months, the mode, the tab and the grouping.
 */
export function MeasurePage({ scope, mekkoId, search: raw }: Props) {
  const router = useRouter();
  const context = formatContext(slugsOf(scope.context));
  const search = parseMeasureSearch(raw);
  const may = { create: can(scope.permissions, 'outcome_timeframes', 'create'), destroy: can(scope.permissions, 'outcome_timeframes', 'destroy') };
  const [picked, setPicked] = useState<{ chartId: number | undefined; selection: MeasureSelection }>({ chartId: undefined, selection: null });
  const [refused, setRefused] = useState(false);
  const [settingsOpen, setSettingsOpen] = useState(false);
  const online = useOnline();
  const outbox = useOutbox();

  const list = useQuery(mekkosQueryOptions(context));
  const charts = list.data ?? [];
  const current = chooseChart(charts, mekkoId);
  const chartId = current?.id;
  const chartQuery = useQuery({ ...mekkoQueryOptions(context, chartId ?? 0), enabled: chartId !== undefined });
  const tabsConfig = useQuery({ ...tabsConfigurationQueryOptions(context, chartId ?? null), enabled: chartId !== undefined });
  const timeframesQuery = useQuery({ ...outcomeTimeframesQueryOptions(context, chartId ?? 0), enabled: chartId !== undefined });
  const timeframesView = useWithOutbox<OutcomeTimeframesView>(OUTCOME_TIMEFRAME_ENTITY, timeframesQuery.data);
  const chart = chartQuery.data?.id === chartId ? chartQuery.data : undefined;
  const timeframes = timeframesView && timeframesView.mekkoId === chartId ? timeframesView.data : [];

  const levels = {
    person: tabsConfig.data?.find((t) => t.name === 'Person Level')?.visible ?? true,
    market: tabsConfig.data?.find((t) => t.name === 'Market Level')?.visible ?? true,
  };
  const tab = resolveOutcomeTab(requestedTab(search), { marketLevel: levels.market, personLevel: levels.person });
  const selection = selectionOf(search, timeframes);
  const currentTf = findTimeframe(timeframes, selection?.current);
  const previousTf = findTimeframe(timeframes, selection?.previous);
  const markets = chart ? measureMarkets(chart, currentTf, previousTf, tab) : [];
  const chosen = picked.chartId === chartId ? liveSelection(markets, picked.selection) : null;
  const chip = selectionChip(markets, chosen);

  const go = (id: number | undefined, next: MeasureSearch) => void router.navigate({ href: hrefOf(scope.productPath, id, next) });
  // §2.5: the path follows the selected chart. Opened without one, the address names the chart
  // shown (the default, else the first) in place of the bare path: no extra history entry, so Back leaves Measure.
  const shownId = mekkoId === undefined ? chartId : undefined;
  useEffect(() => {
    if (shownId !== undefined) void router.navigate({ href: hrefOf(scope.productPath, shownId, parseMeasureSearch(raw)), replace: true });
  }, [shownId, router, scope.productPath, raw]);
  const select = (next: MeasureSelection) => setPicked({ chartId, selection: next });
  const changeTimeframes = (next: TimeframeSelection) => {
    // §5: a range of more than 13 months is refused; the pair stays, compared.
    const tooLong = next.isRangeMode && rangeTooLong(next);
    setRefused(tooLong);
    go(chartId, searchOf(search, tooLong ? { ...next, isRangeMode: false } : next));
  };
  const changeTab = (next: OutcomeTab) => go(chartId, { ...search, tab: next });
  const saving = online && outbox.some((c) => c.entity === OUTCOME_TIMEFRAME_ENTITY && c.context === context && c.state === 'pending');
  const loading = list.isFetching || chartQuery.isFetching || tabsConfig.isFetching || timeframesQuery.isFetching || saving;
  const empty = chart ? emptyChartText(chart) : null;
  const group = search.group ?? 'none';
  // Export (DESIGN: every chart to SVG and PNG from the layout it draws): the mekko or the range's stacks, as shown.
  const measurementLabel = chart?.measurement_label || GROW.defaultMeasurementLabel;
  const chartExport = chart && selection && !empty ? (kind: 'png' | 'svg') => {
    const title = `${chart.name} · ${OUTCOME_TAB_LABELS[tab]} · ${triggerText(selection)}`;
    const audiences = new Map(markets.flatMap((m) => m.audiences.map((a) => [String(a.id), a] as const)));
    const svg = selection.isRangeMode
      ? rangeChartSvg(buildRangeCharts(chart.markets, rangeTimeframes(timeframes, selection), tab, group), chart.markets, audienceColours(chart.markets), { title, tabLabel: OUTCOME_TAB_LABELS[tab] })
      : chartSvg(measureChartMarkets(markets), { measurementLabel, title, tileBadge: (audience) => badgeOf(audiences.get(String(audience.id)))?.text });
    exportChart(kind, svg, `${chart.name} ${selection.isRangeMode ? 'range' : 'measure'}`);
  } : null;

  return (
    <div className="page measure-page">
      {/* The pickers beside the title, the tabs beside the info boxes: at 1366x768 the chart and its legend fit below (issue 27). */}
      <PageHeader title={OUTCOMES_TEXT.header}>
        {current ? (
          <div className="measure-toolbar">
            <MeasureChartPicker charts={charts} current={current} onPick={(c) => { setRefused(false); go(c.id, search.tab ? { tab: search.tab } : {}); }} />
            {selection && timeframesView ? (
              <TimeframePicker timeframes={timeframes} today={timeframesView.meta.today} selection={selection} onChange={changeTimeframes} canOpenSettings={may.create} onOpenSettings={() => setSettingsOpen(true)} />
            ) : null}
          </div>
        ) : null}
      </PageHeader>
      {list.isError && !list.data ? <p role="alert">The Grow charts could not be loaded{navigator.onLine ? '. Try again in a moment' : ' offline: open them once while online, or use “Make available offline”'}.</p> : null}
      {list.data && charts.length === 0 ? <p className="empty-state measure-empty">{OUTCOMES_TEXT.noCharts}</p> : null}
      {mekkoId !== undefined && list.data && !current ? <p role="alert">There is no Grow chart {mekkoId} in this product: it may have been deleted.</p> : null}
      {refused ? <p role="alert" className="measure-refused">{OUTCOMES_TEXT.rangeTooLong}</p> : null}
      {(chartQuery.isError && !chart) || (timeframesQuery.isError && !timeframesView)
        ? <p role="alert">This chart's timeframes could not be loaded{navigator.onLine ? '' : ' offline: open them once while online, or use “Make available offline”'}.</p>
        : null}
      {timeframesView && !timeframesView.meta.data_ready ? <p role="status">{OUTCOMES_TEXT.dataNotReady}</p> : null}
      {chart && selection ? (
        <div className="measure-body" aria-busy={loading}>
          <FilterBar
            chips={chip ? [chip] : []}
            onRemove={() => select(null)}
            onClear={() => select(null)}
            emptyText="No filter: select a market or an audience in the chart."
          />
          <div className="measure-figures">
            <CountTabs tab={tab} totals={currentTf ? { total: currentTf.total, matched: currentTf.matched, modeled: currentTf.modeled } : undefined} levels={levels} countType={chart.count_type === 'tv_panelists' ? 'tv_panelists' : 'people_count'} onChange={changeTab} />
            <InfoBoxes
              previousMonth={selection.previous}
              previous={previousTf ? selectedFigure(previousTf, tab, chosen) : 0}
              current={currentTf ? selectedFigure(currentTf, tab, chosen) : 0}
            />
            {chartExport ? <div className="measure-figures__export"><ExportButtons onExport={chartExport} /></div> : null}
          </div>
          {empty ? <p className="empty-state">{empty}</p> : selection.isRangeMode ? (
            <RangeChart
              markets={chart.markets}
              timeframes={rangeTimeframes(timeframes, selection)}
              tab={tab}
              group={group}
              onGroupChange={(group) => go(chartId, { ...search, group })}
              selectedSubMarketId={chosen?.kind === 'subMarket' ? chosen.id : null}
              onToggleSubMarket={(id) => select(chosen?.kind === 'subMarket' && chosen.id === id ? null : { kind: 'subMarket', id })}
            />
          ) : (
            <MeasureMekko markets={markets} measurementLabel={measurementLabel} selection={chosen} onSelection={select} />
          )}
        </div>
      ) : null}
      {loading ? <div className="measure-loading" role="status" aria-live="polite"><span>Loading</span></div> : null}
      {settingsOpen && chart && timeframesView && may.create ? (
        <TimeframeSettingsPanel
          context={context}
          chart={chart}
          timeframes={timeframes}
          today={timeframesView.meta.today}
          marketLevelOnly={!levels.person}
          canDestroy={may.destroy}
          canCreate={may.create}
          onClose={() => setSettingsOpen(false)}
        />
      ) : null}
    </div>
  );
}

/** 'Select Chart to View' (spec 3 §2.5): the product's Grow charts, searchable by name, the default flagged; there is no clearing it. */
function MeasureChartPicker({ charts, current, onPick }: { charts: readonly MekkoSummary[]; current: MekkoSummary; onPick: (chart: MekkoSummary) => void }) {
  const [open, setOpen] = useState(false);
  const [query, setQuery] = useState('');
  const labelId = useId();
  const shown = charts.filter((c) => c.name.toLocaleLowerCase().includes(query.trim().toLocaleLowerCase()));
  const pick = (chart: MekkoSummary) => {
    setOpen(false);
    setQuery('');
    if (chart.id !== current.id) onPick(chart);
  };
  return (
    <div className="measure-chart-picker">
      <span id={labelId} className="measure-chart-picker__label">{OUTCOMES_TEXT.chartPicker}</span>
      <Popover.Root open={open} onOpenChange={(next) => { setOpen(next); if (!next) setQuery(''); }}>
        <Popover.Trigger className="measure-chart-picker__trigger" aria-labelledby={labelId} aria-describedby={`${labelId}-value`}>
          <span id={`${labelId}-value`}>{current.name}</span>
          {current.default ? <span className="flag" aria-label={OUTCOMES_TEXT.defaultChart} title={OUTCOMES_TEXT.defaultChart}>⚑</span> : null}
          <span aria-hidden="true">▾</span>
        </Popover.Trigger>
        <Popover.Portal>
          <Popover.Content className="menu measure-chart-picker__menu" align="start" sideOffset={4} aria-label={OUTCOMES_TEXT.chartPicker}>
            <input
              type="search"
              className="measure-chart-picker__search"
              aria-label="Search charts"
              placeholder="Search charts"
              value={query}
              autoFocus
              onChange={(e) => setQuery(e.target.value)}
              onKeyDown={(e) => { if (e.key === 'Enter' && shown[0]) pick(shown[0]); }}
            />
            <ul className="measure-chart-picker__list" role="listbox" aria-label={OUTCOMES_TEXT.chartPicker}>
              {shown.length === 0 ? <li className="menu__label">No chart matches “{query}”</li> : null}
              {shown.map((c) => (
                <li key={c.id} role="option" aria-selected={c.id === current.id} tabIndex={0} className="menu__item"
                  onClick={() => pick(c)} onKeyDown={(e) => { if (e.key === 'Enter' || e.key === ' ') { e.preventDefault(); pick(c); } }}>
                  <span>{c.name}</span>
                  {c.default ? <span className="flag" aria-label={OUTCOMES_TEXT.defaultChart}>⚑</span> : null}
                </li>
              ))}
            </ul>
          </Popover.Content>
        </Popover.Portal>
      </Popover.Root>
    </div>
  );
}
