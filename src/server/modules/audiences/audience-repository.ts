import { and, asc, count, desc, eq, ilike, inArray, ne, or, sql, type SQL } from 'drizzle-orm';
import { SHORT_ID_SPAN } from '../../engine/generator/generator';
import type { Executor } from '../../db/client';
import { activations, audiences, clientRegions, clients, comparisons, journeys, journeySubMarkets, mekkos, personas, regions, segments, subMarkets, users, vendors } from '../../db/schema';

export type AudienceRow = typeof audiences.$inferSelect;
export type NewAudience = Pick<typeof audiences.$inferInsert, 'clientId' | 'productId' | 'regionId' | 'name' | 'description' | 'rules' | 'peopleCount' | 'createdBy'>;
export type NewDerivedAudience = typeof audiences.$inferInsert;

/** A product in a region of a client: where an audience belongs. */
export interface AudienceScope {
  clientId: number;
  productId: number;
  regionId: number;
}

/** Whether each of these segments of the client region lets a single-segment audience be made from it. */
export function segmentPermissions(db: Executor, clientRegionId: number, shortIds: readonly number[]) {
  if (shortIds.length === 0) return Promise.resolve([]);
  return db
    .select({ id: segments.shortId, allow: segments.allowCreateAudienceSingle })
    .from(segments)
    .where(and(eq(segments.clientRegionId, clientRegionId), inArray(segments.shortId, [...shortIds])));
}

export async function insertAudience(tx: Executor, values: NewAudience): Promise<AudienceRow> {
  const [row] = await tx.insert(audiences).values({ ...values, type: 'audience', countedAt: new Date() }).returning();
  if (!row) throw new Error('insert returned no row');
  return row;
}

export async function insertDerived(tx: Executor, values: NewDerivedAudience): Promise<AudienceRow> {
  const [row] = await tx.insert(audiences).values(values).returning();
  if (!row) throw new Error('insert returned no row');
  return row;
}

const inScope = (scope: AudienceScope) =>
  and(eq(audiences.clientId, scope.clientId), eq(audiences.productId, scope.productId), eq(audiences.regionId, scope.regionId));

/** An audience with who made it and the client it was shared from. */
export interface ListedAudience {
  audience: AudienceRow;
  creator: { id: number; first: string; last: string } | null;
  sharedFrom: string | null;
}

const listed = {
  audience: audiences,
  creatorId: users.id,
  first: users.firstName,
  last: users.lastName,
  sharedFrom: clients.name,
};
type ListedSelect = { audience: AudienceRow; creatorId: number | null; first: string | null; last: string | null; sharedFrom: string | null };
const toListed = (r: ListedSelect): ListedAudience => ({
  audience: r.audience,
  creator: r.creatorId === null ? null : { id: r.creatorId, first: r.first ?? '', last: r.last ?? '' },
  sharedFrom: r.sharedFrom,
});

/** SQL of the overview's kind of an audience (audienceKind in shared/rules/audience-kinds.ts). */
const kindSql = sql<string>`case
  when ${audiences.sharedFromClientId} is not null then 'shared_audience'
  when ${audiences.audienceType} = 'pve' then 'pve'
  when lower(${audiences.type}) = 'lookalike' then 'lookalike'
  when lower(${audiences.type}) = 'motivation' then 'motivation'
  when lower(${audiences.type}) = 'outcome_audience' or ${audiences.audienceType} = 'outcome' then 'outcome_audience'
  else 'audience' end`;

export interface ListQuery {
  search: string;
  kind?: string | undefined;
  sort: 'name' | 'kind' | 'people_count' | 'created_at' | 'created_by';
  dir: 'asc' | 'desc';
  page: number;
  pageSize: number;
}

