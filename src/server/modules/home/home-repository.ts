import { and, desc, eq } from 'drizzle-orm';
import type { Executor } from '../../db/client';
import { audiences } from '../../db/schema';

export function latestAudiences(db: Executor, scope: { clientId: number; regionId: number; productId: number }, limit: number) {
  return db
    .select()
    .from(audiences)
    .where(and(eq(audiences.clientId, scope.clientId), eq(audiences.regionId, scope.regionId), eq(audiences.productId, scope.productId)))
    .orderBy(desc(audiences.createdAt), desc(audiences.id))
    .limit(limit);
}
