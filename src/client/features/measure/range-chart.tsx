import './range-chart.css';
import { createContext, useContext, useId, useLayoutEffect, useMemo, useRef, useState } from 'react';
import { DropdownMenu, Tooltip } from 'radix-ui';
import { ResponsiveBar } from '@nivo/bar';
import type { BarItemProps } from '@nivo/bar';
import { OUTCOME_TAB_LABELS, OUTCOMES, OUTCOMES_TEXT } from '@shared/rules/outcomes';
import type { OutcomeTab } from '@shared/rules/outcomes';
import { ChartTooltip } from '../../components/chart-tooltip';
import { audienceColours, buildRangeCharts, isDimmed, segmentLabel, tickText } from './range-model';
import type { RangeChartModel, RangeDatum, RangeGroup, RangeMarket, RangeSeries, RangeTimeframe } from './range-model';

interface Props {
  markets: readonly RangeMarket[];
  /** The range, oldest first (rangeTimeframes). */
  timeframes: readonly RangeTimeframe[];
  tab: OutcomeTab;
  group: RangeGroup;
  onGroupChange: (group: RangeGroup) => void;
  selectedSubMarketId: number | null;
  onToggleSubMarket: (subMarketId: number) => void;
}

/** What a segment needs beyond nivo's bar: its audience, the selection and the toggle. */
interface SegmentContextValue {
  series: ReadonlyMap<string, RangeSeries>;
  tab: OutcomeTab;
  selectedSubMarketId: number | null;
  onToggleSubMarket: (subMarketId: number) => void;
}
const SegmentContext = createContext<SegmentContextValue | null>(null);

const MARGIN = { top: 12, right: 16, bottom: 72, left: 76 };
const CHART_HEIGHT = { none: 380, market: 300 } as const;
const THEME = {
  text: { fill: 'var(--color-text-muted)', fontSize: 12 },
  axis: {
    legend: { text: { fill: 'var(--color-text)', fontSize: 13, fontWeight: 600 } },
    ticks: { text: { fill: 'var(--color-text-muted)', fontSize: 12 }, line: { stroke: 'var(--color-border)' } },
    domain: { line: { stroke: 'var(--color-border)', strokeWidth: 1 } },
  },
  grid: { line: { stroke: 'var(--color-border)', strokeWidth: 1, strokeDasharray: '2 4' } },
};

/**
 * Range mode's stacked container (spec 3 §2.5, §9): the 'View' menu (Group by None or by
 * Market, one chart per market), a legend of markets and audiences folded to 55 px with 'See
 * more' / 'See less', a Count axis of 12 ticks and a Date axis of up to 13 months, and stacks
 * whose segments toggle their audience; the others are dimmed while one is selected. Each chart
 * also has a table of its figures for screen readers.
 */
export function RangeChart({ markets, timeframes, tab, group, onGroupChange, selectedSubMarketId, onToggleSubMarket }: Props) {
  const charts = useMemo(() => buildRangeCharts(markets, timeframes, tab, group), [markets, timeframes, tab, group]);
  const colours = useMemo(() => audienceColours(markets), [markets]);
  const series = useMemo(() => new Map(charts.flatMap((c) => c.series.map((s) => [s.key, s] as const))), [charts]);
  const context = useMemo(() => ({ series, tab, selectedSubMarketId, onToggleSubMarket }), [series, tab, selectedSubMarketId, onToggleSubMarket]);

  return (
    <section className="range-chart" aria-label={`${OUTCOME_TAB_LABELS[tab]} by month`}>
      <div className="range-chart__toolbar">
        <DropdownMenu.Root>
          <DropdownMenu.Trigger className="button button--secondary">{OUTCOMES_TEXT.view} <span aria-hidden="true">▾</span></DropdownMenu.Trigger>
          <DropdownMenu.Portal>
            <DropdownMenu.Content className="menu" align="start" sideOffset={4}>
              <DropdownMenu.RadioGroup value={group} onValueChange={(value) => onGroupChange(value === 'market' ? 'market' : 'none')}>
                <DropdownMenu.RadioItem className="menu__item" value="none">{OUTCOMES_TEXT.groupByNone}</DropdownMenu.RadioItem>
                <DropdownMenu.RadioItem className="menu__item" value="market">{OUTCOMES_TEXT.groupByMarket}</DropdownMenu.RadioItem>
              </DropdownMenu.RadioGroup>
            </DropdownMenu.Content>
          </DropdownMenu.Portal>
        </DropdownMenu.Root>
      </div>
      <RangeLegend markets={markets} colours={colours} selectedSubMarketId={selectedSubMarketId} onToggleSubMarket={onToggleSubMarket} />
      {charts.length === 0 ? <p className="range-chart__empty">{OUTCOMES_TEXT.noMarkets}</p> : null}
      <Tooltip.Provider delayDuration={OUTCOMES.tooltipDelayMs}>
        <SegmentContext.Provider value={context}>
          <div className={`range-chart__charts range-chart__charts--${group}`}>
            {charts.map((chart) => <StackedChart key={chart.id} chart={chart} tab={tab} height={CHART_HEIGHT[group]} />)}
          </div>
        </SegmentContext.Provider>
      </Tooltip.Provider>
    </section>
  );
}

