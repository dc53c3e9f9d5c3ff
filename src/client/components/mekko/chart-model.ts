/**
 * The Grow marimekko's component contract and the pure parts of it: the layout adapter, the
 * words (accessible names, tooltips, reorder announcements) and the colours. Kept free of React
 * and the DOM so the chart, the SVG export and the unit tests share one source.
 */
import type { Announcements, UniqueIdentifier } from '@dnd-kit/core';
import { SCREEN_TILE_TEXT, mekkoLayout, tileLabel, type Column, type Tile, type TileTextMetrics } from '@shared/rules/mekko-layout';
import { GROW, TAG_LABELS, formatCount, moveItem, type GrowTag, type ZeroCause } from '@shared/rules/grow';
import { formatShare } from '../insights/insights-model';

export type ChartId = number | string;

export interface ChartAudience {
  id: ChartId;
  name: string;
  tag: GrowTag;
  /** The tab's count; null = not known (offline and never counted, or data not ready). */
  count: number | null;
  /** Formatted for display, e.g. '1,234,567' or '—'. */
  countLabel: string;
  /** Segment path joined by ' > ', or null -> 'N/A'. */
  segmentLabel: string | null;
  segment: { deleted: boolean; people_count: number } | null;
  /** Why it counts zero on the tab shown (the zero-count dialog marks it); without it, a reason from `segment`. */
  zeroCause?: ZeroCause;
  /** 'Matched' or 'Modeled': the kind of segment the tab counts, for the zero-count dialog's words. */
  segmentKind?: 'Matched' | 'Modeled';
  pending?: boolean;
  invalid?: boolean;
}

export interface ChartMarket {
  id: ChartId;
  name: string;
  /** Sum of its audiences' population (the width basis). */
  population: number;
  audiences: ChartAudience[];
  pending?: boolean;
}

export interface MekkoChartProps {
  markets: ChartMarket[];
  mode: 'view' | 'edit';
  measurementLabel: string;
  /** Selected audiences; the others are dimmed (view mode) when any is selected. */
  selectedIds: readonly ChartId[];
  /** View mode: select or deselect (the page decides). */
  onAudienceClick(audience: ChartAudience, market: ChartMarket): void;
  /** Edit mode: a click on a tile opens the audience form. */
  onEditAudience?(audience: ChartAudience, market: ChartMarket): void;
  /** Edit mode: a click on a column's name opens the market form. */
  onEditMarket?(market: ChartMarket): void;
  /** Edit mode: each column shows 'Add Audience' when this is given. */
  onAddAudience?(market: ChartMarket): void;
  /** Edit mode drag and drop or keyboard: the full new order of market ids. */
  onReorderMarkets?(ids: ChartId[]): void;
  /** Edit mode drag and drop or keyboard: the full new order of one market's audience ids. */
  onReorderAudiences?(marketId: ChartId, ids: ChartId[]): void;
  /** The zero-count icon's wording: zeroCountClick when true (and it opens the dialog), zeroCountReplace otherwise. */
  canOpenZeroCount: boolean;
  /**
   * Optional: the page shows the zero-count explanation itself (e.g. from its store). Without it
   * the chart opens its own ZeroCountDialog.
   */
  onOpenZeroCount?(audience: ChartAudience): void;
  /** The plot's height (tiles only, without names and axes); default 480. */
  heightPx?: number;
  /** View mode, optional (Measure): a market's name is a toggle button; the page decides what a click selects. */
  onMarketClick?(market: ChartMarket): void;
  /** View mode, optional (Measure): the selected market; the other markets' tiles are dimmed. */
  selectedMarketId?: ChartId | null;
  /** Optional (Measure's percent-change overlay): a short text written on each tile, with the way it goes. */
  tileBadge?(audience: ChartAudience): TileBadge | undefined;
  /** Optional: a tile's tooltip lines instead of Grow's. */
  audienceTooltipLines?(audience: ChartAudience, shareOfMarket: number): TooltipLine[];
  /** Optional: a market name's tooltip lines instead of Grow's. */
  marketTooltipLines?(market: ChartMarket, shareOfTotal: number): TooltipLine[];
  /** Optional, default true: the zero-count mark on tiles counting 0 (Grow's explanation of why). */
  showZeroCount?: boolean;
}

/** A short text on a tile (Measure's percent change, e.g. '+12.3%') and which way it goes: an arrow, green up, red down. */
export interface TileBadge {
  text: string;
  direction: 'up' | 'down' | 'flat';
}

