/**
 * Response curves (spec 2 §3 "Curve", "Curve params", §5 "Scenario planner"; issue 31; decision
 * 022): the five-parameter logistic F(x) = D + (A − D) / (1 + (x / C)^B)^E, with A the response
 * at zero, D the asymptote, B the slope, C the x at which the curve turns (the screen's
 * "Acceleration"; for E = 1 the half-way point) and E the asymmetry. Meridian's Hill curve and
 * Robyn's saturation are the case A = 0, E = 1. Pure, so the management screen, the planner, the
 * server's checks and the optimiser compute alike.
 */

/** The media types a curve and a plan's flight name (a shared constant, spec 2 §5). */
export const MEDIA_TYPES = ['TV', 'Online Video', 'Display', 'Social', 'Search', 'Audio', 'Out of Home', 'Print'] as const;
export type MediaType = (typeof MEDIA_TYPES)[number];

const mediaRank = (m: string) => {
  const i = (MEDIA_TYPES as readonly string[]).indexOf(m);
  return i === -1 ? MEDIA_TYPES.length : i;
};

/** Media types once each, in the constant's order (unknown ones last, by name): how every list of them reads. */
export const inMediaOrder = (media: Iterable<string>): string[] => [...new Set(media)].sort((a, b) => mediaRank(a) - mediaRank(b) || a.localeCompare(b));

/**
 * The curve types ("an object whose keys are the names", spec 2 §7): a Spend curve reads money
 * spent; a TRP curve reads target rating points bought, with its cost method and cost.
 */
export const CURVE_TYPES = {
  Spend: { trp: false, x: 'spend' },
  TRP: { trp: true, x: 'TRPs (or impressions, for a CPM curve)' },
} as const;
export type CurveTypeName = keyof typeof CURVE_TYPES;
export const CURVE_TYPE_NAMES = Object.keys(CURVE_TYPES) as CurveTypeName[];

/** A Project ID as the planning system writes it. */
export const SCENARIO_PLAN_LIMITS = { projectIdMax: 64 } as const;

/** Cost method values (spec 2 §9): CPM = 1, CPP = 0. */
export const COST_METHOD = { CPP: 0, CPM: 1 } as const;

/** A curve's parameters as numbers (spec 2 §3 "Curve params"). */
export interface CurveParams {
  /** A, Base: the response at zero spend. */
  a: number;
  /** B, Slope: how steeply the curve rises; above 1 an S-shape. */
  b: number;
  /** C, "Acceleration": the x at which the curve turns (the half-way point when E = 1). */
  c: number;
  /** D, Asymptote: the response the curve approaches as x grows. */
  d: number;
  /** E, Asymmetry: 1 is symmetric. */
  e: number;
  /** TRP curves: 1 when the cost is a CPM, 0 a CPP. */
  cpp_or_cpm?: 0 | 1 | null;
  /** TRP curves: the cost per rating point (CPP) or per thousand impressions (CPM). */
  cpp?: number | null;
}

export const CURVE_LABELS = {
  media_type: 'Media Type',
  curve_type_name: 'Curve Type',
  a: 'A Base',
  b: 'B Slope',
  c: 'C Acceleration',
  d: 'D Asymptote',
  e: 'E Asymmetry',
  cpp_or_cpm: 'CppOrCpm',
  cpp: 'CPP',
} as const;

