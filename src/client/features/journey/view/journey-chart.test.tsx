import { describe, expect, it } from 'vitest';
import { renderToStaticMarkup } from 'react-dom/server';
import type { ChartModel, StageModel } from './journey-model';
import { JourneyChart } from './journey-chart';

/*
 * The unit project has no DOM, so the chart renders to markup: enough to pin the names, states
 * and layout the page and its browser tests rely on. Clicks and popovers are browser work.
 */

const brands = [{ id: 1, name: 'Fizz', colour: '#205493' }, { id: 2, name: 'Pop', colour: '#BE5873' }];
const stage = (id: number, name: string, count: number | null, transition: string | null, fill = 0.5): StageModel => ({
  id, name, shown: name.length > 20 ? `${name.slice(0, 20)}…` : name, icon: 'eye', count, fill, transition, cell: undefined, segment: null,
  brands: brands.map((brand) => ({ brand, count })),
});
const model: ChartModel = {
  brands,
  stages: [stage(10, 'Aware', 1000, '42.5%', 1), stage(11, 'A stage with a long name', 0, 'N/A', 0), stage(12, 'Buy', null, null)],
};
const noop = () => undefined;
const render = (props: Partial<Parameters<typeof JourneyChart>[0]> = {}) => renderToStaticMarkup(
  <JourneyChart model={model} brandId={undefined} onBrand={noop} selectedStageIds={[]} onToggleStage={noop} onZeroCount={noop} vertical={false} widthPx={1600} discussions={[]} {...props} />,
);
const count = (html: string, needle: string) => html.split(needle).length - 1;

describe('JourneyChart', () => {
  it('checks the first brand by default and draws each stage as a named toggle with arrows between them', () => {
    const html = render();
    expect(html).toMatch(/<input type="radio" name="journey-brand" checked="" value="1"/);
    expect(html).toContain('aria-pressed="false" aria-label="Aware: 1,000 people. Select this stage"');
    expect(html).toContain('aria-label="Buy: no count. Select this stage"');
    expect(html).toContain('aria-label="Aware to A stage with a long name: 42.5%"');
    expect(html).toContain('aria-label="A stage with a long name to Buy: N/A"');
    expect(count(html, 'journey-stages__transition')).toBe(2);
    expect(html).toContain('A stage with a long …');
    expect(html).toContain('journey-stages--horizontal');
  });

  it('marks the zero-count stage, dims the unselected stages and stacks them when vertical', () => {
    const html = render({ selectedStageIds: [10], vertical: true, brandId: 2 });
    expect(html).toMatch(/<input type="radio" name="journey-brand" checked="" value="2"/);
    expect(count(html, 'zero-count-icon')).toBe(1);
    expect(html).toContain('A stage with a long name: Click to learn why this stage has a zero count.');
    expect(html).toContain('aria-pressed="true" aria-label="Aware: 1,000 people. Deselect this stage"');
    expect(count(html, 'stage--dimmed')).toBe(2);
    expect(html).toContain('journey-stages--vertical');
  });

  it('sizes gauges by the room per stage, 90 to 250 px', () => {
    expect(render({ widthPx: 4000 })).toContain('width="250" height="250"');
    expect(render({ widthPx: 400 })).toContain('width="90" height="90"');
  });
});
