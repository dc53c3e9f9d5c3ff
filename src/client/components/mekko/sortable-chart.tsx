import { useState, type KeyboardEventHandler, type PointerEventHandler, type ReactNode } from 'react';
import {
  DndContext, KeyboardSensor, MeasuringStrategy, PointerSensor, closestCenter, useSensor, useSensors, type DragEndEvent, type Modifier,
} from '@dnd-kit/core';
import { SortableContext, horizontalListSortingStrategy, sortableKeyboardCoordinates, useSortable, verticalListSortingStrategy } from '@dnd-kit/sortable';
import { CSS } from '@dnd-kit/utilities';
import type { Column, Tile } from '@shared/rules/mekko-layout';
import {
  applyOrder, chartLayout, orderKey, reorderAnnouncements, reorderIds, reorderInstructions, type ChartAudience, type ChartId, type ChartMarket,
} from './chart-model';
import type { DragBinding } from './drag-handle';

interface SortableChartProps {
  markets: readonly ChartMarket[];
  widthPx: number;
  heightPx: number;
  onReorderMarkets?(ids: ChartId[]): void;
  onReorderAudiences?(marketId: ChartId, ids: ChartId[]): void;
  renderColumn(market: ChartMarket, column: Column, drag: DragBinding, tiles: ReactNode): ReactNode;
  renderTile(audience: ChartAudience, market: ChartMarket, tile: Tile, drag: DragBinding): ReactNode;
}

/** A dropped order, remembered against the order it replaced until the page hands back the new one (no snap back meanwhile). */
interface LocalOrder {
  base: string;
  ids: ChartId[];
}

const shown = <T extends { id: ChartId }>(items: readonly T[], local: LocalOrder | undefined) =>
  applyOrder(items, local && local.base === orderKey(items.map((i) => i.id)) ? local.ids : null);

// Columns only move sideways and tiles only up and down: the other axis means nothing here.
const sideways: Modifier = ({ transform }) => ({ ...transform, y: 0 });
const upDown: Modifier = ({ transform }) => ({ ...transform, x: 0 });
// Measured throughout a drag: a move started while a dropped column still glides to its place
// (or while the server's copy redraws the chart) is judged on where things are, not were.
const measuring = { droppable: { strategy: MeasuringStrategy.Always } };

function useReorderSensors() {
  return useSensors(
    useSensor(PointerSensor, { activationConstraint: { distance: 5 } }),
    useSensor(KeyboardSensor, { coordinateGetter: sortableKeyboardCoordinates }),
  );
}

/**
 * Edit mode: columns sortable sideways and tiles sortable within their column, by pointer or
 * keyboard. Each column's tiles get their own DndContext, so keyboard moves and drops never
 * reach another column or the columns themselves.
 */
export function SortableChart({ markets, widthPx, heightPx, onReorderMarkets, onReorderAudiences, renderColumn, renderTile }: SortableChartProps) {
  const sensors = useReorderSensors();
  const [marketOrder, setMarketOrder] = useState<LocalOrder>();
  const [tileOrders, setTileOrders] = useState<Record<string, LocalOrder>>({});
  const ordered = shown(markets, marketOrder).map((m) => ({ ...m, audiences: [...shown(m.audiences, tileOrders[String(m.id)])] }));
  const columns = chartLayout(ordered, 'edit', widthPx, heightPx);
  const ids = ordered.map((m) => m.id);

  const dropMarket = ({ active, over }: DragEndEvent) => {
    const next = reorderIds(ids, active.id, over?.id);
    if (!next) return;
    setMarketOrder({ base: orderKey(markets.map((m) => m.id)), ids: next });
    onReorderMarkets?.(next);
  };
  const dropTile = (market: ChartMarket) => ({ active, over }: DragEndEvent) => {
    const tileIds = market.audiences.map((a) => a.id);
    const next = reorderIds(tileIds, active.id, over?.id);
    if (!next) return;
    const given = markets.find((m) => String(m.id) === String(market.id))?.audiences ?? [];
    setTileOrders((all) => ({ ...all, [String(market.id)]: { base: orderKey(given.map((a) => a.id)), ids: next } }));
    onReorderAudiences?.(market.id, next);
  };

  return (
    <DndContext
      sensors={sensors}
      collisionDetection={closestCenter}
      measuring={measuring}
      modifiers={[sideways]}
      onDragEnd={dropMarket}
      accessibility={{ announcements: reorderAnnouncements('market', ordered), screenReaderInstructions: { draggable: reorderInstructions('market') } }}
    >
      <SortableContext items={ids} strategy={horizontalListSortingStrategy}>
        {ordered.map((market, i) => {
          const column = columns[i];
          if (!column) return null;
          return (
            <SortableItem key={market.id} id={market.id} disabled={!onReorderMarkets}>
              {(columnDrag) => renderColumn(market, column, columnDrag, (
                <DndContext
                  sensors={sensors}
                  collisionDetection={closestCenter}
                  measuring={measuring}
                  modifiers={[upDown]}
                  onDragEnd={dropTile(market)}
                  accessibility={{ announcements: reorderAnnouncements('audience', market.audiences), screenReaderInstructions: { draggable: reorderInstructions('audience') } }}
                >
                  <SortableContext items={market.audiences.map((a) => a.id)} strategy={verticalListSortingStrategy}>
                    {market.audiences.map((audience, j) => {
                      const tile = column.tiles[j];
                      return tile ? <SortableItem key={audience.id} id={audience.id} disabled={!onReorderAudiences}>{(tileDrag) => renderTile(audience, market, tile, tileDrag)}</SortableItem> : null;
                    })}
                  </SortableContext>
                </DndContext>
              ))}
            </SortableItem>
          );
        })}
      </SortableContext>
    </DndContext>
  );
}

/** One sortable column or tile: dnd-kit's hook, turned into the plain binding the components take. */
function SortableItem({ id, disabled, children }: { id: ChartId; disabled: boolean; children: (drag: DragBinding) => ReactNode }) {
  const { setNodeRef, setActivatorNodeRef, listeners, attributes, transform, transition, isDragging } = useSortable({ id, disabled });
  return children({
    setNodeRef,
    setActivatorNodeRef,
    onPointerDown: listeners?.onPointerDown as PointerEventHandler | undefined,
    onKeyDown: listeners?.onKeyDown as KeyboardEventHandler | undefined,
    attributes,
    style: { transform: CSS.Translate.toString(transform) ?? undefined, transition: transition ?? undefined },
    dragging: isDragging,
    disabled,
  });
}
