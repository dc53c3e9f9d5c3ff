import { indexReportBlocker } from './index-report';

/**
 * Explore's domain rules (spec 3 §2.1, §4 Explore, §5, §6; issue 15): persona names, copies,
 * the invalid persona's text, and which action of the action bar is refused and why. Pure, used
 * by the API and by the page, so both say the same.
 */

export const EXPLORE_LIMITS = {
  /** Persona names, after trimming. */
  name: 100,
  /** Personas per product in a region, besides the all-data one. */
  personas: 200,
  /** Rows of one custom widget. */
  widgetRows: 50,
  /** Custom widgets per persona. */
  widgets: 40,
  /** Icons a persona may carry in the dropdown. */
  icons: ['user', 'users', 'heart', 'star', 'flag', 'briefcase', 'home', 'shopping-cart', 'globe', 'bolt'],
  /** The persona dropdown's width (spec 3 §9). */
  dropdownWidth: 441,
  /** Market-level demographic overlay and region demographic overlay widths (spec 3 §2.1, §9). */
  marketOverlayWidth: 800,
  regionOverlayWidth: 650,
  /** Toasts of persona results (spec 3 §9 "Grow and persona default"). */
  toastMs: 2500,
  /** The builder asks for counts this long after the last change. */
  countDebounceMs: 250,
} as const;

export const ALL_DATA_PERSONA_NAME = 'All Data';

export const EXPLORE_TEXT = {
  nameRequired: 'Name is required',
  nameBlank: 'Name cannot be blank',
  nameTaken: 'Persona name already in use',
  nameTooLong: `A name can be at most ${EXPLORE_LIMITS.name} characters`,
  tooMany: `A product can have at most ${EXPLORE_LIMITS.personas} personas`,
  allDataLocked: 'The all-data persona cannot be edited, copied or deleted.',
  invalidTitle: 'Persona is Invalid',
  invalidBody: (n: number) => `This persona contains ${n} segment(s) no longer available from the provider. The persona cannot be selected in this state.`,
  // Action bar refusals (spec 3 §5, §6), shown on hover and focus.
  noCreate: 'You do not have permission to create personas.',
  noUpdate: 'You do not have permission to edit personas.',
  noDestroy: 'You do not have permission to delete personas.',
  nonSegmentsFilters: 'The filters include non-segments (demographic values): remove them to create or edit a persona.',
  copyInvalid: 'This persona names segments that are no longer available, so it cannot be copied.',
  convertNonSegments: 'This audience includes non-segments (demographic values), so it cannot be converted to an audience.',
  convertNoCreate: 'You do not have permission to create audiences.',
  convertNoSegmentPermission: 'You do not have permission to create an audience from every segment of this persona.',
  noMotivation: 'You do not have permission to request motivation audiences.',
  // Results (spec 3 §8 Explore: 2.5 s toasts).
  created: 'Persona created',
  saved: 'Persona saved',
  copied: 'Persona copied',
  deleted: 'Persona deleted',
  madeDefault: 'Default persona set',
  saveFailed: 'Persona could not be saved. Please try again.',
  copyFailed: 'Persona could not be copied. Please try again.',
  deleteFailed: 'Persona could not be deleted. Please try again.',
  motivationRequested: 'Motivation audience requested',
} as const;

/** The trimmed name, or the form's message (a name of spaces is blank, nothing is required). */
export function personaNameIssue(name: string, others: readonly { id: number; name: string }[], ownId: number | null): string | null {
  if (name.length === 0) return EXPLORE_TEXT.nameRequired;
  const trimmed = name.trim();
  if (trimmed.length === 0) return EXPLORE_TEXT.nameBlank;
  if (trimmed.length > EXPLORE_LIMITS.name) return EXPLORE_TEXT.nameTooLong;
  const key = trimmed.toLowerCase();
  if (others.some((p) => p.id !== ownId && p.name.trim().toLowerCase() === key)) return EXPLORE_TEXT.nameTaken;
  return null;
}