export async function listAudiences(db: Executor, scope: AudienceScope, q: ListQuery): Promise<{ rows: ListedAudience[]; total: number }> {
  const conditions: SQL[] = [inScope(scope)!];
  const search = q.search.trim();
  if (search) conditions.push(ilike(audiences.name, `%${search.replace(/[\\%_]/g, (c) => `\\${c}`)}%`));
  if (q.kind) conditions.push(sql`${kindSql} = ${q.kind}`);
  const where = and(...conditions);
  const [total] = await db.select({ n: count() }).from(audiences).where(where);
  const column: SQL | typeof audiences.name = {
    name: sql`lower(${audiences.name})`,
    kind: kindSql,
    people_count: sql`${audiences.peopleCount}`,
    created_at: sql`${audiences.createdAt}`,
    created_by: sql`lower(coalesce(${users.firstName} || ' ' || ${users.lastName}, ''))`,
  }[q.sort];
  const order = q.dir === 'asc' ? sql`${column} asc nulls first` : sql`${column} desc nulls last`;
  const rows = await db
    .select(listed)
    .from(audiences)
    .leftJoin(users, eq(users.id, audiences.createdBy))
    .leftJoin(clients, eq(clients.id, audiences.sharedFromClientId))
    .where(where)
    .orderBy(order, desc(audiences.id))
    .limit(q.pageSize)
    .offset((q.page - 1) * q.pageSize);
  return { rows: rows.map(toListed), total: total?.n ?? 0 };
}

/** An audience of the scope (another tenant's, or another product's, is not found). */
export async function findListed(db: Executor, scope: AudienceScope, id: number): Promise<ListedAudience | null> {
  const [row] = await db
    .select(listed)
    .from(audiences)
    .leftJoin(users, eq(users.id, audiences.createdBy))
    .leftJoin(clients, eq(clients.id, audiences.sharedFromClientId))
    .where(and(eq(audiences.id, id), inScope(scope)));
  return row ? toListed(row) : null;
}

export async function findAudience(db: Executor, scope: AudienceScope, id: number): Promise<AudienceRow | null> {
  const [row] = await db.select().from(audiences).where(and(eq(audiences.id, id), inScope(scope)));
  return row ?? null;
}

export async function audienceById(db: Executor, id: number): Promise<AudienceRow | null> {
  const [row] = await db.select().from(audiences).where(eq(audiences.id, id));
  return row ?? null;
}

/** The audience's names in the scope (for a copy's unique name). */
export async function namesInScope(db: Executor, scope: AudienceScope): Promise<string[]> {
  return (await db.select({ name: audiences.name }).from(audiences).where(inScope(scope))).map((r) => r.name);
}

/** Moves it from `version` to the next; null when it is not (or no longer) at `version`. */
export async function claimAudience(db: Executor, scope: AudienceScope, id: number, version: number): Promise<AudienceRow | null> {
  const [row] = await db
    .update(audiences)
    .set({ version: sql`${audiences.version} + 1`, updatedAt: sql`now()` })
    .where(and(eq(audiences.id, id), inScope(scope), eq(audiences.version, version)))
    .returning();
  return row ?? null;
}

export async function updateAudience(db: Executor, id: number, values: Partial<typeof audiences.$inferInsert>): Promise<AudienceRow> {
  const [row] = await db.update(audiences).set({ ...values, updatedAt: sql`now()` }).where(eq(audiences.id, id)).returning();
  if (!row) throw new Error(`audience ${id} is gone`);
  return row;
}

/** Moves a building audience on, only from the states given (a late retry never goes back). */
export async function setStatus(db: Executor, id: number, status: string, from: string[], values: Partial<typeof audiences.$inferInsert> = {}): Promise<AudienceRow | null> {
  const [row] = await db
    .update(audiences)
    .set({ ...values, status, updatedAt: sql`now()` })
    .where(and(eq(audiences.id, id), inArray(audiences.status, from)))
    .returning();
  return row ?? null;
}

export async function deleteAudience(db: Executor, id: number): Promise<void> {
  await db.delete(audiences).where(eq(audiences.id, id));
}

/** Stores a recount. */
export async function storeCount(db: Executor, id: number, people: number): Promise<void> {
  await db.update(audiences).set({ peopleCount: people, countedAt: sql`now()` }).where(eq(audiences.id, id));
}

/** The audiences these ids name, by id (lineage steps). */
export async function audiencesByIds(db: Executor, ids: readonly number[]): Promise<AudienceRow[]> {
  if (ids.length === 0) return [];
  return db.select().from(audiences).where(inArray(audiences.id, [...ids]));
}

// ---- where an audience is used ------------------------------------------------------------------

