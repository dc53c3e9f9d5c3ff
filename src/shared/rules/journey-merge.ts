import type { JourneyBody } from '../schemas/journeys';
import { JOURNEY } from './journey';
import { mergeFields, sameValue, type FieldConflict, type FieldValues } from './merge';

/**
 * Three-way merge of a journey saved over a newer version (decision 013). The journey's own
 * fields merge as Grow's chart fields; brands, stages and cells (one per brand and stage) by id,
 * each field by merge.ts's rule. An item only one side added stays; an item one side deleted and
 * the other left alone goes; an item both changed differently, or one changed and the other
 * deleted, is a conflict. Names are checked again after the merge: two people adding "Brand X"
 * is a conflict, never two brands of one name.
 *
 * Conflicts name what clashed: `name`, `brands.<id>.name`, `stages.<id>.icon`,
 * `sub_markets.<brand id>/<stage id>.matched_id`, or the item itself (`brands.<id>`) when one
 * side deleted it; a deleted side's value is null. A conflicting item keeps theirs in `merged`
 * until the user chooses.
 */

type Brand = JourneyBody['brands'][number];
type Stage = JourneyBody['stages'][number];
type Cell = JourneyBody['sub_markets'][number];

export interface JourneyMerge {
  merged: JourneyBody;
  conflicts: FieldConflict[];
}

const OWN_FIELDS = ['name', 'default', 'has_transition_data'] as const;

const key = (id: number | string) => String(id);
const cellKey = (c: Pick<Cell, 'journey_brand_id' | 'journey_stage_id'>) => `${key(c.journey_brand_id)}/${key(c.journey_stage_id)}`;

function fieldsOf<T extends object>(item: T, fields: readonly string[]): FieldValues {
  const values = item as Record<string, unknown>;
  return Object.fromEntries(fields.map((f) => [f, values[f]]));
}

/** The field values an item has, without its ids (what is compared and merged). */
function valuesOf<T extends object>(item: T, skip: readonly string[]): FieldValues {
  return Object.fromEntries(Object.entries(item).filter(([f]) => !skip.includes(f)));
}

/**
 * Items merged by key. `present` are the merged items in theirs's order, then the ones only I
 * added, in my order.
 */
function mergeItems<T extends object>(
  where: string,
  keyOf: (item: T) => string,
  skip: readonly string[],
  base: readonly T[],
  theirs: readonly T[],
  mine: readonly T[],
  conflicts: FieldConflict[],
): T[] {
  const byKey = (items: readonly T[]) => new Map(items.map((i) => [keyOf(i), i]));
  const b = byKey(base);
  const t = byKey(theirs);
  const m = byKey(mine);
  const order = [...new Set([...theirs.map(keyOf), ...mine.map(keyOf), ...base.map(keyOf)])];
  const out: T[] = [];
  for (const k of order) {
    const bi = b.get(k);
    const ti = t.get(k);
    const mi = m.get(k);
    if (ti && mi) {
      const { merged, conflicts: clashes } = mergeFields(bi ? valuesOf(bi, skip) : {}, valuesOf(ti, skip), valuesOf(mi, skip));
      conflicts.push(...clashes.map((c) => ({ ...c, field: `${where}.${k}.${c.field}` })));
      out.push({ ...ti, ...merged });
    } else if (ti) {
      // Mine deleted it (or never had it): it goes unless they changed it since.
      if (!bi) out.push(ti);
      else if (!sameValue(valuesOf(bi, skip), valuesOf(ti, skip))) {
        conflicts.push({ field: `${where}.${k}`, base: bi, theirs: ti, mine: null });
        out.push(ti);
      }
    } else if (mi) {
      // They deleted it (or never had it): it stays only if I added it; changed by me, a conflict.
      if (!bi) out.push(mi);
      else if (!sameValue(valuesOf(bi, skip), valuesOf(mi, skip))) conflicts.push({ field: `${where}.${k}`, base: bi, theirs: null, mine: mi });
    }
  }
  return out;
}

/** Names unique case-insensitively after trimming: a clash of two merged items is a conflict on mine's. */
function checkNames<T extends { id: number | string; name: string }>(where: string, items: readonly T[], theirs: readonly T[], mine: readonly T[], conflicts: FieldConflict[]) {
  const theirIds = new Set(theirs.map((i) => key(i.id)));
  const mineById = new Map(mine.map((i) => [key(i.id), i]));
  const seen = new Map<string, T>();
  // Theirs first: the name they saved holds, mine is the one that clashes with it.
  const ordered = [...items].sort((x, y) => Number(!theirIds.has(key(x.id))) - Number(!theirIds.has(key(y.id))));
  for (const item of ordered) {
    const name = item.name.trim().toLowerCase();
    const other = seen.get(name);
    if (!other) {
      seen.set(name, item);
      continue;
    }
    const clash = mineById.get(key(item.id)) ?? item;
    conflicts.push({ field: `${where}.${key(item.id)}.name`, base: undefined, theirs: other.name, mine: clash.name });
  }
}

