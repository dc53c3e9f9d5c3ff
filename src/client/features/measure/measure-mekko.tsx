import { useMemo } from 'react';
import { overlayPercent, toggleMeasureSelection, type MeasureSelection } from '@shared/rules/outcomes';
// Measure draws Grow's marimekko with Grow's tiles (issue 18: reused through optional props, never copied).
import { MekkoChart } from '../../components/mekko/mekko-chart';
import type { ChartAudience, ChartMarket, TileBadge, TooltipLine } from '../../components/mekko/chart-model';
import { formatFigure, type MeasureAudience, type MeasureMarket } from './measure-model';

/** A tile's badge: the overlay's text, and its direction as the text reads (a change rounding to 0.0% is flat). */
export function badgeOf(audience: MeasureAudience | undefined): TileBadge | undefined {
  if (!audience) return undefined;
  const tenths = Math.round(overlayPercent(audience.previous, audience.count) * 10);
  return { text: audience.overlay, direction: tenths > 0 ? 'up' : tenths < 0 ? 'down' : 'flat' };
}

/** Measure's markets as the shared marimekko draws them (and its export): width by the market's figure, height by the audience's. */
export function measureChartMarkets(markets: readonly MeasureMarket[]): ChartMarket[] {
  return markets.map((m) => ({
    id: m.id,
    name: m.name,
    population: m.count,
    audiences: m.audiences.map((a): ChartAudience => ({
      id: a.id, name: a.name, tag: a.tag, count: a.count, countLabel: formatFigure(a.count), segmentLabel: a.path, segment: null,
    })),
  }));
}

interface Props {
  markets: MeasureMarket[];
  measurementLabel: string;
  selection: MeasureSelection;
  onSelection: (selection: MeasureSelection) => void;
}

/**
 * Comparison mode's mekko (spec 3 §2.5): market width by the market's figure on the tab, block
 * height by the audience's share of it; a market's name or a block toggles the selection and the
 * rest is dimmed; each block carries the percent change since the previous timeframe (±100).
 */
export function MeasureMekko({ markets, measurementLabel, selection, onSelection }: Props) {
  const byAudience = useMemo(() => new Map(markets.flatMap((m) => m.audiences.map((a) => [String(a.id), a] as const))), [markets]);
  const byMarket = useMemo(() => new Map(markets.map((m) => [String(m.id), m] as const)), [markets]);
  const chartMarkets = useMemo(() => measureChartMarkets(markets), [markets]);

  const audienceLines = (audience: ChartAudience): TooltipLine[] => {
    const a = byAudience.get(String(audience.id));
    return a ? [{ label: 'Count', value: formatFigure(a.count) }, { label: 'Audience', value: a.path }, { label: 'Percent change', value: a.change }] : [];
  };
  const marketLines = (market: ChartMarket): TooltipLine[] => {
    const m = byMarket.get(String(market.id));
    return m ? [{ label: 'Count', value: formatFigure(m.count) }, { label: 'Percent change', value: m.change }] : [];
  };

  return (
    <MekkoChart
      markets={chartMarkets}
      mode="view"
      measurementLabel={measurementLabel}
      selectedIds={selection?.kind === 'subMarket' ? [selection.id] : []}
      selectedMarketId={selection?.kind === 'market' ? selection.id : null}
      onAudienceClick={(audience) => onSelection(toggleMeasureSelection(selection, { kind: 'subMarket', id: Number(audience.id) }))}
      onMarketClick={(market) => onSelection(toggleMeasureSelection(selection, { kind: 'market', id: Number(market.id) }))}
      tileBadge={(audience) => badgeOf(byAudience.get(String(audience.id)))}
      audienceTooltipLines={audienceLines}
      marketTooltipLines={marketLines}
      canOpenZeroCount={false}
      showZeroCount={false}
    />
  );
}
