import { useRef, useState, type ReactNode } from 'react';
import { Tooltip } from 'radix-ui';
import { GROW } from '@shared/rules/grow';
import type { Column, Tile } from '@shared/rules/mekko-layout';
import { AudienceTile } from './audience-tile';
import { ChartGrid, ChartXAxis, ChartYAxis } from './chart-axes';
import { ChartLegend } from './chart-legend';
import { CHART_DEFAULTS, NO_MARKETS_TEXT, chartLayout, idSet, type ChartAudience, type ChartMarket, type MekkoChartProps } from './chart-model';
import type { DragBinding } from './drag-handle';
import { COLUMN_FOOT_PX, COLUMN_HEAD_PX, MarketColumn } from './market-column';
import { SortableChart } from './sortable-chart';
import { usePlotWidth } from '../../lib/use-plot-width';
import { useHeightToFit } from '../../lib/use-height-to-fit';
import { ZeroCountDialog } from '../zero-count-dialog';

/**
 * The Grow marimekko (spec 3 §2.2, §4): one column per market, as wide as its share of the
 * population, and one tile per audience, as tall as its share of the market's count; equal
 * sizes in edit mode, where columns and tiles can be moved. Drawn in HTML so every tile is a
 * real button with a name, a pressed state and a tooltip.
 */
export function MekkoChart(props: MekkoChartProps) {
  const { markets, mode, measurementLabel, selectedIds, canOpenZeroCount } = props;
  const root = useRef<HTMLDivElement>(null);
  // The plot as tall as the window leaves room for, axis and legend included (issue 27), unless the page sets it.
  const fitted = useHeightToFit(root, { min: CHART_DEFAULTS.minHeightPx, max: CHART_DEFAULTS.heightPx, enabled: props.heightPx === undefined });
  const heightPx = props.heightPx ?? fitted;
  const [stageRef, measuredWidth] = usePlotWidth(GROW.heightDebounceMs);
  const [zeroCountFor, setZeroCountFor] = useState<ChartAudience | null>(null);
  // 0 means hidden or not yet in the document: lay out at a typical width rather than collapse.
  const widthPx = measuredWidth || CHART_DEFAULTS.widthPx;
  const edit = mode === 'edit';
  const footPx = edit && props.onAddAudience ? COLUMN_FOOT_PX : 0;
  const selected = idSet(selectedIds);

  const openZeroCount = (audience: ChartAudience) => (props.onOpenZeroCount ? props.onOpenZeroCount(audience) : setZeroCountFor(audience));

  const renderTile = (audience: ChartAudience, market: ChartMarket, tile: Tile, drag?: DragBinding) => {
    const isSelected = !edit && selected.has(audience.id);
    const marketSelected = props.selectedMarketId !== undefined && props.selectedMarketId !== null;
    const inSelectedMarket = marketSelected && String(market.id) === String(props.selectedMarketId);
    return (
      <AudienceTile
        key={audience.id}
        audience={audience}
        tile={tile}
        mode={mode}
        selected={isSelected}
        // Dimming is a reading aid for the selection; in edit mode every tile is equally editable.
        dimmed={!edit && (marketSelected ? !inSelectedMarket : selected.size > 0 && !isSelected)}
        canOpenZeroCount={canOpenZeroCount}
        onActivate={() => (edit ? props.onEditAudience?.(audience, market) : props.onAudienceClick(audience, market))}
        onZeroCount={() => openZeroCount(audience)}
        drag={drag}
        badge={props.tileBadge?.(audience)}
        tooltipLines={props.audienceTooltipLines?.(audience, tile.share)}
        showZeroCount={props.showZeroCount}
      />
    );
  };

  const renderColumn = (market: ChartMarket, column: Column, drag: DragBinding | undefined, tiles: ReactNode) => {
    const { onEditMarket, onAddAudience, onMarketClick, selectedMarketId } = props;
    const marketSelected = selectedMarketId !== undefined && selectedMarketId !== null;
    return (
      <MarketColumn
        key={market.id}
        market={market}
        column={column}
        heightPx={heightPx}
        onEdit={edit && onEditMarket ? () => onEditMarket(market) : undefined}
        onAddAudience={edit && onAddAudience ? () => onAddAudience(market) : undefined}
        onSelect={!edit && onMarketClick ? () => onMarketClick(market) : undefined}
        selected={!edit && marketSelected && String(market.id) === String(selectedMarketId)}
        tooltipLines={props.marketTooltipLines?.(market, column.share)}
        drag={drag}
      >
        {tiles}
      </MarketColumn>
    );
  };

  const plot = () => {
    if (markets.length === 0) return <p className="mekko__empty">{NO_MARKETS_TEXT}</p>;
    if (edit) {
      return (
        <SortableChart
          markets={markets}
          widthPx={widthPx}
          heightPx={heightPx}
          onReorderMarkets={props.onReorderMarkets}
          onReorderAudiences={props.onReorderAudiences}
          renderColumn={renderColumn}
          renderTile={renderTile}
        />
      );
    }
    const columns = chartLayout(markets, 'view', widthPx, heightPx);
    return markets.map((market, i) => {
      const column = columns[i];
      return column ? renderColumn(market, column, undefined, market.audiences.map((a, j) => {
        const tile = column.tiles[j];
        return tile ? renderTile(a, market, tile) : null;
      })) : null;
    });
  };

  return (
    <Tooltip.Provider delayDuration={300}>
      <div ref={root} className={`mekko mekko--${mode}`}>
        <div className="mekko__frame">
          <ChartYAxis label={measurementLabel} plotTopPx={COLUMN_HEAD_PX} heightPx={heightPx} />
          <div ref={stageRef} className="mekko__stage" style={{ height: COLUMN_HEAD_PX + heightPx + footPx }}>
            <ChartGrid plotTopPx={COLUMN_HEAD_PX} heightPx={heightPx} />
            {plot()}
          </div>
          <ChartXAxis />
        </div>
        <ChartLegend />
      </div>
      {zeroCountFor ? <ZeroCountDialog audience={zeroCountFor} onClose={() => setZeroCountFor(null)} /> : null}
    </Tooltip.Provider>
  );
}
