/**
 * Journey rules (spec 3 §2.3, §2.4, §3, §4, §5, §8, §9; issue 17): the exact texts, the builder's
 * grid operations on a draft, what a valid journey is, and the chart's layout maths. Pure, so
 * the builder, the view and the server agree.
 */

import { DISCUSSION_TEXT } from './discussions';

export const JOURNEY = {
  /** Add Brand shows while there are fewer than this; a valid journey has fewer than 5. */
  maxBrands: 4,
  /** The '+' shows while there are fewer than this; a valid journey has fewer than 11. */
  maxStages: 10,
  /** Names shown on the chart are cut at this many characters (the tooltip gives the whole). */
  nameShown: 20,
  nameMax: 100,
  populationMax: 10_000_000_000,
  stageMinWidthPx: 300,
  gaugeMinPx: 90,
  gaugeMaxPx: 250,
  brandColours: ['#205493', '#BE5873', '#6f3d64', '#6baeb2'] as const,
  panelPx: { mapping: 400, wide: 650, wider: 800 },
  noticeMs: 10_000,
  toastMs: 5_000,
  throttleMs: 5_000,
  loadingHintMs: 60_000,
} as const;

/** Stage icons (spec 3 §3), in the order the picker lists them. */
export const JOURNEY_ICONS = [
  'blank', 'eye-slash', 'low-vision', 'eye', 'group', 'heartbeat', 'heart', 'meh-o', 'thumbs-up', 'thumbs-down', 'key', 'shopping-cart', 'comments',
  'clock-o', 'bullhorn', 'magnet', 'star', 'map-marker', 'flag', 'question-circle', 'envelope', 'envelope-open', 'tachometer', 'calendar',
  'balance-scale', 'circle-1', 'circle-2', 'circle-3', 'circle-4', 'circle-5', 'circle-6', 'circle-7', 'circle-8', 'circle-9', 'circle-10',
] as const;
export type JourneyIcon = (typeof JOURNEY_ICONS)[number];

export const JOURNEY_TEXT = {
  // §2.3 view
  empty: 'No Journey Charts',
  createJourney: 'Create Journey',
  noCreatePermission: 'You do not have permission to create a journey chart. Please contact your Agency Admin.',
  primaryHint: 'Select primary product to display',
  /** The chart's tabs (§2.3: "Total Population, Matched, Modeled"; Grow and Measure say "... Addressable"). */
  tabTotal: 'Total Population',
  tabMatched: 'Matched',
  tabModeled: 'Modeled',
  learnMore: 'Learn More',
  zeroCountClick: 'Click to learn why this stage has a zero count.',
  zeroCountReplace: 'This audience has a zero count. Select another audience to replace it.',
  deleteChart: 'Delete Chart',
  removeInvalid: 'Remove Invalid Audience(s)',
  invalidTitle: 'Invalid Journey',
  invalidBody: (n: number) =>
    `This journey contains ${n} audience${n === 1 ? '' : 's'} whose segments are no longer available from the provider. The journey cannot be selected in this state.`,
  notApplicable: 'N/A',
  loadingHint: 'If this page takes longer than 1 minute to load, please reach out to Product Support',
  // §2.4 builder
  makeDefault: 'Make this my default chart',
  displayTransitions: 'Display Transition Data',
  saveAndClose: 'Save and Close',
  cellHint: 'Click insert to map a segment to brand / stage',
  editMapping: 'Edit Mapping',
  addBrand: 'Add Brand',
  discardTitle: 'You have unsaved changes',
  discardText: 'Are you sure you want to discard these changes?',
  discard: 'Discard',
  noDiscussions: DISCUSSION_TEXT.noDiscussions,
  uploadDiscussions: DISCUSSION_TEXT.uploadDiscussions,
  // §5 validation
  nameRequired: 'Name is required.',
  nameTaken: 'This name is already in use.',
  nameTooLong: `A name can be at most ${JOURNEY.nameMax} characters.`,
  stagesUnique: 'All stages require a unique name before saving.',
  stagesNamed: 'All stages require a name before saving',
  brandsUnique: 'All brands require a unique name before saving.',
  brandsNamed: 'All brands require a name before saving.',
  tooManyBrands: `A journey can have at most ${JOURNEY.maxBrands} brands.`,
  tooManyStages: `A journey can have at most ${JOURNEY.maxStages} stages.`,
  populationMin: 'Audience population must be 0 or more',
  cellsMismatch: 'A journey has exactly one cell for each brand and stage.',
  segmentUnknown: 'That segment is not available in this region.',
  discussionUnknown: DISCUSSION_TEXT.unknownNode,
  copyInvalid: 'This journey has audiences whose segments are no longer available, so it cannot be duplicated.',
  // §8 results
  saved: 'Changes saved!',
  saveFailed: 'Something went wrong saving your changes. Please try again in a few minutes.',
  duplicateConflict: 'There is already a duplicate for this journey. Please rename or delete it and try again.',
  duplicateFailed: 'Something went wrong duplicating this journey. Please try again in a few minutes.',
  duplicated: 'Journey successfully duplicated!',
  deleteFailed: 'Chart could not be deleted. Please try again.',
  deleted: 'Chart deleted successfully!',
} as const;