function StackedChart({ chart, tab, height }: { chart: RangeChartModel; tab: OutcomeTab; height: number }) {
  const name = chart.title ?? OUTCOMES_TEXT.chartTotal;
  const crowded = chart.data.length > 6;
  return (
    <figure className="range-chart__figure">
      {chart.title ? <figcaption className="range-chart__title">{chart.title}</figcaption> : null}
      <div className="range-chart__plot" style={{ height }}>
        <ResponsiveBar<RangeDatum>
          data={chart.data}
          keys={chart.series.map((s) => s.key)}
          indexBy="month"
          groupMode="stacked"
          margin={MARGIN}
          padding={0.25}
          valueScale={{ type: 'linear', min: 0, max: chart.top }}
          gridYValues={chart.ticks}
          colors={(datum) => chart.series.find((s) => s.key === datum.id)?.color ?? '#888888'}
          enableLabel={false}
          animate={false}
          theme={THEME}
          role="group"
          ariaLabel={`${name}: ${OUTCOME_TAB_LABELS[tab]} stacked by audience, ${chart.data.length} months`}
          barComponent={Segment}
          axisLeft={{ tickValues: chart.ticks, format: tickText, legend: OUTCOMES_TEXT.countAxis, legendPosition: 'middle', legendOffset: -64 }}
          axisBottom={{ tickRotation: crowded ? -35 : 0, legend: OUTCOMES_TEXT.dateAxis, legendPosition: 'middle', legendOffset: crowded ? 60 : 40 }}
          defaultWidth={800}
          defaultHeight={height}
        />
      </div>
      <FiguresTable chart={chart} caption={`${name}: ${OUTCOME_TAB_LABELS[tab]} by month`} />
    </figure>
  );
}

/** One audience's part of a stack: its colour (dimmed when another is selected), its figure named, a click toggling it. */
function Segment({ bar }: BarItemProps<RangeDatum>) {
  const context = useContext(SegmentContext);
  const series = context?.series.get(String(bar.data.id));
  if (!context || !series || bar.height <= 0) return null;
  const value = bar.data.value ?? 0;
  const month = String(bar.data.indexValue);
  const selected = context.selectedSubMarketId === series.subMarketId;
  return (
    <ChartTooltip
      title={series.name}
      lines={[{ label: 'Market', value: series.marketName }, { label: 'Month', value: month }, { label: OUTCOME_TAB_LABELS[context.tab], value: value.toLocaleString('en-US') }]}
    >
      <rect
        className={`range-chart__segment${selected ? ' is-selected' : ''}`}
        x={bar.x}
        y={bar.y}
        width={Math.max(bar.width, 0)}
        height={bar.height}
        fill={bar.color}
        fillOpacity={isDimmed(context.selectedSubMarketId, series.subMarketId) ? 0.25 : 1}
        role="img"
        aria-label={segmentLabel(series, month, value)}
        data-sub-market-id={series.subMarketId}
        onClick={() => context.onToggleSubMarket(series.subMarketId)}
      />
    </ChartTooltip>
  );
}

/** The chart's figures as a table, for screen readers (and tests): an audience per row, a month per column. */
function FiguresTable({ chart, caption }: { chart: RangeChartModel; caption: string }) {
  return (
    <table className="visually-hidden">
      <caption>{caption}</caption>
      <thead>
        <tr>
          <th scope="col">Audience</th>
          {chart.data.map((d) => <th key={d.month} scope="col">{d.month}</th>)}
        </tr>
      </thead>
      <tbody>
        {chart.series.map((s) => (
          <tr key={s.key}>
            <th scope="row">{`${s.name} (${s.marketName})`}</th>
            {chart.data.map((d) => <td key={d.month}>{Number(d[s.key] ?? 0).toLocaleString('en-US')}</td>)}
          </tr>
        ))}
      </tbody>
    </table>
  );
}

/** Markets and their audiences, each audience a toggle (the keyboard's way to select one); folded to 55 px when it runs over. */
function RangeLegend({ markets, colours, selectedSubMarketId, onToggleSubMarket }: {
  markets: readonly RangeMarket[];
  colours: ReadonlyMap<number, string>;
  selectedSubMarketId: number | null;
  onToggleSubMarket: (id: number) => void;
}) {
  const id = useId();
  const items = useRef<HTMLDivElement>(null);
  const [expanded, setExpanded] = useState(false);
  const [overflows, setOverflows] = useState(false);

  useLayoutEffect(() => {
    const element = items.current;
    if (!element) return undefined;
    const measure = () => setOverflows(element.scrollHeight > OUTCOMES.legendCollapsedPx + 1);
    measure();
    if (typeof ResizeObserver === 'undefined') return undefined;
    const observer = new ResizeObserver(measure);
    observer.observe(element);
    return () => observer.disconnect();
  }, [markets]);

  return (
    <div className="range-legend">
      <div
        id={id}
        ref={items}
        className="range-legend__items"
        style={expanded ? undefined : { maxHeight: OUTCOMES.legendCollapsedPx }}
        role="group"
        aria-label="Legend"
      >
        {markets.map((market) => (
          <div key={market.id} className="range-legend__market" role="group" aria-label={market.name}>
            <span className="range-legend__market-name" aria-hidden="true">{market.name}</span>
            {market.sub_markets.map((audience) => (
              <button
                key={audience.id}
                type="button"
                className={`range-legend__audience${isDimmed(selectedSubMarketId, audience.id) ? ' is-dimmed' : ''}`}
                aria-pressed={selectedSubMarketId === audience.id}
                onClick={() => onToggleSubMarket(audience.id)}
              >
                <span className="range-legend__swatch" style={{ background: colours.get(audience.id) }} aria-hidden="true" />
                {audience.name}
              </button>
            ))}
          </div>
        ))}
      </div>
      {overflows ? (
        <button type="button" className="range-legend__toggle" aria-expanded={expanded} aria-controls={id} onClick={() => setExpanded((e) => !e)}>
          {expanded ? OUTCOMES_TEXT.seeLess : OUTCOMES_TEXT.seeMore}
        </button>
      ) : null}
    </div>
  );
}