/** Grow charts of the scope whose audiences name the short id (matched or modeled), with their creator. */
export function chartsNaming(db: Executor, scope: AudienceScope, shortId: number) {
  return db
    .selectDistinct({ id: mekkos.id, name: mekkos.name, first: users.firstName, last: users.lastName })
    .from(subMarkets)
    .innerJoin(mekkos, eq(mekkos.id, subMarkets.mekkoId))
    .leftJoin(users, eq(users.id, mekkos.createdBy))
    .where(and(
      eq(mekkos.clientId, scope.clientId),
      eq(mekkos.regionId, scope.regionId),
      or(eq(subMarkets.matchedShortId, shortId), eq(subMarkets.modeledShortId, shortId)),
    ))
    .orderBy(asc(mekkos.id));
}

/** Journeys of the client region whose cells name the short id (matched or modeled), with their creator. */
export function journeysNaming(db: Executor, scope: AudienceScope, shortId: number) {
  return db
    .selectDistinct({ id: journeys.id, name: journeys.name, first: users.firstName, last: users.lastName })
    .from(journeySubMarkets)
    .innerJoin(journeys, eq(journeys.id, journeySubMarkets.journeyId))
    .leftJoin(users, eq(users.id, journeys.createdBy))
    .where(and(
      eq(journeys.clientId, scope.clientId),
      eq(journeys.regionId, scope.regionId),
      or(eq(journeySubMarkets.matchedId, shortId), eq(journeySubMarkets.modeledId, shortId)),
    ))
    .orderBy(asc(journeys.id));
}

/** Activations of the audience (not canceled ones too: an activation row holds its audience). */
export function activationsOf(db: Executor, audienceId: number) {
  return db
    .select({ id: activations.id, state: activations.state, first: users.firstName, last: users.lastName })
    .from(activations)
    .leftJoin(users, eq(users.id, activations.createdBy))
    .where(eq(activations.audienceId, audienceId))
    .orderBy(asc(activations.id));
}

/** Personas of the client region whose rule names the short id. */
export function personasNaming(db: Executor, scope: AudienceScope, shortId: number) {
  const id = sql.raw(String(Math.trunc(shortId)));
  return db
    .select({ id: personas.id, name: personas.name, first: users.firstName, last: users.lastName })
    .from(personas)
    .leftJoin(users, eq(users.id, personas.createdBy))
    .where(and(
      eq(personas.clientId, scope.clientId),
      eq(personas.regionId, scope.regionId),
      sql`(${personas.identifiers}->'include'->'and' @> ${sql`'[[${id}]]'::jsonb`} or ${personas.identifiers}->'exclude' @> ${sql`'[${id}]'::jsonb`})`,
    ))
    .orderBy(asc(personas.id));
}

/** Comparisons of the client that compare this audience (or its segment). */
export function comparisonsNaming(db: Executor, clientId: number, audienceId: number, shortId: number | null) {
  const member = (kind: string, id: number) => sql`${comparisons.members} @> ${JSON.stringify([{ kind, id }])}::jsonb`;
  return db
    .select({ id: comparisons.id, name: comparisons.name, first: users.firstName, last: users.lastName })
    .from(comparisons)
    .leftJoin(users, eq(users.id, comparisons.createdBy))
    .where(and(eq(comparisons.clientId, clientId), shortId === null ? member('audience', audienceId) : or(member('audience', audienceId), member('segment', shortId))))
    .orderBy(asc(comparisons.id));
}

// ---- the segment that holds a stored set --------------------------------------------------------

/** Stored sets take short ids from the upper half of their client region's span: generated segments use the lower. */
const STORED_SET_OFFSET = SHORT_ID_SPAN / 2;

/** The vendor of the segments that hold audiences' people (made once). */
export async function audiencesVendor(db: Executor): Promise<number> {
  await db.insert(vendors).values({ vendorName: 'Audiences', vendorType: 'audiences' }).onConflictDoNothing();
  const [row] = await db.select({ id: vendors.id }).from(vendors).where(eq(vendors.vendorName, 'Audiences'));
  if (!row) throw new Error('the Audiences vendor is missing');
  return row.id;
}

/**
 * A new segment of the client region for an audience's people: the next short id of the region's
 * span for stored sets, vendor Audiences, path Audiences > {folder} > {name}, the audience's
 * identifier. Hidden (deleted) until its people are stored.
 */
