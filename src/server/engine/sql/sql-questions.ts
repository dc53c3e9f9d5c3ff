import { sql, type SQL } from 'drizzle-orm';
import type { AudienceRules } from '@shared/schemas/audience-rules';
import type { Executor } from '../../db/client';
import { focusRules } from '../bitmap/bitmap-questions';
import { checkIntersected, type CountsAnswer, type CountsQuestion, type IntersectionsAnswer, type OverlapAnswer, type RuleCountsAnswer, type WidgetCount } from '../questions';
import { SET_KIND, type SetKind } from './member-chunks-repository';

/**
 * The count engine's questions in SQL over member_chunks (the `es` data source): per chunk,
 * bit_or within an OR-group, & across groups, & ~ the excludes, then bit_count. Chunks are
 * independent rows, so this is the path that scales out with the database.
 */
const idList = (ids: readonly number[]) => sql.join(ids.map((id) => sql`${id}`), sql`, `);

/** Chunks lo..hi (inclusive): the engine asks in slices so it can yield and keep its time limit. */
export interface ChunkRange {
  lo: number;
  hi: number;
}
const ALL: ChunkRange = { lo: 0, hi: 65_535 };
const inRange = (range: ChunkRange, column = sql`chunk`) => sql`${column} between ${range.lo} and ${range.hi}`;

function unionCte(name: string, clientRegionId: number, ids: readonly number[], range: ChunkRange, kind: SetKind = 'segment'): SQL {
  // Materialised: inlined, the planner may run each group's scan once per joined row.
  return sql`${sql.identifier(name)} as materialized (
    select chunk, bit_or(bits) as b from member_chunks
    where client_region_id = ${clientRegionId} and set_kind = ${SET_KIND[kind]} and set_id in (${idList(ids)}) and ${inRange(range)}
    group by chunk)`;
}

/** The names ruleCtes gives a rule's groups: its include OR-groups, then its groups of demographic values. */
const groupNames = (name: string, rules: AudienceRules) => ({
  include: rules.include.and.map((_, i) => `${name}_g${i}`),
  values: rules.values.map((_, i) => `${name}_v${i}`),
  exclude: `${name}_ex`,
});

/**
 * The CTEs of a rule and a last CTE `name` (chunk, b) of its people per chunk; other CTEs are
 * prefixed with the name so several rules can share one statement.
 */
function ruleCtes(name: string, clientRegionId: number, rules: AudienceRules, range: ChunkRange): SQL[] {
  const { include, values, exclude: ex } = groupNames(name, rules);
  const names = [...include, ...values];
  const ctes = [
    ...rules.include.and.map((ids, i) => unionCte(include[i]!, clientRegionId, ids, range)),
    ...rules.values.map((ids, i) => unionCte(values[i]!, clientRegionId, ids, range, 'attribute')),
  ];
  if (rules.exclude.length) ctes.push(unionCte(ex, clientRegionId, rules.exclude, range));
  // A rule of no group has no one (the API never asks one).
  if (names.length === 0) return [...ctes, sql`${sql.identifier(name)} as (select 0 as chunk, null::bit varying as b where false)`];
  const joined = names.slice(1).reduce<SQL>((from, n) => sql`${from} join ${sql.identifier(n)} using (chunk)`, sql`${sql.identifier(names[0]!)}`);
  const from = rules.exclude.length ? sql`${joined} left join ${sql.identifier(ex)} using (chunk)` : joined;
  const anded = sql.join(names.map((n) => sql`${sql.identifier(n)}.b`), sql` & `);
  const people = rules.exclude.length ? sql`(case when ${sql.identifier(ex)}.b is null then ${anded} else (${anded}) & ~${sql.identifier(ex)}.b end)` : anded;
  ctes.push(sql`${sql.identifier(name)} as (select chunk, ${people} as b from ${from})`);
  return ctes;
}

async function rows<T>(db: Executor, query: SQL): Promise<T[]> {
  const result = (await db.execute(query)) as unknown as { rows: T[] };
  return result.rows;
}

const sizeOf = (name: string) => sql`(select coalesce(sum(bit_count(b)), 0)::bigint from ${sql.identifier(name)})`;

export async function countRuleSql(db: Executor, clientRegionId: number, rules: AudienceRules, range = ALL): Promise<number> {
  const [row] = await rows<{ n: string | number }>(db, sql`with ${sql.join(ruleCtes('aud', clientRegionId, rules, range), sql`, `)} select ${sizeOf('aud')} as n`);
  return Number(row?.n ?? 0);
}

/**
 * The builder's live counts in one statement: each group's union is made once and serves its own
 * size and the rule's. `people` is left to the engine (it knows the region's).
 */
