import { describe, expect, it } from 'vitest';
import {
  addBrand, addStage, brandActions, brandColour, canAddBrand, canAddStage, cellAt, cellPosition, cellSegmentOf, deleteBrand, deleteStage,
  draftOf, finiteShare, firstUnusedName, formatTransition, gaugeFill, gaugeSize, isVerticalLayout, JOURNEY, JOURNEY_ICONS, JOURNEY_TEXT,
  journeyChanged, journeyNameError, journeyProblem, moveBrand, moveStage, namesNotice, newJourneyDraft, orderedBrands, orderedStages,
  renameBrand, renameStage, setCell, setStageIcon, shownName, stageActions, stageSelectionRules, type JourneyDraft,
} from './journey';

/** Keys 'k1', 'k2', … in the order the rules ask for them. */
function keys(): () => string {
  let n = 0;
  return () => `k${++n}`;
}

const brandNames = (d: JourneyDraft) => orderedBrands(d.brands).map((b) => b.name);
const stageNames = (d: JourneyDraft) => orderedStages(d.stages).map((s) => s.name);

/** A grid of `brands` x `stages` made through the builder's own operations. */
function grid(brands: number, stages: number): JourneyDraft {
  const key = keys();
  let d = newJourneyDraft('Fizz Original', key);
  for (let i = 1; i < brands; i++) d = addBrand(d, key);
  for (let i = 1; i < stages; i++) d = addStage(d, d.stages.length, key);
  return { ...d, name: 'Funnel' };
}

describe('a new journey (spec 3 §4)', () => {
  it('has one brand named after the product, New Stage 1 with a blank icon and one empty cell', () => {
    const d = newJourneyDraft('Fizz Original', keys());
    expect(d).toEqual({
      name: '', default: false, has_transition_data: false,
      brands: [{ id: 'k1', name: 'Fizz Original', order: 0 }],
      stages: [{ id: 'k2', name: 'New Stage 1', priority: 0, icon: 'blank' }],
      sub_markets: [{ journey_brand_id: 'k1', journey_stage_id: 'k2', population: 0, matched_id: null, modeled_id: null, discussion_cluster_node_id: null }],
    });
  });

  it('cannot be saved until it has a name', () => {
    const d = newJourneyDraft('Fizz Original', keys());
    expect(journeyProblem(d, [])).toBe(JOURNEY_TEXT.nameRequired);
    expect(journeyProblem({ ...d, name: 'Funnel' }, [])).toBeNull();
  });
});

describe('firstUnusedName', () => {
  it('takes the first number no item has, trimmed and case-insensitively', () => {
    expect(firstUnusedName('New Brand', [])).toBe('New Brand 1');
    expect(firstUnusedName('New Brand', ['Fizz', ' new brand 1 ', 'New Brand 3'])).toBe('New Brand 2');
    expect(firstUnusedName('New Stage', ['New Stage 1', 'New Stage 2'])).toBe('New Stage 3');
  });
});

describe('brands', () => {
  it('Add Brand appends New Brand N with an empty cell in every stage, up to 4 brands', () => {
    const key = keys();
    let d = addStage(newJourneyDraft('Fizz', key), 1, key);
    d = addBrand(d, key);
    expect(brandNames(d)).toEqual(['Fizz', 'New Brand 1']);
    expect(d.brands.map((b) => b.order).sort()).toEqual([0, 1]);
    expect(d.sub_markets.filter((c) => c.journey_brand_id === 'k4')).toHaveLength(2);
    d = renameBrand(d, 'k4', 'Cola');
    d = addBrand(addBrand(d, key), key);
    expect(brandNames(d)).toEqual(['Fizz', 'Cola', 'New Brand 1', 'New Brand 2']);
    expect(canAddBrand(d)).toBe(false);
    expect(addBrand(d, key)).toBe(d);
    expect(d.sub_markets).toHaveLength(8);
  });

  it('move up and down swap neighbours; the first cannot go up, the last cannot go down', () => {
    const d = grid(3, 1);
    const [a, b, c] = orderedBrands(d.brands).map((x) => x.id);
    expect(brandActions(d, a!)).toEqual({ moveBack: false, moveForward: true, delete: true });
    expect(brandActions(d, b!)).toEqual({ moveBack: true, moveForward: true, delete: true });
    expect(brandActions(d, c!)).toEqual({ moveBack: true, moveForward: false, delete: true });
    const down = moveBrand(d, a!, 'down');
    expect(orderedBrands(down.brands).map((x) => x.id)).toEqual([b, a, c]);
    expect(down.brands.map((x) => x.order).sort()).toEqual([0, 1, 2]);
    expect(orderedBrands(moveBrand(down, a!, 'up').brands).map((x) => x.id)).toEqual([a, b, c]);
    expect(orderedBrands(moveBrand(d, a!, 'up').brands).map((x) => x.id)).toEqual([a, b, c]);
    expect(orderedBrands(moveBrand(d, c!, 'down').brands).map((x) => x.id)).toEqual([a, b, c]);
  });

  it('delete takes the row of cells with it and is not offered for the only brand', () => {
    const d = grid(2, 3);
    const [a, b] = orderedBrands(d.brands).map((x) => x.id);
    const one = deleteBrand(d, a!);
    expect(one.brands).toEqual([{ id: b, name: 'New Brand 1', order: 0 }]);
    expect(one.sub_markets).toHaveLength(3);
    expect(one.sub_markets.every((c) => c.journey_brand_id === b)).toBe(true);
    expect(brandActions(one, b!)).toEqual({ moveBack: false, moveForward: false, delete: false });
    expect(deleteBrand(one, b!)).toBe(one);
  });
});

