/**
 * Grow rules (spec 3 §2.2, §4, §5, §8, §9): the exact messages, what a valid chart, market
 * and audience is, and the selection and tab rules. Pure, so the forms and the server agree.
 */

export const GROW = {
  defaultMeasurementLabel: 'Penetration',
  countTypes: ['people_count', 'tv_panelists'] as const,
  tags: ['owned', 'opportunity', 'none'] as const,
  nameMax: 100,
  measurementLabelMax: 40,
  /** More than this many markets, or audiences in a market, is refused: the chart stops being readable. */
  maxMarkets: 20,
  maxAudiencesPerMarket: 20,
  populationMax: 10_000_000_000,
  toastMs: 2_500,
  throttleMs: 5_000,
  hintCookie: 'grow_insights_hint_seen',
  hintCookieDays: 365,
  hintAutoHideMs: 10_000,
  heightDebounceMs: 201,
  panelPx: { chart: 550, market: 450, audience: 650, discussionCluster: 650, regionDemographic: 650, marketDemographic: 800 },
  palette: { owned: '#205493', opportunity: '#BE5873', none: '#8a8f98' },
  backgroundAlpha: 0.5,
} as const;

export type GrowTag = (typeof GROW.tags)[number];
export type CountType = (typeof GROW.countTypes)[number];

export const TAG_LABELS: Record<GrowTag, { label: string; explanation: string }> = {
  owned: { label: 'Owned', explanation: 'Brand consumers' },
  opportunity: { label: 'Opportunity', explanation: 'Possible switchers' },
  none: { label: 'None', explanation: 'Non-considering consumers' },
};

export const GROW_TEXT = {
  // §5 validation
  marketNameRequired: 'Please enter a market name',
  marketNameTaken: 'Market name already used for this chart',
  audienceNameRequired: 'Name is required.',
  audienceNameTaken: 'This name is already in use.',
  populationRequired: 'Audience population is required',
  populationDigits: 'Audience population must be a whole number of 0 or more',
  chartNameRequired: 'Name is required',
  chartNameTaken: 'Chart name already in use',
  chartNameBlank: 'Name cannot be blank',
  chartNameUsed: 'Chart name already used',
  nameTooLong: `A name can be at most ${GROW.nameMax} characters.`,
  measurementLabelTooLong: `A measurement label can be at most ${GROW.measurementLabelMax} characters.`,
  tvNotAllowed: 'The count type TV panelists needs TV count settings for this region and permission to update charts.',
  tooManyMarkets: `A chart can have at most ${GROW.maxMarkets} markets.`,
  tooManyAudiences: `A market can have at most ${GROW.maxAudiencesPerMarket} audiences.`,
  verticalNoAddMarket: 'Markets cannot be added to a chart made from an industry vertical.',
  verticalNameLocked: 'Audience names cannot be changed in a chart made from an industry vertical.',
  unknownVertical: 'Choose one of the industry verticals.',
  segmentUnknown: 'That segment is not available in this region.',
  reorderMismatch: 'The new order must name every item exactly once.',
  copyInvalid: 'This chart has audiences whose segments are no longer available, so it cannot be copied.',
  // §2.2 tabs and tooltips
  tabTotal: 'Total Population',
  tabMatched: 'Matched Addressable',
  tabModeled: 'Modeled Addressable',
  tooltipTotal: 'Total amount of consumers from data provider',
  tooltipMatched: 'Unique PID matches',
  tooltipMatchedTier3: 'Unique Panel IDs',
  tooltipModeled: 'Lookalike modeling on PIDs',
  tooltipModeledTier3: 'Modeled Weights on Panel IDs',
  showHideChart: 'Show/Hide Chart',
  showHideInsights: 'Show/Hide Insights',
  hintFirstVisit: 'To view Insights, click on Show Insights',
  hintMultiple: 'You have multiple Audiences selected. To view Insights, click on Show Insights',
  loading: 'Loading',
  addMarket: 'Add Market',
  addAudience: 'Add Audience',
  legendTitle: 'Categorization of Audience',
  zeroCountClick: 'Click to learn why this audience has a zero count.',
  zeroCountReplace: 'This audience has a zero count. Select another audience to replace it.',
  zeroCountTitle: 'Why does this audience have a zero count?',
  zeroCountExpiration: 'Expiration: the data vendor has sent no new data for this segment, so its members have expired.',
  zeroCountMembership: 'Membership: no IDs have been received that match the vendor’s definition of this segment.',
  zeroCountDeletion: 'Deletion: the segment has been deleted by its data vendor.',
  zeroCountPopulation: (name: string) => `Population: the population entered for '${name}' is 0.`,
  // §8 dialogs and notices
  cannotFilterTitle: 'Cannot Filter By This Audience!',
  cannotFilter: (name: string, kind: 'Matched' | 'Modeled') => `There is no ${kind} segment attached to '${name}'.`,
  invalidSelectedTitle: 'Invalid Audiences Selected!',
  invalidSelected: (kind: 'Matched' | 'Modeled') =>
    `You have Audiences selected which do not have a ${kind} segment attached. Please attach a ${kind} segment to continue filtering by these Audiences.`,
  saveFailed: 'Grow chart could not be saved. Please try again.',
  copyFailed: 'Grow chart could not be copied. Please try again.',
  deleteFailed: 'Grow chart could not be deleted. Please try again.',
  saved: 'Saved',
  /** An edit kept in the outbox (offline, or not yet sent): not "Saved" until the server has it (issue 13). */
  savedOnDevice: 'Saved on this device',
  chartMadeOnDevice: 'This chart is saved on this device and opens once the server has it.',
  created: 'Created',
  copied: 'Copied',
  deleted: 'Deleted',
  tvSmall: 'Estimated TV panelist results are not shown for small audiences that produce less accurate results from the model.',
  tvSmallAu: (minimum: number) => `Warning: Lower than ${minimum} sample size`,
  tvSmallAuNote: 'Results from samples this small are less reliable: treat differences with caution.',
  tvSmallNote: 'Note: Small audiences can produce less accurate results from the TV panelist model.',
  tvMax: (max: number) => `(Max count size is ${max.toLocaleString('en-US')})`,
  invalidChartTitle: 'Chart is Invalid',
  invalidChart: (n: number) =>
    `This chart contains ${n} audience(s) with segments no longer available from the provider. The chart cannot be selected in this state.`,
  removeInvalid: 'Remove Invalid Audience(s)',
  deleteChart: 'Delete Chart',
  confirmModelEdit: 'This audience is used in a prediction model. Saving a new segment for it deletes that model.',
  confirmModelDelete:
    'This audience is used in a prediction model. Deleting it also deletes the model and removes it from Outcomes: Past Timeframes.',
  confirmChartDelete: 'Deleting this chart removes it from Outcomes, the Grow Chart Selector and Past Timeframes.',
  confirmMarketDelete: 'Deleting this market removes its audiences from Past Timeframes.',
  saveAudience: 'Save Audience',
  saveAudienceNonSegments: 'Every selected audience needs a segment to be saved as an audience.',
  saveAudienceNoPermission: 'You may not create an audience from one of the selected segments.',
  saveAudienceNoCreate: 'You do not have permission to create audiences.',
  saveAudienceCompare: 'Save Audience is not available while comparing.',
  noCharts: 'No Grow Charts',
  noChartsCannotCreate: 'There are no Grow charts for this product, and you do not have permission to create one.',
} as const;

