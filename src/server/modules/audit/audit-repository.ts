import type { Executor } from '../../db/client';
import { auditLog } from '../../db/schema';
import type { RequestAuth } from '../../types';

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

/** What a write's audit needs of its scope: the executor (its transaction), the session and the request. */
export interface AuditScope {
  db: Executor;
  auth: RequestAuth;
  requestId: string;
}

/** An audit row of a write by a session: who did it (the real user), as whom, to what. */
export function auditWrite(scope: AuditScope, action: string, target: string, details: Record<string, unknown>) {
  const { auth } = scope;
  return writeAudit(scope.db, {
    actorUserId: (auth.parentUser ?? auth.user).id,
    actingAsUserId: auth.parentUser ? auth.user.id : null,
    action,
    target,
    details,
    requestId: scope.requestId,
  });
}