// ---- the draft the builder edits -------------------------------------------------------------

/**
 * A brand's or stage's id: its database id once saved, a temporary key ('tmp-<uuid>') until then.
 * The outbox maps a temporary key to the new id in every later command (decision 013).
 */
export type ItemId = number | string;
/** Makes a temporary key (the client passes the outbox's temporaryId). */
export type MakeKey = () => string;

export interface DraftBrand {
  id: ItemId;
  name: string;
  order: number;
}
export interface DraftStage {
  id: ItemId;
  name: string;
  priority: number;
  icon: JourneyIcon;
}
export interface DraftCell {
  journey_brand_id: ItemId;
  journey_stage_id: ItemId;
  population: number;
  matched_id: number | null;
  modeled_id: number | null;
  discussion_cluster_node_id: number | null;
}
/** The journey as the builder edits it and a save sends it (schemas/journeys journeyBodySchema). */
export interface JourneyDraft {
  name: string;
  default: boolean;
  has_transition_data: boolean;
  brands: DraftBrand[];
  stages: DraftStage[];
  sub_markets: DraftCell[];
}

const same = (a: ItemId, b: ItemId) => String(a) === String(b);

const emptyCell = (brand: ItemId, stage: ItemId): DraftCell => ({
  journey_brand_id: brand,
  journey_stage_id: stage,
  population: 0,
  matched_id: null,
  modeled_id: null,
  discussion_cluster_node_id: null,
});

/** Brands in row order and stages in column order. */
export const orderedBrands = <T extends { order: number }>(brands: readonly T[]): T[] => [...brands].sort((a, b) => a.order - b.order);
export const orderedStages = <T extends { priority: number }>(stages: readonly T[]): T[] => [...stages].sort((a, b) => a.priority - b.priority);

/** "{prefix} N" with N the first number no item is named with (case-insensitive, trimmed). */
export function firstUnusedName(prefix: string, names: readonly string[]): string {
  const taken = new Set(names.map((n) => n.trim().toLowerCase()));
  for (let n = 1; ; n++) if (!taken.has(`${prefix} ${n}`.toLowerCase())) return `${prefix} ${n}`;
}

/** A new journey (spec 3 §4): one brand named after the product, 'New Stage 1' with a blank icon, one cell. */
export function newJourneyDraft(productName: string, makeKey: MakeKey): JourneyDraft {
  const brand = makeKey();
  const stage = makeKey();
  return {
    name: '',
    default: false,
    has_transition_data: false,
    brands: [{ id: brand, name: productName, order: 0 }],
    stages: [{ id: stage, name: 'New Stage 1', priority: 0, icon: 'blank' }],
    sub_markets: [emptyCell(brand, stage)],
  };
}