/** Spec 2 §5 and §8, word for word; then this product's own checks of what makes a curve undefined. */
export const CURVE_TEXT = {
  mediaTypeRequired: 'Please enter a Media Type',
  curveTypeRequired: 'Please select a Curve Type',
  number: 'Please enter a number',
  cpp: 'CPP must be greater than 0',
  projectIdRequired: 'Please enter a Project ID',
  unableToImport: 'Unable to Import',
  someNotSaved: 'Some curves could not be saved',
  saved: 'Curves saved!',
  deleted: 'Curve deleted',
  wrong: 'Something went wrong',
  networkError: 'Network Error. Try Again Later',
  title: 'Scenario Planner Management',
  useGeneric: 'Use Generic Curves',
  upload: 'Upload Curves',
  addSet: 'Add New Set',
  apply: 'Apply',
  // Not in the spec: a curve whose numbers make the response undefined.
  slopeZero: 'B Slope cannot be 0: the curve would be flat at the half-way point.',
  scalePositive: 'C Acceleration must be greater than 0: it is the spend or TRPs at which the curve turns.',
  asymmetryPositive: 'E Asymmetry must be greater than 0.',
  costMethod: 'CppOrCpm must be 1 (CPM) or 0 (CPP).',
  unknownMediaType: (name: string) => `${name} is not a media type: choose one of ${MEDIA_TYPES.join(', ')}.`,
  duplicate: (media: string) => `There is already a curve for ${media}: one curve per media type.`,
} as const;

/** Spec 2 §5: optional minus, digits, optional decimal part. */
const NUMBER = /^-?\d+(\.\d+)?$/;

/** A curve row as the table holds it: every field typed, so a half-typed number stays as typed. */
export interface CurveRow {
  media_type: string;
  curve_type_name: string;
  a: string;
  b: string;
  c: string;
  d: string;
  e: string;
  cpp_or_cpm: string;
  cpp: string;
}

export type CurveRowField = keyof CurveRow;
export type CurveRowIssues = Partial<Record<CurveRowField, string>>;

/** The number a field holds under §5's rule, or null. */
export const curveNumber = (text: string | number | null | undefined): number | null => {
  if (typeof text === 'number') return Number.isFinite(text) ? text : null;
  const t = (text ?? '').trim();
  return NUMBER.test(t) ? Number(t) : null;
};

/**
 * Spec 2 §5's checks of one curve row, then the ones that keep its response defined. Returns
 * each field's message; none means the row is valid.
 */
export function checkCurveRow(row: CurveRow): CurveRowIssues {
  const issues: CurveRowIssues = {};
  if (row.media_type.trim() === '') issues.media_type = CURVE_TEXT.mediaTypeRequired;
  else if (!(MEDIA_TYPES as readonly string[]).includes(row.media_type.trim())) issues.media_type = CURVE_TEXT.unknownMediaType(row.media_type.trim());
  if (!(CURVE_TYPE_NAMES as string[]).includes(row.curve_type_name)) issues.curve_type_name = CURVE_TEXT.curveTypeRequired;
  for (const key of ['a', 'b', 'c', 'd', 'e'] as const) if (curveNumber(row[key]) === null) issues[key] = CURVE_TEXT.number;
  const b = curveNumber(row.b);
  const c = curveNumber(row.c);
  const e = curveNumber(row.e);
  if (b !== null && b === 0) issues.b = CURVE_TEXT.slopeZero;
  if (c !== null && c <= 0) issues.c = CURVE_TEXT.scalePositive;
  if (e !== null && e <= 0) issues.e = CURVE_TEXT.asymmetryPositive;
  if (row.curve_type_name === 'TRP') {
    const method = curveNumber(row.cpp_or_cpm);
    if (method === null) issues.cpp_or_cpm = CURVE_TEXT.number;
    else if (method !== 0 && method !== 1) issues.cpp_or_cpm = CURVE_TEXT.costMethod;
    const cpp = curveNumber(row.cpp);
    if (cpp === null || cpp <= 0) issues.cpp = CURVE_TEXT.cpp;
  }
  return issues;
}

export const isValidCurveRow = (row: CurveRow): boolean => Object.keys(checkCurveRow(row)).length === 0;

