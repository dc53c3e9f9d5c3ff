/**
 * Three-way merge of an edit made on an older copy (issue 12, DESIGN "Client data flow"). An
 * edit names the fields it sets (`mine`) and the values it saw for them (`base`); the server
 * has its own values now (`theirs`). Only a field both sides changed, to different values, is
 * a conflict: a field I left as I saw it takes theirs, a field only I changed takes mine.
 * The server merges with this before it applies a write based on an older version; the
 * conflict dialog shows what it returns.
 */

export type FieldValues = Readonly<Record<string, unknown>>;

export interface FieldConflict {
  field: string;
  base: unknown;
  theirs: unknown;
  mine: unknown;
}

export interface MergeResult {
  /** Every field of `mine`, merged; a conflicting field keeps theirs until the user chooses. */
  merged: Record<string, unknown>;
  conflicts: FieldConflict[];
}

/** JSON-like values compared by content (object keys in any order). */
export function sameValue(a: unknown, b: unknown): boolean {
  if (a === b) return true;
  if (a === null || b === null || typeof a !== 'object' || typeof b !== 'object') {
    // undefined and null both mean "no value" in a JSON body.
    return (a ?? null) === (b ?? null);
  }
  if (Array.isArray(a) !== Array.isArray(b)) return false;
  if (Array.isArray(a) && Array.isArray(b)) return a.length === b.length && a.every((v, i) => sameValue(v, b[i]));
  const ak = Object.keys(a as object);
  const bk = Object.keys(b as object);
  return ak.length === bk.length && ak.every((k) => sameValue((a as Record<string, unknown>)[k], (b as Record<string, unknown>)[k]));
}

/**
 * @param base the values the edit was made on, for the fields it sets; a field missing here
 *   was not seen, so nobody's change to it can be told apart: mine stands only if theirs agrees
 */
export function mergeFields(base: FieldValues, theirs: FieldValues, mine: FieldValues): MergeResult {
  const merged: Record<string, unknown> = {};
  const conflicts: FieldConflict[] = [];
  for (const [field, mineValue] of Object.entries(mine)) {
    const theirValue = theirs[field];
    if (!(field in base)) {
      if (sameValue(theirValue, mineValue)) merged[field] = mineValue;
      else {
        merged[field] = theirValue;
        conflicts.push({ field, base: undefined, theirs: theirValue, mine: mineValue });
      }
      continue;
    }
    const baseValue = base[field];
    if (sameValue(mineValue, baseValue)) merged[field] = theirValue;
    else if (sameValue(theirValue, baseValue) || sameValue(theirValue, mineValue)) merged[field] = mineValue;
    else {
      merged[field] = theirValue;
      conflicts.push({ field, base: baseValue, theirs: theirValue, mine: mineValue });
    }
  }
  return { merged, conflicts };
}

/** The values of `values` for the given fields only (what an edit sends as its base). */
export function pick(values: FieldValues, fields: readonly string[]): Record<string, unknown> {
  return Object.fromEntries(fields.filter((f) => f in values).map((f) => [f, values[f]]));
}

/** A conflict's field as the dialog names it: "matched_short_id" -> "matched short id". */
export const fieldLabel = (field: string) => field.replace(/_/g, ' ');