const sameList = (a: readonly string[], b: readonly string[]) => a.length === b.length && a.every((k, i) => k === b[i]);

/**
 * The merged order of a list (brands by order, stages by priority), as keys: a side that kept the
 * items it shares with the others in base's order did not move any, so the other side's order
 * stands; the other side's new items go after the item they follow there. Both moved items, into
 * different orders: null (a conflict).
 */
function mergeOrder(base: readonly string[], theirs: readonly string[], mine: readonly string[], present: ReadonlySet<string>): string[] | null {
  const inAll = new Set(base.filter((k) => theirs.includes(k) && mine.includes(k) && present.has(k)));
  const shared = (seq: readonly string[]) => seq.filter((k) => inAll.has(k));
  const mineMoved = !sameList(shared(mine), shared(base));
  const theirsMoved = !sameList(shared(theirs), shared(base));
  if (mineMoved && theirsMoved && !sameList(shared(mine), shared(theirs))) return null;
  const [first, second] = mineMoved ? [mine, theirs] : [theirs, mine];
  const out = first.filter((k) => present.has(k));
  second.forEach((k, i) => {
    if (!present.has(k) || out.includes(k)) return;
    const before = second.slice(0, i).reverse().find((p) => out.includes(p));
    out.splice(before === undefined ? 0 : out.indexOf(before) + 1, 0, k);
  });
  return out;
}

/** Items merged and put in the merged order, renumbered 0..n-1 (a clash of orders keeps theirs and is a conflict). */
function mergeList<T extends { id: number | string }>(
  where: 'brands' | 'stages',
  orderField: 'order' | 'priority',
  base: readonly T[],
  theirs: readonly T[],
  mine: readonly T[],
  conflicts: FieldConflict[],
): T[] {
  const items = mergeItems<T>(where, (i) => key(i.id), ['id', orderField], base, theirs, mine, conflicts);
  const seq = (list: readonly T[]) => [...list].sort((x, y) => Number(fieldsOf(x, [orderField])[orderField]) - Number(fieldsOf(y, [orderField])[orderField])).map((i) => key(i.id));
  const present = new Set(items.map((i) => key(i.id)));
  let order = mergeOrder(seq(base), seq(theirs), seq(mine), present);
  if (!order) {
    conflicts.push({ field: `${where}.${orderField}`, base: seq(base), theirs: seq(theirs), mine: seq(mine) });
    order = mergeOrder(seq(base), seq(theirs), seq(base), present) ?? [...present];
  }
  const byKey = new Map(items.map((i) => [key(i.id), i]));
  return order.flatMap((k, n) => {
    const item = byKey.get(k);
    return item ? [{ ...item, [orderField]: n }] : [];
  });
}

export function mergeJourney(base: JourneyBody, theirs: JourneyBody, mine: JourneyBody): JourneyMerge {
  const conflicts: FieldConflict[] = [];
  const own = mergeFields(fieldsOf(base, OWN_FIELDS), fieldsOf(theirs, OWN_FIELDS), fieldsOf(mine, OWN_FIELDS));
  conflicts.push(...own.conflicts);

  const brands = mergeList<Brand>('brands', 'order', base.brands, theirs.brands, mine.brands, conflicts);
  const stages = mergeList<Stage>('stages', 'priority', base.stages, theirs.stages, mine.stages, conflicts);
  checkNames('brands', brands, theirs.brands, mine.brands, conflicts);
  checkNames('stages', stages, theirs.stages, mine.stages, conflicts);

  // A cell goes with its brand or stage; a pair neither side had (my new brand, their new stage) gets an empty cell.
  const cells = new Map(
    mergeItems<Cell>('sub_markets', cellKey, ['journey_brand_id', 'journey_stage_id'], base.sub_markets, theirs.sub_markets, mine.sub_markets, conflicts)
      .map((c) => [cellKey(c), c]),
  );
  const sub_markets: Cell[] = brands.flatMap((b) => stages.map((s) => {
    const pair = { journey_brand_id: b.id, journey_stage_id: s.id };
    return cells.get(cellKey(pair)) ?? { ...pair, population: 0, matched_id: null, modeled_id: null, discussion_cluster_node_id: null };
  }));

  if (brands.length > JOURNEY.maxBrands) conflicts.push({ field: 'brands', base: base.brands.length, theirs: theirs.brands.length, mine: mine.brands.length });
  if (stages.length > JOURNEY.maxStages) conflicts.push({ field: 'stages', base: base.stages.length, theirs: theirs.stages.length, mine: mine.stages.length });

  // The own fields are mine's three, each mine's or theirs's value: their types hold.
  const merged: JourneyBody = {
    name: own.merged.name as string,
    default: own.merged.default as boolean,
    has_transition_data: own.merged.has_transition_data as boolean,
    brands,
    stages,
    sub_markets,
  };
  return { merged, conflicts };
}
