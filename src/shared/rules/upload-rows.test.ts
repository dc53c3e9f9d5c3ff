import { describe, expect, it } from 'vitest';
import { matchExploreRows, matchGrowRows, matchJourneyRows, type GrowCatalog, type JourneyCatalog } from './upload-rows';
import { UPLOAD_TEXT } from './uploads';

const categories = new Map([['age', 'Age'], ['gender', 'Gender']]);

const growCatalog: GrowCatalog = {
  categories,
  charts: new Map([['soda market', {
    id: 1,
    name: 'Soda Market',
    markets: new Map([['cola', { id: 10, name: 'Cola', audiences: new Map([['loyal', { id: 100, name: 'Loyal' }], ['lapsed', { id: 101, name: 'Lapsed' }]]) }]]),
  }]]),
  discussionNodes: new Set([41, 42]),
};

const growValues = (over: Record<string, string | number | null> = {}) => ({
  brand: 'Fizz Cola', product: 'Fizz Original', chart: 'Soda Market', market: 'Cola', marketPosition: 1, audience: 'Loyal', audiencePosition: null,
  category: 'Age', attribute: '18-24', attributePosition: 1, value: 1200, percent: null, discussion: null, ...over,
});

describe('matchGrowRows', () => {
  it('groups the figures by audience, names matched whatever their case and spacing', () => {
    const { targets, issues } = matchGrowRows([
      { row: 2, values: growValues() },
      { row: 3, values: growValues({ chart: ' soda  MARKET ', audience: 'LOYAL', attribute: '25-34', value: 900 }) },
      { row: 4, values: growValues({ audience: 'Lapsed', category: 'gender', attribute: 'Female', value: null, percent: 51 }) },
    ], 'Fizz Original', growCatalog);
    expect(issues).toEqual([]);
    expect([...targets.keys()]).toEqual([100, 101]);
    expect(targets.get(100)!.figures.map((f) => [f.value, f.count, f.row])).toEqual([['18-24', 1200, 2], ['25-34', 900, 3]]);
    // The category as the region spells it.
    expect(targets.get(101)!.figures[0]).toMatchObject({ attribute: 'Gender', value: 'Female', percent: 51, count: null });
  });

  it('names the first thing that does not match: chart, market, audience or category', () => {
    const { targets, issues } = matchGrowRows([
      { row: 2, values: growValues({ chart: 'Nope' }) },
      { row: 3, values: growValues({ market: 'Water' }) },
      { row: 4, values: growValues({ audience: 'Ghosts' }) },
      { row: 5, values: growValues({ category: 'Shoe Size' }) },
    ], 'Fizz Original', growCatalog);
    expect(targets.size).toBe(0);
    expect(issues).toEqual([
      { column: 'C', row: 2, message: UPLOAD_TEXT.unknownChart('Nope', 'Fizz Original') },
      { column: 'D', row: 3, message: UPLOAD_TEXT.unknownMarket('Water', 'Soda Market') },
      { column: 'F', row: 4, message: UPLOAD_TEXT.unknownAudience('Ghosts', 'Cola') },
      { column: 'H', row: 5, message: UPLOAD_TEXT.unknownCategory('Shoe Size') },
    ]);
  });

  it('applies nothing of a row whose value was in error (its cell check left it null)', () => {
    const { targets, issues } = matchGrowRows([{ row: 2, values: growValues({ value: null, percent: null }) }], 'Fizz Original', growCatalog);
    expect(targets.size).toBe(0);
    expect(issues).toEqual([]);
  });

  it("sets the audience's discussion cluster from column M, the last row's, and refuses another client's or an unknown ID", () => {
    const { targets, issues } = matchGrowRows([
      { row: 2, values: growValues({ discussion: 41 }) },
      { row: 3, values: growValues({ attribute: '25-34', discussion: 42 }) },
      { row: 4, values: growValues({ audience: 'Lapsed', discussion: 99 }) },
      // A node alone, its figure in error: the node is still set.
      { row: 5, values: growValues({ audience: 'Lapsed', value: null, discussion: 41 }) },
    ], 'Fizz Original', growCatalog);
    expect(targets.get(100)!.discussion).toEqual({ id: 42, row: 3 });
    expect(targets.get(100)!.figures).toHaveLength(2);
    expect(targets.get(101)!.discussion).toEqual({ id: 41, row: 5 });
    // Row 4's figure still applies; its unknown ID is an error of column M only.
    expect(targets.get(101)!.figures.map((f) => f.row)).toEqual([4]);
    expect(issues).toEqual([{ column: 'M', row: 4, message: UPLOAD_TEXT.unknownDiscussion(99) }]);
  });

  it('escapes names in its HTML messages', () => {
    const { issues } = matchGrowRows([{ row: 2, values: growValues({ chart: '<script>alert(1)</script>' }) }], 'Fizz', growCatalog);
    expect(issues[0]!.message).toContain('&lt;script&gt;');
    expect(issues[0]!.message).not.toContain('<script>');
  });
});

