import { sql, type SQL } from 'drizzle-orm';
import type { AudienceRules } from '@shared/schemas/audience-rules';
import type { Executor } from '../../db/client';
import { SET_KIND } from './member-chunks-repository';

/**
 * The count engine's questions in SQL over member_chunks (the `es` data source): per chunk,
 * bit_or within an OR-group, & across groups, & ~ the excludes, then bit_count. Chunks are
 * independent rows, so this is the path that scales out with the database.
 */
function groupCte(name: string, clientRegionId: number, ids: readonly number[]): SQL {
  return sql`${sql.identifier(name)} as (
    select chunk, bit_or(bits) as b from member_chunks
    where client_region_id = ${clientRegionId} and set_kind = ${SET_KIND.segment}
      and set_id in (${sql.join(ids.map((id) => sql`${id}`), sql`, `)})
    group by chunk)`;
}

/** The CTEs and the expression of a rule's people per chunk (a column `b` of the final from). */
function ruleParts(clientRegionId: number, rules: AudienceRules) {
  const names = rules.include.and.map((_, i) => `g${i}`);
  const ctes = rules.include.and.map((ids, i) => groupCte(names[i]!, clientRegionId, ids));
  if (rules.exclude.length) ctes.push(groupCte('ex', clientRegionId, rules.exclude));
  const joined = names.slice(1).reduce<SQL>((from, name) => sql`${from} join ${sql.identifier(name)} using (chunk)`, sql`${sql.identifier(names[0]!)}`);
  const from = rules.exclude.length ? sql`${joined} left join ex using (chunk)` : joined;
  const anded = sql.join(names.map((n) => sql`${sql.identifier(n)}.b`), sql` & `);
  const people = rules.exclude.length ? sql`(case when ex.b is null then ${anded} else (${anded}) & ~ex.b end)` : anded;
  return { ctes, from, people };
}

async function rows<T>(db: Executor, query: SQL): Promise<T[]> {
  const result = (await db.execute(query)) as unknown as { rows: T[] };
  return result.rows;
}

export async function countRuleSql(db: Executor, clientRegionId: number, rules: AudienceRules): Promise<number> {
  const { ctes, from, people } = ruleParts(clientRegionId, rules);
  const [row] = await rows<{ n: string | number | null }>(
    db,
    sql`with ${sql.join(ctes, sql`, `)} select coalesce(sum(bit_count(${people})), 0)::bigint as n from ${from}`,
  );
  return Number(row?.n ?? 0);
}

/** Per attribute value: the audience's people with it, and everyone with it. */
export async function widgetCountsSql(
  db: Executor,
  clientRegionId: number,
  rules: AudienceRules,
  attributeIds: readonly number[],
): Promise<{ attributeId: number; count: number; valueSize: number }[]> {
  const { ctes, from, people } = ruleParts(clientRegionId, rules);
  const found = await rows<{ set_id: number; n: string | number; size: string | number }>(
    db,
    sql`with ${sql.join(ctes, sql`, `)},
      audience as (select chunk, ${people} as b from ${from})
    select v.set_id, coalesce(sum(bit_count(v.bits & a.b)), 0)::bigint as n, sum(bit_count(v.bits))::bigint as size
    from member_chunks v left join audience a using (chunk)
    where v.client_region_id = ${clientRegionId} and v.set_kind = ${SET_KIND.attribute}
      and v.set_id in (${sql.join(attributeIds.map((id) => sql`${id}`), sql`, `)})
    group by v.set_id`,
  );
  const byId = new Map(found.map((r) => [Number(r.set_id), r]));
  return attributeIds.map((attributeId) => ({
    attributeId,
    count: Number(byId.get(attributeId)?.n ?? 0),
    valueSize: Number(byId.get(attributeId)?.size ?? 0),
  }));
}
