import { and, asc, eq } from 'drizzle-orm';
import type { Executor } from '../../db/client';
import { toolboxUnits } from '../../db/schema';

export function listUnits(db: Executor, clientId: number, type: 'all' | 'iframed' | 'external') {
  const byType = type === 'all' ? undefined : eq(toolboxUnits.iframed, type === 'iframed');
  return db.select().from(toolboxUnits).where(and(eq(toolboxUnits.clientId, clientId), byType)).orderBy(asc(toolboxUnits.name));
}
