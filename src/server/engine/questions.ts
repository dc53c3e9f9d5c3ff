import type { AudienceRules } from '@shared/schemas/audience-rules';

/**
 * The questions both data sources answer (issue 3), in engine terms: ids are segment short ids
 * and attribute value ids of one client region, already checked by the service.
 */
export interface CountsQuestion {
  matched: Record<string, number[]>;
  modeled: Record<string, number[]>;
  focusMatched: number[];
  focusModeled: number[];
  groups: number[][];
}

export interface CountsAnswer {
  segment_counts: Record<string, number>;
  market_counts: Record<string, { matched: number; modeled: number }>;
  total_matched_count: number;
  total_modeled_count: number;
}

export interface WidgetCount {
  attributeId: number;
  /** The audience's people with the value. */
  count: number;
  /** Everyone with the value. */
  valueSize: number;
}

export interface WidgetAnswer {
  audienceCount: number;
  people: number;
  values: WidgetCount[];
}

/** The builder's live counts: a rule's people, each of its groups' alone, its excludes' and everyone. */
export interface RuleCountsAnswer {
  count: number;
  /** Each include OR-group alone, in the rule's order. */
  include: number[];
  /** Each group of demographic values alone, in the rule's order. */
  values: number[];
  /** People in any excluded segment. */
  exclude: number;
  /** Everyone in the region's data. */
  people: number;
}

export interface OverlapAnswer {
  sizes: number[];
  pairs: { a: number; b: number; count: number }[];
}

/**
 * Every intersection of 2 to 4 audiences (the Overlap page's exclusive intersections come from
 * these through exclusiveRegions in shared/rules/audience-kinds.ts): `all[mask]` is the people in
 * every audience of `mask` (bit i = audience i), all[0] = 0.
 */
export interface IntersectionsAnswer {
  /** Everyone in the region's data. */
  people: number;
  sizes: number[];
  all: number[];
}

/** At most this many audiences in one intersections question (2^4 - 1 intersections). */
export const MAX_INTERSECTED = 4;

/** The intersections checked: 2 to 4 audiences. */
export function checkIntersected(k: number) {
  if (!Number.isInteger(k) || k < 2 || k > MAX_INTERSECTED) throw new RangeError(`Intersections are of 2 to ${MAX_INTERSECTED} audiences, got ${k}`);
}

/** One engine per data source: `molecula` (bitmaps in a worker thread) or `es` (SQL). */
export interface CountEngine {
  count(clientRegionId: number, rules: AudienceRules): Promise<number>;
  counts(clientRegionId: number, question: CountsQuestion): Promise<CountsAnswer>;
  /** `rules` null: the widget of everyone (each value's people, the audience being the whole region). */
  widget(clientRegionId: number, rules: AudienceRules | null, attributeIds: number[]): Promise<WidgetAnswer>;
  ruleCounts(clientRegionId: number, rules: AudienceRules): Promise<RuleCountsAnswer>;
  overlap(clientRegionId: number, audiences: AudienceRules[]): Promise<OverlapAnswer>;
  /** Every intersection of 2..4 audiences (IntersectionsAnswer). */
  intersections(clientRegionId: number, audiences: AudienceRules[]): Promise<IntersectionsAnswer>;
}

/** A lookalike build asked of the data manager (issue 16). */
export interface LookalikeRequest {
  seed: AudienceRules;
  /** People in the lookalike, exactly; none of them in the seed. */
  size: number;
  /** The segment short id it is kept and stored as (its `segments` row exists already). */
  shortId: number;
  /** 'index' (default): the log-index model; 'random': people by a hash (a baseline whose lift is ~1). */
  model?: 'index' | 'random';
  /** Share of the seed held out to measure the model (default 0.2). */
  holdoutShare?: number;
  /** Salts the hold-out, the ties and the random model (default: the short id). */
  randomSeed?: string;
}

/** A lookalike built: its size, and the honest measurement (shared/rules/audience-kinds.ts lookalikeLift makes the lift of it). */
export interface LookalikeBuild {
  size: number;
  seedSize: number;
  /** People the measured lookalike was chosen among: everyone but the seed's training part. */
  candidates: number;
  /** Seed people held out of the measured model. */
  holdout: number;
  /** Of those, in the measured lookalike (of `size` people, fitted without them). */
  recovered: number;
}

/** A question that ran past the time limit and was stopped (the SQL engine between slices, the bitmap engine by replacing its workers). */
export class TimeLimitError extends Error {
  constructor(readonly limitMs: number) {
    super(`The count took longer than ${limitMs / 1000} s and was stopped. Narrow the audience and try again.`);
    this.name = 'TimeLimitError';
  }
}