export async function ruleCountsSql(db: Executor, clientRegionId: number, rules: AudienceRules, range = ALL): Promise<Omit<RuleCountsAnswer, 'people'>> {
  const { include, values, exclude } = groupNames('aud', rules);
  const columns = [
    sql`${sizeOf('aud')} as n`,
    ...include.map((n, i) => sql`${sizeOf(n)} as ${sql.identifier(`g${i}`)}`),
    ...values.map((n, i) => sql`${sizeOf(n)} as ${sql.identifier(`v${i}`)}`),
    rules.exclude.length ? sql`${sizeOf(exclude)} as ex` : sql`0 as ex`,
  ];
  const [row] = await rows<Record<string, string | number>>(db, sql`with ${sql.join(ruleCtes('aud', clientRegionId, rules, range), sql`, `)} select ${sql.join(columns, sql`, `)}`);
  return {
    count: Number(row?.n ?? 0),
    include: include.map((_, i) => Number(row?.[`g${i}`] ?? 0)),
    values: values.map((_, i) => Number(row?.[`v${i}`] ?? 0)),
    exclude: Number(row?.ex ?? 0),
  };
}

/**
 * Per attribute value: the audience's people with it, and everyone with it; and the audience's
 * size. `rules` null is everyone: each value's people are the audience's, and the audience's
 * size is left to the engine (0 here; it knows the region's people).
 */
export async function widgetCountsSql(
  db: Executor,
  clientRegionId: number,
  rules: AudienceRules | null,
  attributeIds: readonly number[],
  range = ALL,
): Promise<{ audienceCount: number; values: WidgetCount[] }> {
  if (!rules) {
    const sizes = await rows<{ set_id: number; size: string | number }>(
      db,
      sql`select set_id, sum(bit_count(bits))::bigint as size from member_chunks
      where client_region_id = ${clientRegionId} and set_kind = ${SET_KIND.attribute} and set_id in (${idList(attributeIds)}) and ${inRange(range)}
      group by set_id`,
    );
    const byId = new Map(sizes.map((r) => [Number(r.set_id), Number(r.size)]));
    return { audienceCount: 0, values: attributeIds.map((attributeId) => ({ attributeId, count: byId.get(attributeId) ?? 0, valueSize: byId.get(attributeId) ?? 0 })) };
  }
  const found = await rows<{ set_id: number; n: string | number; size: string | number; audience: string | number }>(
    db,
    sql`with ${sql.join(ruleCtes('aud', clientRegionId, rules, range), sql`, `)}
    select v.set_id, coalesce(sum(bit_count(v.bits & a.b)), 0)::bigint as n, sum(bit_count(v.bits))::bigint as size, ${sizeOf('aud')} as audience
    from member_chunks v left join aud a using (chunk)
    where v.client_region_id = ${clientRegionId} and v.set_kind = ${SET_KIND.attribute} and v.set_id in (${idList(attributeIds)}) and ${inRange(range, sql`v.chunk`)}
    group by v.set_id`,
  );
  const byId = new Map(found.map((r) => [Number(r.set_id), r]));
  const audienceCount = found.length ? Number(found[0]!.audience) : await countRuleSql(db, clientRegionId, rules, range);
  return {
    audienceCount,
    values: attributeIds.map((attributeId) => ({
      attributeId,
      count: Number(byId.get(attributeId)?.n ?? 0),
      valueSize: Number(byId.get(attributeId)?.size ?? 0),
    })),
  };
}

