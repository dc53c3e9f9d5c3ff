import { describe, expect, it } from 'vitest';
import type { Active, Over } from '@dnd-kit/core';
import {
  applyOrder, audienceName, audienceTooltip, chartLayout, formatShare, idSet, marketTooltip, orderKey, reorderAnnouncements, reorderIds, tagFill, tileBadgeBox, tileText, withAlpha,
  type ChartAudience, type ChartMarket,
} from './chart-model';

const audience = (id: number | string, name: string, count: number | null, extra: Partial<ChartAudience> = {}): ChartAudience => ({
  id, name, tag: 'owned', count, countLabel: count === null ? '—' : count.toLocaleString('en-US'), segmentLabel: null, segment: null, ...extra,
});
const markets: ChartMarket[] = [
  { id: 1, name: 'Cola', population: 300, audiences: [audience(11, 'Loyal', 100), audience(12, 'Lapsed', null)] },
  { id: 2, name: 'Water', population: 100, audiences: [audience(21, 'Hydrators', 0), audience(22, 'Sparkling', 0)] },
];

describe('chartLayout', () => {
  it('widths follow the population and heights the count (unknown counts as 0); equal in edit mode', () => {
    const [cola, water] = chartLayout(markets, 'view', 800, 400);
    expect([cola?.width, water?.width]).toEqual([600, 200]);
    expect(cola?.tiles.map((t) => t.height)).toEqual([360, 40]); // an unknown count keeps the 40 px floor
    // A market whose counts are all 0 splits its height equally.
    expect(water?.tiles.map((t) => t.height)).toEqual([200, 200]);
    const edit = chartLayout(markets, 'edit', 800, 400);
    expect(edit.map((c) => c.width)).toEqual([400, 400]);
    expect(edit[0]?.tiles.map((t) => t.height)).toEqual([200, 200]);
  });
});

describe('tileText', () => {
  it('writes name and count wherever they fit, the name alone where the count does not, nothing on skinny or very low tiles', () => {
    expect(tileText({ height: 120, width: 100, skinny: false }, '1,234')).toEqual({ name: true, nameLines: 2, count: true });
    // A 40 px tile (the lowest there is) shows its count: most tiles of a 10 × 10 chart are that low.
    expect(tileText({ height: 40, width: 100, skinny: false }, '1,234')).toEqual({ name: true, nameLines: 1, count: true });
    expect(tileText({ height: 52, width: 100, skinny: false }, '1,234')).toEqual({ name: true, nameLines: 1, count: true });
    expect(tileText({ height: 17, width: 100, skinny: false }, '1,234')).toEqual({ name: false, nameLines: 0, count: false });
    expect(tileText({ height: 120, width: 40, skinny: true }, '1,234')).toEqual({ name: false, nameLines: 0, count: false });
  });
});

describe('labels', () => {
  it("names a tile by what it shows: name, tag and count, then pending or invalid", () => {
    expect(audienceName(audience(1, 'Loyal', 1234))).toBe('Loyal, Owned, 1,234');
    expect(audienceName(audience(1, 'Lapsed', null, { tag: 'opportunity', pending: true }))).toBe('Lapsed, Opportunity, —, Pending');
    expect(audienceName(audience(1, 'Gone', 0, { tag: 'none', invalid: true }))).toBe('Gone, None, 0, segment no longer available');
  });

  it('tooltips give the tag, count, share with one decimal and the segment or N/A', () => {
    expect(audienceTooltip(audience(1, 'Loyal', 1234, { segmentLabel: 'Vendor > Drinks > Cola' }), 1 / 3)).toEqual([
      { label: 'Category', value: 'Owned' },
      { label: 'Count', value: '1,234' },
      { label: 'Share of market', value: '33.3%' },
      { label: 'Segment', value: 'Vendor > Drinks > Cola' },
    ]);
    const unknown = audienceTooltip(audience(1, 'Lapsed', null, { pending: true }), 0);
    expect(unknown.find((l) => l.label === 'Share of market')?.value).toBe('—');
    expect(unknown.find((l) => l.label === 'Segment')?.value).toBe('N/A');
    expect(unknown.at(-1)).toEqual({ label: 'Status', value: 'Pending: waiting to sync' });
    expect(marketTooltip(markets[0]!, 0.75)).toEqual([
      { label: 'Population', value: '300' },
      { label: 'Share of total', value: '75.0%' },
    ]);
    expect(formatShare(0.12345)).toBe('12.3%');
    expect(formatShare(Number.NaN)).toBe('0.0%');
  });

  it('fills with the tag colour at the background alpha', () => {
    expect(withAlpha('#205493', 0.5)).toBe('rgba(32, 84, 147, 0.5)');
    expect(tagFill('opportunity')).toBe('rgba(190, 88, 115, 0.5)');
    expect(withAlpha('red', 0.5)).toBe('red');
  });
});

