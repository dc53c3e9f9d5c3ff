import './range-chart.css';
import { createContext, memo, useContext, useEffect, useId, useLayoutEffect, useMemo, useRef, useState, useSyncExternalStore } from 'react';
import type { MouseEvent, RefObject, SyntheticEvent } from 'react';
import { DropdownMenu } from 'radix-ui';
import { ResponsiveBar } from '@nivo/bar';
import type { BarCustomLayerProps, BarLayer } from '@nivo/bar';
import { OUTCOME_TAB_LABELS, OUTCOMES, OUTCOMES_TEXT } from '@shared/rules/outcomes';
import type { OutcomeTab } from '@shared/rules/outcomes';
import { ChartTooltipBody } from '../../components/chart-tooltip';
import { useHeightToFit } from '../../lib/use-height-to-fit';
import { audienceColours, buildRangeCharts, hoverStore, isDimmed, rangeSegments, segmentLabel, tickTexts } from './range-model';
import type { HoverStore, RangeChartModel, RangeDatum, RangeGroup, RangeMarket, RangeSegment, RangeTimeframe } from './range-model';

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

/** What every chart's segments share: the tab, the selection and the toggle (changing them redraws the segments only). */
interface SelectionContextValue {
  tab: OutcomeTab;
  selectedSubMarketId: number | null;
  onToggleSubMarket: (subMarketId: number) => void;
}
const SelectionContext = createContext<SelectionContextValue | null>(null);

/** What one chart's layers need: its ticks, its segments and its tooltip. */
interface ChartContextValue {
  ticks: readonly number[];
  /** The ticks' texts, in one number format. */
  tickLabels: readonly string[];
  crowded: boolean;
  segments: readonly RangeSegment[];
  hover: (hovered: Hovered | null) => void;
}
const ChartContext = createContext<ChartContextValue | null>(null);

/** The segment under the pointer and where its top centre is in the plot. */
interface Hovered {
  segment: RangeSegment;
  x: number;
  y: number;
}

const MARGIN = { top: 12, right: 16, bottom: 72, left: 76 };
const CHART_HEIGHT = { none: 380, market: 300 } as const;
/** The least the one chart is made to fit a small window. */
const MIN_CHART_HEIGHT = 260;
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
  const selection = useMemo(() => ({ tab, selectedSubMarketId, onToggleSubMarket }), [tab, selectedSubMarketId, onToggleSubMarket]);

  return (
    <section className="range-chart" aria-label={`${OUTCOME_TAB_LABELS[tab]} by month`}>
      <div className="range-chart__head">
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
      </div>
      {charts.length === 0 ? <p className="range-chart__empty">{OUTCOMES_TEXT.noMarkets}</p> : null}
      <SelectionContext.Provider value={selection}>
        <div className={`range-chart__charts range-chart__charts--${group}`}>
          {charts.map((chart) => <StackedChart key={chart.id} chart={chart} tab={tab} height={CHART_HEIGHT[group]} fit={group === 'none'} />)}
        </div>
      </SelectionContext.Provider>
    </section>
  );
}

/** nivo lays the chart out and gives its scales; the grid, axes and stacks are static layers (see SegmentsLayer why). */
const LAYERS: readonly BarLayer<RangeDatum>[] = [AxesLayer, SegmentsLayer];
const NO_KEYS: readonly string[] = [];

/**
 * One chart of stacks. Memoised: a selection or a tooltip redraws its segments or its tooltip,
 * never nivo's axes and grid.
 */
const StackedChart = memo(function StackedChart({ chart, tab, height: tallest, fit }: { chart: RangeChartModel; tab: OutcomeTab; height: number; fit: boolean }) {
  const name = chart.title ?? OUTCOMES_TEXT.chartTotal;
  const figure = useRef<HTMLElement>(null);
  // The one chart of every market is as tall as the window leaves room for, its Date axis included (issue 27).
  const height = useHeightToFit(figure, { min: MIN_CHART_HEIGHT, max: tallest, enabled: fit });
  const crowded = chart.data.length > 6;
  const plot = useRef<HTMLDivElement>(null);
  const [tooltip] = useState(() => hoverStore<Hovered>(OUTCOMES.tooltipDelayMs));
  useEffect(() => () => tooltip.dispose(), [tooltip]);
  const segments = useMemo(() => rangeSegments(chart), [chart]);
  const context = useMemo<ChartContextValue>(() => ({ ticks: chart.ticks, tickLabels: tickTexts(chart.ticks), crowded, segments, hover: tooltip.hover }), [chart.ticks, crowded, segments, tooltip]);
  const valueScale = useMemo(() => ({ type: 'linear' as const, min: 0, max: chart.top }), [chart.top]);
  return (
    <figure ref={figure} className="range-chart__figure">
      {chart.title ? <figcaption className="range-chart__title">{chart.title}</figcaption> : null}
      <div ref={plot} className="range-chart__plot" style={{ height }}>
        <ChartContext.Provider value={context}>
          <ResponsiveBar<RangeDatum>
            data={chart.data}
            keys={NO_KEYS}
            indexBy="month"
            groupMode="stacked"
            margin={MARGIN}
            padding={0.25}
            valueScale={valueScale}
            layers={LAYERS}
            enableLabel={false}
            animate={false}
            isInteractive={false}
            theme={THEME}
            role="group"
            ariaLabel={`${name}: ${OUTCOME_TAB_LABELS[tab]} stacked by audience, ${chart.data.length} months`}
            defaultWidth={800}
            defaultHeight={height}
          />
        </ChartContext.Provider>
        <SegmentTooltip plot={plot} store={tooltip} tab={tab} />
      </div>
      <FiguresTable chart={chart} caption={`${name}: ${OUTCOME_TAB_LABELS[tab]} by month`} />
    </figure>
  );
});