describe('stages', () => {
  it('the + inserts New Stage N (icon blank) at a column, with an empty cell for every brand, up to 10 stages', () => {
    const key = keys();
    let d = addBrand(newJourneyDraft('Fizz', key), key);
    d = addStage(d, 0, key); // before New Stage 1
    expect(stageNames(d)).toEqual(['New Stage 2', 'New Stage 1']);
    d = addStage(d, 1, key); // between them
    expect(stageNames(d)).toEqual(['New Stage 2', 'New Stage 3', 'New Stage 1']);
    expect(orderedStages(d.stages).map((s) => s.priority)).toEqual([0, 1, 2]);
    expect(d.stages.every((s) => s.icon === 'blank')).toBe(true);
    expect(d.sub_markets).toHaveLength(6);
    d = addStage(d, 99, key); // past the end: the last column
    expect(stageNames(d).at(-1)).toBe('New Stage 4');
    while (canAddStage(d)) d = addStage(d, 0, key);
    expect(d.stages).toHaveLength(JOURNEY.maxStages);
    expect(addStage(d, 0, key)).toBe(d);
    expect(d.sub_markets).toHaveLength(20);
  });

  it('move left and right swap neighbours; the first cannot go left, the last cannot go right', () => {
    const d = grid(1, 3);
    const [a, b, c] = orderedStages(d.stages).map((x) => x.id);
    expect(stageActions(d, a!)).toEqual({ moveBack: false, moveForward: true, delete: true });
    expect(stageActions(d, c!)).toEqual({ moveBack: true, moveForward: false, delete: true });
    const right = moveStage(d, a!, 'right');
    expect(orderedStages(right.stages).map((x) => x.id)).toEqual([b, a, c]);
    expect(orderedStages(moveStage(right, c!, 'left').stages).map((x) => x.id)).toEqual([b, c, a]);
    expect(orderedStages(moveStage(d, a!, 'left').stages).map((x) => x.id)).toEqual([a, b, c]);
    expect(orderedStages(moveStage(d, c!, 'right').stages).map((x) => x.id)).toEqual([a, b, c]);
  });

  it('delete takes the column of cells with it and is not offered for the only stage', () => {
    const d = grid(2, 2);
    const [a, b] = orderedStages(d.stages).map((x) => x.id);
    const one = deleteStage(d, b!);
    expect(one.stages).toEqual([{ id: a, name: 'New Stage 1', priority: 0, icon: 'blank' }]);
    expect(one.sub_markets).toHaveLength(2);
    expect(stageActions(one, a!).delete).toBe(false);
    expect(deleteStage(one, a!)).toBe(one);
  });

  it('rename and icon change only the named stage', () => {
    const d = grid(1, 2);
    const [a, b] = orderedStages(d.stages).map((x) => x.id);
    const next = setStageIcon(renameStage(d, a!, 'Aware'), a!, 'eye');
    expect(orderedStages(next.stages).map((s) => [s.name, s.icon])).toEqual([['Aware', 'eye'], ['New Stage 2', 'blank']]);
    expect(renameStage(d, String(b), 'Buy').stages.find((s) => s.id === b)?.name).toBe('Buy');
  });
});