/** A saved journey (or one the page shows with pending edits) as the builder's draft. */
export function draftOf(journey: {
  name: string; default: boolean; has_transition_data: boolean;
  brands: readonly DraftBrand[];
  stages: readonly DraftStage[];
  sub_markets: readonly DraftCell[];
}): JourneyDraft {
  return {
    name: journey.name,
    default: journey.default,
    has_transition_data: journey.has_transition_data,
    brands: orderedBrands(journey.brands).map((b) => ({ id: b.id, name: b.name, order: b.order })),
    stages: orderedStages(journey.stages).map((s) => ({ id: s.id, name: s.name, priority: s.priority, icon: s.icon })),
    sub_markets: journey.sub_markets.map((c) => ({
      journey_brand_id: c.journey_brand_id, journey_stage_id: c.journey_stage_id, population: c.population,
      matched_id: c.matched_id, modeled_id: c.modeled_id, discussion_cluster_node_id: c.discussion_cluster_node_id,
    })),
  };
}

const renumberBrands = (brands: readonly DraftBrand[]) => brands.map((b, order) => ({ ...b, order }));
const renumberStages = (stages: readonly DraftStage[]) => stages.map((s, priority) => ({ ...s, priority }));

export const canAddBrand = (draft: Pick<JourneyDraft, 'brands'>) => draft.brands.length < JOURNEY.maxBrands;
export const canAddStage = (draft: Pick<JourneyDraft, 'stages'>) => draft.stages.length < JOURNEY.maxStages;

/** Adds 'New Brand N' as the last row, with an empty cell in every stage. */
export function addBrand(draft: JourneyDraft, makeKey: MakeKey): JourneyDraft {
  if (!canAddBrand(draft)) return draft;
  const brand: DraftBrand = { id: makeKey(), name: firstUnusedName('New Brand', draft.brands.map((b) => b.name)), order: draft.brands.length };
  return {
    ...draft,
    brands: renumberBrands([...orderedBrands(draft.brands), brand]),
    sub_markets: [...draft.sub_markets, ...orderedStages(draft.stages).map((s) => emptyCell(brand.id, s.id))],
  };
}

/** Inserts 'New Stage N' (icon blank) at column `at` (0 = first), with an empty cell for every brand. */
export function addStage(draft: JourneyDraft, at: number, makeKey: MakeKey): JourneyDraft {
  if (!canAddStage(draft)) return draft;
  const stages = orderedStages(draft.stages);
  const stage: DraftStage = { id: makeKey(), name: firstUnusedName('New Stage', stages.map((s) => s.name)), priority: 0, icon: 'blank' };
  const index = Math.max(0, Math.min(at, stages.length));
  return {
    ...draft,
    stages: renumberStages([...stages.slice(0, index), stage, ...stages.slice(index)]),
    sub_markets: [...draft.sub_markets, ...orderedBrands(draft.brands).map((b) => emptyCell(b.id, stage.id))],
  };
}

export interface ItemActions {
  /** Up for a brand, left for a stage. */
  moveBack: boolean;
  /** Down for a brand, right for a stage. */
  moveForward: boolean;
  delete: boolean;
}

/** §5: the first cannot move back, the last cannot move forward, the only one cannot be deleted. */
function actionsAt(index: number, count: number): ItemActions {
  return { moveBack: index > 0, moveForward: index >= 0 && index < count - 1, delete: count > 1 };
}
export const brandActions = (draft: JourneyDraft, id: ItemId) => actionsAt(orderedBrands(draft.brands).findIndex((b) => same(b.id, id)), draft.brands.length);
export const stageActions = (draft: JourneyDraft, id: ItemId) => actionsAt(orderedStages(draft.stages).findIndex((s) => same(s.id, id)), draft.stages.length);