describe('ordering', () => {
  it('idSet treats numeric and string ids alike', () => {
    const set = idSet([1, 'tmp-2']);
    expect([set.has('1'), set.has(1), set.has('tmp-2'), set.has(3), set.size]).toEqual([true, true, true, false, 2]);
  });

  it('reorderIds moves the dropped item to where it was dropped, or says nothing moved', () => {
    expect(reorderIds([1, 2, 3, 4], 1, 3)).toEqual([2, 3, 1, 4]);
    expect(reorderIds([1, 2, 3, 4], 4, 1)).toEqual([4, 1, 2, 3]);
    expect(reorderIds(['a', 'b'], 'b', 'a')).toEqual(['b', 'a']);
    expect(reorderIds([1, 2], 1, 1)).toBeNull();
    expect(reorderIds([1, 2], 1, null)).toBeNull();
    expect(reorderIds([1, 2], 9, 1)).toBeNull();
  });

  it('applyOrder shows a remembered order only while it names exactly the same items', () => {
    const items = [{ id: 1 }, { id: 2 }, { id: 3 }];
    expect(applyOrder(items, [3, 1, 2]).map((i) => i.id)).toEqual([3, 1, 2]);
    expect(applyOrder(items, ['2', '3', '1']).map((i) => i.id)).toEqual([2, 3, 1]);
    expect(applyOrder(items, [3, 1])).toBe(items);
    expect(applyOrder(items, [1, 1, 2])).toBe(items);
    expect(applyOrder(items, [4, 1, 2])).toBe(items);
    expect(applyOrder(items, null)).toBe(items);
    expect(orderKey([1, 2])).not.toBe(orderKey([2, 1]));
  });
});

describe('reorderAnnouncements', () => {
  const items = [{ id: 1, name: 'Cola' }, { id: 2, name: 'Water' }, { id: 3, name: 'Juice' }];
  const active = { id: 1 } as Active;
  const over = (id: number) => ({ id }) as Over;
  const say = reorderAnnouncements('market', items);

  it('says in plain English what moved and where', () => {
    expect(say.onDragStart({ active })).toBe('Picked up market Cola. It is in position 1 of 3.');
    expect(say.onDragOver({ active, over: over(3) })).toBe('Market Cola was moved into position 3 of 3.');
    expect(say.onDragEnd({ active, over: over(2) })).toBe('Market Cola was dropped at position 2 of 3.');
    expect(say.onDragCancel({ active, over: null })).toBe('Moving was cancelled. Market Cola is back in position 1 of 3.');
    expect(reorderAnnouncements('audience', items).onDragEnd({ active, over: null })).toBe('Audience Cola was dropped back where it was.');
  });
});

describe('tileBadgeBox', () => {
  const up = { text: '+12.3%', direction: 'up' } as const;
  it('sizes the chip by its text and arrow, and leaves the tile text the room beside it', () => {
    const box = tileBadgeBox({ height: 30, width: 200, skinny: false }, up);
    expect(box).toEqual({ widthPx: 6 * 7 + 11 + 10, roomPx: 6 * 7 + 11 + 10 + 4, topPx: 0, fits: true });
    expect(tileBadgeBox({ height: 30, width: 200, skinny: false }, { text: '0.0%', direction: 'flat' }).widthPx).toBe(4 * 7 + 10);
  });
  it('keeps off tiles it does not fit on (skinny, narrower than the chip, lower than it): no room taken', () => {
    expect(tileBadgeBox({ height: 30, width: 40, skinny: true }, up)).toMatchObject({ fits: false, roomPx: 0 });
    expect(tileBadgeBox({ height: 30, width: 60, skinny: false }, up)).toMatchObject({ fits: false, roomPx: 0 });
    expect(tileBadgeBox({ height: 19, width: 200, skinny: false }, up)).toMatchObject({ fits: false, roomPx: 0 });
    expect(tileBadgeBox({ height: 20, width: 67, skinny: false }, up)).toMatchObject({ fits: true, roomPx: 67 });
  });
  it('takes a line above the text on a narrow tile tall enough for both, so the name is not cut to a letter or two', () => {
    // 84 px wide: beside the chip (67 px) the name would have 17 px.
    expect(tileBadgeBox({ height: 120, width: 84, skinny: false }, up)).toEqual({ widthPx: 63, roomPx: 0, topPx: 20, fits: true });
    // Too low for a line of its own: beside the text, as on a wide tile.
    expect(tileBadgeBox({ height: 50, width: 84, skinny: false }, up)).toMatchObject({ roomPx: 67, topPx: 0 });
    // Wide enough for a name beside it: beside.
    expect(tileBadgeBox({ height: 120, width: 140, skinny: false }, up)).toMatchObject({ roomPx: 67, topPx: 0 });
  });
});