export const normalizeName = (name: string) => name.trim().toLocaleLowerCase('en-US');

/** A name is taken when another item (not the one being edited) has it, trimmed and case-insensitively. */
export function nameTaken(name: string, others: readonly { id: number | string; name: string }[], ownId: number | string | null): boolean {
  const wanted = normalizeName(name);
  return others.some((o) => String(o.id) !== String(ownId) && normalizeName(o.name) === wanted);
}

export interface FieldIssue<F extends string = string> {
  field: F;
  message: string;
}

export interface ChartDraft {
  name: string;
  measurement_label: string;
  count_type: CountType;
}

/** Chart name and label rules (§5); others are the scope's other charts. */
export function validateChart(
  draft: ChartDraft,
  ctx: { others: readonly { id: number | string; name: string }[]; ownId: number | string | null; tvAllowed: boolean; currentCountType?: CountType | null },
): FieldIssue<'name' | 'measurement_label' | 'count_type'>[] {
  const issues: FieldIssue<'name' | 'measurement_label' | 'count_type'>[] = [];
  if (draft.name.length === 0) issues.push({ field: 'name', message: GROW_TEXT.chartNameRequired });
  else if (draft.name.trim().length === 0) issues.push({ field: 'name', message: GROW_TEXT.chartNameBlank });
  else if (draft.name.trim().length > GROW.nameMax) issues.push({ field: 'name', message: GROW_TEXT.nameTooLong });
  else if (nameTaken(draft.name, ctx.others, ctx.ownId)) issues.push({ field: 'name', message: GROW_TEXT.chartNameTaken });
  if (draft.measurement_label.trim().length > GROW.measurementLabelMax) issues.push({ field: 'measurement_label', message: GROW_TEXT.measurementLabelTooLong });
  // Keeping a chart's existing count type is always allowed; moving to TV needs settings and permission.
  if (draft.count_type === 'tv_panelists' && ctx.currentCountType !== 'tv_panelists' && !ctx.tvAllowed) {
    issues.push({ field: 'count_type', message: GROW_TEXT.tvNotAllowed });
  }
  return issues;
}

