import { useEffect, useState, type CSSProperties } from 'react';
import { hashKey, useQuery } from '@tanstack/react-query';
import { formatAsOf } from '@shared/rules/format';
import { isVerticalLayout, JOURNEY, JOURNEY_TEXT } from '@shared/rules/journey';
import type { JourneyTab } from '@shared/schemas/journeys';
import { CountTabs } from '../../../components/count-tabs';
import { FilterBar } from '../../../components/filter-bar';
import { SplitGutter } from '../../../components/split-gutter';
import { clampShare, SplitHandle, SPLIT } from '../../../components/split-handle';
import { ZeroCountDialog } from '../../../components/zero-count-dialog';
import { insightErrorMessage, isDataNotReady } from '../../../lib/insights-queries';
import { useOnline } from '../../../lib/offline/freshness';
import { deviceSavedAt } from '../../../lib/offline/read-through';
import { usePlotWidth } from '../../../lib/use-plot-width';
import type { JourneyView } from '../data/journey-edits';
import { discussionNodesQueryOptions, journeyCountsQueryOptions } from '../data/journey-queries';
import { JourneyChart } from './journey-chart';
import { JourneyHelp } from './journey-help';
import { JourneyInsights } from './journey-insights';
import { journeyChart, type StageModel } from './journey-model';
import { PrimaryHint } from './primary-hint';

/** Spec 3 §2.3's tab names for the journey chart. */
const TAB_LABELS = { total: JOURNEY_TEXT.tabTotal, matched: JOURNEY_TEXT.tabMatched, modeled: JOURNEY_TEXT.tabModeled };

interface Props {
  context: string;
  journey: JourneyView;
}

function useWindowWidth(): number {
  const [width, setWidth] = useState(() => window.innerWidth);
  useEffect(() => {
    const onResize = () => setWidth(window.innerWidth);
    window.addEventListener('resize', onResize);
    return () => window.removeEventListener('resize', onResize);
  }, []);
  return width;
}

/** After a minute still loading, the spec's hint to call Product Support (§9). */
function useSlow(loading: boolean): boolean {
  const [slow, setSlow] = useState(false);
  useEffect(() => {
    if (!loading) return;
    const timer = setTimeout(() => setSlow(true), JOURNEY.loadingHintMs);
    return () => {
      clearTimeout(timer);
      setSlow(false);
    };
  }, [loading]);
  return loading && slow;
}

/**
 * One journey on view (spec 3 §2.3, §4): the tabs, the filter bar of selected stages, and the
 * chart beside its insights with the Show/Hide gutter between them. Its choices (tab, brand,
 * stages) start afresh with each journey: the first brand is selected on first display.
 */
export function JourneyWorkspace({ context, journey }: Props) {
  const [tab, setTab] = useState<JourneyTab>('total');
  const [brandId, setBrandId] = useState<number | string | undefined>(undefined);
  const [selected, setSelected] = useState<(number | string)[]>([]);
  const [focus, setFocus] = useState<'chart' | 'insights'>('chart');
  const [share, setShare] = useState<number>(SPLIT.defaultPct);
  const [zeroStage, setZeroStage] = useState<StageModel | null>(null);
  const online = useOnline();
  const windowWidth = useWindowWidth();
  const [chartRef, chartWidth] = usePlotWidth(120);

  const countsOptions = journeyCountsQueryOptions(context, journey.id, tab, journey.version);
  const counts = useQuery(countsOptions);
  const discussions = useQuery(discussionNodesQueryOptions(context));
  const model = journeyChart(journey, counts.data, brandId ?? null, tab);
  const brand = model.brands.find((b) => String(b.id) === String(brandId)) ?? model.brands[0];
  const stages = model.stages.filter((s) => selected.some((id) => String(id) === String(s.id)));
  const vertical = isVerticalLayout(model.stages.length, windowWidth, focus === 'insights');
  const slow = useSlow(counts.isFetching && counts.data === undefined);
  const fromDevice = deviceSavedAt(hashKey(countsOptions.queryKey));
  const asOf = fromDevice ?? (!online && counts.dataUpdatedAt > 0 ? counts.dataUpdatedAt : null);

  const toggleStage = (id: number | string) =>
    setSelected((now) => (now.some((x) => String(x) === String(id)) ? now.filter((x) => String(x) !== String(id)) : [...now, id]));
  // Market Level goes with Total Population, Person Level with Matched or Modeled (§4).
  const onLevel = (level: 'person' | 'market') => setTab(level === 'market' ? 'total' : tab === 'total' ? 'matched' : tab);
  const zeroAudience = zeroStage && {
    name: zeroStage.segment?.name ?? `${brand?.name ?? ''} · ${zeroStage.name}`,
    segment: zeroStage.segment,
    zeroCause: tab === 'total' ? ('population' as const) : zeroStage.segment ? null : ('no-segment' as const),
    segmentKind: tab === 'modeled' ? ('Modeled' as const) : ('Matched' as const),
  };

  return (
    <div className={`journey-workspace journey-workspace--${focus}`}>
      <div className="journey-toolbar">
        <CountTabs tab={tab} levels={{ person: true, market: true }} countType="people_count" onChange={setTab} labels={TAB_LABELS} />
        <div className="journey-toolbar__help">
          <PrimaryHint />
          <JourneyHelp />
        </div>
      </div>
      {asOf !== null ? <p className="journey-note" role="status">Offline · counts as of {formatAsOf(asOf)}</p> : null}
      {journey.pending && typeof journey.id === 'string' ? <p className="journey-note" role="status">This journey is saved on this device: its counts come once the server has it.</p> : null}
      {counts.error && !counts.data ? <p className="journey-note" role={isDataNotReady(counts.error) ? 'status' : 'alert'}>{insightErrorMessage(counts.error)}</p> : null}
      {slow ? <p className="journey-note" role="status">{JOURNEY_TEXT.loadingHint}</p> : null}
      <FilterBar
        chips={stages.map((s) => ({ id: s.id, market: brand?.name ?? '', audience: s.name }))}
        onRemove={(id) => setSelected((now) => now.filter((x) => String(x) !== String(id)))}
        onClear={() => setSelected([])}
        emptyText="No filters: select stages in the journey to filter the insights."
      />
      <div className="journey-split" style={{ '--journey-chart-share': `${share}%` } as CSSProperties}>
        <section className="journey-chart-area" aria-label="Chart" ref={chartRef} aria-busy={counts.isFetching}>
          <JourneyChart
            model={model}
            brandId={brand?.id}
            onBrand={setBrandId}
            selectedStageIds={selected}
            onToggleStage={toggleStage}
            onZeroCount={setZeroStage}
            vertical={vertical}
            widthPx={chartWidth}
            discussions={discussions.data ?? []}
          />
        </section>
        {focus === 'insights' ? <SplitHandle sharePct={share} onChange={(pct) => setShare(clampShare(pct))} /> : null}
        <SplitGutter focus={focus} selectedCount={selected.length} onFocus={setFocus} multipleHint="You have multiple stages selected. To view Insights, click on Show Insights" />
        {focus === 'insights' ? (
          <section className="journey-insights-area" aria-label="Insights">
            <JourneyInsights context={context} journey={journey} model={model} tab={tab} brandId={brand?.id} selectedStageIds={selected} onLevel={onLevel} />
          </section>
        ) : null}
      </div>
      {zeroAudience ? <ZeroCountDialog audience={zeroAudience} onClose={() => setZeroStage(null)} /> : null}
    </div>
  );
}