/** The badge chip's measures on screen: 12 px tabular figures, an arrow before them, 2 px from the tile's corner. */
export const TILE_BADGE = { charPx: 7, arrowPx: 11, paddingPx: 10, heightPx: 16, insetPx: 2, minNamePx: 64, minTextHeightPx: 36 } as const;

/**
 * The badge's chip on a tile: its width, the room it takes from the tile's text, and whether it
 * fits on the tile at all. Beside the text on the right ('roomPx') so the name and count never
 * run under it, whatever the tile's height; on a narrow tile that would leave the name a letter
 * or two, above the text instead ('topPx') when the tile is tall enough for both. A chip that
 * does not fit is read by screen readers only; the tooltip shows the figure.
 */
export function tileBadgeBox(tile: Pick<Tile, 'height' | 'width' | 'skinny'>, badge: TileBadge): { widthPx: number; roomPx: number; topPx: number; fits: boolean } {
  const widthPx = badge.text.length * TILE_BADGE.charPx + (badge.direction === 'flat' ? 0 : TILE_BADGE.arrowPx) + TILE_BADGE.paddingPx;
  const roomPx = widthPx + 2 * TILE_BADGE.insetPx;
  const topPx = TILE_BADGE.heightPx + 2 * TILE_BADGE.insetPx;
  const fits = !tile.skinny && tile.width >= roomPx && tile.height >= topPx;
  if (!fits) return { widthPx, roomPx: 0, topPx: 0, fits };
  const narrow = tile.width - roomPx < TILE_BADGE.minNamePx;
  return narrow && tile.height >= topPx + TILE_BADGE.minTextHeightPx ? { widthPx, roomPx: 0, topPx, fits } : { widthPx, roomPx, topPx: 0, fits };
}

/** What the chart, its export and the market-level insights say about a chart without markets. */
export const NO_MARKETS_TEXT = 'This chart has no markets yet.';

export const CHART_DEFAULTS = {
  /** The plot's height where the window has room for it, and the least it is made to fit a small window. */
  heightPx: 480,
  minHeightPx: 280,
  /** Before the container is measured (and in tests): a typical plot width. */
  widthPx: 960,
} as const;

/** The chart's layout: width by population share (equal in edit mode), height by count (unknown counts as 0). */
export function chartLayout(markets: readonly ChartMarket[], mode: 'view' | 'edit', widthPx: number, heightPx: number): Column[] {
  return mekkoLayout(
    markets.map((m) => ({ id: m.id, count: m.population, audiences: m.audiences.map((a) => ({ id: a.id, count: a.count ?? 0 })) })),
    { mode, widthPx, heightPx },
  );
}

/**
 * What a tile writes on itself on screen (`tileLabel`, issue 13): nothing on skinny or very low
 * tiles (the tooltip and the accessible name carry it), else the name on one or two lines and the
 * count whenever it fits under the name. The export passes its own type sizes.
 */
export function tileText(tile: Pick<Tile, 'height' | 'width' | 'skinny'>, countLabel: string, metrics: TileTextMetrics = SCREEN_TILE_TEXT): { name: boolean; nameLines: 0 | 1 | 2; count: boolean } {
  const { nameLines, count } = tileLabel(tile, countLabel.length, metrics);
  return { name: nameLines > 0, nameLines, count };
}

/** A share (0 to 1) as a percent with one decimal, as the spec shows percentages. */
export { formatShare };

/** The tile's accessible name: what a sighted user reads off the tile and its colour. */
export function audienceName(audience: ChartAudience): string {
  const parts = [audience.name, TAG_LABELS[audience.tag].label, audience.countLabel];
  if (audience.invalid) parts.push('segment no longer available');
  if (audience.pending) parts.push('Pending');
  return parts.join(', ');
}

import type { TooltipLine } from '../chart-tooltip';

export type { TooltipLine };

export function audienceTooltip(audience: ChartAudience, shareOfMarket: number): TooltipLine[] {
  const lines: TooltipLine[] = [
    { label: 'Category', value: TAG_LABELS[audience.tag].label },
    { label: 'Count', value: audience.countLabel },
    // An unknown count has no share: a '0.0%' would read as a real zero.
    { label: 'Share of market', value: audience.count === null ? '—' : formatShare(shareOfMarket) },
    { label: 'Segment', value: audience.segmentLabel ?? 'N/A' },
  ];
  if (audience.invalid) lines.push({ label: 'Warning', value: 'The segment is no longer available' });
  if (audience.pending) lines.push({ label: 'Status', value: 'Pending: waiting to sync' });
  return lines;
}