describe('cells follow their brand and stage', () => {
  it('a mapping stays on its brand and stage through moves, inserts and deletes', () => {
    const key = keys();
    let d = addBrand(newJourneyDraft('Fizz', key), key);
    d = addStage(d, 1, key);
    const [b1, b2] = orderedBrands(d.brands).map((b) => b.id);
    const [s1, s2] = orderedStages(d.stages).map((s) => s.id);
    const mapping = { population: 500, matched_id: 7, modeled_id: 8, discussion_cluster_node_id: 9 };
    d = setCell(d, b2!, s1!, mapping);
    expect(cellAt(d.sub_markets, b2!, s1!)).toMatchObject(mapping);
    expect(cellPosition(d, b2!, s1!)).toBe(3);
    d = moveBrand(d, b2!, 'up');
    d = moveStage(d, s1!, 'right');
    expect(cellAt(d.sub_markets, b2!, s1!)).toMatchObject(mapping);
    expect(cellPosition(d, b2!, s1!)).toBe(2);
    d = addStage(d, 0, key);
    expect(cellPosition(d, b2!, s1!)).toBe(3);
    d = deleteBrand(d, b1!);
    d = deleteStage(d, s2!);
    expect(cellAt(d.sub_markets, b2!, s1!)).toMatchObject(mapping);
    expect(cellPosition(d, b2!, s1!)).toBe(2);
    expect(journeyProblem({ ...d, name: 'x' }, [])).toBeNull();
  });

  it('setCell on a pair without a cell makes it', () => {
    const d = grid(1, 1);
    const brand = d.brands[0]!.id;
    const lost = { ...d, sub_markets: [] };
    const made = setCell(lost, brand, d.stages[0]!.id, { population: 3, matched_id: null, modeled_id: null, discussion_cluster_node_id: null });
    expect(made.sub_markets).toEqual([{ ...d.sub_markets[0], population: 3 }]);
  });

  it('cellPosition numbers row by row from 1', () => {
    const d = grid(3, 4);
    const brands = orderedBrands(d.brands);
    const stages = orderedStages(d.stages);
    expect(cellPosition(d, brands[0]!.id, stages[0]!.id)).toBe(1);
    expect(cellPosition(d, brands[0]!.id, stages[3]!.id)).toBe(4);
    expect(cellPosition(d, brands[1]!.id, stages[0]!.id)).toBe(5);
    expect(cellPosition(d, brands[2]!.id, stages[3]!.id)).toBe(12);
  });
});

describe('name notices on leaving a name field (spec 3 §5)', () => {
  it('give the exact texts', () => {
    const d = grid(2, 2);
    const [b1, b2] = orderedBrands(d.brands).map((b) => b.id);
    const [s1, s2] = orderedStages(d.stages).map((s) => s.id);
    expect(namesNotice(d, 'brand')).toBeNull();
    expect(namesNotice(d, 'stage')).toBeNull();
    expect(namesNotice(renameBrand(d, b1!, '   '), 'brand')).toBe('All brands require a name before saving.');
    expect(namesNotice(renameBrand(d, b2!, ' fizz original '), 'brand')).toBe('All brands require a unique name before saving.');
    expect(namesNotice(renameStage(d, s1!, ''), 'stage')).toBe('All stages require a name before saving');
    expect(namesNotice(renameStage(d, s2!, 'NEW STAGE 1'), 'stage')).toBe('All stages require a unique name before saving.');
    expect(namesNotice(renameStage(d, s2!, 'x'.repeat(101)), 'stage')).toBe(JOURNEY_TEXT.nameTooLong);
  });

  it('name the kind of field that was left', () => {
    const d = renameStage(grid(1, 1), grid(1, 1).stages[0]!.id, '');
    expect(namesNotice(d, 'brand')).toBeNull();
  });
});

