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


/** A conflict as the server names it: the field's path and the value I sent there. */
export interface ClashingField {
  field: string;
  mine?: unknown;
  theirs?: unknown;
}

const BOOKKEEPING = new Set(['base', 'version', 'id', 'client_key']);
const isRecord = (value: unknown): value is Record<string, unknown> => typeof value === 'object' && value !== null && !Array.isArray(value);

/**
 * Where a conflict's path ("name", "market:12:total", "stages.148.name", "brands.7",
 * "sub_markets.5/148.matched_id") lives in an edit's `base`: the object holding it and its key.
 * A list of items is entered by an item's id (a cell by "<brand id>/<stage id>"). Null when the
 * path names nothing there.
 */
function locate(base: Record<string, unknown>, field: string): { holder: Record<string, unknown> | unknown[]; key: string | number } | null {
  if (field in base) return { holder: base, key: field };
  const [head, id, ...rest] = field.split('.');
  const list = head === undefined ? undefined : base[head];
  if (!Array.isArray(list) || id === undefined) return null;
  const named = (item: unknown) =>
    isRecord(item) && ((item.id !== undefined && String(item.id) === id) || `${String(item.journey_brand_id)}/${String(item.journey_stage_id)}` === id);
  const index = list.findIndex(named);
  if (rest.length === 0) return { holder: list, key: index };
  const item = list[index];
  return isRecord(item) && rest.length === 1 ? { holder: item, key: rest[0]! } : null;
}

/**
 * "Take theirs" for the clashing fields only (issue 27): the edit as it is to be sent again over
 * the server's newer version, so that the server's merge keeps theirs where both changed and mine
 * everywhere else. At each clashing field the edit's `base` becomes the value I sent: an edit that
 * left a field as it saw it takes theirs (mergeFields); a flat field of the body takes theirs too,
 * so the page shows theirs while it is on its way. Null when the edit carries no `base` or names a
 * field it cannot find there (then only the whole edit can be dropped).
 */
export function takeTheirsOnly(body: unknown, clashes: readonly ClashingField[]): Record<string, unknown> | null {
  if (!isRecord(body) || !isRecord(body.base)) return null;
  const base: Record<string, unknown> = structuredClone(body.base);
  const next: Record<string, unknown> = { ...body, base };
  for (const clash of clashes) {
    const at = locate(base, clash.field);
    if (!at) return null;
    if (Array.isArray(at.holder)) {
      // A whole item one side deleted: my side becomes what I saw (there, or not there).
      const index = at.key as number;
      if (clash.mine === null || clash.mine === undefined) {
        if (index >= 0) at.holder.splice(index, 1);
      } else if (index >= 0) at.holder[index] = clash.mine;
      else at.holder.push(clash.mine);
    } else {
      at.holder[at.key as string] = clash.mine ?? null;
    }
    if (clash.field in body && !BOOKKEEPING.has(clash.field) && 'theirs' in clash) {
      next[clash.field] = clash.theirs ?? null;
      base[clash.field] = clash.theirs ?? null;
    }
  }
  return next;
}

/**
 * Whether an edit changes anything besides what it saw: a field of the body whose value differs
 * from its `base`, or that the base does not name. After takeTheirsOnly, false means nothing of
 * mine is left to send.
 */
export function changesLeft(body: Record<string, unknown>): boolean {
  const base = isRecord(body.base) ? body.base : {};
  return Object.entries(body).some(([field, value]) => !BOOKKEEPING.has(field) && (!(field in base) || !sameValue(value, base[field])));
}