function moved<T>(items: readonly T[], index: number, by: -1 | 1): T[] {
  const to = index + by;
  if (index < 0 || to < 0 || to >= items.length) return [...items];
  const next = [...items];
  [next[index], next[to]] = [next[to]!, next[index]!];
  return next;
}

export function moveBrand(draft: JourneyDraft, id: ItemId, direction: 'up' | 'down'): JourneyDraft {
  const brands = orderedBrands(draft.brands);
  return { ...draft, brands: renumberBrands(moved(brands, brands.findIndex((b) => same(b.id, id)), direction === 'up' ? -1 : 1)) };
}

export function moveStage(draft: JourneyDraft, id: ItemId, direction: 'left' | 'right'): JourneyDraft {
  const stages = orderedStages(draft.stages);
  return { ...draft, stages: renumberStages(moved(stages, stages.findIndex((s) => same(s.id, id)), direction === 'left' ? -1 : 1)) };
}

/** Deletes a brand and its row of cells; the only brand stays. */
export function deleteBrand(draft: JourneyDraft, id: ItemId): JourneyDraft {
  if (draft.brands.length <= 1) return draft;
  return {
    ...draft,
    brands: renumberBrands(orderedBrands(draft.brands).filter((b) => !same(b.id, id))),
    sub_markets: draft.sub_markets.filter((c) => !same(c.journey_brand_id, id)),
  };
}

/** Deletes a stage and its column of cells; the only stage stays. */
export function deleteStage(draft: JourneyDraft, id: ItemId): JourneyDraft {
  if (draft.stages.length <= 1) return draft;
  return {
    ...draft,
    stages: renumberStages(orderedStages(draft.stages).filter((s) => !same(s.id, id))),
    sub_markets: draft.sub_markets.filter((c) => !same(c.journey_stage_id, id)),
  };
}

export const renameBrand = (draft: JourneyDraft, id: ItemId, name: string): JourneyDraft => ({
  ...draft, brands: draft.brands.map((b) => (same(b.id, id) ? { ...b, name } : b)),
});
export const renameStage = (draft: JourneyDraft, id: ItemId, name: string): JourneyDraft => ({
  ...draft, stages: draft.stages.map((s) => (same(s.id, id) ? { ...s, name } : s)),
});
export const setStageIcon = (draft: JourneyDraft, id: ItemId, icon: JourneyIcon): JourneyDraft => ({
  ...draft, stages: draft.stages.map((s) => (same(s.id, id) ? { ...s, icon } : s)),
});

export type CellFields = Pick<DraftCell, 'population' | 'matched_id' | 'modeled_id' | 'discussion_cluster_node_id'>;

/** The cell of a brand and stage (every pair has one). */
export function cellAt<C extends Pick<DraftCell, 'journey_brand_id' | 'journey_stage_id'>>(cells: readonly C[], brand: ItemId, stage: ItemId): C | undefined {
  return cells.find((c) => same(c.journey_brand_id, brand) && same(c.journey_stage_id, stage));
}

/** Sets the mapping of the cell of `brand` and `stage` (the Edit Mapping panel's Save). */
export function setCell(draft: JourneyDraft, brand: ItemId, stage: ItemId, fields: CellFields): JourneyDraft {
  const exists = cellAt(draft.sub_markets, brand, stage) !== undefined;
  const sub_markets = exists
    ? draft.sub_markets.map((c) => (same(c.journey_brand_id, brand) && same(c.journey_stage_id, stage) ? { ...c, ...fields } : c))
    : [...draft.sub_markets, { ...emptyCell(brand, stage), ...fields }];
  return { ...draft, sub_markets };
}

/** A cell's position number in the grid (spec 3 §2.4): row by row, from 1. */
export function cellPosition(draft: Pick<JourneyDraft, 'brands' | 'stages'>, brand: ItemId, stage: ItemId): number {
  const row = orderedBrands(draft.brands).findIndex((b) => same(b.id, brand));
  const column = orderedStages(draft.stages).findIndex((s) => same(s.id, stage));
  return row * draft.stages.length + column + 1;
}