export async function allocateSegment(tx: Executor, clientRegionId: number, values: { identifier: string; name: string; folder: string }): Promise<number> {
  const vendorId = await audiencesVendor(tx);
  const base = clientRegionId * SHORT_ID_SPAN;
  // Serialises allocations in the region (the unique index is the last guard).
  await tx.execute(sql`select pg_advisory_xact_lock(160016, ${clientRegionId})`);
  const [top] = await tx
    .select({ max: sql<number | null>`max(${segments.shortId})` })
    .from(segments)
    .where(and(sql`${segments.shortId} >= ${base + STORED_SET_OFFSET}`, sql`${segments.shortId} < ${base + SHORT_ID_SPAN}`));
  const shortId = Math.max(Number(top?.max ?? 0), base + STORED_SET_OFFSET) + 1;
  if (shortId >= base + SHORT_ID_SPAN) throw new Error(`client region ${clientRegionId} has no short id left for stored sets`);
  await tx.insert(segments).values({
    clientRegionId,
    shortId,
    identifier: values.identifier,
    name: values.name,
    pathParts: ['Audiences', values.folder, values.name],
    vendorId,
    deleted: true,
    allowCreateAudienceSingle: true,
    peopleCount: 0,
  });
  return shortId;
}

/** The stored set's segment is shown (its people are stored), with its size. */
export async function showSegment(db: Executor, shortId: number, people: number): Promise<void> {
  await db.update(segments).set({ deleted: false, peopleCount: people }).where(eq(segments.shortId, shortId));
}

export async function markSegmentDeleted(db: Executor, shortId: number): Promise<void> {
  await db.update(segments).set({ deleted: true }).where(eq(segments.shortId, shortId));
}

export async function renameSegment(db: Executor, shortId: number, name: string): Promise<void> {
  await db.update(segments).set({ name, pathParts: sql`jsonb_set(${segments.pathParts}, '{2}', ${JSON.stringify(name)}::jsonb)` }).where(eq(segments.shortId, shortId));
}

// ---- segments across the client's regions ---------------------------------------------------------

/** The client's regions with their client region ids. */
export function regionsOfClient(db: Executor, clientId: number) {
  return db
    .select({ clientRegionId: clientRegions.id, regionId: clientRegions.regionId, slug: regions.slug, name: regions.name })
    .from(clientRegions)
    .innerJoin(regions, eq(regions.id, clientRegions.regionId))
    .where(eq(clientRegions.clientId, clientId))
    .orderBy(asc(clientRegions.id));
}

/** Segments of a client region by short id: identifier, name, path and whether deleted. */
export function segmentsByShortIds(db: Executor, clientRegionId: number, shortIds: readonly number[]) {
  if (shortIds.length === 0) return Promise.resolve([]);
  return db
    .select({ id: segments.shortId, identifier: segments.identifier, name: segments.name, pathParts: segments.pathParts, deleted: segments.deleted })
    .from(segments)
    .where(and(eq(segments.clientRegionId, clientRegionId), inArray(segments.shortId, [...new Set(shortIds)])));
}

/** Live segments of a client region by identifier. */
export function liveSegmentsByIdentifiers(db: Executor, clientRegionId: number, identifiers: readonly string[]) {
  if (identifiers.length === 0) return Promise.resolve([]);
  return db
    .select({ id: segments.shortId, identifier: segments.identifier })
    .from(segments)
    .where(and(eq(segments.clientRegionId, clientRegionId), inArray(segments.identifier, [...new Set(identifiers)]), eq(segments.deleted, false)));
}

/** Live segments naming any of the words (in name or path) that audiences may be made from, largest first, not the audiences' own: the optimized audience's category buyers. */
export function segmentsMatching(db: Executor, clientRegionId: number, words: readonly string[]) {
  const matches = words.map((w) => `%${w.replace(/[\\%_]/g, (c) => `\\${c}`)}%`).flatMap((p) => [ilike(segments.name, p), sql`${segments.pathParts}::text ilike ${p}`]);
  return db
    .select({ id: segments.shortId, name: segments.name, pathParts: segments.pathParts, people: segments.peopleCount })
    .from(segments)
    .innerJoin(vendors, eq(vendors.id, segments.vendorId))
    .where(and(eq(segments.clientRegionId, clientRegionId), eq(segments.deleted, false), eq(segments.allowCreateAudienceSingle, true), ne(vendors.vendorName, 'Audiences'), or(...matches)))
    .orderBy(desc(segments.peopleCount), asc(segments.shortId));
}
