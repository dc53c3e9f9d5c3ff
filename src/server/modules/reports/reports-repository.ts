import { and, asc, desc, eq, inArray, sql } from 'drizzle-orm';
import type { Executor } from '../../db/client';
import { dataSets, downloads, files, segments, tasks, users } from '../../db/schema';

export type TaskRow = typeof tasks.$inferSelect;
type NewTask = typeof tasks.$inferInsert;

export async function insertTask(db: Executor, values: NewTask): Promise<TaskRow> {
  const [row] = await db.insert(tasks).values(values).returning();
  return row!;
}

export async function setTaskJob(db: Executor, id: number, jobId: string): Promise<TaskRow> {
  const [row] = await db.update(tasks).set({ jobId }).where(eq(tasks.id, id)).returning();
  return row!;
}

export async function taskById(db: Executor, id: number): Promise<TaskRow | null> {
  const [row] = await db.select().from(tasks).where(eq(tasks.id, id));
  return row ?? null;
}

/** A task of the client, whoever owns it (the caller checks who may see it). */
export async function taskInClient(db: Executor, id: number, clientId: number): Promise<TaskRow | null> {
  const [row] = await db.select().from(tasks).where(and(eq(tasks.id, id), eq(tasks.clientId, clientId)));
  return row ?? null;
}

/** Moves a task on; `from` guards against going back (a late retry after the report was stored). */
export async function setTaskStatus(db: Executor, id: number, status: string, opts: { error?: string | null; from?: string[] } = {}) {
  const where = opts.from ? and(eq(tasks.id, id), inArray(tasks.status, opts.from)) : eq(tasks.id, id);
  const rows = await db.update(tasks).set({ status, ...(opts.error !== undefined ? { error: opts.error } : {}) }).where(where).returning({ id: tasks.id });
  return rows.length > 0;
}

/** Stores the finished workbook and marks the task done, in one transaction. */
export async function storeReport(db: Executor, task: Pick<TaskRow, 'id' | 'clientId' | 'userId'>, file: { name: string; contentType: string; bytes: Buffer }) {
  await db.transaction(async (tx) => {
    const [stored] = await tx
      .insert(files)
      .values({ clientId: task.clientId, userId: task.userId, name: file.name, contentType: file.contentType, size: file.bytes.length, bytes: file.bytes })
      .returning({ id: files.id });
    await tx.update(tasks).set({ status: 'done', fileId: stored!.id, jobId: null, error: null }).where(eq(tasks.id, task.id));
  });
}

export async function fileOfClient(db: Executor, id: number, clientId: number) {
  const [row] = await db
    .select({ name: files.name, contentType: files.contentType, bytes: files.bytes })
    .from(files)
    .where(and(eq(files.id, id), eq(files.clientId, clientId)));
  return row ?? null;
}

/** Records a download; the owner's first download also sets the task's downloaded_at. */
export async function recordDownload(db: Executor, task: TaskRow, by: { userId: number; email: string; owner: boolean }, assetType: string) {
  if (by.owner) await db.update(tasks).set({ downloadedAt: sql`coalesce(${tasks.downloadedAt}, now())` }).where(eq(tasks.id, task.id));
  await db.insert(downloads).values({
    clientId: task.clientId,
    userId: by.userId,
    taskId: task.id,
    email: by.email,
    hierarchy: task.productSlug ?? '',
    assetName: task.uiName ?? task.name,
    assetType,
  });
}

/** The client's downloads, newest first. */
export function downloadsOfClient(db: Executor, clientId: number, limit: number) {
  return db
    .select({ downloadedAt: downloads.downloadedAt, email: downloads.email, hierarchy: downloads.hierarchy, assetName: downloads.assetName, assetType: downloads.assetType })
    .from(downloads)
    .where(eq(downloads.clientId, clientId))
    .orderBy(desc(downloads.downloadedAt), desc(downloads.id))
    .limit(limit);
}

/** Names of the client region's segments by short id. */
export async function segmentNames(db: Executor, clientRegionId: number, shortIds: number[]): Promise<Map<number, string>> {
  if (shortIds.length === 0) return new Map();
  const rows = await db
    .select({ id: segments.shortId, name: segments.name })
    .from(segments)
    .where(and(eq(segments.clientRegionId, clientRegionId), inArray(segments.shortId, shortIds)))
    .orderBy(asc(segments.shortId));
  return new Map(rows.map((r) => [r.id, r.name]));
}

/** When the client region's audience data was last made. */
export async function dataAsOf(db: Executor, clientRegionId: number): Promise<Date | null> {
  const [row] = await db.select({ at: dataSets.updatedAt }).from(dataSets).where(eq(dataSets.clientRegionId, clientRegionId));
  return row?.at ?? null;
}


/** How the cover names who asked: "First Last (email)". */
export async function userLabel(db: Executor, id: number): Promise<string> {
  const [row] = await db.select({ first: users.firstName, last: users.lastName, email: users.email }).from(users).where(eq(users.id, id));
  return row ? `${`${row.first} ${row.last}`.trim()} (${row.email})` : `user ${id}`;
}


/** The client region's live segments whose size is nearest a share of its people (the demo report's audience). */
export function segmentsNearShare(db: Executor, clientRegionId: number, share: number, limit: number) {
  return db
    .select({ id: segments.shortId, name: segments.name, pathParts: segments.pathParts })
    .from(segments)
    .innerJoin(dataSets, eq(dataSets.clientRegionId, segments.clientRegionId))
    .where(and(eq(segments.clientRegionId, clientRegionId), eq(segments.deleted, false), sql`${segments.peopleCount} > 0`))
    .orderBy(sql`abs(${segments.peopleCount} - ${dataSets.people} * ${share}::float8)`, asc(segments.shortId))
    .limit(limit);
}
