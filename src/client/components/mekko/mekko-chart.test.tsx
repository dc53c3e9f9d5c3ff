import { describe, expect, it } from 'vitest';
import { renderToStaticMarkup } from 'react-dom/server';
import { GROW_TEXT, zeroCause, zeroReason } from '@shared/rules/grow';
import type { ChartAudience, ChartMarket, MekkoChartProps } from './chart-model';
import { MekkoChart } from './mekko-chart';
import { ZeroCountReasons } from '../zero-count-dialog';

/*
 * The unit project has no DOM, so these render to markup: enough to pin the names, states and
 * structure the page and its browser tests rely on. Clicks, drags and tooltips are browser work.
 */

const audience = (id: number, name: string, count: number | null, extra: Partial<ChartAudience> = {}): ChartAudience => ({
  id, name, tag: 'owned', count, countLabel: count === null ? '—' : count.toLocaleString('en-US'), segmentLabel: null, segment: null, ...extra,
});
const markets: ChartMarket[] = [
  { id: 1, name: 'Cola', population: 3000, audiences: [audience(11, 'Loyal', 2000), audience(12, 'Lapsed', 0, { tag: 'opportunity' })] },
  { id: 2, name: 'Water & Co', population: 1000, pending: true, audiences: [audience(21, 'Hydrators', 500, { tag: 'none', pending: true, invalid: true })] },
];
const noop = () => undefined;
const render = (props: Partial<MekkoChartProps> = {}) => renderToStaticMarkup(
  <MekkoChart markets={markets} mode="view" measurementLabel="Penetration" selectedIds={[]} onAudienceClick={noop} canOpenZeroCount {...props} />,
);
const count = (html: string, needle: string) => html.split(needle).length - 1;

describe('MekkoChart (view mode)', () => {
  it('renders each audience as a named toggle button, and each market as a labelled group', () => {
    const html = render({ selectedIds: [11] });
    expect(html).toContain('aria-label="Loyal, Owned, 2,000" aria-pressed="true"');
    expect(html).toContain('aria-label="Lapsed, Opportunity, 0" aria-pressed="false"');
    expect(html).toContain('aria-label="Hydrators, None, 500, segment no longer available, Pending"');
    expect(html).toContain('role="group" aria-label="Cola"');
    expect(html).toContain('role="group" aria-label="Water &amp; Co, Pending"');
    // Only the unselected tiles are dimmed.
    expect(count(html, 'audience-tile--dimmed')).toBe(2);
    expect(html).toContain('audience-tile--selected');
  });

  it('dims nothing when nothing is selected, and offers no editing', () => {
    const html = render();
    expect(html).not.toContain('audience-tile--dimmed');
    expect(html).not.toContain('Move market');
    expect(html).not.toContain(GROW_TEXT.addAudience);
  });

  it('marks zero counts with the wording the page asks for', () => {
    expect(render()).toContain(`<button type="button" class="zero-count-icon" aria-label="Lapsed: ${GROW_TEXT.zeroCountClick}"`);
    expect(render({ canOpenZeroCount: false })).toContain(`role="img" tabindex="0" aria-label="Lapsed: ${GROW_TEXT.zeroCountReplace}"`);
    expect(count(render(), 'zero-count-icon"')).toBe(1);
  });

  it('draws the axes, the legend and the measurement label', () => {
    const html = render({ measurementLabel: 'Reach' });
    expect(html).toContain('<span>Reach</span>');
    for (const step of [0, 20, 40, 60, 80, 100]) expect(count(html, `>${step}%</span>`)).toBe(2);
    expect(html).toContain(GROW_TEXT.legendTitle);
    for (const label of ['Owned', 'Opportunity', 'None']) expect(html).toContain(`mekko-legend__label">${label}<`);
  });

  it('lays columns out by population at the default width before it is measured', () => {
    const html = render();
    // 960 px: Cola has 3/4 of the population.
    expect(html).toContain('style="left:0;width:720px"');
    expect(html).toContain('style="left:720px;width:240px"');
  });

  it('says so when the chart has no markets', () => {
    const html = render({ markets: [] });
    expect(html).toContain('This chart has no markets yet.');
    expect(html).toContain('>100%</span>');
  });
});