describe('journeyProblem: why Save and Close is disabled', () => {
  const d = grid(2, 2);
  it('checks the journey name: required, at most 100, unique among the others', () => {
    expect(journeyNameError('  ', [])).toBe('Name is required.');
    expect(journeyNameError(' funnel ', ['Funnel'])).toBe('This name is already in use.');
    expect(journeyNameError('x'.repeat(101), [])).toBe(JOURNEY_TEXT.nameTooLong);
    expect(journeyProblem({ ...d, name: '' }, [])).toBe('Name is required.');
    expect(journeyProblem(d, ['FUNNEL'])).toBe('This name is already in use.');
    expect(journeyProblem(d, ['Other'])).toBeNull();
  });

  it('refuses more than 4 brands or 10 stages', () => {
    const five = { ...d, brands: [...d.brands, ...[3, 4, 5].map((n) => ({ id: `b${n}`, name: `B${n}`, order: n }))] };
    expect(journeyProblem(five, [])).toBe(JOURNEY_TEXT.tooManyBrands);
    const eleven = { ...d, stages: Array.from({ length: 11 }, (_, n) => ({ id: `s${n}`, name: `S${n}`, priority: n, icon: 'blank' as const })) };
    expect(journeyProblem(eleven, [])).toBe(JOURNEY_TEXT.tooManyStages);
  });

  it('names the stages’ problem before the brands’', () => {
    const both = renameStage(renameBrand(d, d.brands[0]!.id, ''), d.stages[0]!.id, '');
    expect(journeyProblem(both, [])).toBe(JOURNEY_TEXT.stagesNamed);
    expect(journeyProblem(renameBrand(d, d.brands[0]!.id, 'New Brand 1'), [])).toBe(JOURNEY_TEXT.brandsUnique);
  });

  it('refuses a negative or missing population', () => {
    const cell = d.sub_markets[0]!;
    const fields = { matched_id: null, modeled_id: null, discussion_cluster_node_id: null };
    expect(journeyProblem(setCell(d, cell.journey_brand_id, cell.journey_stage_id, { ...fields, population: -1 }), [])).toBe(JOURNEY_TEXT.populationMin);
    expect(journeyProblem(setCell(d, cell.journey_brand_id, cell.journey_stage_id, { ...fields, population: Number.NaN }), [])).toBe(JOURNEY_TEXT.populationMin);
    expect(journeyProblem(setCell(d, cell.journey_brand_id, cell.journey_stage_id, { ...fields, population: 0 }), [])).toBeNull();
  });

  it('refuses a grid without exactly one cell per brand and stage', () => {
    expect(journeyProblem({ ...d, sub_markets: d.sub_markets.slice(1) }, [])).toBe(JOURNEY_TEXT.cellsMismatch);
    expect(journeyProblem({ ...d, sub_markets: [...d.sub_markets.slice(1), d.sub_markets[1]!] }, [])).toBe(JOURNEY_TEXT.cellsMismatch);
    const stray = { ...d.sub_markets[0]!, journey_brand_id: 'gone' };
    expect(journeyProblem({ ...d, sub_markets: [...d.sub_markets.slice(1), stray] }, [])).toBe(JOURNEY_TEXT.cellsMismatch);
  });
});

describe('journeyChanged: Cancel confirms only then', () => {
  const loaded = draftOf({
    name: 'Funnel', default: true, has_transition_data: true,
    brands: [{ id: 2, name: 'B', order: 1 }, { id: 1, name: 'A', order: 0 }],
    stages: [{ id: 12, name: 'S12', priority: 0, icon: 'eye' }, { id: 2, name: 'S2', priority: 1, icon: 'blank' }],
    sub_markets: [
      { journey_brand_id: 1, journey_stage_id: 12, population: 1, matched_id: 5, modeled_id: null, discussion_cluster_node_id: null },
      { journey_brand_id: 11, journey_stage_id: 2, population: 2, matched_id: null, modeled_id: null, discussion_cluster_node_id: null },
      { journey_brand_id: 1, journey_stage_id: 2, population: 3, matched_id: null, modeled_id: null, discussion_cluster_node_id: null },
      { journey_brand_id: 2, journey_stage_id: 12, population: 4, matched_id: null, modeled_id: null, discussion_cluster_node_id: null },
    ],
  });

  it('is false for the loaded draft, its copy, and its cells in another order', () => {
    expect(journeyChanged(loaded, loaded)).toBe(false);
    expect(journeyChanged(loaded, structuredClone(loaded))).toBe(false);
    expect(journeyChanged(loaded, { ...loaded, sub_markets: [...loaded.sub_markets].reverse() })).toBe(false);
  });

  it('is true after any edit', () => {
    expect(journeyChanged(loaded, { ...loaded, name: 'Funnel 2' })).toBe(true);
    expect(journeyChanged(loaded, { ...loaded, default: false })).toBe(true);
    expect(journeyChanged(loaded, { ...loaded, has_transition_data: false })).toBe(true);
    expect(journeyChanged(loaded, renameBrand(loaded, 1, 'A2'))).toBe(true);
    expect(journeyChanged(loaded, moveBrand(loaded, 1, 'down'))).toBe(true);
    expect(journeyChanged(loaded, moveStage(loaded, 12, 'right'))).toBe(true);
    expect(journeyChanged(loaded, setStageIcon(loaded, 2, 'heart'))).toBe(true);
    expect(journeyChanged(loaded, setCell(loaded, 1, 2, { population: 3, matched_id: 9, modeled_id: null, discussion_cluster_node_id: null }))).toBe(true);
  });

  it('draftOf puts brands and stages in order', () => {
    expect(loaded.brands.map((b) => b.id)).toEqual([1, 2]);
    expect(loaded.stages.map((s) => s.id)).toEqual([12, 2]);
  });
});