/** The stored measurement label: trimmed, and the default when empty. */
export const measurementLabelOf = (label: string | null | undefined) => label?.trim() || GROW.defaultMeasurementLabel;

export function validateMarket(name: string, ctx: { others: readonly { id: number | string; name: string }[]; ownId: number | string | null }): FieldIssue<'name'>[] {
  if (name.trim().length === 0) return [{ field: 'name', message: GROW_TEXT.marketNameRequired }];
  if (name.trim().length > GROW.nameMax) return [{ field: 'name', message: GROW_TEXT.nameTooLong }];
  if (nameTaken(name, ctx.others, ctx.ownId)) return [{ field: 'name', message: GROW_TEXT.marketNameTaken }];
  return [];
}

export interface AudienceDraft {
  name: string;
  /** As typed: digits only. */
  population: string;
}

export function validateAudience(
  draft: AudienceDraft,
  ctx: { siblings: readonly { id: number | string; name: string }[]; ownId: number | string | null },
): FieldIssue<'name' | 'population'>[] {
  const issues: FieldIssue<'name' | 'population'>[] = [];
  if (draft.name.trim().length === 0) issues.push({ field: 'name', message: GROW_TEXT.audienceNameRequired });
  else if (draft.name.trim().length > GROW.nameMax) issues.push({ field: 'name', message: GROW_TEXT.nameTooLong });
  else if (nameTaken(draft.name, ctx.siblings, ctx.ownId)) issues.push({ field: 'name', message: GROW_TEXT.audienceNameTaken });
  const population = draft.population.trim();
  if (population === '') issues.push({ field: 'population', message: GROW_TEXT.populationRequired });
  else if (!/^\d+$/.test(population) || Number(population) > GROW.populationMax) issues.push({ field: 'population', message: GROW_TEXT.populationDigits });
  return issues;
}

/** A reorder names every current id exactly once. */
export function isPermutation(current: readonly number[], next: readonly number[]): boolean {
  if (current.length !== next.length) return false;
  const have = new Set(current);
  return new Set(next).size === next.length && next.every((id) => have.has(id));
}

/** Moves the item at `from` to `to` (dnd and keyboard moves), leaving the others in order. */
export function moveItem<T>(items: readonly T[], from: number, to: number): T[] {
  const next = [...items];
  const [moved] = next.splice(from, 1);
  if (moved === undefined) return next;
  next.splice(Math.max(0, Math.min(to, next.length)), 0, moved);
  return next;
}

/** A copy's name: "Copy of X", then "Copy of X (2)", ... the first not taken. */
export function copyName(name: string, taken: readonly string[]): string {
  const used = new Set(taken.map(normalizeName));
  const base = `Copy of ${name}`.slice(0, GROW.nameMax);
  if (!used.has(normalizeName(base))) return base;
  for (let n = 2; ; n++) {
    const candidate = `${base.slice(0, GROW.nameMax - String(n).length - 3)} (${n})`;
    if (!used.has(normalizeName(candidate))) return candidate;
  }
}

// ---- tabs and counts -----------------------------------------------------------------------

export type GrowTab = 'total' | 'matched' | 'modeled';
export type InsightLevel = 'market' | 'person';

/** §4: Total Population goes with Market Level insights; the others with Person Level. */
export function levelForTab(tab: GrowTab): InsightLevel {
  return tab === 'total' ? 'market' : 'person';
}

/**
 * The tab to show when the tabs configuration allows only some levels: without person level
 * only Total Population; without market level the person tabs (Matched by default).
 */
export function allowedTab(tab: GrowTab, levels: { person: boolean; market: boolean }): GrowTab {
  if (!levels.person) return 'total';
  if (!levels.market && tab === 'total') return 'matched';
  return tab;
}

/** Which segment of an audience a tab filters and counts by. */
export const segmentFieldOf = (tab: GrowTab): 'matched_short_id' | 'modeled_short_id' => (tab === 'modeled' ? 'modeled_short_id' : 'matched_short_id');
export const segmentKindOf = (tab: GrowTab): 'Matched' | 'Modeled' => (tab === 'modeled' ? 'Modeled' : 'Matched');

export interface TvCountSettings {
  minimum: number;
  maximum: number;
  n_pids: number;
  const: number;
}