describe('MekkoChart (edit mode)', () => {
  const html = render({ mode: 'edit', selectedIds: [11], onEditMarket: noop, onEditAudience: noop, onAddAudience: noop, onReorderMarkets: noop, onReorderAudiences: noop });

  it('gives every column and tile a move handle, and every column Add Audience', () => {
    expect(count(html, 'aria-label="Move market ')).toBe(2);
    expect(html).toContain('aria-label="Move market Water &amp; Co"');
    expect(count(html, 'aria-label="Move audience ')).toBe(3);
    expect(html).toContain('aria-roledescription="sortable"');
    expect(count(html, `${GROW_TEXT.addAudience}<span class="grow-sr-only"> to `)).toBe(2);
    expect(html).toContain('<span class="grow-sr-only">Edit market </span>Cola</button>');
  });

  it('shows equal columns and neither selection nor dimming', () => {
    expect(html).toContain('width:480px');
    expect(html).not.toContain('aria-pressed="true"');
    expect(html).not.toContain('audience-tile--dimmed');
  });

  it('shows no handles when reordering is not offered', () => {
    const plain = render({ mode: 'edit' });
    expect(plain).not.toContain('Move market');
    expect(plain).not.toContain('Move audience');
    expect(plain).not.toContain(GROW_TEXT.addAudience);
  });
});

describe('ZeroCountReasons', () => {
  it('explains the three reasons in order and marks the one from zeroReason', () => {
    const html = renderToStaticMarkup(<ZeroCountReasons cause={zeroReason({ deleted: false, people_count: 0 })} />);
    expect(count(html, '<li ')).toBe(3);
    expect(html.indexOf('<strong>Expiration: </strong>')).toBeLessThan(html.indexOf('<strong>Membership: </strong>'));
    expect(html.indexOf('<strong>Membership: </strong>')).toBeLessThan(html.indexOf('<strong>Deletion: </strong>'));
    expect(count(html, 'Most likely for this audience')).toBe(1);
    expect(html).toMatch(/zero-count-reason--likely"><p class="zero-count-reason__text"><strong>Membership: <\/strong>/);
    expect(renderToStaticMarkup(<ZeroCountReasons cause={zeroReason(null)} />)).toMatch(/--likely"><p[^>]*><strong>Deletion/);
  });

  it('marks no reason for an audience with no segment attached, and says so in the spec’s words (issue 13)', () => {
    const dialog = (cause: Parameters<typeof zeroCause>) => renderToStaticMarkup(<ZeroCountReasons cause={zeroCause(...cause)} name="Gamers" kind="Modeled" />);
    const html = dialog(['modeled', null, undefined]);
    expect(count(html, '<li ')).toBe(4);
    expect(html).not.toMatch(/--likely"><p[^>]*><strong>(Deletion|Membership|Expiration)/);
    expect(html).toMatch(/--likely"><p[^>]*><strong>No segment: <\/strong>There is no Modeled segment attached to &#x27;Gamers&#x27;\./);
    expect(count(html, 'zero-count-reason--likely')).toBe(1);
    expect(dialog(['total', 5, undefined])).toMatch(/--likely"><p[^>]*><strong>Population: <\/strong>/);
  });
});

describe('MekkoChart tile badges (Measure)', () => {
  const badges: Record<string, { text: string; direction: 'up' | 'down' | 'flat' }> = {
    11: { text: '+25.0%', direction: 'up' },
    12: { text: '-4.0%', direction: 'down' },
    21: { text: '0.0%', direction: 'flat' },
  };
  const html = render({ tileBadge: (a) => badges[String(a.id)], heightPx: 300 });
  it('writes each badge with an arrow by its direction (none when flat), hidden from screen readers as the sign says it', () => {
    expect(html).toContain('audience-tile__badge audience-tile__badge--up"><span class="audience-tile__badge-arrow" aria-hidden="true">▲</span>+25.0%</span>');
    expect(html).toContain('audience-tile__badge--down"><span class="audience-tile__badge-arrow" aria-hidden="true">▼</span>-4.0%</span>');
    expect(html).toContain('audience-tile__badge--flat">0.0%</span>');
  });
  it('reserves the chip\'s room on badged tiles so the name and count stay clear of it', () => {
    expect(count(html, 'audience-tile--badged')).toBe(3);
    expect(html).toContain(`--badge-room:${6 * 7 + 11 + 10 + 4}px`);
  });
  it('writes nothing extra without badges', () => {
    expect(render()).not.toContain('audience-tile__badge');
  });
});