/** nivo's band scale of the months and linear scale of the counts, as the layer calls them. */
interface BandScale { (value: string): number | undefined; bandwidth(): number; domain(): string[] }
type CountScale = (value: number) => number | undefined;

const TICK_TEXT = { fontFamily: 'sans-serif', fontSize: 12, fill: 'var(--color-text-muted)' };
const AXIS_LEGEND = { fontFamily: 'sans-serif', fontSize: 13, fill: 'var(--color-text)', fontWeight: 600, dominantBaseline: 'central' as const };
const AXIS_LINE = { stroke: 'var(--color-border)', strokeWidth: 1 };

/**
 * The dashed grid at the Count ticks, the Date axis (a tick per month, slanted past 6 months) and
 * the Count axis of 12 ticks, as nivo's grid and axes draw them, on nivo's scales, without their
 * react-spring transition per tick and line (37 a chart) that animate off still runs.
 */
function AxesLayer({ xScale, yScale, innerWidth, innerHeight }: BarCustomLayerProps<RangeDatum>) {
  const chart = useContext(ChartContext);
  if (!chart) return null;
  const x = xScale as unknown as BandScale;
  const y = yScale as unknown as CountScale;
  const half = x.bandwidth() / 2;
  const rotation = chart.crowded ? -35 : 0;
  return (
    <>
      <g>
        {chart.ticks.map((tick) => {
          const at = y(tick) ?? 0;
          return <line key={tick} opacity={1} x1={0} x2={innerWidth} y1={at} y2={at} stroke="var(--color-border)" strokeWidth={1} strokeDasharray="2 4" />;
        })}
      </g>
      <g transform={`translate(0,${innerHeight})`}>
        {x.domain().map((month) => (
          <g key={month} transform={`translate(${(x(month) ?? 0) + half},0)`} style={{ opacity: 1 }}>
            <line x1={0} x2={0} y1={0} y2={5} style={AXIS_LINE} />
            <text dominantBaseline={rotation ? 'central' : 'text-before-edge'} textAnchor={rotation ? 'end' : 'middle'} transform={`translate(0,10) rotate(${rotation})`} style={TICK_TEXT}>{month}</text>
          </g>
        ))}
        <line style={AXIS_LINE} x1={0} x2={innerWidth} y1={0} y2={0} />
        <text transform={`translate(${innerWidth / 2}, ${chart.crowded ? 60 : 40}) rotate(0)`} textAnchor="middle" style={AXIS_LEGEND}>{OUTCOMES_TEXT.dateAxis}</text>
      </g>
      <g transform="translate(0,0)">
        {chart.ticks.map((tick, i) => (
          <g key={tick} transform={`translate(0,${y(tick) ?? 0})`} style={{ opacity: 1 }}>
            <line x1={0} x2={-5} y1={0} y2={0} style={AXIS_LINE} />
            <text dominantBaseline="central" textAnchor="end" transform="translate(-10,0) rotate(0)" style={TICK_TEXT}>{chart.tickLabels[i]}</text>
          </g>
        ))}
        <line style={AXIS_LINE} x1={0} x2={0} y1={0} y2={innerHeight} />
        <text transform={`translate(-64, ${innerHeight / 2}) rotate(-90)`} textAnchor="middle" style={AXIS_LEGEND}>{OUTCOMES_TEXT.countAxis}</text>
      </g>
    </>
  );
}

/**
 * The stacks as plain rects: one per audience and month, its colour (dimmed when another is
 * selected), its figure named, a click toggling it, a hover showing the chart's one tooltip.
 *
 * A nivo custom layer rather than nivo's own bars: nivo's SVG bars run a react-spring transition
 * of ten animated values per bar even with animate off, which made a 6 × 5 chart's 13-month
 * range take seconds to draw; the chart gives nivo no keys (so it builds no bars) and stacks the
 * figures itself (rangeSegments) on nivo's own scales, so the stacks sit on its axes and grid.
 */
