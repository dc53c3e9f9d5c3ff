import type { AudienceRules, AudienceRulesInput } from '../schemas/audience-rules';

/**
 * The audience builder's edits of a rule (issue 15), as pure functions: the builder, Explore's
 * chips and the tests share them. A draft may hold empty groups (a group just added, waiting
 * for its first segment); `draftToRules` drops them. A segment is in at most one place: one
 * include group or the excludes. Every function returns a new draft and leaves its input alone.
 */
export interface RuleDraft {
  /** Include OR-groups of segment ids, ANDed. */
  include: number[][];
  /** Excluded segment ids (OR). */
  exclude: number[];
  /** OR-groups of demographic value ids (non-segments), ANDed with the include groups. */
  values: number[][];
}

/** Where a segment goes: an include group by index, a new include group at the end, or the excludes. */
export type SegmentTarget = number | 'new' | 'exclude';

export const emptyDraft = (): RuleDraft => ({ include: [[]], exclude: [], values: [] });

/** A draft of a rule, without the segments given (an invalid persona's deleted ones). */
export function draftFromRules(rules: AudienceRulesInput | null | undefined, drop: readonly number[] = []): RuleDraft {
  if (!rules) return emptyDraft();
  const gone = new Set(drop);
  const seen = new Set<number>();
  const keep = (id: number) => {
    if (gone.has(id) || seen.has(id)) return false;
    seen.add(id);
    return true;
  };
  const include = rules.include.and.map((g) => g.filter(keep)).filter((g) => g.length > 0);
  const exclude = (rules.exclude ?? []).filter(keep);
  const values = (rules.values ?? []).map((g) => [...new Set(g)]).filter((g) => g.length > 0);
  return { include: include.length > 0 || values.length > 0 ? include : [[]], exclude, values };
}

/** The rule a draft stands for, empty groups left out; null when it has no group with anything in it. */
export function draftToRules(draft: RuleDraft): AudienceRules | null {
  const include = draft.include.filter((g) => g.length > 0);
  const values = draft.values.filter((g) => g.length > 0);
  if (include.length + values.length === 0) return null;
  return { include: { and: include.map((g) => [...g]) }, exclude: [...draft.exclude], values: values.map((g) => [...g]) };
}

/** Where a segment is: its include group's index, 'exclude', or null. */
export function segmentPlace(draft: RuleDraft, id: number): number | 'exclude' | null {
  if (draft.exclude.includes(id)) return 'exclude';
  const group = draft.include.findIndex((g) => g.includes(id));
  return group >= 0 ? group : null;
}

/** Every segment id the draft names. */
export const draftSegmentIds = (draft: RuleDraft): number[] => [...draft.include.flat(), ...draft.exclude];

const without = (draft: RuleDraft, id: number): RuleDraft => ({
  ...draft,
  include: draft.include.map((g) => g.filter((x) => x !== id)),
  exclude: draft.exclude.filter((x) => x !== id),
});

/** Puts a segment at a target (taking it from wherever it was). An index past the groups means a new group. */
export function placeSegment(draft: RuleDraft, id: number, target: SegmentTarget): RuleDraft {
  const rest = without(draft, id);
  if (target === 'exclude') return { ...rest, exclude: [...rest.exclude, id] };
  if (target === 'new' || target < 0 || target >= rest.include.length) return { ...rest, include: [...rest.include, [id]] };
  return { ...rest, include: rest.include.map((g, i) => (i === target ? [...g, id] : g)) };
}

/** Adds a segment (a segment already in the draft moves there). */
export const addSegment = placeSegment;
/** Moves a segment between groups, or to or from the excludes. */
export const moveSegment = placeSegment;

/** Takes a segment out of the draft. */
export const removeSegment = (draft: RuleDraft, id: number): RuleDraft => without(draft, id);

/**
 * NOT: an included segment goes to the excludes; an excluded one comes back to the group given
 * (the last include group when none is), or a new group when there is none.
 */
export function toggleNot(draft: RuleDraft, id: number, backTo?: number): RuleDraft {
  const place = segmentPlace(draft, id);
  if (place === null) return draft;
  if (place !== 'exclude') return placeSegment(draft, id, 'exclude');
  const last = draft.include.length - 1;
  return placeSegment(draft, id, backTo ?? (last >= 0 ? last : 'new'));
}

export const addGroup = (draft: RuleDraft): RuleDraft => ({ ...draft, include: [...draft.include, []] });

/** Removes an include group and its segments. */
export const removeGroup = (draft: RuleDraft, index: number): RuleDraft => ({ ...draft, include: draft.include.filter((_, i) => i !== index) });

/** Moves an include group from one place to another (clamped to the list). */
export function moveGroup(draft: RuleDraft, from: number, to: number): RuleDraft {
  if (from < 0 || from >= draft.include.length) return draft;
  const target = Math.max(0, Math.min(draft.include.length - 1, to));
  if (target === from) return draft;
  const include = [...draft.include];
  const [group] = include.splice(from, 1);
  include.splice(target, 0, group!);
  return { ...draft, include };
}

/** Adds a demographic value to a value group ('new': a group of its own). A value already there stays put. */
export function addValue(draft: RuleDraft, valueId: number, group: number | 'new'): RuleDraft {
  if (draft.values.some((g) => g.includes(valueId))) return draft;
  if (group === 'new' || group < 0 || group >= draft.values.length) return { ...draft, values: [...draft.values, [valueId]] };
  return { ...draft, values: draft.values.map((g, i) => (i === group ? [...g, valueId] : g)) };
}

export const removeValue = (draft: RuleDraft, valueId: number): RuleDraft => ({
  ...draft,
  values: draft.values.map((g) => g.filter((x) => x !== valueId)).filter((g) => g.length > 0),
});

/** Whether two drafts stand for the same rule (empty groups ignored): the builder's unsaved changes. */
export function sameRule(a: RuleDraft, b: RuleDraft): boolean {
  return JSON.stringify(draftToRules(a)) === JSON.stringify(draftToRules(b));
}