/** A valid row's numbers. */
export function paramsOfRow(row: CurveRow): CurveParams {
  const n = (s: string) => curveNumber(s) ?? 0;
  const trp = row.curve_type_name === 'TRP';
  return { a: n(row.a), b: n(row.b), c: n(row.c), d: n(row.d), e: n(row.e), cpp_or_cpm: trp ? (n(row.cpp_or_cpm) === 1 ? 1 : 0) : null, cpp: trp ? n(row.cpp) : null };
}

/** A row of a saved curve, for the table. */
export function rowOfCurve(curve: { media_type: string; curve_type_name: string; params: CurveParams }): CurveRow {
  const s = (v: number | null | undefined) => (v === null || v === undefined ? '' : String(v));
  return {
    media_type: curve.media_type, curve_type_name: curve.curve_type_name,
    a: s(curve.params.a), b: s(curve.params.b), c: s(curve.params.c), d: s(curve.params.d), e: s(curve.params.e),
    cpp_or_cpm: s(curve.params.cpp_or_cpm), cpp: s(curve.params.cpp),
  };
}

export const emptyCurveRow = (): CurveRow => ({ media_type: '', curve_type_name: '', a: '', b: '', c: '', d: '', e: '', cpp_or_cpm: '', cpp: '' });

/**
 * Spec 2 §5: Apply is enabled in upload mode when there is at least one non-generic curve and all
 * are valid; in generic mode when at least one media type is selected.
 */
export function canApply(mode: 'generic' | 'upload', rows: readonly CurveRow[], selectedMedia: readonly string[]): boolean {
  return mode === 'generic' ? selectedMedia.length > 0 : rows.length > 0 && rows.every(isValidCurveRow);
}

/** Spec 2 §5: Add New Set shows only if there is no non-generic curve or the last one is valid. */
export const canAddSet = (rows: readonly CurveRow[]): boolean => rows.length === 0 || isValidCurveRow(rows[rows.length - 1]!);

// ---- the maths ------------------------------------------------------------------------------------

/** F(x): the response at x (spend, TRPs or impressions as the curve reads). x below 0 reads as 0. */
export function response(p: Pick<CurveParams, 'a' | 'b' | 'c' | 'd' | 'e'>, x: number): number {
  const t = Math.max(0, x) / p.c;
  if (t === 0) return p.b > 0 ? p.a : p.d;
  return p.d + (p.a - p.d) / Math.pow(1 + Math.pow(t, p.b), p.e);
}

/** F′(x): the extra response of one more unit of x; at 0, the limit from above (infinite when B < 1). */
export function marginal(p: Pick<CurveParams, 'a' | 'b' | 'c' | 'd' | 'e'>, x: number): number {
  if (x <= 0) {
    if (p.b > 1) return 0;
    if (p.b === 1) return ((p.d - p.a) * p.e) / p.c;
    return Number.POSITIVE_INFINITY;
  }
  const tb = Math.pow(x / p.c, p.b);
  return ((p.d - p.a) * p.e * p.b * tb) / (x * Math.pow(1 + tb, p.e + 1));
}

/** How many units of x a unit of money buys: 1 for spend; 1 / CPP TRPs; 1000 / CPM impressions (spec 2 §9: CPM = 1, CPP = 0). */
export function unitsPerMoney(curve: { curve_type_name: string; params: CurveParams }): number {
  if (curve.curve_type_name !== 'TRP') return 1;
  const cost = curve.params.cpp ?? 0;
  if (!(cost > 0)) return 0;
  return curve.params.cpp_or_cpm === COST_METHOD.CPM ? 1000 / cost : 1 / cost;
}

/** The response to money spent on one curve (one week's spend on one media type). */
export const responseToMoney = (curve: { curve_type_name: string; params: CurveParams }, money: number): number =>
  response(curve.params, money * unitsPerMoney(curve));

/** The extra response of one more unit of money at this spend. */
export const marginalToMoney = (curve: { curve_type_name: string; params: CurveParams }, money: number): number =>
  marginal(curve.params, money * unitsPerMoney(curve)) * unitsPerMoney(curve);