/** The counts call (spec 3 §7) in SQL: the same answers as countsQuestion over bitmaps. */
export async function countsSql(db: Executor, clientRegionId: number, question: CountsQuestion, range = ALL): Promise<CountsAnswer> {
  const answer: CountsAnswer = { segment_counts: {}, market_counts: {}, total_matched_count: 0, total_modeled_count: 0 };
  const side = async (byMarket: Record<string, number[]>, focused: number[], key: 'matched' | 'modeled') => {
    const focus = focusRules(focused, question.groups);
    const ctes = focus ? ruleCtes('focus', clientRegionId, focus, range) : [];
    const entries = Object.entries(byMarket);
    for (const [market] of entries) (answer.market_counts[market] ??= { matched: 0, modeled: 0 })[key] = 0;
    const pairs = entries.flatMap(([market, ids]) => ids.map((id) => sql`(${id}::int, ${market}::text)`));
    if (pairs.length === 0) return 0;
    const inFocus = (set: string) =>
      focus
        ? sql`(select coalesce(sum(bit_count(s.b & f.b)), 0)::bigint from ${sql.identifier(set)} s join focus f using (chunk))`
        : sql`(select coalesce(sum(bit_count(b)), 0)::bigint from ${sql.identifier(set)})`;
    const found = await rows<{ kind: string; key: string; n: string | number }>(
      db,
      sql`with ${sql.join([
        ...ctes,
        sql`mk(set_id, market) as (values ${sql.join(pairs, sql`, `)})`,
        sql`seg as (select m.set_id, m.chunk, m.bits as b from member_chunks m
          where m.client_region_id = ${clientRegionId} and m.set_kind = ${SET_KIND.segment} and m.set_id in (select set_id from mk) and ${inRange(range, sql`m.chunk`)})`,
        sql`mu as (select mk.market, seg.chunk, bit_or(seg.b) as b from seg join mk using (set_id) group by mk.market, seg.chunk)`,
        sql`total as (select chunk, bit_or(b) as b from seg group by chunk)`,
      ], sql`, `)}
      select 'segment' as kind, s.set_id::text as key, coalesce(sum(bit_count(${focus ? sql`s.b & f.b` : sql`s.b`})), 0)::bigint as n
        from seg s ${focus ? sql`join focus f using (chunk)` : sql``} group by s.set_id
      union all
      select 'market', u.market, coalesce(sum(bit_count(${focus ? sql`u.b & f.b` : sql`u.b`})), 0)::bigint
        from mu u ${focus ? sql`join focus f using (chunk)` : sql``} group by u.market
      union all
      select 'total', '', ${inFocus('total')}`,
    );
    for (const row of found) {
      if (row.kind === 'segment') answer.segment_counts[row.key] ??= Number(row.n);
      else if (row.kind === 'market') answer.market_counts[row.key]![key] = Number(row.n);
    }
    for (const [, ids] of entries) for (const id of ids) answer.segment_counts[String(id)] ??= 0;
    return Number(found.find((r) => r.kind === 'total')?.n ?? 0);
  };
  answer.total_matched_count = await side(question.matched, question.focusMatched, 'matched');
  answer.total_modeled_count = await side(question.modeled, question.focusModeled, 'modeled');
  return answer;
}

/** Sizes of up to five audiences and every pair's intersection, in one statement. */
export async function overlapSql(db: Executor, clientRegionId: number, audiences: AudienceRules[], range = ALL): Promise<OverlapAnswer> {
  const names = audiences.map((_, i) => `a${i}`);
  const ctes = audiences.flatMap((rules, i) => ruleCtes(names[i]!, clientRegionId, rules, range));
  const pairs: { a: number; b: number }[] = [];
  for (let a = 0; a < names.length; a++) for (let b = a + 1; b < names.length; b++) pairs.push({ a, b });
  const columns = [
    ...names.map((n, i) => sql`${sizeOf(n)} as ${sql.identifier(`s${i}`)}`),
    ...pairs.map(({ a, b }) => sql`(select coalesce(sum(bit_count(x.b & y.b)), 0)::bigint from ${sql.identifier(names[a]!)} x join ${sql.identifier(names[b]!)} y using (chunk)) as ${sql.identifier(`p${a}_${b}`)}`),
  ];
  const [row] = await rows<Record<string, string | number>>(db, sql`with ${sql.join(ctes, sql`, `)} select ${sql.join(columns, sql`, `)}`);
  return {
    sizes: names.map((_, i) => Number(row?.[`s${i}`] ?? 0)),
    pairs: pairs.map(({ a, b }) => ({ a, b, count: Number(row?.[`p${a}_${b}`] ?? 0) })),
  };
}

/**
 * Every intersection of 2..4 audiences in one statement (IntersectionsAnswer without `people`,
 * which the engine knows): per mask, the chunks of every audience of the mask joined and ANDed.
 */
export async function intersectionsSql(db: Executor, clientRegionId: number, audiences: AudienceRules[], range = ALL): Promise<Omit<IntersectionsAnswer, 'people'>> {
  const k = audiences.length;
  checkIntersected(k);
  const names = audiences.map((_, i) => `a${i}`);
  const ctes = audiences.flatMap((rules, i) => ruleCtes(names[i]!, clientRegionId, rules, range));
  const full = (1 << k) - 1;
  const columns: SQL[] = [];
  for (let mask = 1; mask <= full; mask++) {
    const members = names.filter((_, i) => mask & (1 << i));
    const from = members.slice(1).reduce<SQL>((f, n) => sql`${f} join ${sql.identifier(n)} using (chunk)`, sql`${sql.identifier(members[0]!)}`);
    const anded = sql.join(members.map((n) => sql`${sql.identifier(n)}.b`), sql` & `);
    columns.push(sql`(select coalesce(sum(bit_count(${anded})), 0)::bigint from ${from}) as ${sql.identifier(`m${mask}`)}`);
  }
  const [row] = await rows<Record<string, string | number>>(db, sql`with ${sql.join(ctes, sql`, `)} select ${sql.join(columns, sql`, `)}`);
  const all = Array.from({ length: full + 1 }, (_, mask) => (mask === 0 ? 0 : Number(row?.[`m${mask}`] ?? 0)));
  return { sizes: names.map((_, i) => all[1 << i]!), all };
}