/** 'Copy of {name}', then 'Copy of {name} (2)', (3)... : the first that no persona has (case-insensitively). */
export function copyName(name: string, taken: readonly string[]): string {
  const used = new Set(taken.map((n) => n.trim().toLowerCase()));
  const stem = `Copy of ${name.trim()}`.slice(0, EXPLORE_LIMITS.name - 5).trimEnd();
  if (!used.has(stem.toLowerCase())) return stem;
  for (let n = 2; ; n++) {
    const candidate = `${stem} (${n})`;
    if (!used.has(candidate.toLowerCase())) return candidate;
  }
}

export type ExploreAction = 'create' | 'edit' | 'copy' | 'delete' | 'convert' | 'motivation' | 'indexReport';

export interface ExploreGate {
  persona: {
    isAllData: boolean;
    /** Segment ids that are deleted or missing (the invalid persona). */
    deletedSegmentIds: readonly number[];
  } | null;
  /** The filters as applied (the persona's, less any removed chips, plus any added): whether they name non-segments. */
  filtersHaveNonSegments: boolean;
  /** Whether the filters name any segment or value at all (the all-data persona has none). */
  filtersEmpty: boolean;
  /** Every included segment allows a one-segment audience (data permission create_audience_single). */
  everySegmentAllowsAudience: boolean;
  tab: 'person_level' | 'market_level';
  lite: boolean;
  tier: 'standard' | 'tier3';
  can: {
    exploreCreate: boolean;
    exploreUpdate: boolean;
    exploreDestroy: boolean;
    audiencesCreate: boolean;
    motivationCreate: boolean;
    indexReportCreate: boolean;
  };
}

/** Whether an action is shown at all: Convert in the standard build, Request Motivation Audience in tier 3 (spec 3 §1). */
export function exploreActionShown(action: ExploreAction, tier: ExploreGate['tier']): boolean {
  if (action === 'convert') return tier !== 'tier3';
  if (action === 'motivation') return tier === 'tier3';
  return true;
}

/** Why an action of Explore's action bar is refused (spec 3 §5, §6), or null when it may be used. The first reason wins. */
export function exploreActionBlock(action: ExploreAction, g: ExploreGate): string | null {
  const p = g.persona;
  const allData = p?.isAllData ?? false;
  const invalid = (p?.deletedSegmentIds.length ?? 0) > 0;
  switch (action) {
    case 'create':
      if (!g.can.exploreCreate) return EXPLORE_TEXT.noCreate;
      return g.filtersHaveNonSegments ? EXPLORE_TEXT.nonSegmentsFilters : null;
    case 'edit':
      if (!g.can.exploreUpdate) return EXPLORE_TEXT.noUpdate;
      if (!p || allData) return EXPLORE_TEXT.allDataLocked;
      return g.filtersHaveNonSegments ? EXPLORE_TEXT.nonSegmentsFilters : null;
    case 'copy':
      if (!g.can.exploreCreate) return EXPLORE_TEXT.noCreate;
      if (!p || allData) return EXPLORE_TEXT.allDataLocked;
      return invalid ? EXPLORE_TEXT.copyInvalid : null;
    case 'delete':
      if (!g.can.exploreDestroy) return EXPLORE_TEXT.noDestroy;
      return !p || allData ? EXPLORE_TEXT.allDataLocked : null;
    case 'convert':
      if (!g.can.audiencesCreate) return EXPLORE_TEXT.convertNoCreate;
      if (!p || allData) return EXPLORE_TEXT.allDataLocked;
      if (g.filtersHaveNonSegments) return EXPLORE_TEXT.convertNonSegments;
      return g.everySegmentAllowsAudience ? null : EXPLORE_TEXT.convertNoSegmentPermission;
    case 'motivation':
      if (!g.can.motivationCreate) return EXPLORE_TEXT.noMotivation;
      return g.filtersEmpty ? EXPLORE_TEXT.allDataLocked : null;
    case 'indexReport':
      return indexReportBlocker({ tab: g.tab, invalidIdentifiers: p?.deletedSegmentIds ?? [], lite: g.lite, canCreate: g.can.indexReportCreate });
  }
}

/** Whether the matched count shows (spec 3 §2.1): Person Level only, and not for the all-data persona without filters. */
export function showMatchedCount(tab: ExploreGate['tab'], persona: { isAllData: boolean } | null, filtersEmpty: boolean): boolean {
  if (tab !== 'person_level') return false;
  return !(persona?.isAllData && filtersEmpty);
}
