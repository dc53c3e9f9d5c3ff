import type { CSSProperties } from 'react';
import type { Tile } from '@shared/rules/mekko-layout';
import { audienceName, audienceTooltip, tagColour, tagFill, tileBadgeBox, tileText, type ChartAudience, type TileBadge, type TooltipLine } from './chart-model';
import { ChartTooltip } from '../chart-tooltip';
import { DragHandle, type DragBinding } from './drag-handle';
import { ZeroCountIcon } from '../zero-count-icon';

interface AudienceTileProps {
  audience: ChartAudience;
  tile: Tile;
  mode: 'view' | 'edit';
  selected: boolean;
  dimmed: boolean;
  canOpenZeroCount: boolean;
  onActivate(): void;
  onZeroCount(): void;
  /** Edit mode with reordering: the tile is sortable and shows a handle. */
  drag?: DragBinding;
  /** Optional (Measure's overlay): a short text on the tile, e.g. '+12.3%', with an arrow by its direction. */
  badge?: TileBadge;
  /** Optional: tooltip lines instead of Grow's. */
  tooltipLines?: TooltipLine[];
  /** Default true: the zero-count mark on a tile counting 0. */
  showZeroCount?: boolean;
}

/**
 * One audience: a real button (select in view mode, edit in edit mode) filled with its tag's
 * colour. It writes what fits (`tileText`): the name on one or two lines and the count under it;
 * 'skinny' tiles show no text at all, the tooltip and the accessible name carry it.
 */
export function AudienceTile({ audience, tile, mode, selected, dimmed, canOpenZeroCount, onActivate, onZeroCount, drag, badge, tooltipLines, showZeroCount = true }: AudienceTileProps) {
  // A badge keeps its corner: the name and count are laid out in the room it leaves them.
  const badgeBox = badge ? tileBadgeBox(tile, badge) : null;
  const shows = tileText(badgeBox ? { ...tile, width: tile.width - badgeBox.roomPx, height: tile.height - badgeBox.topPx } : tile, audience.countLabel);
  const className = [
    'audience-tile',
    tile.short && 'audience-tile--short',
    tile.skinny && 'audience-tile--skinny',
    selected && 'audience-tile--selected',
    dimmed && 'audience-tile--dimmed',
    audience.pending && 'audience-tile--pending',
    audience.invalid && 'audience-tile--invalid',
    drag && !drag.disabled && 'audience-tile--sortable',
    drag?.dragging && 'audience-tile--dragging',
    badgeBox?.fits && 'audience-tile--badged',
  ].filter(Boolean).join(' ');
  const style = {
    top: tile.y,
    height: tile.height,
    '--tile-fill': tagFill(audience.tag),
    '--tile-colour': tagColour(audience.tag),
    '--tile-name-lines': shows.nameLines,
    ...(badgeBox?.fits ? { '--badge-width': `${badgeBox.widthPx}px`, '--badge-room': `${badgeBox.roomPx}px`, '--badge-top': `${badgeBox.topPx}px` } : {}),
    ...drag?.style,
  } as CSSProperties;

  return (
    <div ref={drag?.setNodeRef} className={className} style={style} onPointerDown={drag?.onPointerDown}>
      <ChartTooltip title={audience.name} lines={tooltipLines ?? audienceTooltip(audience, tile.share)}>
        <button
          type="button"
          className="audience-tile__button"
          aria-label={audienceName(audience)}
          aria-pressed={mode === 'view' ? selected : undefined}
          onClick={onActivate}
        >
          {shows.name ? <span className="audience-tile__name">{audience.name}</span> : null}
          {shows.count ? <span className="audience-tile__count">{audience.countLabel}</span> : null}
        </button>
      </ChartTooltip>
      {drag ? <DragHandle className="audience-tile__handle" label={`Move audience ${audience.name}`} binding={drag} /> : null}
      {/* The accessible name already says so; the mark is for sighted users. */}
      {audience.invalid ? <span className="audience-tile__warning" aria-hidden="true">!</span> : null}
      {badge && badgeBox ? (
        <span className={`audience-tile__badge audience-tile__badge--${badge.direction}${badgeBox.fits ? '' : ' grow-sr-only'}`}>
          {/* The sign says which way; the arrow repeats it for sighted users. */}
          {badge.direction !== 'flat' ? <span className="audience-tile__badge-arrow" aria-hidden="true">{badge.direction === 'up' ? '▲' : '▼'}</span> : null}
          {badge.text}
        </span>
      ) : null}
      {showZeroCount && audience.count === 0 ? <ZeroCountIcon name={audience.name} canOpen={canOpenZeroCount} onOpen={onZeroCount} /> : null}
    </div>
  );
}