describe('the chart', () => {
  it('shownName cuts at 20 characters with an ellipsis', () => {
    expect(shownName('Consideration')).toBe('Consideration');
    expect(shownName('a'.repeat(20))).toBe('a'.repeat(20));
    expect(shownName('Considering a purchase soon')).toBe('Considering a purcha…');
    expect(shownName('😀'.repeat(21))).toBe(`${'😀'.repeat(20)}…`);
  });

  it('brand colours go round the four of §3', () => {
    expect([0, 1, 2, 3, 4, -1].map(brandColour)).toEqual(['#205493', '#BE5873', '#6f3d64', '#6baeb2', '#205493', '#6baeb2']);
  });

  it('gaugeSize is 60 % of the column, from 90 to 250 px', () => {
    expect(gaugeSize(384)).toBe(230);
    expect(gaugeSize(1000)).toBe(250);
    expect(gaugeSize(100)).toBe(90);
    expect(gaugeSize(0)).toBe(90);
  });

  it('gaugeFill is the count against the brand’s largest stage', () => {
    expect(gaugeFill(50, [100, 50, null])).toBe(0.5);
    expect(gaugeFill(100, [100, 50])).toBe(1);
    expect(gaugeFill(null, [100])).toBe(0);
    expect(gaugeFill(0, [0, 0])).toBe(0);
    expect(gaugeFill(5, [null])).toBe(0);
  });

  it('stacks vertically when 300 px per stage does not fit, or when the insights are focused', () => {
    expect(isVerticalLayout(5, 1500, false)).toBe(false);
    expect(isVerticalLayout(5, 1499, false)).toBe(true);
    expect(isVerticalLayout(1, 1920, true)).toBe(true);
  });

  it('formatTransition gives one decimal, or N/A when not finite', () => {
    expect(formatTransition(0.425)).toBe('42.5%');
    expect(formatTransition(0.4)).toBe('40%');
    expect(formatTransition(1)).toBe('100%');
    expect(formatTransition(0)).toBe('0%');
    expect(formatTransition(null)).toBe('N/A');
    expect(formatTransition(undefined)).toBe('N/A');
    expect(formatTransition(Number.POSITIVE_INFINITY)).toBe('N/A');
    expect(formatTransition(Number.NaN)).toBe('N/A');
    expect(formatTransition(finiteShare(5, 0))).toBe('N/A');
    expect(finiteShare(1, 4)).toBe(0.25);
    expect(finiteShare(null, 4)).toBeNull();
  });

  it('lists the stage icons of §3 with blank first', () => {
    expect(JOURNEY_ICONS[0]).toBe('blank');
    expect(JOURNEY_ICONS).toHaveLength(35);
    expect(JOURNEY_ICONS.at(-1)).toBe('circle-10');
  });
});

describe('stageSelectionRules: the audience of the selected stages', () => {
  const cells = [
    { journey_brand_id: 1, journey_stage_id: 10, matched_id: 100, modeled_id: 200 },
    { journey_brand_id: 1, journey_stage_id: 11, matched_id: 101, modeled_id: null },
    { journey_brand_id: 1, journey_stage_id: 12, matched_id: 100, modeled_id: 202 },
    { journey_brand_id: 2, journey_stage_id: 10, matched_id: 300, modeled_id: 400 },
  ];

  it('is people in every selected stage of the brand, each segment once', () => {
    expect(stageSelectionRules(cells, 1, [10, 11, 12], 'matched')).toEqual({ include: { and: [[100], [101]] }, exclude: [], values: [] });
    expect(stageSelectionRules(cells, 2, [10], 'modeled')).toEqual({ include: { and: [[400]] }, exclude: [], values: [] });
    expect(cellSegmentOf(cells[0]!, 'modeled')).toBe(200);
    expect(cellSegmentOf(cells[0]!, 'total')).toBeNull();
  });

  it('is null on Total Population, with nothing selected, or when a selected cell has no segment for the tab', () => {
    expect(stageSelectionRules(cells, 1, [10], 'total')).toBeNull();
    expect(stageSelectionRules(cells, 1, [], 'matched')).toBeNull();
    expect(stageSelectionRules(cells, 1, [10, 11], 'modeled')).toBeNull();
    expect(stageSelectionRules(cells, 2, [11], 'matched')).toBeNull();
  });
});