const journeyCatalog: JourneyCatalog = {
  categories,
  segments: new Map([['seg-aware', 501]]),
  journeys: new Map([['path to purchase', {
    id: 7,
    name: 'Path to Purchase',
    brands: new Map([['fizz', { id: 70, name: 'Fizz' }]]),
    stages: new Map([['aware', { id: 80, name: 'Aware' }], ['buy', { id: 81, name: 'Buy' }]]),
  }]]),
};

const journeyValues = (over: Record<string, string | number | null> = {}) => ({
  brand: 'Fizz Cola', product: 'Fizz Original', journey: 'Path to Purchase', journeyBrand: 'Fizz', journeyBrandPosition: 1, stage: 'Aware', stagePosition: 1,
  category: 'Age', attribute: '18-24', attributePosition: 1, value: null, percent: 12, population: null, matched: null, modeled: null, ...over,
});

describe('matchJourneyRows', () => {
  it('sets a cell’s figures, population and segments', () => {
    const { targets, issues } = matchJourneyRows([
      { row: 2, values: journeyValues({ population: 4000, matched: 'seg-aware' }) },
      { row: 3, values: journeyValues({ attribute: '25-34', percent: 20 }) },
    ], 'Fizz Original', journeyCatalog);
    expect(issues).toEqual([]);
    const cell = targets.get('70:80')!;
    expect(cell.figures.map((f) => f.value)).toEqual(['18-24', '25-34']);
    expect(cell.population).toEqual({ value: 4000, row: 2 });
    expect(cell.matched).toEqual({ id: 501, row: 2 });
  });

  it('names unknown journeys, brands, stages, categories and segments', () => {
    const { issues } = matchJourneyRows([
      { row: 2, values: journeyValues({ journey: 'Other' }) },
      { row: 3, values: journeyValues({ journeyBrand: 'Pop', stage: 'Loyal' }) },
      { row: 4, values: journeyValues({ category: 'Pets', attribute: null, percent: null, population: 5 }) },
      { row: 5, values: journeyValues({ modeled: 'seg-gone' }) },
    ], 'Fizz Original', journeyCatalog);
    expect(issues).toEqual([
      { column: 'C', row: 2, message: UPLOAD_TEXT.unknownJourney('Other', 'Fizz Original') },
      { column: 'D', row: 3, message: UPLOAD_TEXT.unknownJourneyBrand('Pop', 'Path to Purchase') },
      { column: 'F', row: 3, message: UPLOAD_TEXT.unknownStage('Loyal', 'Path to Purchase') },
      { column: 'H', row: 4, message: UPLOAD_TEXT.unknownCategory('Pets') },
      { column: 'O', row: 5, message: UPLOAD_TEXT.unknownSegment('seg-gone') },
    ]);
  });
});

describe('matchExploreRows', () => {
  it('groups attributes by tab and widget name, and checks the category', () => {
    const values = (over: Record<string, string | number | null>) => ({
      brand: 'Fizz Cola', product: 'Fizz Original', tab: 'Demographics', widget: 'Age mix', attributePosition: null, category: 'Age', attribute: '18-24', value: null, percent: 10, ...over,
    });
    const { targets, issues } = matchExploreRows([
      { row: 2, values: values({}) },
      { row: 3, values: values({ widget: 'AGE MIX', attribute: '25-34', percent: 15 }) },
      { row: 4, values: values({ category: 'Pets' }) },
    ], categories);
    expect([...targets.values()].map((t) => [t.tab, t.name, t.figures.length])).toEqual([['Demographics', 'Age mix', 2]]);
    expect(issues).toEqual([{ column: 'F', row: 4, message: UPLOAD_TEXT.unknownCategory('Pets') }]);
  });
});