// ---- validation ------------------------------------------------------------------------------

/** The journey's name (§5): required, unique case-insensitively among the client product's other journeys. */
export function journeyNameError(name: string, otherNames: readonly string[]): string | null {
  const trimmed = name.trim();
  if (!trimmed) return JOURNEY_TEXT.nameRequired;
  if (trimmed.length > JOURNEY.nameMax) return JOURNEY_TEXT.nameTooLong;
  const lower = trimmed.toLowerCase();
  if (otherNames.some((n) => n.trim().toLowerCase() === lower)) return JOURNEY_TEXT.nameTaken;
  return null;
}

function namesProblem(names: readonly string[]): 'blank' | 'duplicate' | 'long' | null {
  const trimmed = names.map((n) => n.trim());
  if (trimmed.some((n) => !n)) return 'blank';
  if (trimmed.some((n) => n.length > JOURNEY.nameMax)) return 'long';
  const lower = trimmed.map((n) => n.toLowerCase());
  return new Set(lower).size === lower.length ? null : 'duplicate';
}

/** The notice shown on leaving a stage or brand name field (§5, 10 s), or null when the names hold. */
export function namesNotice(draft: Pick<JourneyDraft, 'brands' | 'stages'>, kind: 'brand' | 'stage'): string | null {
  const problem = namesProblem(kind === 'brand' ? draft.brands.map((b) => b.name) : draft.stages.map((s) => s.name));
  if (problem === 'blank') return kind === 'brand' ? JOURNEY_TEXT.brandsNamed : JOURNEY_TEXT.stagesNamed;
  if (problem === 'duplicate') return kind === 'brand' ? JOURNEY_TEXT.brandsUnique : JOURNEY_TEXT.stagesUnique;
  if (problem === 'long') return JOURNEY_TEXT.nameTooLong;
  return null;
}

/** Why the journey cannot be saved (the first reason), or null (§5): Save is disabled while there is one. */
export function journeyProblem(draft: JourneyDraft, otherNames: readonly string[]): string | null {
  const name = journeyNameError(draft.name, otherNames);
  if (name) return name;
  if (draft.brands.length > JOURNEY.maxBrands) return JOURNEY_TEXT.tooManyBrands;
  if (draft.stages.length > JOURNEY.maxStages) return JOURNEY_TEXT.tooManyStages;
  const names = namesNotice(draft, 'stage') ?? namesNotice(draft, 'brand');
  if (names) return names;
  if (draft.sub_markets.some((c) => !(c.population >= 0))) return JOURNEY_TEXT.populationMin;
  const brands = new Set(draft.brands.map((b) => String(b.id)));
  const stages = new Set(draft.stages.map((s) => String(s.id)));
  const cells = new Set(draft.sub_markets.map((c) => `${c.journey_brand_id}|${c.journey_stage_id}`));
  const complete = brands.size === draft.brands.length && stages.size === draft.stages.length
    && cells.size === draft.sub_markets.length && draft.sub_markets.length === brands.size * stages.size
    && draft.sub_markets.every((c) => brands.has(String(c.journey_brand_id)) && stages.has(String(c.journey_stage_id)));
  return complete ? null : JOURNEY_TEXT.cellsMismatch;
}

/** Whether the draft differs from what was loaded (Cancel confirms only then). */
export function journeyChanged(loaded: JourneyDraft, draft: JourneyDraft): boolean {
  return JSON.stringify(normalise(loaded)) !== JSON.stringify(normalise(draft));
}
function normalise(d: JourneyDraft) {
  const cells = [...d.sub_markets]
    .map((c) => ({ b: String(c.journey_brand_id), s: String(c.journey_stage_id), p: c.population, m: c.matched_id, o: c.modeled_id, d: c.discussion_cluster_node_id }))
    .sort((x, y) => x.b.localeCompare(y.b) || x.s.localeCompare(y.s));
  return {
    n: d.name, d: d.default, t: d.has_transition_data,
    b: orderedBrands(d.brands).map((b) => [String(b.id), b.name]),
    s: orderedStages(d.stages).map((s) => [String(s.id), s.name, s.icon]),
    c: cells,
  };
}

