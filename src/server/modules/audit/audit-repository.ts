import type { Executor } from '../../db/client';
import { auditLog } from '../../db/schema';

export interface AuditEntry {
  actorUserId: number | null;
  actingAsUserId?: number | null;
  action: string;
  target?: string;
  details?: unknown;
  requestId?: string;
}

export function writeAudit(db: Executor, entry: AuditEntry) {
  return db.insert(auditLog).values({
    actorUserId: entry.actorUserId,
    actingAsUserId: entry.actingAsUserId ?? null,
    action: entry.action,
    target: entry.target ?? null,
    details: entry.details ?? null,
    requestId: entry.requestId ?? null,
  });
}