export function marketTooltip(market: ChartMarket, shareOfTotal: number): TooltipLine[] {
  const lines: TooltipLine[] = [
    { label: 'Population', value: formatCount(market.population) },
    { label: 'Share of total', value: formatShare(shareOfTotal) },
  ];
  if (market.pending) lines.push({ label: 'Status', value: 'Pending: waiting to sync' });
  return lines;
}

/** '#205493' at alpha 0.5 -> 'rgba(32, 84, 147, 0.5)'. */
export function withAlpha(hex: string, alpha: number): string {
  const m = /^#?([0-9a-f]{2})([0-9a-f]{2})([0-9a-f]{2})$/i.exec(hex);
  if (!m) return hex;
  const [r, g, b] = [m[1], m[2], m[3]].map((h) => parseInt(h ?? '0', 16));
  return `rgba(${r}, ${g}, ${b}, ${alpha})`;
}

export const tagColour = (tag: GrowTag) => GROW.palette[tag];
export const tagFill = (tag: GrowTag) => withAlpha(GROW.palette[tag], GROW.backgroundAlpha);

const keyOf = (id: ChartId) => String(id);

/** A lookup that treats 7 and '7' alike: the page may hand over ids of either kind. */
export function idSet(ids: readonly ChartId[]): { has(id: ChartId): boolean; size: number } {
  const set = new Set(ids.map(keyOf));
  return { has: (id) => set.has(keyOf(id)), size: set.size };
}

/**
 * Items in a locally remembered order (after a drop, until the page hands back the new order),
 * or as given when the remembered order no longer names exactly the same items.
 */
export function applyOrder<T extends { id: ChartId }>(items: readonly T[], order: readonly ChartId[] | null | undefined): readonly T[] {
  if (!order || order.length !== items.length) return items;
  const byKey = new Map(items.map((item) => [keyOf(item.id), item]));
  const next = order.map((id) => byKey.get(keyOf(id)));
  return next.every((x): x is T => x !== undefined) && new Set(order.map(keyOf)).size === order.length ? next : items;
}

/** The full new id order after dropping `activeId` on `overId`, or null when nothing moved. */
export function reorderIds(ids: readonly ChartId[], activeId: UniqueIdentifier, overId: UniqueIdentifier | null | undefined): ChartId[] | null {
  if (overId === null || overId === undefined) return null;
  const from = ids.findIndex((id) => keyOf(id) === keyOf(activeId));
  const to = ids.findIndex((id) => keyOf(id) === keyOf(overId));
  if (from === -1 || to === -1 || from === to) return null;
  return moveItem(ids, from, to);
}

/** A key that changes whenever the ids or their order change. */
export const orderKey = (ids: readonly ChartId[]) => ids.map(keyOf).join('\u0000');

/**
 * dnd-kit's live-region messages in plain English, naming the item and its position, for the
 * markets ('market') or one market's audiences ('audience').
 */
export function reorderAnnouncements(kind: 'market' | 'audience', items: readonly { id: ChartId; name: string }[]): Announcements {
  const n = items.length;
  const nameOf = (id: UniqueIdentifier) => items.find((i) => keyOf(i.id) === keyOf(id))?.name ?? 'item';
  const position = (id: UniqueIdentifier | undefined) => items.findIndex((i) => id !== undefined && keyOf(i.id) === keyOf(id)) + 1;
  const what = (id: UniqueIdentifier) => `${kind === 'market' ? 'Market' : 'Audience'} ${nameOf(id)}`;
  return {
    onDragStart: ({ active }) => `Picked up ${kind} ${nameOf(active.id)}. It is in position ${position(active.id)} of ${n}.`,
    onDragOver: ({ active, over }) => (over
      ? `${what(active.id)} was moved into position ${position(over.id)} of ${n}.`
      : `${what(active.id)} is no longer over a position.`),
    onDragEnd: ({ active, over }) => (over
      ? `${what(active.id)} was dropped at position ${position(over.id)} of ${n}.`
      : `${what(active.id)} was dropped back where it was.`),
    onDragCancel: ({ active }) => `Moving was cancelled. ${what(active.id)} is back in position ${position(active.id)} of ${n}.`,
  };
}

export function reorderInstructions(kind: 'market' | 'audience'): string {
  const keys = kind === 'market' ? 'the left and right arrow keys' : 'the up and down arrow keys';
  return `To pick up the ${kind}, press Space or Enter. While moving it, use ${keys} to change its position. Press Space or Enter again to drop it there, or Escape to cancel.`;
}