/**
 * Estimated TV panelists of a people count: the share of the region's people scaled to the
 * panel (n_pids) and calibrated by const, capped at the maximum. Null below the minimum: the
 * screen shows a dash (§2.2) rather than a number the model cannot support.
 */
export function tvPanelists(count: number, people: number, settings: TvCountSettings): number | null {
  if (people <= 0) return null;
  const estimate = Math.round((count / people) * settings.n_pids * settings.const);
  if (estimate < settings.minimum) return null;
  return Math.min(estimate, settings.maximum);
}

/** A count as the tabs show it: a dash when it is below the TV minimum (or not known). */
export function formatCount(value: number | null | undefined): string {
  return value === null || value === undefined ? '—' : value.toLocaleString('en-US');
}

// ---- selection ------------------------------------------------------------------------------

export interface SelectableAudience {
  id: number;
  market_id: number;
  name: string;
  matched_short_id: number | null;
  modeled_short_id: number | null;
}

/** Whether clicking an audience may select it on this tab (§4, §8): it needs the tab's segment. */
export function canSelect(audience: SelectableAudience, tab: GrowTab): boolean {
  return audience[segmentFieldOf(tab)] !== null;
}

/** Selected audiences that lack the tab's segment (after a tab switch): the 'Invalid Audiences Selected!' case. */
export function invalidSelection(selected: readonly SelectableAudience[], tab: GrowTab): SelectableAudience[] {
  return selected.filter((a) => !canSelect(a, tab));
}

/** Toggles an id in a selection, keeping the chart's order. */
export function toggleSelection(selected: readonly number[], id: number): number[] {
  return selected.includes(id) ? selected.filter((x) => x !== id) : [...selected, id];
}

/**
 * The audience rule of a selection: the audiences of one market are alternatives (OR), and
 * each market narrows the others (AND), as the filter bar groups them.
 */
export function selectionRules(selected: readonly SelectableAudience[], tab: GrowTab): { include: { and: number[][] }; exclude: number[]; values: number[][] } | null {
  const field = segmentFieldOf(tab);
  const groups = new Map<number, number[]>();
  for (const a of selected) {
    const id = a[field];
    if (id === null) continue;
    const group = groups.get(a.market_id) ?? [];
    if (!group.includes(id)) group.push(id);
    groups.set(a.market_id, group);
  }
  const and = [...groups.values()].filter((g) => g.length > 0);
  return and.length ? { include: { and }, exclude: [], values: [] } : null;
}

/**
 * Why Save Audience is disabled, or null when it may be used (§6): every selected audience
 * needs a segment, the user needs audiences create and the data permission of every segment,
 * and not in compare mode.
 */
export function saveAudienceBlock(
  selected: readonly SelectableAudience[],
  tab: GrowTab,
  ctx: { canCreateAudiences: boolean; segmentAllowsCreate: (shortId: number) => boolean; compareMode: boolean },
): string | null {
  if (selected.length === 0) return null;
  if (ctx.compareMode) return GROW_TEXT.saveAudienceCompare;
  if (!ctx.canCreateAudiences) return GROW_TEXT.saveAudienceNoCreate;
  const field = segmentFieldOf(tab);
  if (selected.some((a) => a[field] === null)) return GROW_TEXT.saveAudienceNonSegments;
  if (selected.some((a) => !ctx.segmentAllowsCreate(a[field]!))) return GROW_TEXT.saveAudienceNoPermission;
  return null;
}

// ---- zero counts ------------------------------------------------------------------------------

export type ZeroReason = 'deletion' | 'membership' | 'expiration';

/**
 * Why an attached segment counts zero (spec 3 §2.2): deleted by its vendor (or no longer listed for
 * the region: null), no IDs ever received for it, or its members expired.
 */
export function zeroReason(segment: { deleted: boolean; people_count: number } | null): ZeroReason {
  if (!segment || segment.deleted) return 'deletion';
  return segment.people_count === 0 ? 'membership' : 'expiration';
}

/**
 * What makes an audience count zero on a tab. The spec's three reasons are about a segment, so they
 * hold only for an audience that has one: with none attached for the tab there is nothing to count
 * ('no-segment', not a deletion), and Total Population counts the population typed into the
 * audience ('population').
 */
export type ZeroCause = ZeroReason | 'no-segment' | 'population';

export function zeroCause(
  tab: GrowTab,
  segmentId: number | null,
  /** The attached segment as the chart lists it; undefined when the region no longer has it. */
  segment: { deleted: boolean; people_count: number } | undefined,
): ZeroCause {
  if (tab === 'total') return 'population';
  if (segmentId === null) return 'no-segment';
  return zeroReason(segment ?? null);
}
