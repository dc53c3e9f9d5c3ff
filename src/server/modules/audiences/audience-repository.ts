import { and, eq, inArray } from 'drizzle-orm';
import type { Executor } from '../../db/client';
import { audiences, segments } from '../../db/schema';

export type AudienceRow = typeof audiences.$inferSelect;
export type NewAudience = Pick<typeof audiences.$inferInsert, 'clientId' | 'productId' | 'regionId' | 'name' | 'description' | 'rules' | 'peopleCount' | 'createdBy'>;

/** Whether each of these segments of the client region lets a single-segment audience be made from it. */
export function segmentPermissions(db: Executor, clientRegionId: number, shortIds: readonly number[]) {
  if (shortIds.length === 0) return Promise.resolve([]);
  return db
    .select({ id: segments.shortId, allow: segments.allowCreateAudienceSingle })
    .from(segments)
    .where(and(eq(segments.clientRegionId, clientRegionId), inArray(segments.shortId, [...shortIds])));
}

export async function insertAudience(tx: Executor, values: NewAudience): Promise<AudienceRow> {
  const [row] = await tx.insert(audiences).values({ ...values, type: 'audience' }).returning();
  if (!row) throw new Error('insert returned no row');
  return row;
}