// ---- the chart -------------------------------------------------------------------------------

/** A name as the chart shows it: cut at 20 characters with an ellipsis (the tooltip has it whole). */
export function shownName(name: string): string {
  const chars = Array.from(name);
  return chars.length > JOURNEY.nameShown ? `${chars.slice(0, JOURNEY.nameShown).join('')}…` : name;
}

export const brandColour = (index: number): string => JOURNEY.brandColours[((index % JOURNEY.brandColours.length) + JOURNEY.brandColours.length) % JOURNEY.brandColours.length]!;

/** Stages stack in a column when 300 px per stage does not fit the width, or when the insights have the focus. */
export function isVerticalLayout(stageCount: number, widthPx: number, insightsFocused: boolean): boolean {
  return insightsFocused || JOURNEY.stageMinWidthPx * stageCount > widthPx;
}

/**
 * A stage gauge's size in px: 60 % of its column, from 90 to 250 (§9), so 5 stages on a 1920
 * window get large gauges and 10 stages on 1366 small ones.
 */
export function gaugeSize(columnWidthPx: number): number {
  return Math.round(Math.min(JOURNEY.gaugeMaxPx, Math.max(JOURNEY.gaugeMinPx, columnWidthPx * 0.6)));
}

/** How full a stage's gauge is (0-1): its count against the brand's largest stage. */
export function gaugeFill(count: number | null, brandCounts: readonly (number | null)[]): number {
  const max = Math.max(0, ...brandCounts.map((c) => c ?? 0));
  if (count === null || !(max > 0)) return 0;
  return Math.min(1, Math.max(0, count / max));
}

/** A share as the arrows show it ('42.5%'), or 'N/A' when it is not finite (§5). */
export function formatTransition(share: number | null | undefined): string {
  if (share === null || share === undefined || !Number.isFinite(share)) return JOURNEY_TEXT.notApplicable;
  return `${(share * 100).toFixed(1).replace(/\.0$/, '')}%`;
}

/** share = part / whole, or null when that is not finite (a 0 or missing whole). */
export function finiteShare(part: number | null, whole: number | null): number | null {
  if (part === null || whole === null) return null;
  const share = part / whole;
  return Number.isFinite(share) ? share : null;
}

type TabName = 'total' | 'matched' | 'modeled';
/** Which segment of a cell a tab counts by; none on Total Population (its population is entered). */
export const cellSegmentOf = (cell: Pick<DraftCell, 'matched_id' | 'modeled_id'>, tab: TabName): number | null =>
  tab === 'total' ? null : tab === 'modeled' ? cell.modeled_id : cell.matched_id;

/**
 * The audience of the selected stages for a brand (§4: the insights show it): people in every
 * selected stage (a funnel narrows, so this is the latest one's people who came through the rest).
 * Null on Total Population or when a selected cell has no segment for the tab.
 */
export function stageSelectionRules(
  cells: readonly { journey_brand_id: number; journey_stage_id: number; matched_id: number | null; modeled_id: number | null }[],
  brandId: number,
  stageIds: readonly number[],
  tab: TabName,
): { include: { and: number[][] }; exclude: number[]; values: number[][] } | null {
  if (tab === 'total' || stageIds.length === 0) return null;
  const ids: number[] = [];
  for (const stageId of stageIds) {
    const cell = cells.find((c) => c.journey_brand_id === brandId && c.journey_stage_id === stageId);
    const id = cell ? cellSegmentOf(cell, tab) : null;
    if (id === null) return null;
    if (!ids.includes(id)) ids.push(id);
  }
  return { include: { and: ids.map((id) => [id]) }, exclude: [], values: [] };
}