function SegmentsLayer({ xScale, yScale }: BarCustomLayerProps<RangeDatum>) {
  const selection = useContext(SelectionContext);
  const chart = useContext(ChartContext);
  if (!selection || !chart) return null;
  const x = xScale as unknown as BandScale;
  const y = yScale as unknown as CountScale;
  const width = Math.max(x.bandwidth(), 0);
  const { segments, hover } = chart;
  const segmentOf = (event: SyntheticEvent<SVGRectElement>) => segments[Number(event.currentTarget.dataset.index)];
  const onClick = (event: MouseEvent<SVGRectElement>) => {
    const segment = segmentOf(event);
    if (segment) selection.onToggleSubMarket(segment.series.subMarketId);
  };
  const onMouseEnter = (event: MouseEvent<SVGRectElement>) => {
    const segment = segmentOf(event);
    const plot = event.currentTarget.closest('.range-chart__plot');
    if (!segment || !plot) return;
    const box = event.currentTarget.getBoundingClientRect();
    const origin = plot.getBoundingClientRect();
    hover({ segment, x: box.left + box.width / 2 - origin.left, y: box.top - origin.top });
  };
  const onMouseLeave = () => hover(null);
  return (
    <g>
      {segments.map((segment, index) => {
        const top = y(segment.end) ?? 0;
        const bottom = y(segment.start) ?? 0;
        const selected = selection.selectedSubMarketId === segment.series.subMarketId;
        return (
          <rect
            key={segment.key}
            className={`range-chart__segment${selected ? ' is-selected' : ''}`}
            x={x(segment.month) ?? 0}
            y={top}
            width={width}
            height={Math.max(bottom - top, 0)}
            fill={segment.series.color}
            fillOpacity={isDimmed(selection.selectedSubMarketId, segment.series.subMarketId) ? 0.25 : 1}
            role="img"
            aria-label={segmentLabel(segment.series, segment.month, segment.value)}
            data-sub-market-id={segment.series.subMarketId}
            data-index={index}
            onClick={onClick}
            onMouseEnter={onMouseEnter}
            onMouseLeave={onMouseLeave}
          />
        );
      })}
    </g>
  );
}

/**
 * The chart's one tooltip (ChartTooltip's look): the hovered segment's audience, market, month and
 * figure, after the 500 ms delay, at once when moving from one segment to the next, above the
 * segment and kept inside the plot.
 */
function SegmentTooltip({ plot, store, tab }: { plot: RefObject<HTMLDivElement | null>; store: HoverStore<Hovered>; tab: OutcomeTab }) {
  const hovered = useSyncExternalStore(store.subscribe, store.get, store.get);
  const tip = useRef<HTMLDivElement>(null);

  useLayoutEffect(() => {
    const element = tip.current;
    const container = plot.current;
    if (!element || !container || !hovered) return;
    const half = element.offsetWidth / 2;
    const left = Math.min(Math.max(hovered.x, half), Math.max(container.clientWidth - half, half));
    element.style.left = `${left}px`;
  }, [hovered, plot]);

  if (!hovered) return null;
  const { segment } = hovered;
  const lines = [
    { label: 'Market', value: segment.series.marketName },
    { label: 'Month', value: segment.month },
    { label: OUTCOME_TAB_LABELS[tab], value: segment.value.toLocaleString('en-US') },
    { label: OUTCOMES_TEXT.countedOnceRow(segment.series.marketName), value: segment.marketValue.toLocaleString('en-US') },
  ];
  return (
    <div ref={tip} className="mekko-tooltip range-chart__tooltip" role="tooltip" style={{ left: hovered.x, top: hovered.y }}>
      <ChartTooltipBody title={segment.series.name} lines={lines} />
    </div>
  );
}

/** The chart's figures as a table, for screen readers (and tests): an audience per row, a month per column. */
function FiguresTable({ chart, caption }: { chart: RangeChartModel; caption: string }) {
  return (
    // Hidden by its wrapper: a table is as wide as its columns whatever its own width says, so
    // hiding the table itself pushed the page 740 px sideways at 1920 px.
    <div className="visually-hidden">
      <table>
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
              {chart.data.map((d, i) => <td key={d.month}>{(chart.figures[i]?.audiences.get(s.subMarketId) ?? 0).toLocaleString('en-US')}</td>)}
            </tr>
          ))}
          {chart.markets.map((m) => (
            <tr key={`market-${m.id}`}>
              <th scope="row">{OUTCOMES_TEXT.countedOnceRow(m.name)}</th>
              {chart.data.map((d, i) => <td key={d.month}>{(chart.figures[i]?.markets.get(m.id) ?? 0).toLocaleString('en-US')}</td>)}
            </tr>
          ))}
          {chart.title === null ? (
            <tr>
              <th scope="row">{OUTCOMES_TEXT.countedOnceRow(OUTCOMES_TEXT.chartTotal)}</th>
              {chart.data.map((d, i) => <td key={d.month}>{(chart.figures[i]?.whole ?? 0).toLocaleString('en-US')}</td>)}
            </tr>
          ) : null}
        </tbody>
      </table>
    </div>
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
      <p className="range-legend__note">{OUTCOMES_TEXT.countedOnce}</p>
    </div>
  );
}
