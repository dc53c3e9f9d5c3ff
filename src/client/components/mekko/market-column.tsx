import type { ReactNode } from 'react';
import { GROW_TEXT } from '@shared/rules/grow';
import type { Column } from '@shared/rules/mekko-layout';
import { marketTooltip, type ChartMarket, type TooltipLine } from './chart-model';
import { ChartTooltip } from '../chart-tooltip';
import { DragHandle, type DragBinding } from './drag-handle';

/** The column's parts around the plot, in px: the name strip above (two lines of name) and the 'Add Audience' strip below. */
export const COLUMN_HEAD_PX = 40;
export const COLUMN_FOOT_PX = 40;
const NARROW_COLUMN_PX = 80;

interface MarketColumnProps {
  market: ChartMarket;
  column: Column;
  heightPx: number;
  /** Edit mode: the name opens the market form. */
  onEdit?: () => void;
  /** Edit mode: the 'Add Audience' button under the column. */
  onAddAudience?: () => void;
  drag?: DragBinding;
  /** View mode, optional (Measure): the name toggles the market's selection. */
  onSelect?: () => void;
  selected?: boolean;
  /** Optional: the name's tooltip lines instead of Grow's. */
  tooltipLines?: TooltipLine[];
  /** The audience tiles. */
  children: ReactNode;
}

/**
 * One market: its name above (on two lines, an ellipsis when even those are too narrow; the full
 * name and numbers in the tooltip),
 * its tiles in the plot, and in edit mode the handle to move it and 'Add Audience' below.
 * It is a labelled group so a screen reader says which market a tile belongs to.
 */
export function MarketColumn({ market, column, heightPx, onEdit, onAddAudience, onSelect, selected = false, tooltipLines, drag, children }: MarketColumnProps) {
  // A narrow column takes its name a size smaller, so short words still fit whole on two lines.
  const className = ['market-column', column.width < NARROW_COLUMN_PX && 'market-column--narrow', market.pending && 'market-column--pending', selected && 'market-column--selected', drag?.dragging && 'market-column--dragging'].filter(Boolean).join(' ');
  const tooltip = tooltipLines ?? marketTooltip(market, column.share);
  // A one-word name too wide for its column ends in an ellipsis; broken, it read as two words ("Mark / et").
  const nameClass = /[\s-]/.test(market.name.trim()) ? 'market-column__name' : 'market-column__name market-column__name--word';
  return (
    <div
      ref={drag?.setNodeRef}
      role="group"
      aria-label={market.pending ? `${market.name}, Pending` : market.name}
      className={className}
      style={{ left: column.x, width: column.width, ...drag?.style }}
    >
      <div className="market-column__head" style={{ height: COLUMN_HEAD_PX }} onPointerDown={drag?.onPointerDown}>
        {drag ? <DragHandle className="market-column__handle" label={`Move market ${market.name}`} binding={drag} /> : null}
        <ChartTooltip title={market.name} lines={tooltip}>
          {onEdit ? (
            <button type="button" className={`${nameClass} market-column__name--button`} onClick={onEdit}>
              <span className="grow-sr-only">Edit market </span>{market.name}
            </button>
          ) : onSelect ? (
            <button type="button" className={`${nameClass} market-column__name--button`} aria-pressed={selected} onClick={onSelect}>{market.name}</button>
          ) : (
            // Focusable so keyboard users can read the full name and the market's numbers.
            <span className={nameClass} tabIndex={0}>{market.name}</span>
          )}
        </ChartTooltip>
      </div>
      <div className="market-column__plot" style={{ height: heightPx }}>{children}</div>
      {onAddAudience ? (
        <div className="market-column__foot" style={{ height: COLUMN_FOOT_PX }}>
          <button type="button" className="market-column__add" onClick={onAddAudience}>
            <span aria-hidden="true">+</span> {GROW_TEXT.addAudience}<span className="grow-sr-only"> to {market.name}</span>
          </button>
        </div>
      ) : null}
    </div>
  );
}
